/**
 * Text that came from a file, a flag or a link, as the page and the command line show it: as
 * data, never as their own words. Every control character (C0, DEL, C1), every invisible format
 * character (bidi embeddings, overrides and isolates, zero-width marks) and the line and
 * paragraph separators are written as a visible `\uXXXX`, so a file cannot clear a terminal,
 * draw a fake line in colour, reorder the text around it or hide part of itself; then the text
 * is cut to a bound with an ellipsis, so it cannot pass for a paragraph of the page's.
 * Only as much of the text as is shown is ever read: a 500,000-character value costs nothing.
 */

/** The longest file or link text shown in one place, in code points after escaping. */
export const SHOWN_MAX = 64;

/** Characters never printed as they are: control (Cc), format (Cf), line (Zl) and paragraph (Zp) separators. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * A visible escape of one code point, by its UTF-16 units (`\u001B`, `\u202E`, `\uDB40\uDC01`):
 * the same text is a valid escape in JSON and JavaScript, so `--json` can carry it too.
 */
function escapeOne(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
  return out;
}

/**
 * `text` with every control, format and separator character escaped, cut to `max` code points
 * (counted after escaping, the last being `…` when cut); `max` Infinity: escaped only.
 */
export function shownText(text: string, max: number = SHOWN_MAX): string {
  let out = '';
  let points = 0;
  for (const c of text) {
    const piece = HIDDEN.test(c) ? escapeOne(c) : c;
    for (const p of piece) {
      if (points === max) return `${[...out].slice(0, max - 1).join('')}…`;
      out += p;
      points++;
    }
  }
  return out;
}

/** `text` with its control, format and separator characters escaped, and nothing cut. */
export function escapedText(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, escapeOne);
}
