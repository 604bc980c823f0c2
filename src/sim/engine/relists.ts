/**
 * When a reshard's relists are counted. A reshard reconnects every replica of a mode at the
 * event (the engine's caches take the new layout at once; the hand-off model in `../time/handoff`
 * says who really owns what meanwhile), but the counters must follow the rollout: a replica
 * relists only when its rollout restarts it, and only if its selector or client filter
 * changes. So the LIST each replica made at the event is taken back from its counters and its
 * API server's, and given back at its restart time (or never, for a replica that keeps its
 * selector). State is plain objects and typed arrays (deep-copyable for checkpoints).
 */
import { C_BYTES_RECEIVED } from '../client';
import type { Handoff } from '../time';
import { RELIST_RESHARD } from '../client';
import type { ModeState } from './state';
import type { Mode } from '../params';

/** A LIST counted later: at `tick`, replica `index` of `mode` and its API server. */
export interface PendingRelist {
  readonly tick: number;
  readonly mode: Mode;
  readonly index: number;
  readonly counters: Float64Array;
  readonly egress: number;
  readonly lists: number;
  readonly hashes: number;
}

function add(e: ModeState, index: number, p: Omit<PendingRelist, 'tick' | 'mode' | 'index'>, sign: 1 | -1): void {
  const r = e.replicas[index];
  if (!r) return;
  for (let k = 0; k < p.counters.length; k++) r.counters[k]! += sign * p.counters[k]!;
  const s = e.servers[r.apiServer];
  if (!s) return;
  s.egressBytes += sign * p.egress;
  s.listRequests += sign * p.lists;
  s.hashes += sign * p.hashes;
}

/** A reshard relist made: counted by cause like the lifecycle's relists, with its LIST bytes. */
function countReshardRelist(e: ModeState, p: Pick<PendingRelist, 'counters'>): void {
  e.relists[RELIST_RESHARD]!++;
  e.relistBytes[RELIST_RESHARD]! += p.counters[C_BYTES_RECEIVED]!;
}

/**
 * Right after a reshard reconnected `e` at `tick`: takes back the LISTs of replicas not
 * restarted now, and queues those restarted later (kept in tick order in `pending`).
 */
export function deferRelists(e: ModeState, h: Handoff, tick: number, ticksPerSecond: number, pending: PendingRelist[]): void {
  for (let i = 0; i < e.replicas.length; i++) {
    const made = e.lastConnect[i];
    if (!made) continue;
    // Counted when the informer lists: its pod restarted (if it does) and started again.
    const r = h.listAt[i]!;
    const at = Number.isNaN(r) ? Number.NaN : Math.round(r * ticksPerSecond);
    if (at <= tick) {
      countReshardRelist(e, made);
      continue;
    }
    add(e, i, made, -1);
    if (!Number.isNaN(at)) pending.push({ tick: at, mode: e.mode, index: i, ...made });
  }
  pending.sort((a, b) => a.tick - b.tick);
}

/** Counts the queued LISTs due by `tick`; returns whether any was. */
export function countDueRelists(modes: Record<Mode, ModeState>, pending: PendingRelist[], tick: number): boolean {
  let n = 0;
  while (n < pending.length && pending[n]!.tick <= tick) {
    const p = pending[n]!;
    add(modes[p.mode], p.index, p, 1);
    countReshardRelist(modes[p.mode], p);
    n++;
  }
  if (n > 0) pending.splice(0, n);
  return n > 0;
}
