export { Header } from './Header';
export { KeysDialog } from './KeysDialog';
export { NOTICE_MAX_FIELDS, noticeName, tooLongText } from './linkText';
