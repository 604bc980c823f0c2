import type { ShardSelectorErrorCode } from '../../state';
import { useLocale, useT, type MessageId } from '../i18n';
import { apiErrorCode } from './apiErrorCode';

/** Every parser rule has an explanation in the catalogue (a missing one does not compile). */
const EXPLANATION: { readonly [C in ShardSelectorErrorCode]: `apiError.${C}` & MessageId } = {
  empty: 'apiError.empty',
  syntax: 'apiError.syntax',
  'unsupported-function': 'apiError.unsupported-function',
  'unexpected-expression': 'apiError.unexpected-expression',
  'argument-count': 'apiError.argument-count',
  'field-path': 'apiError.field-path',
  'unsupported-field': 'apiError.unsupported-field',
  'not-string-literal': 'apiError.not-string-literal',
  'missing-prefix': 'apiError.missing-prefix',
  'missing-digits': 'apiError.missing-digits',
  'too-long': 'apiError.too-long',
  'invalid-hex-char': 'apiError.invalid-hex-char',
  'bad-17-digit': 'apiError.bad-17-digit',
  'short-hex': 'apiError.short-hex',
  'start-not-less': 'apiError.start-not-less',
  'mixed-fields': 'apiError.mixed-fields',
};

/**
 * One line under an apiserver error message, in the page's language, saying what the rule
 * is. The message itself stays in English: it is what the server sends, and what people
 * search for. In English the message says it already, so nothing is added.
 */
export function ApiErrorExplanation({ message, code }: { message: string; code?: ShardSelectorErrorCode }) {
  const t = useT();
  const locale = useLocale();
  const rule = code ?? apiErrorCode(message);
  if (locale === 'en' || rule === null) return null;
  return (
    <p className="api-error__explain" data-testid="api-error-explain" lang={locale}>
      {t(EXPLANATION[rule])}
    </p>
  );
}
