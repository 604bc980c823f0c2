// The UI's i18n: the catalogue's names, the translator and the formatters (src/i18n), and the
// React context that carries the locale (`./context`).
export { en } from '../../i18n/en';
export type { MessageId, Message, PluralMessage } from '../../i18n/en';
export { createTranslator } from '../../i18n/translate';
export type { Locale, Translate, MessageParams } from '../../i18n/translate';
export { formatters, joinWords, spaceBetween } from '../../i18n/format';
export type { Formatters } from '../../i18n/format';
export { I18nProvider, useFormat, useLocale, useT } from './context';
