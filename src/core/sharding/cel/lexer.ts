import { FIXED_TOKENS, KEYWORD_TOKENS, type Token, type TokenKind } from './tokens';

/** Operator and punctuation kinds by first character, one- and two-character forms apart. */
const SINGLE_CHAR_TOKENS: (TokenKind | undefined)[] = [];
const DOUBLE_CHAR_TOKENS: (TokenKind | undefined)[] = [];
for (const [text, kind] of FIXED_TOKENS) {
  (text.length === 1 ? SINGLE_CHAR_TOKENS : DOUBLE_CHAR_TOKENS)[text.charCodeAt(0)] = kind;
}
for (let c = 0; c < 128; c++) {
  SINGLE_CHAR_TOKENS[c] ??= undefined;
  DOUBLE_CHAR_TOKENS[c] ??= undefined;
}

/**
 * The CEL lexer, rule for rule the one ANTLR generates from cel-go's `CEL.g4`:
 *
 * - longest match over all token rules, ties going to the rule listed first (so `in` is the
 *   IN keyword but `inx` an identifier, and `r'x'` a raw string, not `r` then `'x'`);
 * - when the longest candidate dies half way, the lexer falls back to the last length at
 *   which some rule had matched (`'''abc` with no closing quotes is the empty string `''`
 *   followed by `'abc`);
 * - triple-quoted strings end at the first closing triple quote (the grammar's non-greedy
 *   loop);
 * - whitespace is only space, tab, CR, LF and form feed, and only `//` comments exist.
 *
 * Where no rule matches at all ANTLR reports a "token recognition error" whose text runs
 * from the token start through the character at which the last rule gave up, then skips
 * that text. Only the first such error can ever be the one cel-go reports first, so lexing
 * stops there.
 */

/** Why no token could be formed. */
export type LexErrorReason =
  /** A character no token starts with (`#`, a backtick, a non-ASCII letter, ...). */
  | 'unexpected-character'
  /** `|`, `&` or `=` not doubled. */
  | 'incomplete-operator'
  /** A quote with no closing quote before the end of the line (or of the text). */
  | 'unterminated-string'
  /** A backslash not followed by one of CEL's escape sequences. */
  | 'invalid-escape';

export interface LexError {
  readonly reason: LexErrorReason;
  /** Where the failed token began. */
  readonly start: number;
  /** Index of the character every rule gave up on (the text length at end of input). */
  readonly failAt: number;
  /** For `invalid-escape`: the backslash that starts the bad sequence. */
  readonly escapeAt?: number;
}

export interface LexResult {
  /** Visible tokens up to the first error (or the end), always closed by an EOF token. */
  readonly tokens: readonly Token[];
  readonly error?: LexError;
}

const TAB = 9;
const LF = 10;
const FF = 12;
const CR = 13;
const SPACE = 32;
const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;
const BACKTICK = 96;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isIdentStart(c: number): boolean {
  return isLetter(c) || c === 95;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

function isWhitespace(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || c === FF;
}

/** Characters allowed after a backslash on their own: a b f n r t v " ' \ ? ` */
function isSimpleEscape(c: number): boolean {
  switch (c) {
    case 97: // a
    case 98: // b
    case 102: // f
    case 110: // n
    case 114: // r
    case 116: // t
    case 118: // v
    case DQUOTE:
    case SQUOTE:
    case BACKSLASH:
    case 63: // ?
    case 96: // `
      return true;
    default:
      return false;
  }
}

/**
 * Matches one escape sequence at the backslash `k`: returns the index after it, or
 * `-(failAt + 1)` with the index of the first character that cannot continue it.
 */
function escapeEnd(src: string, k: number): number {
  const c = src.charCodeAt(k + 1);
  if (isSimpleEscape(c)) return k + 2;
  let digits: number;
  if (c === 120 || c === 88) digits = 2; // \x \X
  else if (c === 117) digits = 4; // \u
  else if (c === 85) digits = 8; // \U
  else if (c >= 48 && c <= 51) {
    // \[0-3][0-7][0-7]: always three octal digits.
    for (let j = 2; j <= 3; j++) {
      const d = src.charCodeAt(k + j);
      if (!(d >= 48 && d <= 55)) return -(k + j) - 1;
    }
    return k + 4;
  } else return -(k + 1) - 1;
  for (let j = 0; j < digits; j++) {
    if (!isHexDigit(src.charCodeAt(k + 2 + j))) return -(k + 2 + j) - 1;
  }
  return k + 2 + digits;
}

interface QuotedFailure {
  readonly failAt: number;
  readonly reason: 'unterminated-string' | 'invalid-escape';
  readonly escapeAt?: number;
}

/**
 * Matches the STRING rule from the opening quote at `q` (after any `r`/`b` prefix). Returns
 * the end index, or why and where every alternative died.
 */
function scanQuoted(src: string, q: number, raw: boolean): number | QuotedFailure {
  const quote = src.charCodeAt(q);
  const n = src.length;
  if (src.charCodeAt(q + 1) === quote) {
    if (src.charCodeAt(q + 2) === quote) {
      const triple = scanTriple(src, q + 3, quote, raw);
      if (typeof triple === 'number') return triple;
    }
    // `''` is a complete (empty) single-quoted string; an unclosed `'''` falls back to it.
    return q + 2;
  }
  for (let k = q + 1; ; ) {
    if (k >= n) return { failAt: n, reason: 'unterminated-string' };
    const ch = src.charCodeAt(k);
    if (ch === quote) return k + 1;
    if (ch === LF || ch === CR) return { failAt: k, reason: 'unterminated-string' };
    if (ch === BACKSLASH && !raw) {
      const e = escapeEnd(src, k);
      if (e < 0) return { failAt: -e - 1, reason: 'invalid-escape', escapeAt: k };
      k = e;
      continue;
    }
    k++;
  }
}

/** The body of a triple-quoted string from `k`: ends at the first closing triple quote. */
function scanTriple(src: string, k: number, quote: number, raw: boolean): number | QuotedFailure {
  const n = src.length;
  for (;;) {
    if (k >= n) return { failAt: n, reason: 'unterminated-string' };
    const ch = src.charCodeAt(k);
    if (ch === quote && src.charCodeAt(k + 1) === quote && src.charCodeAt(k + 2) === quote) return k + 3;
    if (ch === BACKSLASH && !raw) {
      const e = escapeEnd(src, k);
      if (e < 0) return { failAt: -e - 1, reason: 'invalid-escape', escapeAt: k };
      k = e;
      continue;
    }
    k++;
  }
}

/** Longest `[eE][+-]?DIGIT+` at `k`, or `k` itself when there is none. */
function exponentEnd(src: string, k: number): number {
  const e = src.charCodeAt(k);
  if (e !== 101 && e !== 69) return k;
  let j = k + 1;
  const s = src.charCodeAt(j);
  if (s === 43 || s === 45) j++;
  if (!isDigit(src.charCodeAt(j))) return k;
  while (isDigit(src.charCodeAt(j))) j++;
  return j;
}

function digitsEnd(src: string, k: number): number {
  while (isDigit(src.charCodeAt(k))) k++;
  return k;
}

/** NUM_INT, NUM_UINT or NUM_FLOAT starting with a digit at `i`: the longest of the three. */
function scanNumber(src: string, i: number): { kind: TokenKind; end: number } {
  if (src.charCodeAt(i) === 48 && src.charCodeAt(i + 1) === 120 && isHexDigit(src.charCodeAt(i + 2))) {
    // '0x' HEXDIGIT+ ('u'|'U')?  No float form can start with 0x, so this is the longest.
    let j = i + 2;
    while (isHexDigit(src.charCodeAt(j))) j++;
    const u = src.charCodeAt(j);
    return u === 117 || u === 85 ? { kind: 'NUM_UINT', end: j + 1 } : { kind: 'NUM_INT', end: j };
  }
  const d = digitsEnd(src, i);
  if (src.charCodeAt(d) === 46 && isDigit(src.charCodeAt(d + 1))) {
    return { kind: 'NUM_FLOAT', end: exponentEnd(src, digitsEnd(src, d + 1)) };
  }
  const e = exponentEnd(src, d);
  if (e > d) return { kind: 'NUM_FLOAT', end: e };
  const u = src.charCodeAt(d);
  return u === 117 || u === 85 ? { kind: 'NUM_UINT', end: d + 1 } : { kind: 'NUM_INT', end: d };
}

const INCOMPLETE = -2;

/**
 * End of the operator or punctuation token at `i`, {@link INCOMPLETE} for a lone `=`, `&`
 * or `|` (a half of `==`, `&&`, `||`), or -1 when no token starts with this character.
 */
function operatorEnd(src: string, i: number): number {
  const c = src.charCodeAt(i);
  const next = src.charCodeAt(i + 1);
  switch (c) {
    case 61: // =
      return next === 61 ? i + 2 : INCOMPLETE;
    case 38: // &
      return next === 38 ? i + 2 : INCOMPLETE;
    case 124: // |
      return next === 124 ? i + 2 : INCOMPLETE;
    case 33: // !
    case 60: // <
    case 62: // >
      return next === 61 ? i + 2 : i + 1;
    case 91: // [
    case 93: // ]
    case 123: // {
    case 125: // }
    case 40: // (
    case 41: // )
    case 46: // .
    case 44: // ,
    case 45: // -
    case 63: // ?
    case 58: // :
    case 43: // +
    case 42: // *
    case 47: // /
    case 37: // %
      return i + 1;
    default:
      return -1;
  }
}

function identifierEnd(src: string, i: number): number {
  let j = i + 1;
  while (isIdentPart(src.charCodeAt(j))) j++;
  return j;
}

/** Length of the code point at `i` (2 for a surrogate pair). */
function codePointLength(src: string, i: number): number {
  const c = src.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = src.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/**
 * Tokens are built by one constructor, not as object literals: a class keeps one stable
 * hidden class for them across parses. With literals, V8 let the shape go between two parses
 * of a long input and threw the optimized lexer and parser away on every call.
 */
class LexedToken implements Token {
  constructor(
    readonly kind: TokenKind,
    readonly start: number,
    readonly end: number,
    readonly text: string,
  ) {}
}

function token(src: string, kind: TokenKind, start: number, end: number): Token {
  return new LexedToken(kind, start, end, src.slice(start, end));
}

function stopAt(tokens: Token[], error: LexError): LexResult {
  tokens.push(new LexedToken('EOF', error.start, error.start, ''));
  return { tokens, error };
}

/** Tokenizes `src` as cel-go's lexer does, up to and excluding the first lexer error. */
export function lex(src: string): LexResult {
  const tokens: Token[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (isWhitespace(c)) {
      i++;
      while (i < n && isWhitespace(src.charCodeAt(i))) i++;
      continue;
    }
    if (c === 47 && src.charCodeAt(i + 1) === 47) {
      const nl = src.indexOf('\n', i + 2);
      i = nl === -1 ? n : nl;
      continue;
    }
    if (isDigit(c)) {
      const num = scanNumber(src, i);
      tokens.push(token(src, num.kind, i, num.end));
      i = num.end;
      continue;
    }
    if (c === 46 && isDigit(src.charCodeAt(i + 1))) {
      const end = exponentEnd(src, digitsEnd(src, i + 1));
      tokens.push(token(src, 'NUM_FLOAT', i, end));
      i = end;
      continue;
    }
    if (c === DQUOTE || c === SQUOTE) {
      const s = scanQuoted(src, i, false);
      if (typeof s !== 'number') {
        const error: LexError = { reason: s.reason, start: i, failAt: s.failAt };
        return stopAt(tokens, s.escapeAt !== undefined ? { ...error, escapeAt: s.escapeAt } : error);
      }
      tokens.push(token(src, 'STRING', i, s));
      i = s;
      continue;
    }
    if (isIdentStart(c)) {
      // A prefixed string (r'..', b'..', br'..') is always longer than the identifier
      // prefix, so it wins whenever it is complete; otherwise the identifier does.
      const quotedEnd = prefixedStringEnd(src, i);
      if (quotedEnd > 0) {
        tokens.push(token(src, c === 114 || c === 82 ? 'STRING' : 'BYTES', i, quotedEnd));
        i = quotedEnd;
        continue;
      }
      const end = identifierEnd(src, i);
      const word = src.slice(i, end);
      // Keywords are 2 to 5 letters long; only those words need the lookup.
      const kind = end - i >= 2 && end - i <= 5 ? (KEYWORD_TOKENS.get(word) ?? 'IDENTIFIER') : 'IDENTIFIER';
      tokens.push(new LexedToken(kind, i, end, word));
      i = end;
      continue;
    }
    if (c === BACKTICK) {
      const end = escapedIdentifierEnd(src, i);
      if (end < 0) return stopAt(tokens, { reason: 'unexpected-character', start: i, failAt: -end - 1 });
      tokens.push(token(src, 'ESC_IDENTIFIER', i, end));
      i = end;
      continue;
    }
    const op = operatorEnd(src, i);
    if (op > 0) {
      // By table, not by looking the token's text up: no string is cut for the lookup.
      const kind = op - i === 1 ? SINGLE_CHAR_TOKENS[c]! : DOUBLE_CHAR_TOKENS[c]!;
      tokens.push(token(src, kind, i, op));
      i = op;
      continue;
    }
    if (op === INCOMPLETE) return stopAt(tokens, { reason: 'incomplete-operator', start: i, failAt: Math.min(i + 1, n) });
    return stopAt(tokens, { reason: 'unexpected-character', start: i, failAt: i });
  }
  tokens.push(new LexedToken('EOF', n, n, ''));
  return { tokens };
}

/** Characters allowed between backticks: letters, digits, `_`, `.`, `-`, `/` and space. */
function isEscapedIdentifierPart(c: number): boolean {
  return isIdentPart(c) || c === 46 || c === 45 || c === 47 || c === SPACE;
}

/**
 * End of ESC_IDENTIFIER (a backtick, at least one allowed character, a backtick) at `i`, or
 * `-(failAt + 1)` with the index of the character at which the rule gave up.
 */
function escapedIdentifierEnd(src: string, i: number): number {
  let j = i + 1;
  while (j < src.length && isEscapedIdentifierPart(src.charCodeAt(j))) j++;
  if (j > i + 1 && src.charCodeAt(j) === BACKTICK) return j + 1;
  return -j - 1;
}

function isQuoteAt(src: string, k: number): boolean {
  const q = src.charCodeAt(k);
  return q === DQUOTE || q === SQUOTE;
}

function isRawPrefix(c: number): boolean {
  return c === 114 || c === 82; // r R
}

function isBytesPrefix(c: number): boolean {
  return c === 98 || c === 66; // b B
}

/**
 * End of a complete STRING with an `r`/`R` prefix or BYTES (`b`/`B`, optionally raw) at `i`,
 * or -1 when there is none (then the letters are an identifier).
 */
function prefixedStringEnd(src: string, i: number): number {
  const c = src.charCodeAt(i);
  let q: number;
  let raw: boolean;
  if (isRawPrefix(c) && isQuoteAt(src, i + 1)) {
    q = i + 1;
    raw = true;
  } else if (isBytesPrefix(c) && isQuoteAt(src, i + 1)) {
    q = i + 1;
    raw = false;
  } else if (isBytesPrefix(c) && isRawPrefix(src.charCodeAt(i + 1)) && isQuoteAt(src, i + 2)) {
    q = i + 2;
    raw = true;
  } else return -1;
  const s = scanQuoted(src, q, raw);
  return typeof s === 'number' ? s : -1;
}

/** The text ANTLR prints for a recognition error: from the token start through the failing character. */
export function lexErrorText(src: string, error: LexError): string {
  const end = error.failAt < src.length ? error.failAt + codePointLength(src, error.failAt) : src.length;
  return src.slice(error.start, end);
}
