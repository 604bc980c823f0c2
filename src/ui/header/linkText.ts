import type { LinkTooLong } from '../../state';
import type { Formatters, Translate } from '../i18n';
import { shownText } from '../../sim';
import { LINK_TEXT_MAX } from '../primitives';

/** The sentence for a state too large for a link (the banner and Copy link say the same). */
export function tooLongText(t: Translate, f: Formatters, tooLong: LinkTooLong): string {
  return t('link.tooLong', {
    length: f.count(tooLong.length),
    limit: f.count(tooLong.limit),
    replica: tooLong.replica,
    selectorLength: f.count(tooLong.selectorLength),
  });
}

/** Field names a link notice shows at most; the rest are counted. */
export const NOTICE_MAX_FIELDS = 10;
/** The longest field name a link notice shows, in characters (code points). */
export const NOTICE_MAX_NAME = LINK_TEXT_MAX;

/**
 * A field name from a link as the notice shows it: control, format (bidi, zero-width) and
 * line-separator characters written as `\uXXXX`, then cut to {@link NOTICE_MAX_NAME} code
 * points. The name is attacker text: it must not be able to pass for the page's own words or
 * reorder the sentence around it.
 */
export function noticeName(name: string): string {
  return shownText(name, NOTICE_MAX_NAME);
}
