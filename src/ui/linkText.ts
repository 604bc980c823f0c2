import type { LinkTooLong } from '../state';
import type { Formatters, Translate } from './i18n';

/** The sentence for a state too large for a link (issue 8: the banner and Copy link say the same). */
export function tooLongText(t: Translate, f: Formatters, tooLong: LinkTooLong): string {
  return t('link.tooLong', {
    length: f.count(tooLong.length),
    limit: f.count(tooLong.limit),
    replica: tooLong.replica,
    selectorLength: f.count(tooLong.selectorLength),
  });
}
