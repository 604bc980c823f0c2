import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HASH_SPACE, hashField, parseShardSelector, requirementToString } from '../../core/sharding';
import { balanceRanges, loadsOf, sortGroups, type WeightedGroups } from './balance';

/** Groups from (hash, weight) pairs in any order. */
function groupsOf(items: readonly (readonly [bigint, number])[]): WeightedGroups {
  const hi = new Uint32Array(items.length);
  const lo = new Uint32Array(items.length);
  const w = new Float64Array(items.length);
  items.forEach(([h, weight], i) => {
    hi[i] = Number(h >> 32n);
    lo[i] = Number(h & 0xffffffffn);
    w[i] = weight;
  });
  return sortGroups(hi, lo, w);
}

/** Namespaces with Zipf-like sizes, hashed as the apiserver hashes them. */
function namespaces(count: number, s = 1.1): [string, bigint, number][] {
  return Array.from({ length: count }, (_, i) => {
    const name = `team-${i}`;
    return [name, BigInt('0x' + hashField(name)), Math.round(10_000 / (i + 1) ** s)] as [string, bigint, number];
  });
}

/** The owner of hash h under contiguous ranges. */
function ownerOf(ranges: readonly { start: string; end: string }[], h: bigint): number[] {
  return ranges.flatMap((r, i) => (BigInt(r.start) <= h && h < BigInt(r.end) ? [i] : []));
}

function expectCover(ranges: readonly { start: string; end: string }[], n: number): void {
  expect(ranges).toHaveLength(n);
  expect(ranges[0]!.start).toBe('0x0000000000000000');
  expect(ranges[n - 1]!.end).toBe('0x10000000000000000');
  for (let i = 0; i < n; i++) {
    expect(BigInt(ranges[i]!.start) < BigInt(ranges[i]!.end), `range ${i} is non-empty`).toBe(true);
    if (i > 0) expect(ranges[i]!.start, `range ${i} starts where ${i - 1} ends`).toBe(ranges[i - 1]!.end);
    expect(ranges[i]!.start).toMatch(/^0x[0-9a-f]{16}$/);
    expect(ranges[i]!.end).toMatch(/^0x(?:[0-9a-f]{16}|10000000000000000)$/);
  }
}

describe('balanceRanges', () => {
  it('40 Zipf namespaces over 4 replicas: the namespace key is far from even with equal ranges, balanced ranges come close to the largest namespace', () => {
    const ns = namespaces(40);
    const r = balanceRanges(groupsOf(ns.map(([, h, w]) => [h, w])), 4);
    const total = ns.reduce((a, [, , w]) => a + w, 0);
    expect(r.total).toBe(total);
    expectCover(r.balanced.ranges, 4);
    // From first principles: the loads are the sums of the namespaces whose hash each range holds.
    const loads = [0, 0, 0, 0];
    for (const [, h, w] of ns) loads[ownerOf(r.balanced.ranges, h)[0]!]! += w;
    expect(r.balanced.loads).toEqual(loads);
    expect(r.balanced.imbalance).toBeCloseTo(Math.max(...loads) / (total / 4), 12);
    // No contiguous split can put the largest namespace with less than itself.
    const largest = Math.max(...ns.map(([, , w]) => w));
    expect(r.balanced.imbalance).toBeGreaterThanOrEqual(Math.max(1, largest / (total / 4)) - 1e-12);
    expect(r.balanced.imbalance).toBeLessThan(r.equal.imbalance);
    expect(r.balanced.imbalance).toBeLessThan(1.3);
  });

  it('never splits a namespace: every object of a namespace has one owner, the same for all', () => {
    const ns = namespaces(25);
    const r = balanceRanges(groupsOf(ns.map(([, h, w]) => [h, w])), 7);
    for (const [name, h] of ns) expect(ownerOf(r.balanced.ranges, h), name).toHaveLength(1);
  });

  it('gives selectors the apiserver parser accepts, in canonical form', () => {
    const ns = namespaces(30);
    const r = balanceRanges(groupsOf(ns.map(([, h, w]) => [h, w])), 5);
    for (const range of r.balanced.ranges) {
      const text = requirementToString({ key: 'object.metadata.namespace', start: range.start, end: range.end });
      expect(parseShardSelector(text).toString()).toBe(text);
    }
  });

  it('more replicas than namespaces: every range is still non-empty and contiguous, each namespace alone', () => {
    const ns = namespaces(3);
    const r = balanceRanges(groupsOf(ns.map(([, h, w]) => [h, w])), 8);
    expectCover(r.balanced.ranges, 8);
    expect(r.balanced.loads.filter((x) => x > 0)).toHaveLength(3);
  });

  it('one replica owns everything; no weight at all gives imbalance 1', () => {
    const r = balanceRanges(groupsOf([[5n, 3]]), 1);
    expect(r.balanced.ranges).toEqual([{ start: '0x0000000000000000', end: '0x10000000000000000' }]);
    expect(r.balanced.imbalance).toBe(1);
    expect(balanceRanges(groupsOf([]), 4).balanced.imbalance).toBe(1);
  });

  it('groups at the very ends of the space and on equal hashes', () => {
    const r = balanceRanges(groupsOf([[0n, 5], [0n, 5], [HASH_SPACE - 1n, 10], [1n, 1]]), 3);
    expectCover(r.balanced.ranges, 3);
    expect(r.balanced.loads.reduce((a, b) => a + b, 0)).toBe(21);
  });

  it('refuses unsorted groups and bad weights with a message, never a wrong answer', () => {
    expect(() => balanceRanges({ hi: new Uint32Array([2, 1]), lo: new Uint32Array(2), weight: new Float64Array([1, 1]) }, 2)).toThrow(/sorted/);
    expect(() => balanceRanges(groupsOf([[1n, -1]]), 2)).toThrow(/finite number/);
    expect(() => balanceRanges(groupsOf([[1n, 1]]), 0)).toThrow(/replica count/);
  });

  it('loadsOf counts a group on a boundary in the range that starts there ([start, end))', () => {
    const g = groupsOf([[10n, 1], [20n, 2], [30n, 4]]);
    expect(loadsOf(g, [0n, 20n, 30n, HASH_SPACE])).toEqual([1, 2, 4]);
    expect(loadsOf(g, [0n, 21n, HASH_SPACE])).toEqual([3, 4]);
  });

  it('property: for any weighted groups and N, the ranges cover [0, 2^64) without gap or overlap and the imbalance is never worse than equal ranges', () => {
    const hash = fc.bigInt({ min: 0n, max: HASH_SPACE - 1n });
    // Hashes bunched in a corner of the space as well as spread over it.
    const bunched = fc.bigInt({ min: 0n, max: 1n << 20n });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(hash, bunched), fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.double({ min: 0, max: 1e6, noNaN: true }))), { maxLength: 200 }),
        fc.integer({ min: 1, max: 64 }),
        (items, n) => {
          const g = groupsOf(items);
          const r = balanceRanges(g, n);
          expectCover(r.balanced.ranges, n);
          expect(Math.max(...r.balanced.loads)).toBeLessThanOrEqual(Math.max(...r.equal.loads));
          expect(r.balanced.imbalance).toBeLessThanOrEqual(r.equal.imbalance);
          // Loads re-derived from the ranges as text.
          const loads = new Array<number>(n).fill(0);
          for (const [h, w] of items) {
            const o = ownerOf(r.balanced.ranges, h);
            expect(o).toHaveLength(1);
            loads[o[0]!]! += w;
          }
          r.balanced.loads.forEach((x, i) => expect(x).toBeCloseTo(loads[i]!, 3));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a million uid-keyed objects of uniform weight: balanced ranges stay as even as equal ones (equal ranges are right for uids)', () => {
    const count = 200_000;
    const hi = new Uint32Array(count);
    const lo = new Uint32Array(count);
    const w = new Float64Array(count).fill(1);
    let x = 0x9e3779b9;
    for (let i = 0; i < count; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      hi[i] = x;
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      lo[i] = x;
    }
    const r = balanceRanges(sortGroups(hi, lo, w), 16);
    expect(r.balanced.imbalance).toBeLessThanOrEqual(r.equal.imbalance);
    expect(r.balanced.imbalance).toBeLessThan(1.001);
  });
});
