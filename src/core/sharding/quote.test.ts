import { describe, expect, it } from 'vitest';
import { goIsPrint, goQuote } from './quote';

describe('goQuote (Go strconv.Quote, what %q prints)', () => {
  it('wraps in double quotes and escapes only the double quote and the backslash among ASCII printables', () => {
    expect(goQuote('')).toBe('""');
    expect(goQuote(`0x'"\\`)).toBe(`"0x'\\"\\\\"`);
    expect(goQuote(' ~')).toBe('" ~"');
  });

  it('names \\a \\b \\f \\n \\r \\t \\v and writes other control characters as \\xHH', () => {
    expect(goQuote('\x07\b\f\n\r\t\v')).toBe('"\\a\\b\\f\\n\\r\\t\\v"');
    expect(goQuote('\x00\x01\x1b\x7f')).toBe('"\\x00\\x01\\x1b\\x7f"');
  });

  it('keeps printable non-ASCII characters, including ones outside the BMP', () => {
    expect(goQuote('é中😀Ψ')).toBe('"é中😀Ψ"');
    expect(goQuote('\ufffd')).toBe('"\ufffd"');
  });

  it('escapes non-printable characters above U+007F as \\uHHHH or \\UHHHHHHHH in lowercase', () => {
    expect(goQuote('\u0085\u00a0\u00ad\u2028\u200b\ufeff')).toBe('"\\u0085\\u00a0\\u00ad\\u2028\\u200b\\ufeff"');
    expect(goQuote('\u{e0001}\u{f0000}')).toBe('"\\U000e0001\\U000f0000"');
    expect(goQuote('\u3000')).toBe('"\\u3000"');
  });

  it('quotes an unpaired surrogate as U+FFFD, the character the apiserver would receive', () => {
    expect(goQuote('a\ud800b\udc00')).toBe('"a\ufffdb\ufffd"');
  });

  it('treats only the ASCII space as a printable space', () => {
    expect(goIsPrint(0x20)).toBe(true);
    expect(goIsPrint(0xa0)).toBe(false);
    expect(goIsPrint(0x41)).toBe(true);
    expect(goIsPrint(0x300)).toBe(true); // a combining mark
    expect(goIsPrint(0xe000)).toBe(false); // private use
  });

  it("follows Go's Unicode 15.0 tables, not the JavaScript engine's newer ones", () => {
    // Assigned after Unicode 15.0: CJK Extension I (15.1), a stroke and ideographic description
    // characters (15.1), a face emoji and a Latin letter (16.0). Go 1.21+ escapes them all.
    expect(goQuote('\u{2ebf0}')).toBe('"\\U0002ebf0"');
    expect(goQuote('\u31ef\u2ffc')).toBe('"\\u31ef\\u2ffc"');
    expect(goQuote('\u{1fae9}\ua7cb')).toBe('"\\U0001fae9\\ua7cb"');
    // New in 15.0 itself: printable.
    expect(goQuote('\u{1fae8}\u0cf3\u{31350}')).toBe('"\u{1fae8}\u0cf3\u{31350}"');
  });

  it('has Latin-1 as Go\'s fast path has it: U+00A1 to U+00FF but the soft hyphen', () => {
    for (let cp = 0x80; cp <= 0xff; cp++) expect(goIsPrint(cp), cp.toString(16)).toBe(cp >= 0xa1 && cp !== 0xad);
  });

  it('only keeps characters that any later Unicode still calls letters, marks, numbers, punctuation or symbols', () => {
    const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
    let count = 0;
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (!goIsPrint(cp)) continue;
      count++;
      if (!printable.test(String.fromCodePoint(cp))) throw new Error(`U+${cp.toString(16)} is printable in the table only`);
    }
    // Unicode 15.0.0: 148,998 code points in L, M, N, P and S, less the 94 printable ASCII ones
    // this loop skips, plus nothing (the space is ASCII).
    expect(count).toBe(148_998 - 1 - 94);
  });

  it('draws the printable ASCII range exactly from the space to the tilde', () => {
    expect([0x1f, 0x20, 0x7e, 0x7f].map(goIsPrint)).toEqual([false, true, true, false]);
    expect(goQuote('\x1f \x7e\x7f')).toBe('"\\x1f ~\\x7f"');
  });

  it('escapes the C1 controls and the surrogate code points, and keeps U+00A1', () => {
    expect([0x80, 0x9f, 0xa1, 0xd800, 0xdfff].map(goIsPrint)).toEqual([false, false, true, false, false]);
    expect(goQuote('\u0080\u009f\u00a1')).toBe('"\\u0080\\u009f\u00a1"');
  });

  it('quotes both ends of the surrogate range as U+FFFD, and a noncharacter U+FFFF as \\uffff', () => {
    expect(goQuote('\udfff\ud800x')).toBe('"\ufffd\ufffdx"');
    expect(goQuote('\uffff\u{10000}')).toBe('"\\uffff\u{10000}"');
  });
});
