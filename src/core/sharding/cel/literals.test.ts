import { describe, expect, it } from 'vitest';
import { debugString, parseCel } from './index';

// Numeric literals become values as cel-go makes them: Go's strconv.ParseInt, ParseUint and
// ParseFloat on the token's digits (with the folded minus sign for ints and doubles), and any
// value outside the 64-bit range is cel-go's "invalid int literal" / "invalid uint literal"
// / "invalid double literal".

function ast(src: string): string {
  const r = parseCel(src);
  if (!r.ok) throw new Error(`${JSON.stringify(src)}: ${r.error.message}`);
  return debugString(r.expr);
}

function message(src: string): string {
  const r = parseCel(src);
  if (r.ok) throw new Error(`${JSON.stringify(src)} parsed as ${debugString(r.expr)}`);
  return r.error.message;
}

describe('int literals', () => {
  it('reach exactly int64: 2^63 - 1 and, with the sign, -2^63', () => {
    expect(ast('9223372036854775807')).toBe('9223372036854775807');
    expect(message('9223372036854775808')).toBe('invalid int literal');
    expect(ast('-9223372036854775808')).toBe('-9223372036854775808');
    expect(message('-9223372036854775809')).toBe('invalid int literal');
    // Beyond 64 bits altogether, negative or not.
    expect(message('-18446744073709551616')).toBe('invalid int literal');
    expect(message('18446744073709551616')).toBe('invalid int literal');
  });

  it('in hex too, the sign applying to the hex digits as ParseInt("-8000000000000000", 16) does', () => {
    expect(ast('0x7fffffffffffffff')).toBe('9223372036854775807');
    expect(message('0x8000000000000000')).toBe('invalid int literal');
    expect(ast('-0x8000000000000000')).toBe('-9223372036854775808');
    expect(message('-0x8000000000000001')).toBe('invalid int literal');
  });

  it('accept leading zeros, as ParseInt does, however many', () => {
    expect(ast('007')).toBe('7');
    expect(ast('0x00')).toBe('0');
    expect(ast('0'.repeat(30) + '1')).toBe('1');
    expect(ast('0x' + '0'.repeat(30) + 'ff')).toBe('255');
    expect(ast('-' + '0'.repeat(30) + '9223372036854775808')).toBe('-9223372036854775808');
  });
});

describe('uint literals', () => {
  it('reach exactly 2^64 - 1, in decimal and in hex, with leading zeros or not', () => {
    expect(ast('18446744073709551615u')).toBe('18446744073709551615u');
    expect(ast('0xFFFFFFFFFFFFFFFFu')).toBe('18446744073709551615u');
    expect(ast('0x0000FFFFFFFFFFFFFFFFU')).toBe('18446744073709551615u');
    expect(ast('000018446744073709551615u')).toBe('18446744073709551615u');
    expect(message('18446744073709551616u')).toBe('invalid uint literal');
    expect(message('0x10000000000000000u')).toBe('invalid uint literal');
    expect(ast('0u')).toBe('0u');
  });
});

describe('double literals', () => {
  it('round to the nearest double and are invalid only when that overflows', () => {
    expect(ast('1.7976931348623157e308')).toBe('1.7976931348623157e+308');
    expect(message('1.8e308')).toBe('invalid double literal');
    expect(message('-1.8e308')).toBe('invalid double literal');
    expect(ast('-2.5e3')).toBe('-2500.0');
    expect(ast('1e-400')).toBe('0.0');
  });
});

describe('debugString of literals', () => {
  it('prints bytes printable ASCII as is and every other byte, the quote and the backslash as \\xHH', () => {
    expect(ast(String.raw`b"\x00\xff\"\\ ~\x1f\x7f"`)).toBe(String.raw`b"\x00\xff\x22\x5c ~\x1f\x7f"`);
    expect(ast('b"é"')).toBe(String.raw`b"\xc3\xa9"`);
  });

  it('prints whole doubles with one decimal and bools and null as words', () => {
    expect(ast('1.0')).toBe('1.0');
    expect(ast('0.5')).toBe('0.5');
    expect(ast('[true, false, null]')).toBe('[true, false, null]');
  });
});
