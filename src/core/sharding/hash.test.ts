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

function bigRef(bytes: number[]): string {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16);
}
