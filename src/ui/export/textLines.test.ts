import { describe, expect, it } from 'vitest';
import { groupWordsIntoLines, type WordBox } from './textLines';

/** Words laid out as a page would: `rows` of words, each 10 px a character plus a 4 px space, 20 px a line. */
function laidOut(rows: readonly string[][]): WordBox[] {
  const out: WordBox[] = [];
  rows.forEach((row, r) => {
    let x = 8;
    for (const word of row) {
      out.push({ text: word, x, y: 100 + r * 20, w: word.length * 10, h: 18, spaceBefore: true });
      x += word.length * 10 + 4;
    }
  });
  return out;
}

describe('exported text stays whole', () => {
  it('joins the words of each wrapped line into one run, at the line start', () => {
    const lines = groupWordsIntoLines(laidOut([['Each', 'card', 'shows'], ['how', 'many', 'objects'], ['it', 'owns.']]));
    expect(lines.map((l) => l.text)).toEqual(['Each card shows', 'how many objects', 'it owns.']);
    expect(lines.map((l) => [l.x, l.y])).toEqual([
      [8, 100],
      [8, 120],
      [8, 140],
    ]);
    // Each line's box covers its words: first word's left to last word's right.
    expect(lines[0]!.w).toBe(4 * 10 + 4 + 4 * 10 + 4 + 5 * 10);
  });

  it('joins the pieces of one broken word without a space, and starts a line where the page wrapped back', () => {
    const words: WordBox[] = [
      { text: 'GET', x: 8, y: 0, w: 30, h: 18, spaceBefore: true },
      { text: '/api/v1/pods?shard', x: 42, y: 0, w: 180, h: 18, spaceBefore: true },
      { text: 'Selector=x', x: 8, y: 20, w: 100, h: 18, spaceBefore: false },
      { text: 'end', x: 112, y: 20, w: 30, h: 18, spaceBefore: true },
    ];
    expect(groupWordsIntoLines(words).map((l) => l.text)).toEqual(['GET /api/v1/pods?shard', 'Selector=x end']);
  });

  it('a word level with the line but left of its end is a new line (a column that wrapped back), and empty words are ignored', () => {
    const words: WordBox[] = [
      { text: 'a', x: 100, y: 0, w: 10, h: 18, spaceBefore: true },
      { text: '', x: 120, y: 0, w: 0, h: 18, spaceBefore: true },
      { text: 'b', x: 20, y: 0, w: 10, h: 18, spaceBefore: true },
    ];
    expect(groupWordsIntoLines(words).map((l) => l.text)).toEqual(['a', 'b']);
    expect(groupWordsIntoLines([])).toEqual([]);
  });

  it('sub-pixel differences in tops (mixed fonts on one line) stay one line', () => {
    const words: WordBox[] = [
      { text: 'replica-0', x: 0, y: 10.2, w: 90, h: 20, spaceBefore: true },
      { text: 'owns', x: 94, y: 11.6, w: 40, h: 17, spaceBefore: true },
    ];
    expect(groupWordsIntoLines(words).map((l) => l.text)).toEqual(['replica-0 owns']);
  });
});
