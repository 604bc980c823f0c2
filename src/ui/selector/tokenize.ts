/**
 * A forgiving lexer for syntax highlighting only. It never decides validity (the core's
 * parser does); it splits any text into coloured runs whose concatenation is the input, so
 * the highlighted layer lines up character for character with the textarea above it.
 */

export type TokenKind = 'space' | 'comment' | 'string' | 'number' | 'function' | 'field' | 'keyword' | 'operator' | 'punct' | 'other';

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
}

const KEYWORDS = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);
const TWO_CHAR_OPS = new Set(['||', '&&', '==', '!=', '<=', '>=']);
const ONE_CHAR_OPS = '!<>+-*/%?:';
const PUNCT = '(),.[]{}';

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}
function isIdentPart(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}
function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** Splits `text` into tokens covering it exactly, in order. Linear time, no backtracking. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    out.push({ kind, start: i, end });
    i = end;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      let j = i + 1;
      while (j < n && ' \t\n\r\f'.includes(text[j]!)) j++;
      push('space', j);
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      push('comment', nl === -1 ? n : nl);
      continue;
    }
    // String literals, with an optional raw (r/R) or bytes (b/B) prefix.
    let q = i;
    while (q < i + 2 && q < n && 'rRbB'.includes(text[q]!)) q++;
    if ((text[q] === "'" || text[q] === '"') && (q === i || !isIdentPart(text[q - 1] ?? '') || 'rRbB'.includes(text[q - 1]!))) {
      const quote = text[q]!;
      const raw = text.slice(i, q).toLowerCase().includes('r');
      const triple = text.startsWith(quote.repeat(3), q);
      const close = triple ? quote.repeat(3) : quote;
      let j = q + close.length;
      while (j < n) {
        if (!raw && text[j] === '\\') {
          j += 2;
          continue;
        }
        if (text.startsWith(close, j)) {
          j += close.length;
          break;
        }
        if (!triple && text[j] === '\n') break;
        j++;
      }
      push('string', Math.min(j, n));
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      let j = i + 1;
      if (c === '0' && (text[j] === 'x' || text[j] === 'X')) {
        j++;
        while (j < n && /[0-9a-fA-F]/.test(text[j]!)) j++;
      } else {
        while (j < n && /[0-9.eE]/.test(text[j]!)) j++;
      }
      if (text[j] === 'u' || text[j] === 'U') j++;
      push('number', j);
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(text[j]!)) j++;
      const word = text.slice(i, j);
      let k = j;
      while (k < n && ' \t\n\r\f'.includes(text[k]!)) k++;
      const prev = out.length > 0 ? text.slice(out[out.length - 1]!.start, out[out.length - 1]!.end) : '';
      let kind: TokenKind = 'field';
      if (KEYWORDS.has(word)) kind = 'keyword';
      else if (text[k] === '(') kind = 'function';
      else if (prev !== '.' && text[k] !== '.' && !/^(object|metadata)$/.test(word)) kind = 'other';
      push(kind, j);
      continue;
    }
    if (TWO_CHAR_OPS.has(text.slice(i, i + 2))) {
      push('operator', i + 2);
      continue;
    }
    if (ONE_CHAR_OPS.includes(c)) {
      push('operator', i + 1);
      continue;
    }
    if (PUNCT.includes(c)) {
      push('punct', i + 1);
      continue;
    }
    // Anything else (a stray backtick, non-ASCII): one code point at a time.
    const cp = text.codePointAt(i)!;
    push('other', i + (cp > 0xffff ? 2 : 1));
  }
  return out;
}
