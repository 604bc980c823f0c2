/**
 * Exported text stays whole. The page wraps a paragraph over lines; the
 * export draws it line by line, one text run per line (an SVG `<text>` a line, not a word), so
 * an SVG editor or a screen reader of the file finds the sentences the page shows.
 */

/** A word (or the piece of a word on one line) where the page put it, relative to the export's root. */
export interface WordBox {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Whether white space comes before it in the source (false for the second piece of a word broken across lines). */
  readonly spaceBefore: boolean;
}

/** One line of text: its words joined as the page shows them, at the first word's place. */
export interface TextLine {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Groups words, in source order, into the lines the page laid them out on: a word starts a new
 * line when its box is not level with the line's (tops more than half a line apart) or when it
 * lies left of the line's end (the page wrapped back). Words on a line are joined with one
 * space, pieces of one broken word with none.
 */
export function groupWordsIntoLines(words: readonly WordBox[]): TextLine[] {
  const lines: TextLine[] = [];
  let text = '';
  let x = 0;
  let y = 0;
  let right = 0;
  let h = 0;
  let open = false;
  const close = () => {
    if (open) lines.push({ text, x, y, w: right - x, h });
    open = false;
  };
  for (const word of words) {
    if (!word.text) continue;
    const level = open && Math.abs(word.y - y) <= Math.max(1, Math.min(h, word.h) / 2) && word.x >= right - 1;
    if (!level) {
      close();
      text = word.text;
      x = word.x;
      y = word.y;
      right = word.x + word.w;
      h = word.h;
      open = true;
      continue;
    }
    text += (word.spaceBefore ? ' ' : '') + word.text;
    right = Math.max(right, word.x + word.w);
    h = Math.max(h, word.h);
  }
  close();
  return lines;
}
