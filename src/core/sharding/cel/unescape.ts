/**
 * Decoding of CEL string and bytes literals exactly as cel-go's `parser/unescape.go` does,
 * including its error messages (which the apiserver returns after `CEL parse error: `).
 *
 * - CR LF and lone CR in the literal become LF (this matters in triple-quoted strings);
 * - raw literals (`r'...'`) are taken verbatim;
 * - `\xHH` and octal `\ooo` are code points U+0000..U+00FF in a string but raw bytes in a
 *   bytes literal;
 * - `\u`/`\U` must name a Unicode scalar value in a string (a surrogate such as `\ud800` is
 *   "invalid unicode code point") and are not allowed at all in bytes.
 */

export type Unescaped<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const UNABLE = 'unable to unescape string';
const INVALID_CODE_POINT = 'invalid unicode code point';

const SIMPLE: ReadonlyMap<string, number> = new Map([
  ['a', 0x07],
  ['b', 0x08],
  ['f', 0x0c],
  ['n', 0x0a],
  ['r', 0x0d],
  ['t', 0x09],
  ['v', 0x0b],
  ['\\', 0x5c],
  ["'", 0x27],
  ['"', 0x22],
  ['`', 0x60],
  ['?', 0x3f],
]);

/** The literal's content between its quotes, and whether it is raw. */
function body(literal: string): { text: string; raw: boolean } | null {
  let value = literal.replace(/\r\n?/g, '\n');
  let raw = false;
  if (value[0] === 'r' || value[0] === 'R') {
    value = value.slice(1);
    raw = true;
  }
  const n = value.length;
  if (n < 2 || value[0] !== value[n - 1] || (value[0] !== '"' && value[0] !== "'")) return null;
  const triple = n >= 6 && (value.startsWith("'''") || value.startsWith('"""'));
  return { text: triple ? value.slice(3, n - 3) : value.slice(1, n - 1), raw };
}

/** The `count` hex digits at `from`, or null; past the end of `s` parseInt reads NaN, so a short escape is null too. */
function hexValue(s: string, from: number, count: number): number | null {
  let v = 0;
  for (let j = 0; j < count; j++) {
    const d = parseInt(s[from + j]!, 16);
    if (Number.isNaN(d)) return null;
    v = v * 16 + d;
  }
  return v;
}

function isScalarValue(cp: number): boolean {
  return cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
}

/**
 * Walks the escapes of `text`, calling `emit` with either a code point (`unit: false`) or
 * a raw byte (`unit: true`, bytes literals only). Returns an error message or null.
 */
function decode(text: string, isBytes: boolean, emit: (value: number, rawByte: boolean) => void): string | null {
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    if (cp !== 0x5c) {
      emit(cp, false);
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    if (i + 1 >= text.length) return "unable to unescape string, found '\\' as last character";
    const c = text[i + 1]!;
    i += 2;
    const simple = SIMPLE.get(c);
    if (simple !== undefined) {
      emit(simple, isBytes);
      continue;
    }
    if (c === 'x' || c === 'X' || c === 'u' || c === 'U') {
      if (isBytes && (c === 'u' || c === 'U')) return UNABLE;
      const digits = c === 'x' || c === 'X' ? 2 : c === 'u' ? 4 : 8;
      const v = hexValue(text, i, digits);
      if (v === null) return UNABLE;
      i += digits;
      if (digits === 2) {
        emit(v, isBytes);
        continue;
      }
      if (!isScalarValue(v)) return INVALID_CODE_POINT;
      emit(v, false);
      continue;
    }
    if (c >= '0' && c <= '3') {
      let v = c.charCodeAt(0) - 48;
      for (let j = 0; j < 2; j++) {
        const d = text.charCodeAt(i + j);
        if (!(d >= 48 && d <= 55)) return 'unable to unescape octal sequence in string';
        v = v * 8 + (d - 48);
      }
      i += 2;
      emit(v, isBytes);
      continue;
    }
    return UNABLE;
  }
  return null;
}

/** The value of a STRING token (its full text, prefix and quotes included). */
export function unescapeString(literal: string): Unescaped<string> {
  const b = body(literal);
  if (b === null) return { ok: false, error: UNABLE };
  if (b.raw || !b.text.includes('\\')) return { ok: true, value: b.text };
  const parts: string[] = [];
  const error = decode(b.text, false, (cp) => parts.push(String.fromCodePoint(cp)));
  return error === null ? { ok: true, value: parts.join('') } : { ok: false, error };
}

const utf8 = new TextEncoder();

/** The value of a BYTES token (its full text, `b` prefix included). */
export function unescapeBytes(literal: string): Unescaped<Uint8Array> {
  const b = body(literal.slice(1));
  if (b === null) return { ok: false, error: UNABLE };
  if (b.raw || !b.text.includes('\\')) return { ok: true, value: utf8.encode(b.text) };
  const out: number[] = [];
  const error = decode(b.text, true, (v, rawByte) => {
    if (rawByte || v < 0x80) out.push(v);
    else for (const byte of utf8.encode(String.fromCodePoint(v))) out.push(byte);
  });
  return error === null ? { ok: true, value: Uint8Array.from(out) } : { ok: false, error };
}
