import { GO_PRINTABLE_RANGES } from './go-printable';

/**
 * Go's `strconv.Quote` (what `fmt`'s `%q` prints for a string), so that messages quoting
 * user text read exactly as the apiserver's.
 *
 * Go keeps a character as is when `strconv.IsPrint` says it is printable: a letter, mark,
 * number, punctuation or symbol (Unicode categories L, M, N, P, S) or the ASCII space, by
 * Go's Unicode 15.0.0 tables. Those are in ./go-printable.ts, not taken from the JavaScript
 * engine, whose Unicode is newer (a character assigned since 15.0, such as U+2EBF0, is
 * escaped by Go). Everything else is escaped: `\a \b \f \n \r \t \v` by name, other
 * characters below U+0080 as `\xHH`, the rest as `\uHHHH` or `\UHHHHHHHH` (lowercase hex).
 *
 * A JavaScript string may hold an unpaired surrogate, which Go strings cannot; it is quoted
 * as U+FFFD, the character the apiserver would receive in its place.
 */

/** Starts and ends (inclusive) of the printable ranges, ascending, decoded once. */
const PRINTABLE_STARTS: number[] = [];
const PRINTABLE_ENDS: number[] = [];
{
  let end = -1;
  for (const item of GO_PRINTABLE_RANGES.split(',')) {
    const dot = item.indexOf('.');
    const start = end + 1 + parseInt(item.slice(0, dot), 36);
    end = start + parseInt(item.slice(dot + 1), 36);
    PRINTABLE_STARTS.push(start);
    PRINTABLE_ENDS.push(end);
  }
}

const NAMED_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x07, '\\a'],
  [0x08, '\\b'],
  [0x0c, '\\f'],
  [0x0a, '\\n'],
  [0x0d, '\\r'],
  [0x09, '\\t'],
  [0x0b, '\\v'],
]);

/** Go's `strconv.IsPrint` for one code point (Unicode 15.0.0). */
export function goIsPrint(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  // Binary search for the last range starting at or before `cp`.
  let lo = 0;
  let hi = PRINTABLE_STARTS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (PRINTABLE_STARTS[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return PRINTABLE_STARTS[lo]! <= cp && cp <= PRINTABLE_ENDS[lo]!;
}

function hex(cp: number, width: number): string {
  return cp.toString(16).padStart(width, '0');
}

/** `strconv.Quote(s)`: a double-quoted Go string literal for `s`. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    let cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp === 0x22 || cp === 0x5c) {
      out += '\\' + String.fromCodePoint(cp);
    } else if (goIsPrint(cp)) {
      out += String.fromCodePoint(cp);
    } else {
      const named = NAMED_ESCAPES.get(cp);
      if (named !== undefined) out += named;
      else if (cp < 0x20 || cp === 0x7f) out += '\\x' + hex(cp, 2);
      else if (cp < 0x10000) out += '\\u' + hex(cp, 4);
      else out += '\\U' + hex(cp, 8);
    }
  }
  return out + '"';
}
