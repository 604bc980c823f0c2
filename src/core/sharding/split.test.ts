import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeCoverage } from './coverage';
import { HASH_SPACE, parseHex } from './hex';
import { splitHashSpace } from './split';

describe('splitHashSpace', () => {
  it('halves the space exactly as the blog post shows for two replicas', () => {
    expect(splitHashSpace(2)).toEqual([
      { start: '0x0000000000000000', end: '0x8000000000000000' },
      { start: '0x8000000000000000', end: '0x10000000000000000' },
    ]);
  });

  it('floors i*2^64/n for uneven counts', () => {
    expect(splitHashSpace(3)).toEqual([
      { start: '0x0000000000000000', end: '0x5555555555555555' },
      { start: '0x5555555555555555', end: '0xaaaaaaaaaaaaaaaa' },
      { start: '0xaaaaaaaaaaaaaaaa', end: '0x10000000000000000' },
    ]);
    expect(splitHashSpace(1)).toEqual([{ start: '0x0000000000000000', end: '0x10000000000000000' }]);
  });

  it('stays exact at a million shards', () => {
    const r = splitHashSpace(1_000_000);
    expect(r).toHaveLength(1_000_000);
    expect(r[1]!.start).toBe('0x000010c6f7a0b5ed'); // floor(2^64 / 1e6)
    expect(parseHex(r[999_999]!.start)).toBe((999_999n * HASH_SPACE) / 1_000_000n);
    expect(r[999_999]!.end).toBe('0x10000000000000000');
  });

  it('rejects counts that are not whole numbers from 1 to 10^6', () => {
    for (const n of [0, -1, 1.5, Number.NaN, 1_000_001]) expect(() => splitHashSpace(n)).toThrow(RangeError);
  });

  it('covers [0, 2^64) with no gap or overlap for any n, and analyzeCoverage agrees (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (n) => {
        const ranges = splitHashSpace(n);
        let expected = 0n;
        for (const r of ranges) {
          if (parseHex(r.start) !== expected) return false;
          expected = parseHex(r.end);
          if (parseHex(r.start) >= expected) return false;
        }
        if (expected !== HASH_SPACE) return false;
        const report = analyzeCoverage(ranges.map((r) => [{ key: 'object.metadata.uid' as const, ...r }]));
        return report.gaps.length === 0 && report.overlaps.length === 0 && report.exactFraction === 1;
      }),
      { numRuns: 60 },
    );
  });
});
