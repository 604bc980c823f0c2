import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ShardSelector, splitHashSpace } from '../../core/sharding';
import { SortedHashIndex, createPrng } from '../cluster';
import { recountLinear, recountRanges } from './ownership';

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

describe('ownership recount', () => {
  const n = 20_000;
  const { hi, lo } = randomHashes(n, 'recount');
  const idx = new SortedHashIndex({ hi, lo }, 'hi', 'lo');
  idx.build(Uint32Array.from({ length: n }, (_, i) => i), n);
  const bound = fc.bigInt({ min: 0n, max: 1n << 64n }).map((v) => '0x' + v.toString(16).padStart(16, '0'));
  const range = fc.tuple(bound, bound).filter(([a, b]) => BigInt(a) < BigInt(b)).map(([start, end]) => ({ start, end }));

  it('by binary search equals a linear scan with matchesHash, for any ranges', () => {
    fc.assert(
      fc.property(fc.array(fc.array(range, { minLength: 0, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (set) => {
        const fast = recountRanges(idx, set);
        const sels = set.map((rs) => (rs.length ? new ShardSelector(rs.map((r) => ({ key: 'object.metadata.uid' as const, ...r }))) : { matchesHash: () => false }));
        const slow = recountLinear(hi, lo, n, sels);
        expect(fast.perReplica).toEqual(slow.perReplica);
        expect(fast.gaps).toBe(slow.gaps);
        expect(fast.duplicates).toBe(slow.duplicates);
      }),
      { numRuns: 40 },
    );
  });

  it('an equal split owns everything exactly once and near evenly', () => {
    const r = recountRanges(idx, splitHashSpace(8).map((x) => [x]));
    expect(r.gaps).toBe(0);
    expect(r.duplicates).toBe(0);
    expect(r.perReplica.reduce((a, b) => a + b, 0)).toBe(n);
    expect(r.imbalance).toBeLessThan(1.08);
  });
});
