/** A 1-based line and a 1-based column counted in UTF-16 code units. */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** Maps an offset in the parsed text to a human position (used only in error messages). */
export type Locate = (offset: number) => LineColumn;

/**
 * Line and column of `offset` in `text`. Only `\n` starts a line, as in cel-go's source
 * model, so a CR LF pair counts once.
 */
export function lineColumn(text: string, offset: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** A locator over `text` whose offsets are shifted by `base` (the trimmed prefix). */
export function locatorFor(text: string, base = 0): Locate {
  return (offset) => lineColumn(text, base + offset);
}

/** `line:column`, the form the syntax messages use. */
export function formatLocation(at: LineColumn): string {
  return `${at.line}:${at.column}`;
}
