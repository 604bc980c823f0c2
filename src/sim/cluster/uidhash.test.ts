import { describe, expect, it } from 'vitest';
import { hashFieldInto } from '../../core/sharding';
import { sortByHash } from './hashindex';
import { createPrng } from './prng';
import { hashUidWordsInto } from './uidhash';
import { formatUuid, writeUuidV4 } from './uuid';

describe('hashing a uid from its words', () => {
  it('equals FNV-1a 64 of the uid text for random, all-zero and all-ones uids', () => {
    const prng = createPrng('uidhash');
    const words = new Uint32Array(4 * 2000);
    for (let i = 2; i < 2000; i++) writeUuidV4(prng, words, i * 4);
    words.fill(0xffffffff, 4, 8);
    const hi = new Uint32Array(2000);
    const lo = new Uint32Array(2000);
    const want = new Uint32Array(2);
    for (let i = 0; i < 2000; i++) {
      hashUidWordsInto(words, i * 4, hi, lo, i);
      hashFieldInto(formatUuid(words, i * 4), want, 0);
      expect([hi[i], lo[i]]).toEqual([want[0], want[1]]);
    }
  });
});

describe('sorting slots by hash', () => {
  /** Reference: a stable comparison sort on (hi, lo). */
  function reference(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): number[] {
    return [...slots].sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]!);
  }

  it('orders large inputs exactly as a stable comparison sort, with uniform and clustered keys', () => {
    const prng = createPrng('sort');
    for (const n of [20_000, 70_001]) {
      for (const clustered of [false, true]) {
        const hi = new Uint32Array(n);
        const lo = new Uint32Array(n);
        for (let i = 0; i < n; i++) {
          // Clustered: few distinct high halves (namespace hashes), many ties, some equal keys.
          hi[i] = clustered ? (prng.int(5) * 0x01000001) >>> 0 : prng.u32();
          lo[i] = clustered ? prng.int(50) : prng.u32();
        }
        const slots = new Uint32Array(n);
        for (let i = 0; i < n; i++) slots[i] = (i * 7919) % n;
        const got = sortByHash(slots, hi, lo);
        const want = reference(slots, hi, lo);
        expect([...got.slots]).toEqual(want);
        expect([...got.hi]).toEqual(want.map((s) => hi[s]));
        expect([...got.lo]).toEqual(want.map((s) => lo[s]));
      }
    }
  });
});
