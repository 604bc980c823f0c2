import { describe, expect, it } from 'vitest';
import { SHOWN_MAX, escapedText, shownText } from './shown';

describe('shownText: file or link text as data', () => {
  it('escapes control, format and separator characters by their UTF-16 units, and nothing else', () => {
    expect(shownText('a\u001b[2Jb')).toBe('a\\u001B[2Jb');
    expect(shownText('\u0000\u007f\u0085\u009b\u202e\u2066\u200b\u2028\u2029\ufeff')).toBe('\\u0000\\u007F\\u0085\\u009B\\u202E\\u2066\\u200B\\u2028\\u2029\\uFEFF');
    expect(shownText('\u{e0001}')).toBe('\\uDB40\\uDC01');
    expect(shownText('Pod 中文 é 🙂 "q" \\')).toBe('Pod 中文 é 🙂 "q" \\');
    expect(JSON.parse(`"${escapedText('x\u0085\u202ey')}"`)).toBe('x\u0085\u202ey');
  });

  it(`cuts to ${SHOWN_MAX} code points counted after escaping, the last an ellipsis`, () => {
    expect(shownText('k'.repeat(SHOWN_MAX))).toBe('k'.repeat(SHOWN_MAX));
    expect(shownText('k'.repeat(SHOWN_MAX + 1))).toBe(`${'k'.repeat(SHOWN_MAX - 1)}…`);
    expect(shownText('🙂'.repeat(500_000))).toBe(`${'🙂'.repeat(SHOWN_MAX - 1)}…`);
    expect(shownText('\u202e'.repeat(20), 40)).toBe(`${'\\u202E'.repeat(6)}\\u2…`);
    expect([...shownText('\u202e'.repeat(20), 40)]).toHaveLength(40);
    expect(escapedText('x'.repeat(200))).toHaveLength(200);
  });
});
