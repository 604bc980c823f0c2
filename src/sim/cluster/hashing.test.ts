import { describe, expect, it } from 'vitest';
import { fnv1a64Bytes, hashField } from '../../core/sharding';
import { SortedHashIndex, radixSortByHash } from './hashindex';
import { jumpHash, jumpHashBigInt } from './jump';
import { createPrng } from './prng';
import { formatUuid, parseUuidInto, writeUuidV4, writeUuidV7 } from './uuid';

function randomHashes(n: number, seed: string): { hi: Uint32Array; lo: Uint32Array } {
  const p = createPrng(seed);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    hi[i] = p.u32();
    lo[i] = p.u32();
  }
  return { hi, lo };
}

describe('seeded PRNG', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = createPrng('x');
    const b = createPrng('x');
    const c = createPrng('y');
    const sa = Array.from({ length: 8 }, () => a.u32());
    expect(Array.from({ length: 8 }, () => b.u32())).toEqual(sa);
    expect(Array.from({ length: 8 }, () => c.u32())).not.toEqual(sa);
  });
  it('forks independent streams by label', () => {
    const p = createPrng(1);
    const f1 = p.fork('a').u32();
    p.u32();
    expect(p.fork('a').u32()).toBe(f1);
    expect(p.fork('b').u32()).not.toBe(f1);
  });
  it('draws Poisson counts with the right mean', () => {
    const p = createPrng('poisson');
    for (const lambda of [0.3, 5, 200]) {
      let sum = 0;
      for (let i = 0; i < 4000; i++) sum += p.poisson(lambda);
      expect(sum / 4000).toBeCloseTo(lambda, lambda < 1 ? 1 : 0);
    }
  });
});

describe('uids', () => {
  it('UUIDv4 has version 4 and the RFC variant, and parses back', () => {
    const p = createPrng('u');
    const w = new Uint32Array(4);
    for (let i = 0; i < 100; i++) {
      writeUuidV4(p, w, 0);
      const text = formatUuid(w, 0);
      expect(text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const back = new Uint32Array(4);
      expect(parseUuidInto(text, back, 0)).toBe(true);
      expect(Array.from(back)).toEqual(Array.from(w));
    }
  });
  it('UUIDv7-like ids are time ordered and have version 7', () => {
    const p = createPrng('v7');
    const w = new Uint32Array(4);
    const texts: string[] = [];
    for (let i = 0; i < 50; i++) {
      writeUuidV7(p, 1_700_000_000_000 + Math.floor(i / 3), i % 3, w, 0);
      texts.push(formatUuid(w, 0));
    }
    expect([...texts].sort()).toEqual(texts);
    expect(texts[0]![14]).toBe('7');
  });
});

describe('jump consistent hash', () => {
  it('agrees with an exact BigInt implementation of the 64-bit LCG', () => {
    const p = createPrng('jump');
    for (let i = 0; i < 500; i++) {
      const hi = p.u32();
      const lo = p.u32();
      const n = 1 + p.int(64);
      expect(jumpHash(hi, lo, n)).toBe(jumpHashBigInt((BigInt(hi) << 32n) | BigInt(lo), n));
    }
    expect(jumpHash(0xffffffff, 0xffffffff, 1000)).toBe(jumpHashBigInt((1n << 64n) - 1n, 1000));
  });
  it('agrees on FNV-1a 64 of real uids, the kube-state-metrics key', () => {
    const uid = '3f1c2b8e-7a55-4a0e-9c2d-0b7e1f6a9d42';
    const key = fnv1a64Bytes(new TextEncoder().encode(uid));
    const h = hashField(uid);
    expect(BigInt('0x' + h)).toBe(key);
    expect(jumpHash(parseInt(h.slice(0, 8), 16), parseInt(h.slice(8), 16), 7)).toBe(jumpHashBigInt(key, 7));
  });
  it('only ever moves a key to the new bucket when buckets grow by one', () => {
    const { hi, lo } = randomHashes(3000, 'mono');
    for (let i = 0; i < hi.length; i++) {
      let prev = jumpHash(hi[i]!, lo[i]!, 1);
      expect(prev).toBe(0);
      for (let n = 2; n <= 20; n++) {
        const b = jumpHash(hi[i]!, lo[i]!, n);
        expect(b === prev || b === n - 1).toBe(true);
        prev = b;
      }
    }
  });
  it('spreads keys evenly', () => {
    const { hi, lo } = randomHashes(40_000, 'even');
    const counts = new Array(8).fill(0);
    for (let i = 0; i < hi.length; i++) counts[jumpHash(hi[i]!, lo[i]!, 8)]++;
    for (const c of counts) expect(Math.abs(c - 5000)).toBeLessThan(300);
  });
});

describe('sorted hash index', () => {
  it('radix sort orders by (hi, lo) like a comparator sort', () => {
    const { hi, lo } = randomHashes(5000, 'radix');
    // Collide some high halves so the low half has to decide.
    for (let i = 0; i < 200; i++) hi[i] = 42;
    const slots = Uint32Array.from({ length: 5000 }, (_, i) => i);
    const sorted = radixSortByHash(slots, hi, lo);
    const ref = Array.from(slots).sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]!);
    expect(Array.from(sorted)).toEqual(ref);
  });

  it('counts live objects below a bound through deletions and pending additions', () => {
    const n = 3000;
    const { hi, lo } = randomHashes(n, 'idx');
    const alive = new Uint8Array(n);
    const idx = new SortedHashIndex({ hi, lo }, 'hi', 'lo');
    const first = Uint32Array.from({ length: 2000 }, (_, i) => i);
    first.forEach((s) => (alive[s] = 1));
    idx.build(first, n);
    for (let s = 2000; s < n; s++) {
      idx.add(s);
      alive[s] = 1;
    }
    for (let s = 0; s < n; s += 3) {
      idx.remove(s);
      alive[s] = 0;
    }
    const p = createPrng('q');
    for (let q = 0; q < 50; q++) {
      const bh = p.u32();
      const bl = p.u32();
      let brute = 0;
      for (let s = 0; s < n; s++) if (alive[s] && (hi[s]! < bh || (hi[s] === bh && lo[s]! < bl))) brute++;
      expect(idx.countBelow(bh, bl)).toBe(brute);
    }
    expect(idx.countBelow(4294967296, 0)).toBe(alive.reduce((a, b) => a + b, 0));
    expect(idx.weightBelow(4294967296, 0)).toBe(0); // no weights given
    const order = idx.liveInHashOrder();
    expect(order.length).toBe(idx.live);
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1]!;
      const b = order[i]!;
      expect(hi[a]! < hi[b]! || (hi[a] === hi[b] && lo[a]! <= lo[b]!)).toBe(true);
    }
  });

  it('sums live weights below a bound through deletions and pending additions', () => {
    const n = 3000;
    const { hi, lo } = randomHashes(n, 'weights');
    const weight = Uint32Array.from({ length: n }, (_, i) => 300 + ((i * 7919) % 5000));
    const alive = new Uint8Array(n);
    const idx = new SortedHashIndex({ hi, lo, weight }, 'hi', 'lo', 'weight');
    const first = Uint32Array.from({ length: 2000 }, (_, i) => i);
    first.forEach((s) => (alive[s] = 1));
    idx.build(first, n);
    for (let s = 2000; s < n; s++) {
      idx.add(s);
      alive[s] = 1;
    }
    const p = createPrng('w');
    const check = () => {
      for (let q = 0; q < 30; q++) {
        const bh = p.u32();
        const bl = p.u32();
        let brute = 0;
        for (let s = 0; s < n; s++) if (alive[s] && (hi[s]! < bh || (hi[s] === bh && lo[s]! < bl))) brute += weight[s]!;
        expect(idx.weightBelow(bh, bl)).toBe(brute);
      }
      let all = 0;
      for (let s = 0; s < n; s++) if (alive[s]) all += weight[s]!;
      expect(idx.weightBelow(4294967296, 0)).toBe(all);
    };
    check();
    // Removals from both the sorted part and the pending list.
    for (let s = 0; s < n; s += 3) {
      idx.remove(s);
      alive[s] = 0;
    }
    check();
  });
});
