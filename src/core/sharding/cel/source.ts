/**
 * The expression text as cel-go receives it: a Go string, so always well-formed Unicode,
 * measured in code points (its size limit counts runes, not bytes or UTF-16 units).
 */

const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether `text` holds any surrogate code unit, paired or not (one native scan). */
export function hasSurrogates(text: string): boolean {
  return SURROGATE.test(text);
}

/**
 * Replaces each unpaired surrogate with U+FFFD, keeping every offset. A JavaScript string
 * can hold one, a request cannot: encoded as UTF-8 it arrives at the apiserver as U+FFFD.
 */
export function toWellFormed(text: string): string {
  if (!hasSurrogates(text)) return text;
  let out: string[] | null = null;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    (out ??= []).push(text.slice(from, i), '\uFFFD');
    from = i + 1;
  }
  return out === null ? text : out.join('') + text.slice(from);
}

/**
 * Number of code points, and the UTF-16 offset where code point `limit` starts (if any).
 * `noSurrogates` says the caller already knows the text has none (one scan, not two).
 */
export function codePoints(text: string, limit: number, noSurrogates = false): { count: number; limitOffset: number } {
  // The common case, and the one a megabyte of input takes: one code unit per code point.
  if (noSurrogates || !SURROGATE.test(text)) return { count: text.length, limitOffset: Math.min(limit, text.length) };
  let count = 0;
  let limitOffset = text.length;
  for (let i = 0; i < text.length; i++) {
    if (count === limit) limitOffset = i;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    count++;
  }
  return { count, limitOffset };
}

