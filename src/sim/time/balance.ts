/**
 * Balanced ranges: N contiguous ranges of the 64-bit hash space whose
 * loads (objects, bytes or events of the groups whose hash falls in each) are as even as a
 * contiguous split allows. Equal ranges are right for uids, whose hashes are uniform; with the
 * namespace key a namespace is one point of the space (every object of it has the same hash),
 * so it can never be split, and a few large namespaces make equal ranges uneven.
 *
 * The split minimises the largest load (the bottleneck; binary search over the threshold with
 * a greedy check, each check O(N log G)), then places each cut, within what that threshold
 * allows, as close as it can to the ideal quantile, so the other replicas are even too. Every
 * boundary lies strictly between two groups' hashes (the middle of the gap), so a group is
 * owned by exactly one range and new objects with fresh uids spread as before.
 */
import { HASH_SPACE, formatHex, type HexRange, splitHashSpace } from '../../core/sharding';

/** What a balanced split evens out. */
export type BalanceMeasure = 'objects' | 'bytes' | 'events';
export const BALANCE_MEASURES: readonly BalanceMeasure[] = ['objects', 'bytes', 'events'];

/**
 * Weighted points of the hash space, ascending by hash (`hi`, then `lo`: the two 32-bit halves
 * of the 64-bit FNV-1a value). A namespace or an object is one group; equal hashes may repeat.
 */
export interface WeightedGroups {
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly weight: Float64Array;
}

/** A split and how even it is. */
export interface BalancedSplit {
  /** N contiguous ranges, from 0x0000000000000000 to 0x10000000000000000, each non-empty. */
  readonly ranges: readonly HexRange[];
  /** The weight of the groups in each range. */
  readonly loads: readonly number[];
  /** Largest load over the mean load (1 when nothing weighs anything). */
  readonly imbalance: number;
}

/** A balanced split next to the equal one for the same groups. */
export interface BalanceResult {
  readonly balanced: BalancedSplit;
  readonly equal: BalancedSplit;
  /** Sum of all weights. */
  readonly total: number;
  /** Groups (namespaces or objects) weighed. */
  readonly groups: number;
}

const TWO32 = 4294967296n;

/** Largest index e in [from, to] with p[e] - p[s] <= limit (p ascending). */
function furthest(p: Float64Array, s: number, from: number, to: number, limit: number): number {
  let a = from;
  let b = to;
  while (a < b) {
    const m = (a + b + 1) >>> 1;
    if (p[m]! - p[s]! <= limit) a = m;
    else b = m - 1;
  }
  return a;
}

/** How many parts a greedy cut of all groups needs when no part may weigh more than `limit`. */
function partsNeeded(p: Float64Array, g: number, limit: number, cap: number): number {
  let s = 0;
  let parts = 0;
  while (s < g) {
    const e = furthest(p, s, s, g, limit);
    if (e === s) return Infinity; // one group alone is over the limit
    s = e;
    if (++parts > cap) return parts;
  }
  return parts;
}

/** Loads of the ranges `[b[i], b[i+1])` (BigInt bounds, b[0] = 0, b[n] = 2^64) over sorted groups. */
export function loadsOf(groups: WeightedGroups, bounds: readonly bigint[]): number[] {
  const n = bounds.length - 1;
  const loads = new Array<number>(n).fill(0);
  // Each end as [hi, lo] (2^64 as hi = 2^32), compared limb by limb: no BigInt per group.
  const endHi = new Float64Array(n);
  const endLo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    endHi[i] = Number(bounds[i + 1]! / TWO32);
    endLo[i] = Number(bounds[i + 1]! % TWO32);
  }
  let r = 0;
  for (let k = 0; k < groups.weight.length; k++) {
    const h = groups.hi[k]!;
    const l = groups.lo[k]!;
    while (r < n - 1 && (h > endHi[r]! || (h === endHi[r]! && l >= endLo[r]!))) r++;
    loads[r]! += groups.weight[k]!;
  }
  return loads;
}

function split(groups: WeightedGroups, bounds: readonly bigint[], total: number): BalancedSplit {
  const n = bounds.length - 1;
  const loads = loadsOf(groups, bounds);
  const ranges: HexRange[] = [];
  for (let i = 0; i < n; i++) ranges.push({ start: formatHex(bounds[i]!), end: formatHex(bounds[i + 1]!) });
  const max = loads.reduce((m, x) => Math.max(m, x), 0);
  return { ranges, loads, imbalance: total > 0 ? max / (total / n) : 1 };
}

/** The hash of group k as a BigInt. */
function hashAt(groups: WeightedGroups, k: number): bigint {
  return BigInt(groups.hi[k]!) * TWO32 + BigInt(groups.lo[k]!);
}

/**
 * Cut indices (a cut at c separates group c-1 from group c) into hash bounds: each cut in the
 * middle of its gap, several cuts at one gap spread evenly over it; then strictly increasing.
 */
function boundsOf(groups: WeightedGroups, cuts: readonly number[], n: number): bigint[] {
  const g = groups.weight.length;
  const bounds: bigint[] = [0n];
  for (let j = 0; j < cuts.length; ) {
    const c = cuts[j]!;
    let k = 1;
    while (j + k < cuts.length && cuts[j + k] === c) k++;
    const lo = c === 0 ? 1n : hashAt(groups, c - 1) + 1n;
    const hi = c === g ? HASH_SPACE - 1n : hashAt(groups, c);
    const span = hi - lo + 1n;
    for (let m = 0; m < k; m++) bounds.push(span > 0n ? lo + (BigInt(m + 1) * span) / BigInt(k + 1) : lo);
    j += k;
  }
  bounds.push(HASH_SPACE);
  // Equal hashes in a row or a crowded gap could leave two bounds equal: nudge them apart so
  // every range is non-empty (the loads are then recomputed from the bounds as they are).
  for (let i = 1; i < n; i++) if (bounds[i]! <= bounds[i - 1]!) bounds[i] = bounds[i - 1]! + 1n;
  for (let i = n - 1; i >= 1; i--) if (bounds[i]! >= bounds[i + 1]!) bounds[i] = bounds[i + 1]! - 1n;
  return bounds;
}

/**
 * Balanced ranges for `n` replicas over weighted groups sorted by hash, next to equal ranges.
 * The balanced split's largest load is never above the equal split's: equal ranges are one
 * contiguous split among those searched, and if rounding ever made the search's answer worse,
 * the equal split is returned as the balanced one.
 */
export function balanceRanges(groups: WeightedGroups, n: number): BalanceResult {
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new RangeError(`replica count must be an integer from 1 to 1000000, got ${n}`);
  const g = groups.weight.length;
  if (groups.hi.length !== g || groups.lo.length !== g) throw new RangeError('hi, lo and weight must have the same length');
  const p = new Float64Array(g + 1);
  let maxW = 0;
  for (let k = 0; k < g; k++) {
    const w = groups.weight[k]!;
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weight ${k} must be a finite number >= 0, got ${w}`);
    if (k > 0 && (groups.hi[k]! < groups.hi[k - 1]! || (groups.hi[k] === groups.hi[k - 1] && groups.lo[k]! < groups.lo[k - 1]!))) {
      throw new RangeError(`groups must be sorted by hash (group ${k} is below group ${k - 1})`);
    }
    p[k + 1] = p[k]! + w;
    maxW = Math.max(maxW, w);
  }
  const total = p[g]!;
  const equalBounds = splitHashSpace(n).map((r) => BigInt(r.start)).concat([HASH_SPACE]);
  const equal = split(groups, equalBounds, total);
  if (n === 1 || total <= 0) return { balanced: equal, equal, total, groups: g };

  // The least threshold T such that n parts suffice (to double precision).
  let lo = Math.max(maxW, total / n);
  let hi = total;
  if (partsNeeded(p, g, lo, n) <= n) hi = lo;
  for (let it = 0; it < 100 && hi - lo > hi * 1e-12; it++) {
    const mid = (lo + hi) / 2;
    if (partsNeeded(p, g, mid, n) <= n) hi = mid;
    else lo = mid;
  }
  const limit = hi;

  // need[i]: the fewest parts the groups from i on need under the threshold (0 at the end).
  const need = new Int32Array(g + 1);
  for (let i = g - 1; i >= 0; i--) need[i] = 1 + need[furthest(p, i, i, g, limit)]!;

  const cuts: number[] = [];
  let s = 0;
  for (let j = 0; j < n - 1; j++) {
    const rest = n - j - 1;
    const eMax = furthest(p, s, s, g, limit);
    // The first end after which the rest still fits in `rest` parts (need is non-increasing).
    let a = s;
    let b = eMax;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (need[m]! <= rest) b = m;
      else a = m + 1;
    }
    const eMin = a;
    // Within [eMin, eMax], the end closest to the ideal quantile.
    const target = ((j + 1) * total) / n;
    let x = eMin;
    let y = eMax;
    while (x < y) {
      const m = (x + y) >>> 1;
      if (p[m]! < target) x = m + 1;
      else y = m;
    }
    let e = x;
    if (e > eMin && Math.abs(p[e - 1]! - target) <= Math.abs(p[e]! - target)) e = e - 1;
    cuts.push(e);
    s = e;
  }
  const balanced = split(groups, boundsOf(groups, cuts, n), total);
  const worse = Math.max(...balanced.loads) > Math.max(...equal.loads);
  return { balanced: worse ? equal : balanced, equal, total, groups: g };
}

/**
 * Sorts groups given in any order by hash, in place of copies; equal hashes stay adjacent.
 * For callers that gather groups from an unsorted source (namespaces by index, live slots).
 */
export function sortGroups(hi: Uint32Array, lo: Uint32Array, weight: Float64Array): WeightedGroups {
  const order = Array.from({ length: weight.length }, (_, i) => i);
  order.sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]! || a - b);
  const H = new Uint32Array(order.length);
  const L = new Uint32Array(order.length);
  const W = new Float64Array(order.length);
  order.forEach((k, i) => {
    H[i] = hi[k]!;
    L[i] = lo[k]!;
    W[i] = weight[k]!;
  });
  return { hi: H, lo: L, weight: W };
}
