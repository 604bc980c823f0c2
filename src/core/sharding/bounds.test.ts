import { describe, expect, it } from 'vitest';
import { analyzeCoverage } from './coverage';
import { HASH_SPACE, formatHex, hashFraction, hexFraction, hexToParts, parseHex, partsToBigInt } from './hex';
import { ShardSelector } from './selector';
import { MAX_SPLIT, splitHashSpace, splitShard } from './split';
import type { ShardRangeRequirement } from './types';

// Range bounds as the apiserver compares them: a range is [start, end), compared as 64-bit
// numbers (here as two 32-bit halves), and 2^64 is the only end beyond 64 bits.

const uid = (start: string, end: string): ShardRangeRequirement => ({ key: 'object.metadata.uid', start, end });

describe('ShardSelector.matchesHash', () => {
  // [0x00000001_00000005, 0x00000003_00000007): the halves differ at both ends.
  const s = new ShardSelector([uid('0x0000000100000005', '0x0000000300000007')]);

  it('includes the start and everything above it within the same high half', () => {
    expect(s.matchesHash(1, 5)).toBe(true);
    expect(s.matchesHash(1, 0xffffffff)).toBe(true);
    expect(s.matchesHash(1, 4)).toBe(false);
    expect(s.matchesHash(0, 0xffffffff)).toBe(false);
  });

  it('compares the high half first: any low half matches strictly inside the range', () => {
    expect(s.matchesHash(2, 0)).toBe(true);
    expect(s.matchesHash(2, 0xffffffff)).toBe(true);
    expect(s.matchesHash(3, 0)).toBe(true);
  });

  it('excludes the end and everything above it', () => {
    expect(s.matchesHash(3, 6)).toBe(true);
    expect(s.matchesHash(3, 7)).toBe(false);
    expect(s.matchesHash(3, 0xffffffff)).toBe(false);
    expect(s.matchesHash(4, 0)).toBe(false);
  });

  it('matches a hash in any of its ranges, the later ones too', () => {
    const two = new ShardSelector([uid('0x0000000000000000', '0x0000000100000000'), uid('0x8000000000000000', '0x10000000000000000')]);
    expect(two.matchesHash(0, 0xffffffff)).toBe(true);
    expect(two.matchesHash(0x80000000, 0)).toBe(true);
    expect(two.matchesHash(0xffffffff, 0xffffffff)).toBe(true);
    expect(two.matchesHash(1, 0)).toBe(false);
    expect(two.matchesHash(0x7fffffff, 0xffffffff)).toBe(false);
  });

  it('matches every hash for the selector with no ranges (apimachinery Everything)', () => {
    expect(new ShardSelector([]).matchesHash(0x12345678, 0x9abcdef0)).toBe(true);
    expect(new ShardSelector([]).key).toBeUndefined();
  });
});

describe('ShardSelector requirements', () => {
  it('are a frozen copy: changing the input afterwards changes nothing', () => {
    const input = [uid('0x0000000000000000', '0x8000000000000000')];
    const s = new ShardSelector(input);
    (input[0] as { start: string }).start = '0x4000000000000000';
    expect(s.requirements[0]!.start).toBe('0x0000000000000000');
    expect(Object.isFrozen(s.requirements)).toBe(true);
    expect(Object.isFrozen(s.requirements[0])).toBe(true);
    expect(s.matchesHash(0, 0)).toBe(true);
  });
});

describe('hex bounds', () => {
  it('formatHex names the value it refuses', () => {
    expect(() => formatHex(-1n)).toThrow('hash value out of range: -1');
    expect(() => formatHex(HASH_SPACE + 1n)).toThrow('hash value out of range: 18446744073709551617');
    expect(formatHex(HASH_SPACE - 1n)).toBe('0xffffffffffffffff');
  });

  it('parseHex reads 1 to 17 hex digits after 0x in either case, and nothing else', () => {
    expect(parseHex('0xF')).toBe(15n);
    expect(parseHex('0xAbC')).toBe(0xabcn);
    expect(parseHex('0x1ffffffffffffffff')).toBe((1n << 65n) - 1n);
    expect(() => parseHex('0x')).toThrow('not a hex bound: "0x"');
    expect(() => parseHex('0x123456789abcdef012')).toThrow(RangeError);
    expect(() => parseHex('0xg')).toThrow(RangeError);
    expect(() => parseHex('x0x1')).toThrow(RangeError);
    expect(() => parseHex('0x1 ')).toThrow(RangeError);
  });

  it('hexToParts gives the low half exactly, and partsToBigInt reads the low half as unsigned', () => {
    expect(hexToParts('0xfffffffe00000001')).toEqual({ hi: 0xfffffffe, lo: 1 });
    expect(hexToParts('0x00000001ffffffff')).toEqual({ hi: 1, lo: 0xffffffff });
    expect(partsToBigInt(1, -1)).toBe(0x1ffffffffn);
    expect(partsToBigInt(0, 0x80000000)).toBe(0x80000000n);
  });

  it('hashFraction and hexFraction place a hash in [0, 1) and 2^64 at 1', () => {
    expect(hashFraction(0, 0)).toBe(0);
    expect(hashFraction(0, 1)).toBe(2 ** -64);
    expect(hashFraction(1, 0)).toBe(2 ** -32);
    expect(hexFraction('0x4000000000000000')).toBe(0.25);
    expect(hexFraction('0x10000000000000000')).toBe(1);
  });
});

describe('equal splits refuse counts outside 1..10^6 with one message', () => {
  it('for splitHashSpace and splitShard alike', () => {
    const msg = (n: number) => `shard count must be an integer from 1 to ${MAX_SPLIT}, got ${n}`;
    expect(MAX_SPLIT).toBe(1_000_000);
    expect(() => splitHashSpace(0)).toThrow(msg(0));
    expect(() => splitHashSpace(1_000_001)).toThrow(msg(1_000_001));
    expect(() => splitShard(0, 0)).toThrow(msg(0));
    expect(() => splitShard(0, 1.5)).toThrow(msg(1.5));
    expect(() => splitShard(0, 1_000_001)).toThrow(msg(1_000_001));
    expect(splitShard(0, 1)).toEqual({ start: '0x0000000000000000', end: '0x10000000000000000' });
    expect(splitShard(999_999, 1_000_000).end).toBe('0x10000000000000000');
    expect(() => splitShard(0.5, 2)).toThrow('shard index must be an integer from 0 to 1, got 0.5');
    expect(() => splitShard(-1, 2)).toThrow('shard index must be an integer from 0 to 1, got -1');
  });
});

describe('analyzeCoverage on raw requirements', () => {
  it('ignores a range whose start is not below its end (a selector never holds one)', () => {
    const report = analyzeCoverage([[uid('0x8000000000000000', '0x4000000000000000')], [uid('0x0000000000000000', '0x10000000000000000')]]);
    expect(report.segments).toEqual([{ start: '0x0000000000000000', end: '0x10000000000000000', size: HASH_SPACE, owners: [1] }]);
    expect(report.exactFraction).toBe(1);
  });

  it('cuts an end beyond 2^64 at 2^64', () => {
    const report = analyzeCoverage([[uid('0x8000000000000000', '0x1ffffffffffffffff')]]);
    expect(report.segments.at(-1)).toEqual({ start: '0x8000000000000000', end: '0x10000000000000000', size: 1n << 63n, owners: [0] });
    expect(report.gapFraction).toBe(0.5);
  });

  it('lists owners in ascending order and merges neighbours with the same owners', () => {
    const report = analyzeCoverage([
      [uid('0x4000000000000000', '0x10000000000000000')],
      [uid('0x0000000000000000', '0x8000000000000000')],
      [uid('0x8000000000000000', '0xc000000000000000')],
    ]);
    expect(report.segments.map((g) => [g.start, g.owners])).toEqual([
      ['0x0000000000000000', [1]],
      ['0x4000000000000000', [0, 1]],
      ['0x8000000000000000', [0, 2]],
      ['0xc000000000000000', [0]],
    ]);
    expect(report.overlapFraction).toBe(0.5);
    expect(report.exactFraction).toBe(0.5);
  });

  it('treats an empty selector as owning nothing', () => {
    const report = analyzeCoverage([new ShardSelector([]), [uid('0x0000000000000000', '0x8000000000000000')]]);
    expect(report.gaps).toEqual([{ start: '0x8000000000000000', end: '0x10000000000000000', size: 1n << 63n, owners: [] }]);
  });
});
