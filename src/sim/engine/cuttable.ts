/**
 * The fan-out's cut table: the uid-hash space cut at every bound of the active selectors,
 * each piece carrying the bit masks of the sharded watchers that pass it and of the
 * unsharded replicas that keep it by ranges. One binary search per event then answers
 * "who receives, who keeps" for all replicas at once.
 *
 * Built by one sweep over the sorted bounds: O(B log B) for B bounds in all, where testing
 * every piece against every range of every owner was O(B^2) (cubic as replicas and ranges
 * per replica grow together).
 */
import { hexToParts, type ShardRangeRequirement } from '../../core/sharding';

/** One replica that takes part in the table. */
export interface CutOwner {
  /** Replica index (0-63): its bit in the masks. */
  readonly k: number;
  /** A sharded watcher (its bit goes to `pass`) or an unsharded replica keeping by ranges (`keep`). */
  readonly pass: boolean;
  /** Its uid ranges; null covers the whole space. */
  readonly ranges: readonly ShardRangeRequirement[] | null;
}

/** Pieces in ascending order of their start (`hi`, `lo`); piece i ends where i + 1 starts, the last at 2^64. */
export interface CutTable {
  readonly hi: Float64Array;
  readonly lo: Float64Array;
  readonly passLo: Uint32Array;
  readonly passHi: Uint32Array;
  readonly keepLo: Uint32Array;
  readonly keepHi: Uint32Array;
}

const TWO_32 = 4294967296;

/** Builds the table for `owners` (see the module comment). */
export function buildCutTable(owners: readonly CutOwner[]): CutTable {
  // Bound events: position (hi, lo), owner slot, +1 at a start, -1 at an end.
  let count = 0;
  for (const o of owners) if (o.ranges !== null) count += 2 * o.ranges.length;
  const evHi = new Float64Array(count);
  const evLo = new Float64Array(count);
  const evOwner = new Int32Array(count);
  const evDelta = new Int8Array(count);
  // Masks of owners that cover everything, and per owner how many of its ranges hold the sweep point.
  let passLo = 0;
  let passHi = 0;
  let keepLo = 0;
  let keepHi = 0;
  let e = 0;
  owners.forEach((o, slot) => {
    if (o.ranges === null) {
      const bl = o.k < 32 ? (1 << o.k) >>> 0 : 0;
      const bh = o.k >= 32 ? (1 << (o.k - 32)) >>> 0 : 0;
      if (o.pass) {
        passLo |= bl;
        passHi |= bh;
      } else {
        keepLo |= bl;
        keepHi |= bh;
      }
      return;
    }
    for (const r of o.ranges) {
      const s = hexToParts(r.start);
      const t = hexToParts(r.end);
      evHi[e] = s.hi;
      evLo[e] = s.lo;
      evOwner[e] = slot;
      evDelta[e++] = 1;
      evHi[e] = t.hi;
      evLo[e] = t.lo;
      evOwner[e] = slot;
      evDelta[e++] = -1;
    }
  });
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => evHi[a]! - evHi[b]! || evLo[a]! - evLo[b]!);

  const depth = new Int32Array(owners.length);
  const hi = new Float64Array(count + 1);
  const lo = new Float64Array(count + 1);
  const pLo = new Uint32Array(count + 1);
  const pHi = new Uint32Array(count + 1);
  const kLo = new Uint32Array(count + 1);
  const kHi = new Uint32Array(count + 1);
  // The piece at 0 always exists; bounds at 0 update it in place.
  let n = 1;
  pLo[0] = passLo >>> 0;
  pHi[0] = passHi >>> 0;
  kLo[0] = keepLo >>> 0;
  kHi[0] = keepHi >>> 0;
  let i = 0;
  while (i < count) {
    const h = evHi[order[i]!]!;
    const l = evLo[order[i]!]!;
    // Apply every bound at this position before reading the masks.
    for (; i < count && evHi[order[i]!] === h && evLo[order[i]!] === l; i++) {
      const j = order[i]!;
      const slot = evOwner[j]!;
      const before = depth[slot]!;
      const after = before + evDelta[j]!;
      depth[slot] = after;
      if ((before > 0) === (after > 0)) continue;
      const o = owners[slot]!;
      const bl = o.k < 32 ? 1 << o.k : 0;
      const bh = o.k >= 32 ? 1 << (o.k - 32) : 0;
      if (o.pass) {
        passLo ^= bl;
        passHi ^= bh;
      } else {
        keepLo ^= bl;
        keepHi ^= bh;
      }
    }
    if (h >= TWO_32) break; // 2^64 starts no piece
    const at = h === 0 && l === 0 ? 0 : n++;
    hi[at] = h;
    lo[at] = l;
    pLo[at] = passLo >>> 0;
    pHi[at] = passHi >>> 0;
    kLo[at] = keepLo >>> 0;
    kHi[at] = keepHi >>> 0;
  }
  return {
    hi: hi.slice(0, n),
    lo: lo.slice(0, n),
    passLo: pLo.slice(0, n),
    passHi: pHi.slice(0, n),
    keepLo: kLo.slice(0, n),
    keepHi: kHi.slice(0, n),
  };
}
