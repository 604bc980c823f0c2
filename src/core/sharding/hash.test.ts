import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import vectors from '../../../tests/fixtures/fnv1a64-go.json';
import { EMPTY_STRING_HASH, fnv1a64Bytes, hashField, hashFieldHigh, hashFieldInto, lastHashLow } from './hash';

/** The textbook definition, in BigInt: the reference the fast form must equal. */
function referenceFnv1a64(value: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(value)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

const goVectors = (vectors as { fnv1a64: { value: string; hash: string }[] }).fnv1a64;

describe('hashField', () => {
  it('equals Go hash/fnv New64a %016x on every golden vector', () => {
    expect(goVectors.length).toBeGreaterThan(50);
    for (const v of goVectors) expect(hashField(v.value), JSON.stringify(v.value)).toBe(v.hash);
  });

  it('gives the offset basis for the empty string (a cluster-scoped object\'s namespace)', () => {
    expect(hashField('')).toBe('cbf29ce484222325');
    expect(EMPTY_STRING_HASH).toBe('cbf29ce484222325');
  });

  it('encodes a lone surrogate as U+FFFD, as TextEncoder does', () => {
    expect(hashField('a\ud800b')).toBe(hashField('a\ufffdb'));
    expect(hashField('\udc00')).toBe(hashField('\ufffd'));
    expect(hashField('x\ud83d')).toBe(referenceFnv1a64('x\ud83d'));
  });

  it('hashes astral characters from their surrogate pairs as 4-byte UTF-8', () => {
    expect(hashField('😀')).toBe(referenceFnv1a64('😀'));
    expect(hashField('名前空間')).toBe(referenceFnv1a64('名前空間'));
  });

  it('equals a plain BigInt FNV-1a on arbitrary Unicode (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (s) => hashField(s) === referenceFnv1a64(s)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 32 }),
        (s) => hashField(s) === referenceFnv1a64(s)),
      { numRuns: 2000 },
    );
  });

  it('gives the same bits in its numeric forms as in the hex form', () => {
    const out = new Uint32Array(4);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        hashFieldInto(s, out, 2);
        const hex = hashField(s);
        const hi = hashFieldHigh(s);
        return (
          out[2]!.toString(16).padStart(8, '0') + out[3]!.toString(16).padStart(8, '0') === hex &&
          hi === out[2] && lastHashLow() === out[3]
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('hashes raw bytes like the string form hashes their UTF-8', () => {
    const bytes = new TextEncoder().encode('52fdfc07-2182-454f-963f-5f0f9a621d72');
    expect(fnv1a64Bytes(bytes).toString(16).padStart(16, '0')).toBe('072c9868e99474df');
    expect(fnv1a64Bytes(new Uint8Array([0xff, 0x00]))).toBe(BigInt('0x' + bigRef([0xff, 0x00])));
  });
});

describe('hashField at the UTF-8 encoding boundaries', () => {
  // The apiserver hashes `[]byte(value)`: the UTF-8 bytes of a Go string. The core encodes
  // UTF-16 to UTF-8 itself, one branch per encoded length, so each length's first and last
  // code point is pinned against the plain BigInt FNV-1a over TextEncoder's bytes.
  const boundaries: [string, string, number][] = [
    ['U+007F, the last 1-byte code point', '\u007f', 1],
    ['U+0080, the first 2-byte code point', '\u0080', 2],
    ['U+07FF, the last 2-byte code point', '\u07ff', 2],
    ['U+0800, the first 3-byte code point', '\u0800', 3],
    ['U+D7FF, the last code point before the surrogates', '\ud7ff', 3],
    ['U+E000, the first code point after the surrogates', '\ue000', 3],
    ['U+FFFF, the last 3-byte code point', '\uffff', 3],
    ['U+10000, the first 4-byte code point (a surrogate pair)', '\u{10000}', 4],
    ['U+10FFFF, the last code point', '\u{10ffff}', 4],
  ];

  for (const [name, s, bytes] of boundaries) {
    it(`hashes ${name} as its ${bytes} UTF-8 byte(s)`, () => {
      expect(new TextEncoder().encode(s)).toHaveLength(bytes);
      expect(hashField(s)).toBe(referenceFnv1a64(s));
    });
  }

  it('hashes a string mixing every encoded length, in order', () => {
    const s = 'a\u007f\u0080\u07ff\u0800\uffff\u{10000}\u{10ffff}z';
    expect(new TextEncoder().encode(s)).toHaveLength(1 + 1 + 2 + 2 + 3 + 3 + 4 + 4 + 1);
    expect(hashField(s)).toBe(referenceFnv1a64(s));
    expect(hashField(s)).not.toBe(hashField('a\u007f\u0080\u07ff\u0800\uffff\u{10ffff}\u{10000}z'));
  });

  // A Go string from the apiserver's JSON never holds a lone surrogate: encoding/json decodes
  // an unpaired `\ud800` escape as U+FFFD, and `[]byte(s)` then yields EF BF BD. TextEncoder
  // does the same to a JavaScript string, so the pinned behaviour is: every unpaired
  // surrogate hashes as U+FFFD, and only a high surrogate followed by a low one is a pair.
  it('hashes each unpaired surrogate as U+FFFD (EF BF BD), as the apiserver sees it after encoding/json', () => {
    for (const [s, asServerSees] of [
      ['\ud800', '\ufffd'],
      ['\udfff', '\ufffd'],
      ['x\udbffy', 'x\ufffdy'],
      ['\ud800\ud800', '\ufffd\ufffd'],
      ['\udc00\ud800', '\ufffd\ufffd'],
      ['\ud800\ud800\udc00', '\ufffd\u{10000}'],
      ['\udbff\udfff\udfff', '\u{10ffff}\ufffd'],
    ]) {
      expect(new TextEncoder().encode(s)).toEqual(new TextEncoder().encode(asServerSees));
      expect(hashField(s), JSON.stringify(s)).toBe(referenceFnv1a64(s));
      expect(hashField(s), JSON.stringify(s)).toBe(hashField(asServerSees));
    }
  });
});

function bigRef(bytes: number[]): string {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16);
}
