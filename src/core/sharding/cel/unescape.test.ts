import { describe, expect, it } from 'vitest';
import { unescapeBytes, unescapeString } from './unescape';

function str(literal: string): string {
  const r = unescapeString(literal);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function bytes(literal: string): number[] {
  const r = unescapeBytes(literal);
  if (!r.ok) throw new Error(r.error);
  return [...r.value];
}

describe('CEL string and bytes literals', () => {
  it('decodes the named escapes', () => {
    expect(str(String.raw`"\a\b\f\n\r\t\v\\\'\"\?\`"`)).toBe('\x07\b\f\n\r\t\v\\\'"?`');
  });

  it('reads \\x, \\X and octal escapes as code points U+0000..U+00FF in a string', () => {
    expect(str(String.raw`"\xC3\XBF"`)).toBe('\u00c3\u00bf');
    expect(str(String.raw`"\303\277"`)).toBe('\u00c3\u00bf');
    expect(str(String.raw`'\x30x\060'`)).toBe('0x0');
  });

  it('reads \\x and octal escapes as raw bytes in a bytes literal', () => {
    expect(bytes(String.raw`b"\xC3\XBF"`)).toEqual([0xc3, 0xbf]);
    expect(bytes(String.raw`b'\303\277'`)).toEqual([0xc3, 0xbf]);
    expect(bytes(`b'é'`)).toEqual([0xc3, 0xa9]);
  });

  it('reads \\u and \\U as code points in a string', () => {
    expect(str(String.raw`"hi\u263A \U0001F600"`)).toBe('hi\u263a \u{1f600}');
    expect(str(String.raw`"\U000003A8\?"`)).toBe('Ψ?');
  });

  it('rejects a surrogate or out-of-range code point with cel-go\'s message', () => {
    expect(unescapeString(String.raw`'\udead'`)).toEqual({ ok: false, error: 'invalid unicode code point' });
    expect(unescapeString(String.raw`'\U0000D800'`)).toEqual({ ok: false, error: 'invalid unicode code point' });
    expect(unescapeString(String.raw`'\U00110000'`)).toEqual({ ok: false, error: 'invalid unicode code point' });
    expect(str(String.raw`'\U0010FFFF'`)).toBe('\u{10ffff}');
  });

  it('rejects \\u and \\U in bytes literals', () => {
    expect(unescapeBytes(String.raw`b'\u0030'`)).toEqual({ ok: false, error: 'unable to unescape string' });
    expect(unescapeBytes(String.raw`b'\U00000030'`)).toEqual({ ok: false, error: 'unable to unescape string' });
  });

  it('takes raw literals verbatim', () => {
    expect(str(String.raw`r'\x30\n'`)).toBe(String.raw`\x30\n`);
    expect(str(String.raw`R"""\u"""`)).toBe(String.raw`\u`);
    expect(bytes(String.raw`br'\x00'`)).toEqual([0x5c, 0x78, 0x30, 0x30]);
  });

  it('strips triple quotes and turns CR LF and lone CR into LF', () => {
    expect(str("'''a\r\nb\rc'''")).toBe('a\nb\nc');
    expect(str('"""say "hi\\""""')).toBe('say "hi"');
    expect(str("''")).toBe('');
    expect(str('""""""')).toBe('');
  });

  it('accepts exactly the scalar values around the surrogates', () => {
    expect(str(String.raw`'\ud7ff\ue000'`)).toBe('\ud7ff\ue000');
    expect(unescapeString(String.raw`'\udfff'`)).toEqual({ ok: false, error: 'invalid unicode code point' });
    expect(unescapeString(String.raw`'\ud800'`)).toEqual({ ok: false, error: 'invalid unicode code point' });
  });

  it('keeps unescaped characters around escapes whole, astral ones included', () => {
    expect(str("'\uffffx\\n'")).toBe('\uffffx\n');
    expect(str("'😀x\\n'")).toBe('😀x\n');
  });

  it('writes unescaped characters of a bytes literal as their UTF-8, escapes as raw bytes', () => {
    expect(bytes("b'\\x00\u007f\u0080\u07ff\u0800'")).toEqual([0x00, 0x7f, 0xc2, 0x80, 0xdf, 0xbf, 0xe0, 0xa0, 0x80]);
    expect(bytes(String.raw`b'\377\n'`)).toEqual([0xff, 0x0a]);
  });

  it("gives cel-go's messages for what the lexer never lets through", () => {
    // unescape.go checks the literal itself: too short, quotes that differ or are not quotes.
    for (const bad of ["'", 'ab', `'abc"`, 'xabcx']) expect(unescapeString(bad), bad).toEqual({ ok: false, error: 'unable to unescape string' });
    expect(unescapeBytes("b'")).toEqual({ ok: false, error: 'unable to unescape string' });
    expect(unescapeString("'abc\\'")).toEqual({ ok: false, error: "unable to unescape string, found '\\' as last character" });
    expect(unescapeString(String.raw`'\08'`)).toEqual({ ok: false, error: 'unable to unescape octal sequence in string' });
    expect(unescapeString(String.raw`'\0'`)).toEqual({ ok: false, error: 'unable to unescape octal sequence in string' });
    for (const bad of [String.raw`'\400'`, String.raw`'\x4'`, String.raw`'\u004'`, String.raw`'\q'`]) {
      expect(unescapeString(bad), bad).toEqual({ ok: false, error: 'unable to unescape string' });
    }
  });
});

