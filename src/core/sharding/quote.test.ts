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
});
