/**
 * One batch of the watch fan-out (`./fanout`): the replicas read once into typed arrays by
 * replica index, the tallies the events add to, and their credit to the replicas' counters,
 * the servers and the mode at the end.
 */
import type { ShardSelector } from '../../core/sharding';
import type { ModeState } from './state';
import type { CutTable } from './cuttable';
import { eventEnvelopeBytes, wireRatio } from '../cluster';
import { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BYTES_RECEIVED, C_DUP_CAUGHT, C_DUP_MISSED, C_EVENTS_DECODED, C_EVENTS_DISCARDED, C_EVENTS_KEPT, C_EVENTS_RECEIVED, C_LOCAL_HASHES, LOCAL_JUMP, LOCAL_RANGES } from '../client';

const EMPTY_F64: Float64Array = new Float64Array(0);
const EMPTY_U32: Uint32Array = new Uint32Array(0);

/**
 * One batch's view of the replicas, by replica index: the model's arrays it reads, what each
 * watcher and replica is (read once per batch), the per-replica tallies the events add to,
 * and the figures every unsharded watcher shares. One object of one shape, so the per-event
 * functions below read it monomorphically.
 */
export function openFanout(m: ModeState) {
  const cluster = m.cluster;
  // Per replica (by index) configuration and per-batch tallies.
  const R = m.replicas.length;
  // Serialisation on each server: an event is encoded once for all its watchers there (the
  // watch cache shares it), if any watcher there is sent it.
  const S = m.servers.length;
  return {
    json: cluster.jsonBytes,
    uidHi: cluster.uidHi,
    uidLo: cluster.uidLo,
    buckets: cluster.jumpBuckets,
    lo: m.maskLo,
    hi: m.maskHi,
    cacheFactor: m.params.costs.cacheBytesPerJsonByte,
    cacheOverhead: m.params.costs.cacheOverheadBytes,
    /** Wire bytes per JSON byte, and each event's envelope. */
    ratio: wireRatio(m.params.sizes),
    envelope: eventEnvelopeBytes(m.params.sizes.encoding),
    S,
    srvOf: new Int32Array(R),
    unshOn: new Uint8Array(S),
    shMaskLo: new Uint32Array(S),
    shMaskHi: new Uint32Array(S),
    encoded: new Float64Array(S),
    stamp: new Float64Array(S).fill(-1),
    /** Replicas with a working watch, in index order. */
    act: [] as number[],
    sharded: new Uint8Array(R),
    kinds: new Int32Array(R),
    bitLo: new Uint32Array(R),
    bitHi: new Uint32Array(R),
    localSel: new Array<ShardSelector | null>(R).fill(null),
    // Each replica's key hash columns: its local matcher's, and its sharded watcher's.
    localHi: new Array<Uint32Array>(R).fill(EMPTY_U32),
    localLo: new Array<Uint32Array>(R).fill(EMPTY_U32),
    serverSel: new Array<ShardSelector | null>(R).fill(null),
    serverHi: new Array<Uint32Array>(R).fill(EMPTY_U32),
    serverLo: new Array<Uint32Array>(R).fill(EMPTY_U32),
    cacheObjects: new Float64Array(R),
    cacheBytes: new Float64Array(R),
    // What each sharded watcher has been sent and still holds (the `all` cache style).
    heldObjects: new Float64Array(R),
    heldJson: new Float64Array(R),
    // Server-side replicas whose WATCH a gate-off server sends unfiltered: each event outside
    // their shard is a duplicate, kept by a client that does not check (missed) or dropped by
    // one that does (caught).
    skewed: new Uint8Array(R),
    dupMissed: new Float64Array(R),
    dupCaught: new Float64Array(R),
    // resourceVersion of the last event each sharded watcher received (where it would resume).
    lastRv: new Float64Array(R),
    recvEvents: new Float64Array(R), // sharded only
    recvBytes: new Float64Array(R), // sharded only
    keptEvents: new Float64Array(R),
    keptBytes: new Float64Array(R),
    discEvents: new Float64Array(R), // sharded only
    discBytes: new Float64Array(R), // sharded only
    filtered: new Float64Array(R),
    passChecks: new Float64Array(R), // fast path: checks of events that passed
    // Masks of the unsharded replicas: all of them, those that keep everything, those that keep by jump hash.
    unshLo: 0,
    unshHi: 0,
    allKeepLo: 0,
    allKeepHi: 0,
    jumpLo: 0,
    jumpHi: 0,
    anyJump: false,
    /** Whether every replica allows the fast path (see `processBatch`). */
    fast: true,
    // The cut table's pieces (empty on the general path).
    table: null as CutTable | null,
    segHi: EMPTY_F64,
    segLo: EMPTY_F64,
    segPassLo: EMPTY_U32,
    segPassHi: EMPTY_U32,
    segKeepLo: EMPTY_U32,
    segKeepHi: EMPTY_U32,
    lastSeg: -1,
    // What every unsharded watcher shares, summed by the event loops (whole numbers: the order
    // of the sums does not matter).
    bcEvents: 0, // events every unsharded watcher received
    bcBytes: 0,
    bcObjEvents: 0, // object events (BOOKMARKs come per watcher, see ../client/lifecycle)
    bcObjBytes: 0,
    bcHeldObjects: 0, // change in what every unsharded watcher holds
    bcHeldJson: 0,
    checks: 0, // shard checks per sharded watcher (1 per ADDED/DELETED, 2 per MODIFIED)
    fastChecks: 0,
    batchLastRv: -1,
  };
}

export type Fanout = ReturnType<typeof openFanout>;

/** The cut table for the fast path, when the batch may take it. */
export function attachCutTable(m: ModeState, f: Fanout): void {
  if (!f.fast) return;
  const table = m.cuts.get(f.act, f.sharded, f.kinds, f.serverSel, f.localSel);
  f.table = table;
  f.segHi = table.hi;
  f.segLo = table.lo;
  f.segPassLo = table.passLo;
  f.segPassHi = table.passHi;
  f.segKeepLo = table.keepLo;
  f.segKeepHi = table.keepHi;
  f.lastSeg = table.hi.length - 1;
}

/** Credits the batch's tallies to each replica's counters, its server's and the mode's. */
export function creditFanout(m: ModeState, f: Fanout): void {
  for (const r of m.replicas) {
    r.cacheObjects = f.cacheObjects[r.index]!;
    r.cacheBytes = f.cacheBytes[r.index]!;
  }
  for (const k of f.act) {
    const r = m.replicas[k]!;
    const c = r.counters;
    const srv = m.servers[r.apiServer]!;
    c[C_EVENTS_KEPT]! += f.keptEvents[k]!;
    c[C_BYTES_KEPT]! += f.keptBytes[k]!;
    let ev: number;
    let by: number;
    if (f.sharded[k]) {
      ev = f.recvEvents[k]!;
      by = f.recvBytes[k]!;
      r.recvObjects += f.heldObjects[k]!;
      r.recvJson += f.heldJson[k]!;
      c[C_EVENTS_DISCARDED]! += f.discEvents[k]!;
      c[C_BYTES_DISCARDED]! += f.discBytes[k]!;
      // check-locally: the replica hashes every object event it receives as well.
      if (f.kinds[k] === LOCAL_RANGES) c[C_LOCAL_HASHES]! += f.recvEvents[k]!;
      r.lastRv = f.lastRv[k]!;
      srv.hashes += f.checks;
      srv.filteredEvents += f.filtered[k]! + (f.fastChecks - f.passChecks[k]!);
    } else {
      ev = f.bcEvents;
      by = f.bcBytes;
      r.recvObjects += f.bcHeldObjects;
      r.recvJson += f.bcHeldJson;
      // Every object event it decoded is either kept (applied) or discarded.
      c[C_EVENTS_DISCARDED]! += f.bcObjEvents - f.keptEvents[k]!;
      c[C_BYTES_DISCARDED]! += f.bcObjBytes - f.keptBytes[k]!;
      if (f.kinds[k] === LOCAL_RANGES || f.kinds[k] === LOCAL_JUMP) c[C_LOCAL_HASHES]! += f.bcObjEvents;
      if (f.batchLastRv >= 0) r.lastRv = f.batchLastRv;
      c[C_DUP_MISSED]! += f.dupMissed[k]!;
      c[C_DUP_CAUGHT]! += f.dupCaught[k]!;
    }
    c[C_EVENTS_RECEIVED]! += ev;
    c[C_BYTES_RECEIVED]! += by;
    c[C_EVENTS_DECODED]! += ev;
    c[C_BYTES_DECODED]! += by;
    srv.egressBytes += by;
    srv.eventsSent += ev;
  }
  for (let q = 0; q < f.S; q++) m.servers[q]!.encodedBytes += f.encoded[q]! + (f.unshOn[q] ? f.bcBytes : 0);
}
