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
