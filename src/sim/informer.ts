/**
 * The replica's informer, as a reflector does it: LIST with the replica's selector (the
 * server admits or rejects the selector text), a check of `shardInfo` in the response (a
 * server that did not filter: fall back to local filtering, or naively trust the stream),
 * the cache filled with what the replica keeps, then WATCH. A failed LIST is retried with
 * doubling backoff; every (re)connect starts from an empty cache.
 */
import type { ShardSelector } from '../core/sharding';
import { hexToParts } from '../core/sharding';
import type { Cluster } from './cluster';
import type { ModeEngine } from './mode';
import {
  C_BYTES_DECODED,
  C_BYTES_DISCARDED,
  C_BYTES_KEPT,
  C_BYTES_RECEIVED,
  C_LIST_BYTES,
  C_LIST_ITEMS,
  C_LIST_ITEMS_KEPT,
  C_LIST_REQUESTS,
  C_LOCAL_HASHES,
  C_REQUEST_ERRORS,
  LOCAL_JUMP,
  LOCAL_KEEP_ALL,
  LOCAL_KEEP_NONE,
  LOCAL_RANGES,
  type Replica,
} from './replica';
import { listOverheadBytes, wireRatio } from './sizes';

/** Reflector-like retry backoff after a failed LIST: 1 s doubling to 30 s. */
const MAX_BACKOFF_SECONDS = 30;

/** Merges a selector's ranges into disjoint uid-hash intervals [startHi,startLo,endHi,endLo]. */
function disjointRanges(sel: ShardSelector): number[][] {
  const rs = sel.requirements
    .map((r) => {
      const s = hexToParts(r.start);
      const e = hexToParts(r.end);
      return [s.hi, s.lo, e.hi, e.lo];
    })
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const out: number[][] = [];
  for (const r of rs) {
    const last = out[out.length - 1];
    const lessEq = (h1: number, l1: number, h2: number, l2: number) => h1 < h2 || (h1 === h2 && l1 <= l2);
    if (last && lessEq(r[0]!, r[1]!, last[2]!, last[3]!)) {
      if (!lessEq(r[2]!, r[3]!, last[2]!, last[3]!)) {
        last[2] = r[2]!;
        last[3] = r[3]!;
      }
    } else if (!lessEq(r[2]!, r[3]!, r[0]!, r[1]!)) {
      out.push([...r]);
    }
  }
  return out;
}

/** Calls `fn` for each live object matching `sel` (all live objects for null). */
function forEachMatching(cluster: Cluster, sel: ShardSelector | null, fn: (slot: number) => void): void {
  if (sel === null || sel.empty()) {
    const live = cluster.liveSlots;
    const n = cluster.liveCount;
    for (let i = 0; i < n; i++) fn(live[i]!);
    return;
  }
  if (sel.key === 'object.metadata.namespace') {
    const live = cluster.liveSlots;
    const n = cluster.liveCount;
    const nh = cluster.nsHi;
    const nl = cluster.nsLo;
    for (let i = 0; i < n; i++) {
      const s = live[i]!;
      if (sel.matchesHash(nh[s]!, nl[s]!)) fn(s);
    }
    return;
  }
  for (const [sh, sl, eh, el] of disjointRanges(sel)) cluster.index.forEachInRange(sh!, sl!, eh!, el!, fn);
}

/** Schedules a retry of a failed LIST with doubling backoff. */
function scheduleRetry(r: Replica, tick: number, tickSeconds: number): void {
  r.backoffSeconds = r.backoffSeconds === 0 ? 1 : Math.min(MAX_BACKOFF_SECONDS, r.backoffSeconds * 2);
  r.retryAtTick = tick + Math.max(1, Math.round(r.backoffSeconds / tickSeconds));
}

/** Drops everything a replica holds (its cache is rebuilt by the next LIST). */
function clearCache(m: ModeEngine, r: Replica): void {
  if (r.cacheObjects === 0) return;
  const lo = m.maskLo;
  const hi = m.maskHi;
  const nlo = ~r.bitLo;
  const nhi = ~r.bitHi;
  for (let s = 0; s < m.cluster.slots; s++) {
    lo[s] = lo[s]! & nlo;
    hi[s] = hi[s]! & nhi;
  }
  r.cacheObjects = 0;
  r.cacheBytes = 0;
}

/** Whether a failed LIST of one of `replicas` is due for retry at `tick`. */
export function retryPending(replicas: readonly Replica[], tick: number): boolean {
  for (const r of replicas) if (r.retryAtTick >= 0 && r.retryAtTick <= tick) return true;
  return false;
}

/**
 * Retries failed LISTs that are due. Returns whether one of them succeeded (a relist: the
 * replica's traffic changes); a retry that fails again changes nothing that flows.
 */
export function retryDue(m: ModeEngine, tick: number, tickSeconds: number): boolean {
  let any = false;
  let relisted = false;
  for (const r of m.replicas) {
    if (r.retryAtTick >= 0 && r.retryAtTick <= tick) {
      connect(m, r, tick, tickSeconds);
      any = true;
      if (r.status === 'ok') relisted = true;
    }
  }
  if (any) m.recountAudit();
  return relisted;
}

/**
 * LIST then WATCH for one replica, as a reflector does. Accounts the LIST body on both
 * ends, fills the cache with what the replica keeps, and opens the watch.
 */
export function connect(m: ModeEngine, r: Replica, tick: number, tickSeconds: number): void {
  m.ensureCapacity();
  m.ownersEpoch++;
  const server = m.servers[r.apiServer]!;
  if (r.watcher) {
    server.closeWatch(r.watcher);
    r.watcher = null;
  }
  clearCache(m, r);
  r.recvObjects = 0;
  r.recvJson = 0;
  r.retryAtTick = -1;
  if (m.mode === 'client' && r.clientFilter === 'ranges' && r.resolved.localError !== null) {
    // A client-side controller validates its own shard config at start: it never lists.
    r.fail(null, r.resolved.localError);
    return;
  }
  const text = r.selectorSent;
  const adm = server.admit(text);
  const c = r.counters;
  if (!adm.ok) {
    // The request fails before any list or watch: HTTP 500 with the parser's message.
    r.fail(500, adm.message);
    c[C_REQUEST_ERRORS]!++;
    scheduleRetry(r, tick, tickSeconds);
    return;
  }
  r.backoffSeconds = 0;
  r.listResourceVersion = m.cluster.resourceVersion;
  server.listRequests++;
  c[C_LIST_REQUESTS]!++;
  const cluster = m.cluster;
  const sizes = m.params.sizes;
  const ratio = wireRatio(sizes);
  const cacheFactor = m.params.costs.cacheBytesPerJsonByte;
  const cacheOverhead = m.params.costs.cacheOverheadBytes;
  const serverSel = adm.selector && !adm.selector.empty() ? adm.selector : null;
  const shardInfo = serverSel !== null;
  r.configureAfterList(shardInfo);

  let items = 0;
  let itemJson = 0;
  let kept = 0;
  let keptJson = 0;
  const lo = m.maskLo;
  const hi = m.maskHi;
  const keep = (s: number): void => {
    lo[s] = (lo[s]! | r.bitLo) >>> 0;
    hi[s] = (hi[s]! | r.bitHi) >>> 0;
    kept++;
    keptJson += cluster.jsonBytes[s]!;
  };
  if (shardInfo) {
    // The server checks every object in its watch cache and sends the matches.
    server.hashes += cluster.liveCount;
    forEachMatching(cluster, serverSel, (s) => {
      items++;
      itemJson += cluster.jsonBytes[s]!;
      if (r.localKind !== LOCAL_KEEP_NONE) keep(s);
    });
  } else {
    items = cluster.liveCount;
    itemJson = cluster.liveJsonBytes;
    if (r.localKind === LOCAL_KEEP_ALL) {
      forEachMatching(cluster, null, keep);
    } else if (r.localKind === LOCAL_RANGES) {
      c[C_LOCAL_HASHES]! += items;
      forEachMatching(cluster, r.resolved.local, keep);
    } else if (r.localKind === LOCAL_JUMP) {
      c[C_LOCAL_HASHES]! += items;
      cluster.ensureJump(r.count);
      const buckets = cluster.jumpBuckets;
      const live = cluster.liveSlots;
      for (let i = 0; i < cluster.liveCount; i++) {
        const s = live[i]!;
        if (buckets[s] === r.index) keep(s);
      }
    }
  }
  const bytes = listOverheadBytes(sizes.encoding) + Math.round(itemJson * ratio);
  server.egressBytes += bytes;
  c[C_LIST_ITEMS]! += items;
  c[C_LIST_BYTES]! += bytes;
  c[C_BYTES_RECEIVED]! += bytes;
  c[C_BYTES_DECODED]! += bytes;
  // Items are not watch events: counting them as kept events would make "kept" outrun
  // "received" per second right after a reconnect. Bytes do include the LIST body.
  c[C_LIST_ITEMS_KEPT]! += kept;
  c[C_BYTES_KEPT]! += Math.round(keptJson * ratio);
  c[C_BYTES_DISCARDED]! += Math.round(itemJson * ratio) - Math.round(keptJson * ratio);
  r.cacheObjects = kept;
  r.cacheBytes = keptJson * cacheFactor + kept * cacheOverhead;
  if (r.status === 'error') return;
  r.recvObjects = items;
  r.recvJson = itemJson;
  const w = server.openWatch(r.index, text);
  if (w.ok) r.watcher = w.watcher;
}
