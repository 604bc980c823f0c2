/**
 * The ownership audit: which replicas' caches hold each object. Membership is a 64-bit owner
 * mask per object slot (two Uint32Arrays; at most 64 replicas), so "who owns this object" is
 * one read, and gaps (live objects in no cache) and duplicates (in two or more) follow from
 * the mask's category. The fan-out keeps both counts up to date per event; `recountAudit`
 * recomputes them after LISTs. The cut table of the fan-out's fast path, which says which
 * replicas own each piece of the hash space, is memoised here too.
 */
import type { ShardSelector } from '../../core/sharding';
import type { Cluster } from '../cluster';
import { buildCutTable, type CutOwner, type CutTable } from './cuttable';
import { LOCAL_RANGES } from '../client';

const K_RANGES = LOCAL_RANGES;

/** Audit category of an owner mask: 0 nobody, 1 exactly one, 2 several. */
export function maskCategory(lo: number, hi: number): number {
  if (lo === 0 && hi === 0) return 0;
  if (lo !== 0 && hi !== 0) return 2;
  const x = lo !== 0 ? lo : hi;
  return (x & (x - 1)) === 0 ? 1 : 2;
}

/** Gaps and duplicates among the live objects, from the masks. O(live). */
export function countAudit(cluster: Cluster, lo: Uint32Array, hi: Uint32Array): { gaps: number; duplicates: number } {
  const live = cluster.liveSlots;
  let gaps = 0;
  let dups = 0;
  for (let i = 0; i < cluster.liveCount; i++) {
    const s = live[i]!;
    const c = maskCategory(lo[s]!, hi[s]!);
    if (c === 0) gaps++;
    else if (c === 2) dups++;
  }
  return { gaps, duplicates: dups };
}

/** The replicas whose cache holds a slot. */
export function ownersOf(lo: Uint32Array, hi: Uint32Array, slot: number): number[] {
  const out: number[] = [];
  const l = lo[slot] ?? 0;
  const h = hi[slot] ?? 0;
  for (let i = 0; i < 32; i++) if (l & (1 << i)) out.push(i);
  for (let i = 0; i < 32; i++) if (h & (1 << i)) out.push(32 + i);
  return out;
}

/** Owner code of a slot: replica index, -1 nobody, -2 several. */
export function ownerCode(lo: Uint32Array, hi: Uint32Array, slot: number): number {
  const l = lo[slot]!;
  const h = hi[slot]!;
  const cat = maskCategory(l, h);
  if (cat !== 1) return cat === 0 ? -1 : -2;
  return l !== 0 ? 31 - Math.clz32(l) : 63 - Math.clz32(h);
}

/**
 * The fan-out fast path's table (see `buildCutTable`) for the active replicas' selectors,
 * with the last one remembered. Built once per change of who is active or of their selectors
 * (a reconnect gives a watcher a new selector object), not once per batch: steps reuse it.
 */
export class CutTableMemo {
  /** The last cut table and what it was built from (replica, pass flag, selector, per owner). */
  private cached: { key: (number | ShardSelector | null)[]; table: CutTable } | null = null;

  get(
    act: readonly number[],
    sharded: Uint8Array,
    kinds: Int32Array,
    serverSel: readonly (ShardSelector | null)[],
    localSel: readonly (ShardSelector | null)[],
  ): CutTable {
    const key: (number | ShardSelector | null)[] = [];
    for (const k of act) {
      if (sharded[k]) key.push(k, 1, serverSel[k]!);
      else if (kinds[k] === K_RANGES) key.push(k, 0, localSel[k] ?? null);
    }
    const cached = this.cached;
    if (cached !== null && cached.key.length === key.length && cached.key.every((v, i) => v === key[i])) return cached.table;
    const owners: CutOwner[] = [];
    for (let i = 0; i < key.length; i += 3) {
      const sel = key[i + 2] as ShardSelector | null;
      const pass = key[i + 1] === 1;
      owners.push({ k: key[i] as number, pass, ranges: pass ? sel!.requirements : sel === null || sel.empty() ? null : sel.requirements });
    }
    const table = buildCutTable(owners);
    this.cached = { key, table };
    return table;
  }
}
