/** A 1-based line and a 1-based column counted in UTF-16 code units. */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** Maps an offset in the parsed text to a human position (used only in error messages). */
export type Locate = (offset: number) => LineColumn;

/** Spans longer than this are counted in UTF-8 bytes, four at a time. */
const WIDE_SPAN = 1 << 16;
const encoder = new TextEncoder();

/**
 * Number of `\n` in `text[from, to)` for a long span (megabytes of blank lines before a
 * selector): each chunk is encoded to UTF-8 natively, then its bytes are compared four at a
 * time. Only the newline itself encodes to the byte 0x0a, so the count is the same.
 */
function countNewlinesWide(text: string, from: number, to: number): number {
  // A UTF-16 unit encodes to at most 3 bytes (a surrogate pair's two to 4). Allocated per call
  // (only error messages locate positions), so a test sees the size this code asks for.
  const bytes = new Uint8Array(3 * WIDE_SPAN + 4);
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >>> 2);
  let n = 0;
  for (let p = from; p < to; p += WIDE_SPAN) {
    // A chunk may end inside a surrogate pair; the halves encode as U+FFFD, never as 0x0a.
    const { written } = encoder.encodeInto(text.slice(p, Math.min(to, p + WIDE_SPAN)), bytes);
    const whole = written >>> 2;
    for (let i = 0; i < whole; i++) {
      // Bytes equal to 0x0a become zero; the high bit of `zero` marks each zero byte.
      const x = words[i]! ^ 0x0a0a0a0a;
      const zero = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080;
      if (zero !== 0) n += Math.imul(zero >>> 7, 0x01010101) >>> 24;
    }
    for (let i = whole << 2; i < written; i++) if (bytes[i] === 10) n++;
  }
  return n;
}

/**
 * Counts the `\n` in `text[from, to)` and finds where the last of those lines starts
 * (`from` if the span has none).
 * `indexOf` jumps over long lines natively; after each newline the next few characters are
 * read directly, so that a run of blank lines does not cost one `indexOf` call per line.
 * Long spans are counted by {@link countNewlinesWide}.
 */
function countLines(text: string, from: number, to: number): { lines: number; lastStart: number } {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement,ArithmeticOperator: both ways count the same; only their speed differs.
  if (to - from > WIDE_SPAN) {
    const lines = countNewlinesWide(text, from, to);
    return { lines, lastStart: lines > 0 ? text.lastIndexOf('\n', to - 1) + 1 : from };
  }
  let lines = 0;
  let lastStart = from;
  let i = from;
  while (i < to) {
    const nl = text.indexOf('\n', i);
    if (nl === -1 || nl >= to) break;
    lines++;
    lastStart = nl + 1;
    i = nl + 1;
    // Dense newlines: stay in this loop while another one follows within a short distance.
    // Only a shortcut: without it, the indexOf above finds each of these newlines.
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression,BlockStatement: see above.
    for (let k = i, limit = Math.min(to, i + 32); k < limit; k++) {
      // Stryker disable next-line BlockStatement: see above.
      if (text.charCodeAt(k) === 10) {
        lines++;
        lastStart = k + 1;
        i = k + 1;
        // Stryker disable next-line ArithmeticOperator: see above.
        limit = Math.min(to, i + 32);
      }
    }
  }
  return { lines, lastStart };
}

/**
 * Line and column of `offset` in `text`. Only `\n` starts a line, as in cel-go's source
 * model, so a CR LF pair counts once.
 */
export function lineColumn(text: string, offset: number): LineColumn {
  const { lines, lastStart } = countLines(text, 0, Math.min(offset, text.length));
  return { line: lines + 1, column: offset - lastStart + 1 };
}

/**
 * Line and column in `text` of offsets at or after `base`, counting the lines before `base`
 * once, on first use: the shard-selector parser locates errors in trimmed text that may
 * follow megabytes of blank lines, and asks for the same position more than once.
 */
export function locatorAfter(text: string, base: number): Locate {
  let prefix: { lines: number; lastStart: number } | undefined;
  return (offset) => {
    if (offset < base) return lineColumn(text, offset);
    prefix ??= countLines(text, 0, base);
    const rest = countLines(text, base, Math.min(offset, text.length));
    const lastStart = rest.lines > 0 ? rest.lastStart : prefix.lastStart;
    return { line: prefix.lines + rest.lines + 1, column: offset - lastStart + 1 };
  };
}

/** A locator over `text` whose offsets are shifted by `base` (the trimmed prefix). */
export function locatorFor(text: string, base = 0): Locate {
  return (offset) => lineColumn(text, base + offset);
}

/** `line:column`, the form the syntax messages use. */
export function formatLocation(at: LineColumn): string {
  return `${at.line}:${at.column}`;
}
