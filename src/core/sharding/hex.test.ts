import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatHex, hashFraction, hexLess, hexToParts, parseHex, partsToBigInt, HEX_SPACE_END } from './hex';

describe('hexLess', () => {
  it('treats the shorter string as smaller, as the apiserver does', () => {
    expect(hexLess('0xffffffffffffffff', HEX_SPACE_END)).toBe(true);
    expect(hexLess(HEX_SPACE_END, '0xffffffffffffffff')).toBe(false);
    expect(hexLess('0xf', '0x00')).toBe(true);
  });

  it('orders equal-length strings byte-wise', () => {
    expect(hexLess('0x0000000000000000', '0x8000000000000000')).toBe(true);
    expect(hexLess('0x8000000000000000', '0x8000000000000000')).toBe(false);
    expect(hexLess('0xa000000000000000', '0x9fffffffffffffff')).toBe(false);
  });

  it('compares UTF-8 byte lengths and bytes, not UTF-16 units, for non-ASCII input', () => {
    // 'é' is 1 UTF-16 unit but 2 UTF-8 bytes, so in Go it ties with 'ab' on length and loses on its first byte.
    expect(hexLess('é', 'ab')).toBe(false);
    expect(hexLess('é', 'abc')).toBe(true);
    // U+FFFF 'a' (EF BF BF 61) sorts before U+10000 (F0 90 80 80) byte-wise, but after its surrogates in UTF-16.
    expect(hexLess('\uffffa', '\ud800\udc00')).toBe(true);
  });

  it('for non-ASCII input: the longer in bytes is larger, equal strings are not less, the first differing byte decides', () => {
    expect(hexLess('éé', 'é')).toBe(false);
    expect(hexLess('é', 'éé')).toBe(true);
    expect(hexLess('é', 'é')).toBe(false);
    // 'è' (C3 A8) and 'é' (C3 A9) share their first byte.
    expect(hexLess('è', 'é')).toBe(true);
    expect(hexLess('é', 'è')).toBe(false);
    // Two strings with no ASCII at all: '€€' has fewer UTF-16 units than 'ééé' but as many bytes (6), and a larger first byte.
    expect(hexLess('€€', 'ééé')).toBe(false);
    expect(hexLess('ééé', '€€')).toBe(true);
  });

  it("is Go's order of the UTF-8 bytes (length first) on any two strings (property)", () => {
    const goLess = (a: string, b: string): boolean => {
      const x = Buffer.from(a, 'utf8');
      const y = Buffer.from(b, 'utf8');
      return x.length !== y.length ? x.length < y.length : Buffer.compare(x, y) < 0;
    };
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('0x8000000000000000', 'é', 'ab', '€€', 'ééé'));
    fc.assert(fc.property(text, text, (a, b) => hexLess(a, b) === goLess(a, b)), { numRuns: 2000 });
  });

  it('is numeric order on every well-formed 16-digit bound (property)', () => {
    const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
    fc.assert(fc.property(u64, u64, (a, b) => hexLess(formatHex(a), formatHex(b)) === a < b), { numRuns: 2000 });
  });
});

describe('formatHex and parseHex', () => {
  it('print %016x with a 0x prefix and 17 digits for 2^64', () => {
    expect(formatHex(0n)).toBe('0x0000000000000000');
    expect(formatHex(255n)).toBe('0x00000000000000ff');
    expect(formatHex(1n << 64n)).toBe('0x10000000000000000');
    expect(parseHex('0x10000000000000000')).toBe(1n << 64n);
  });

  it('refuse values outside the hash space', () => {
    expect(() => formatHex(-1n)).toThrow(RangeError);
    expect(() => formatHex((1n << 64n) + 1n)).toThrow(RangeError);
    expect(() => parseHex('ff')).toThrow(RangeError);
  });

  it('split into halves and join back exactly', () => {
    const p = hexToParts('0x8000000000000001');
    expect(p).toEqual({ hi: 0x80000000, lo: 1 });
    expect(partsToBigInt(p.hi, p.lo)).toBe(0x8000000000000001n);
    expect(hexToParts(HEX_SPACE_END)).toEqual({ hi: 0x100000000, lo: 0 });
    expect(hashFraction(0x80000000, 0)).toBe(0.5);
  });
});
