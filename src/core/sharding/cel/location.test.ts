import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../tests/support/mulberry32';
import { formatLocation, lineColumn, locatorAfter, locatorFor } from './location';

/** Line and column by the definition: only `\n` starts a line; columns in UTF-16 units from 1. */
function naive(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.min(offset, text.length));
  const lastNl = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - (lastNl + 1) + 1 };
}

/** Text of `length` units from a few pieces: newlines alone, in runs, CR LF, long lines, astral characters. */
function text(rand: () => number, length: number): string {
  const pieces = ['\n', '\n\n\n', '\r\n', 'a', 'shardRange(', ' '.repeat(40), 'é', '😀', 'x'.repeat(300), '\n'.repeat(40)];
  let s = '';
  while (s.length < length) s += pieces[Math.floor(rand() * pieces.length)]!;
  return s.slice(0, length);
}

describe('line and column of an offset', () => {
  it('match the definition on short and long texts (past the 65,536-unit span counted in bytes), at every kind of offset', () => {
    const rand = mulberry32(79);
    for (const length of [0, 1, 31, 33, 500, 70_000, 140_000, 200_001]) {
      const t = text(rand, length);
      const offsets = new Set([0, length, Math.max(0, length - 1), length + 3]);
      for (let i = 0; i < 20; i++) offsets.add(Math.floor(rand() * (length + 1)));
      // Right after a newline, and on one.
      const nl = t.indexOf('\n', Math.floor(length / 2));
      if (nl >= 0) offsets.add(nl).add(nl + 1);
      for (const offset of offsets) {
        expect(lineColumn(t, offset), `${length} @${offset}`).toEqual(naive(t, offset));
        expect(locatorFor(t)(offset)).toEqual(naive(t, offset));
      }
      // A locator after a prefix (the trimmed selector after megabytes of blank lines) agrees too.
      for (const base of [0, Math.floor(length / 3), length]) {
        const at = locatorAfter(t, base);
        for (const offset of offsets) {
          expect(at(offset), `${length} base ${base} @${offset}`).toEqual(naive(t, offset));
          expect(at(offset)).toEqual(naive(t, offset)); // asked again: the prefix counted once
        }
      }
      if (length > 2) expect(locatorFor(t, 2)(0)).toEqual(naive(t, 2));
    }
  });

  it('count a run of blank lines longer than the span read directly after each newline', () => {
    const t = 'a' + '\n'.repeat(100) + 'b' + '\n'.repeat(33) + 'cd';
    expect(lineColumn(t, t.length - 1)).toEqual({ line: 134, column: 2 });
    expect(lineColumn('\n'.repeat(70_001) + 'x', 70_002)).toEqual({ line: 70_002, column: 2 });
    expect(lineColumn('x'.repeat(70_001), 70_001)).toEqual({ line: 1, column: 70_002 });
    expect(formatLocation({ line: 3, column: 7 })).toBe('3:7');
  });
});

describe('newlines counted four UTF-8 bytes at a time', () => {
  it('count only the byte 0x0a, wherever it falls in a word: not its neighbours (0x09, 0x0b, 0x00), nor a byte with its low bits (0x8a, 0x8b, 0x7a)', () => {
    // Characters whose UTF-8 bytes sit next to 0x0a, or share its low seven bits, shifted
    // against the four-byte words by characters of one, two, three and four bytes.
    const near = ['\t', '\u000b', '\u0000', '\u008a', '\u028a', 'z', '\u07fa', '\uffff', '\u{1000a}', 'é', '€', '😀'];
    const rand = mulberry32(0x0a0a);
    for (let round = 0; round < 6; round++) {
      let t = '';
      while (t.length < 70_000 + round * 1_000) t += rand() < 0.15 ? '\n' : near[Math.floor(rand() * near.length)]!;
      const lines = t.split('\n').length;
      expect(lineColumn(t, t.length).line, `round ${round}`).toBe(lines);
      const inside = Math.floor(t.length * 0.9);
      expect(lineColumn(t, inside)).toEqual(naive(t, inside));
    }
    // A chunk of the widest UTF-8 (three bytes a unit) with its newline last: the chunk's
    // buffer holds all of it, so the newline is not cut off.
    const wide = '€'.repeat(65_535) + '\n' + 'x'.repeat(10);
    expect(lineColumn(wide, wide.length)).toEqual({ line: 2, column: 11 });
    // Words of four newlines, and none: the whole-word branch and the tail bytes.
    expect(lineColumn('\n'.repeat(70_003), 70_003).line).toBe(70_004);
    expect(lineColumn('\u008a'.repeat(40_000) + '\n' + 'é'.repeat(30_000), 70_001)).toEqual({ line: 2, column: 30_001 });
  });
});

