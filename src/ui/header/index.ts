export { Header } from './Header';
export { KeysDialog } from './KeysDialog';
export { NOTICE_MAX_FIELDS, NOTICE_MAX_NAME, noticeName, tooLongText } from './linkText';
