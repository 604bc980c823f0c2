import type { LexError } from './lexer';
import { formatLocation, type Locate } from './location';
import type { ParseFailure } from './parser';
import type { Token } from './tokens';

/**
 * ShardScope's plain-words reading of a syntax error, shown as a hint beside cel-go's own
 * message (which `./recognizer` finds with cel-go's parser): what the fast parser found,
 * where (line and column of the text the user typed) and what would have been valid there,
 * with a word on the usual slips (C-style comments, `or`/`and`, a single `|` or `&`,
 * backticks).
 */

const MAX_SHOWN = 24;

/** A piece of source text for a message: quoted, control characters made visible, shortened. */
export function showText(text: string): string {
  return `'${visible(text)}'`;
}

/** `text` shortened to {@link MAX_SHOWN} characters with control characters escaped. */
function visible(text: string): string {
  const chars = Array.from(text);
  const shown = chars.length > MAX_SHOWN ? chars.slice(0, MAX_SHOWN - 1).join('') + '…' : text;
  let out = '';
  for (const c of shown) out += visibleChar(c);
  return out;
}

/** Format characters (U+FEFF, U+200B...), separators other than the space, and lone surrogates. */
const INVISIBLE = /^(?! )[\p{Cf}\p{Z}\p{Cs}]$/u;

/**
 * Control and invisible characters as escapes, so a message never carries an invisible or
 * line-breaking character (a pasted byte-order mark must be named, not shown as nothing).
 * `c` is one code point: two UTF-16 units for a character outside the BMP.
 */
function visibleChar(c: string): string {
  const code = c.codePointAt(0)!;
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  if (c === '\r') return '\\r';
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || INVISIBLE.test(c)) {
    return c.length > 1 ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return c;
}

function describeToken(t: Token): string {
  switch (t.kind) {
    case 'EOF':
      return 'end of input';
    case 'STRING':
    case 'BYTES':
      // The literal brings its own quotes.
      return `${t.kind === 'STRING' ? 'string' : 'bytes'} ${visible(t.text)}`;
    default:
      return showText(t.text);
  }
}

/** A hint for the usual slips: C-style comments, words for logic operators. */
function slip(t: Token, src: string): string {
  // `/* x */` lexes as '/' '*': point out the comment whichever of the two is unexpected.
  if ((t.kind === 'SLASH' && src[t.end] === '*') || (t.kind === 'STAR' && src[t.start - 1] === '/')) {
    return ' (only // comments are supported)';
  }
  // Only an identifier's text is a bare word (a string's has its quotes).
  const word = t.text.toLowerCase();
  if (word === 'or') return " (CEL writes 'or' as '||')";
  if (word === 'and') return " (CEL writes 'and' as '&&')";
  return '';
}

/** The plain reading of a token the grammar rejected (a syntax failure of the fast parser). */
export function parseFailureHint(f: ParseFailure, src: string, locate: Locate): string {
  const t = f.token;
  return `unexpected ${describeToken(t)} at ${formatLocation(locate(t.start))}, expected ${f.expected}${slip(t, src)}`;
}

function codePointAt(src: string, i: number): string {
  return String.fromCodePoint(src.codePointAt(i)!);
}

/** The plain reading of text no token rule accepts. */
export function lexFailureHint(e: LexError, src: string, locate: Locate): string {
  const at = (offset: number): string => formatLocation(locate(offset));
  switch (e.reason) {
    case 'unterminated-string':
      return `unterminated string literal at ${at(e.start)} (no closing quote before the end of the ${e.failAt < src.length ? 'line' : 'text'})`;
    case 'invalid-escape': {
      const from = e.escapeAt ?? e.start;
      const seq = src.slice(from, Math.min(e.failAt + 1, src.length));
      return `invalid escape sequence ${showText(seq)} in string literal at ${at(from)}`;
    }
    case 'incomplete-operator': {
      const c = src[e.start]!;
      return `unexpected character ${showText(c)} at ${at(e.start)} (did you mean '${c}${c}'?)`;
    }
    case 'unexpected-character': {
      const c = codePointAt(src, e.start);
      const why = c === '`' ? ' (backtick-quoted identifiers are not supported)' : '';
      return `unexpected character ${showText(c)} at ${at(e.start)}${why}`;
    }
  }
}
