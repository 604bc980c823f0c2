import { describe, expect, it } from 'vitest';
import { hashFieldInto } from '../../core/sharding';
import { createPrng } from './prng';
import { hashUidsInto, wasmUidHasher } from './uidhashwasm';
import { formatUuid, writeUuidV4 } from './uuid';

describe('hashing many uids at once in WebAssembly', () => {
  it('is available where WebAssembly is (Node, browsers, workers)', () => {
    expect(wasmUidHasher()).not.toBeNull();
  });

  it('equals FNV-1a 64 of each uid text, across several blocks of the module memory, as the JavaScript loop does', () => {
    const n = 140_003; // more than two 65,536-uid blocks, the last one partial
    const prng = createPrng('uidhash-wasm');
    const words = new Uint32Array(4 * n);
    for (let i = 2; i < n; i++) writeUuidV4(prng, words, i * 4);
    words.fill(0xffffffff, 4, 8);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    hashUidsInto(words, n, hi, lo);
    const jsHi = new Uint32Array(n);
    const jsLo = new Uint32Array(n);
    hashUidsInto(words, n, jsHi, jsLo, false);
    let differ = 0;
    for (let i = 0; i < n; i++) if (hi[i] !== jsHi[i] || lo[i] !== jsLo[i]) differ++;
    expect(differ).toBe(0);
    const want = new Uint32Array(2);
    for (const i of [0, 1, 2, 65_535, 65_536, 131_072, n - 1]) {
      hashFieldInto(formatUuid(words, i * 4), want, 0);
      expect([hi[i], lo[i]]).toEqual([want[0], want[1]]);
    }
  });
});
