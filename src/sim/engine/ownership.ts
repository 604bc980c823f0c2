/**
 * Ownership recount for proposed ranges without touching the model: the hash space is cut at
 * every range bound, each piece's owners are known from the ranges, and each piece's object
 * count is two prefix counts on the sorted index. O(bounds x ranges + bounds log P), so a
 * million objects are recounted well inside one 16 ms frame.
 */
import { hexToParts } from '../../core/sharding';
import type { SortedHashIndex } from '../cluster';
import type { OwnershipRecount, RangeSet } from './viewTypes';

interface Bound {
  readonly hi: number;
  readonly lo: number;
}

function less(a: Bound, b: Bound): boolean {
  return a.hi < b.hi || (a.hi === b.hi && a.lo < b.lo);
}

function lessEq(a: Bound, b: Bound): boolean {
  return !less(b, a);
}

/** Counts owners, gaps and duplicates of the index's live objects under `ranges` (one list per replica). */
export function recountRanges(index: SortedHashIndex, ranges: RangeSet): OwnershipRecount {
  const live = index.live;
  const parsed: { s: Bound; e: Bound }[][] = ranges.map((list) =>
    list.map((r) => ({ s: hexToParts(r.start), e: hexToParts(r.end) })).filter((r) => less(r.s, r.e)),
  );
  const cuts: Bound[] = [{ hi: 0, lo: 0 }, { hi: 4294967296, lo: 0 }];
  for (const list of parsed) for (const r of list) cuts.push(r.s, r.e);
  cuts.sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
  const uniq: Bound[] = [];
  for (const c of cuts) {
    const last = uniq[uniq.length - 1];
    if (!last || less(last, c)) uniq.push(c);
  }
  const below = uniq.map((c) => index.countBelow(c.hi, c.lo));
  const perReplica = new Array<number>(ranges.length).fill(0);
  let gaps = 0;
  let duplicates = 0;
  for (let k = 0; k + 1 < uniq.length; k++) {
    const n = below[k + 1]! - below[k]!;
    if (n === 0) continue;
    const a = uniq[k]!;
    const b = uniq[k + 1]!;
    let owners = 0;
    for (let r = 0; r < parsed.length; r++) {
      // A replica's own overlapping ranges count once for it.
      if (parsed[r]!.some((x) => lessEq(x.s, a) && lessEq(b, x.e))) {
        owners++;
        perReplica[r]! += n;
      }
    }
    if (owners === 0) gaps += n;
    else if (owners > 1) duplicates += n;
  }
  const max = perReplica.reduce((m, v) => Math.max(m, v), 0);
  const imbalance = live > 0 && ranges.length > 0 ? (max * ranges.length) / live : 0;
  return { live, perReplica, gaps, duplicates, imbalance };
}

/** The naive reference: a linear scan of every object against every replica's ranges. */
export function recountLinear(
  hi: Uint32Array,
  lo: Uint32Array,
  count: number,
  matchers: readonly { matchesHash(hi: number, lo: number): boolean }[],
): OwnershipRecount {
  const perReplica = new Array<number>(matchers.length).fill(0);
  let gaps = 0;
  let duplicates = 0;
  for (let i = 0; i < count; i++) {
    let owners = 0;
    for (let r = 0; r < matchers.length; r++) {
      if (matchers[r]!.matchesHash(hi[i]!, lo[i]!)) {
        owners++;
        perReplica[r]!++;
      }
    }
    if (owners === 0) gaps++;
    else if (owners > 1) duplicates++;
  }
  const max = perReplica.reduce((m, v) => Math.max(m, v), 0);
  return { live: count, perReplica, gaps, duplicates, imbalance: count > 0 ? (max * matchers.length) / count : 0 };
}
