/**
 * The replica's informer syncing, as client-go's reflector does it (v0.36.3): a streaming
 * list (one WATCH with `sendInitialEvents=true`: the initial events pass the server's shard
 * filter like any event, and no LIST page, so no `shardInfo`) or a LIST then a WATCH. The
 * server admits or rejects the selector text (HTTP 500); the client keeps what its kind keeps
 * (see `./replica`); the cache starts from empty at every sync. A failed sync is retried after
 * the reflector's backoff, as a relist.
 */
import type { ShardSelector } from '../../core/sharding';
import { hexToParts } from '../../core/sharding';
import type { Cluster } from '../cluster';
import { keyColumns, keyHashes } from '../cluster';
import type { ClientWorld } from './world';
import { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BYTES_RECEIVED,     C_LIST_BYTES, C_LIST_ITEMS, C_LIST_ITEMS_KEPT, C_LIST_REQUESTS, C_LOCAL_HASHES, C_REQUEST_ERRORS, LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_KEEP_NONE, LOCAL_RANGES, type Replica } from './replica';
import { countRelist, maybeGoaway, pickLive, RELIST_ERROR, routeRequest, scheduleRelist, scheduleWatch } from './lifecycle';
import { bookmarkBytes, eventEnvelopeBytes, listOverheadBytes, wireRatio } from '../cluster';

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
    } else {
      // Every range is non-empty (the parser rejects a start that is not below its end, and
      // an equal split never makes one), so a range that does not meet the last starts anew.
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
  // A key the sorted index does not order by: every live object's hash is checked.
  if (keyColumns(sel.key!).lookup !== 'sorted-index') {
    const live = cluster.liveSlots;
    const n = cluster.liveCount;
    const [kh, kl] = keyHashes(cluster, sel.key!);
    for (let i = 0; i < n; i++) {
      const s = live[i]!;
      if (sel.matchesHash(kh[s]!, kl[s]!)) fn(s);
    }
    return;
  }
  for (const [sh, sl, eh, el] of disjointRanges(sel)) cluster.index.forEachInRange(sh!, sl!, eh!, el!, fn);
}


/** Drops everything a replica holds (its cache is rebuilt by the next LIST). */
function clearCache(m: ClientWorld, r: Replica): void {
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
 * Runs the retries that are due: a watch opened again after a refused connection, or a
 * relist (a new sync). Returns whether a relist succeeded (the replica's traffic changes; a
 * retry that fails again changes nothing that flows).
 */
export function retryDue(m: ClientWorld, tick: number, tickSeconds: number, resume: (r: Replica) => void): boolean {
  let any = false;
  let relisted = false;
  for (const r of m.replicas) {
    if (r.retryAtTick < 0 || r.retryAtTick > tick) continue;
    r.retryAtTick = -1;
    if (r.retryRewatch) {
      r.retryRewatch = false;
      resume(r);
      continue;
    }
    const before = r.counters[C_BYTES_RECEIVED]!;
    any = true;
    if (!routeSync(m, r, tick)) {
      scheduleRelist(m, r, tick, tickSeconds, -1);
      continue;
    }
    connect(m, r, tick, tickSeconds, true);
    if (r.status === 'ok') {
      relisted = true;
      countRelist(m, r, r.retryCause >= 0 ? r.retryCause : RELIST_ERROR, before);
      r.retryCause = -1;
    }
  }
  if (any) m.recountAudit();
  return relisted;
}

/**
 * Where a sync's requests go: under L4 the LIST and the WATCH share the replica's connection
 * (a new one, to a live server, if it has none), under L7 each is balanced on its own; a
 * streaming list is one request. False when every server is down (the connection is refused).
 */
export function routeSync(m: ClientWorld, r: Replica, tick: number): boolean {
  const list = routeRequest(m, r, tick);
  if (list < 0) return false;
  r.listServer = list;
  if (m.params.replicas.initialList === 'watch-list') {
    r.apiServer = list;
    return true;
  }
  // The LIST's GOAWAY, drawn here so that under L4 the WATCH opens a new connection after it.
  maybeGoaway(m, r);
  r.listGoawayDrawn = true;
  const watch = m.params.apiServers.routing === 'l4' ? routeRequest(m, r, tick) : pickLive(m, tick);
  r.apiServer = watch < 0 ? list : watch;
  return true;
}

/**
 * A sync then a WATCH for one replica (its LIST server and WATCH server are set). Accounts
 * the LIST body or the initial events on both ends, fills the cache with what the replica
 * keeps, and opens the watch. `relist`: the reflector syncs again from the resourceVersion
 * it last saw (a LIST with it and no limit, or a streaming list from it); the first sync
 * LISTs with `resourceVersion=0` and `limit=500`, or streams from no resourceVersion.
 */
export function connect(m: ClientWorld, r: Replica, tick: number, tickSeconds: number, relist = false): void {
  m.ensureCapacity();
  m.ownersEpoch++;
  // Whether routeSync already drew this LIST's GOAWAY (one draw per request, never two).
  const listGoawayDrawn = r.listGoawayDrawn;
  r.listGoawayDrawn = false;
  if (r.watcher) {
    // Wherever it is open (closing on a server that does not hold it does nothing).
    for (const s of m.servers) s.closeWatch(r.watcher);
    r.watcher = null;
  }
  const watchServer = m.servers[r.apiServer]!;
  clearCache(m, r);
  r.recvObjects = 0;
  r.recvJson = 0;
  r.retryAtTick = -1;
  r.watchEndsAtTick = -1;
  // Stryker disable next-line UnaryOperator: every path below sets it again (scheduleWatch on success, Replica.fail's -1 on each failure)
  r.nextBookmarkTick = -1;
  // A streaming list is one request, the WATCH; a LIST may land elsewhere than its WATCH.
  const streaming = m.params.replicas.initialList === 'watch-list';
  r.syncStreaming = streaming;
  r.watchStreaming = streaming;
  r.listRequestRv = relist ? String(r.lastRv) : '0';
  r.watchRequestRv = streaming ? (relist ? String(r.lastRv) : '') : '';
  const server = streaming ? watchServer : (m.servers[r.listServer] ?? watchServer);
  if (m.mode === 'client' && !r.usesJump && r.resolved.localError !== null) {
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
    scheduleRelist(m, r, tick, tickSeconds, -1);
    return;
  }
  r.listResourceVersion = m.cluster.resourceVersion;
  r.lastRv = m.cluster.resourceVersion;
  if (!streaming) {
    server.listRequests++;
    c[C_LIST_REQUESTS]!++;
  }
  const cluster = m.cluster;
  const sizes = m.params.sizes;
  const ratio = wireRatio(sizes);
  const cacheFactor = m.params.costs.cacheBytesPerJsonByte;
  const cacheOverhead = m.params.costs.cacheOverheadBytes;
  const serverSel = adm.selector && !adm.selector.empty() ? adm.selector : null;
  // A streaming list has no LIST response, so no shardInfo (the `shardinfo` client needs LISTs).
  const shardInfo = serverSel !== null && !streaming;
  r.configureAfterList(shardInfo);

  let items = 0;
  let itemJson = 0;
  let itemWire = 0;
  let kept = 0;
  let keptJson = 0;
  let keptWire = 0;
  const lo = m.maskLo;
  const hi = m.maskHi;
  const keep = (s: number): void => {
    lo[s] = (lo[s]! | r.bitLo) >>> 0;
    hi[s] = (hi[s]! | r.bitHi) >>> 0;
    kept++;
    keptJson += cluster.jsonBytes[s]!;
    if (streaming) keptWire += Math.round(cluster.jsonBytes[s]! * ratio);
  };
  if (streaming) {
    // Initial events: the server's shard filter applies as to any event (gate on), and each
    // object that fails it counts in apiserver_watch_filtered_events_total; the client keeps
    // what its kind keeps, as it does the stream that follows.
    if (serverSel !== null) server.hashes += cluster.liveCount;
    const local = r.localKind;
    forEachMatching(cluster, serverSel, (s) => {
      items++;
      itemJson += cluster.jsonBytes[s]!;
      itemWire += Math.round(cluster.jsonBytes[s]! * ratio);
      if (local === LOCAL_KEEP_ALL) keep(s);
      else if (local === LOCAL_RANGES) {
        if (r.keepsHash(cluster.uidHi[s]!, cluster.uidLo[s]!, cluster.nsHi[s]!, cluster.nsLo[s]!)) keep(s);
      } else if (local === LOCAL_JUMP) {
        cluster.ensureJump(r.count);
        if (cluster.jumpBuckets[s] === r.index) keep(s);
      }
    });
    if (r.localKind === LOCAL_RANGES || r.localKind === LOCAL_JUMP) c[C_LOCAL_HASHES]! += items;
  } else if (shardInfo) {
    // The server checks every object in its watch cache and sends the matches.
    server.hashes += cluster.liveCount;
    const check = r.localKind === LOCAL_RANGES;
    forEachMatching(cluster, serverSel, (s) => {
      items++;
      itemJson += cluster.jsonBytes[s]!;
      if (check) {
        c[C_LOCAL_HASHES]!++;
        if (r.keepsHash(cluster.uidHi[s]!, cluster.uidLo[s]!, cluster.nsHi[s]!, cluster.nsLo[s]!)) keep(s);
      } else if (r.localKind !== LOCAL_KEEP_NONE) keep(s);
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
  if (streaming) {
    // The initial events: each item in its watch envelope, then the BOOKMARK that marks their
    // end. Counted as the sync (the LIST's counters), apart from the watch stream that follows.
    const envelope = eventEnvelopeBytes(sizes.encoding);
    const bytes = itemWire + items * envelope + bookmarkBytes(sizes.encoding);
    const keptBytes = keptWire + kept * envelope;
    if (serverSel !== null) server.filteredEvents += cluster.liveCount - items;
    server.egressBytes += bytes;
    server.encodedBytes += bytes;
    server.eventsSent += items + 1;
    c[C_LIST_ITEMS]! += items;
    c[C_LIST_BYTES]! += bytes;
    c[C_BYTES_RECEIVED]! += bytes;
    c[C_BYTES_DECODED]! += bytes;
    c[C_LIST_ITEMS_KEPT]! += kept;
    c[C_BYTES_KEPT]! += keptBytes;
    c[C_BYTES_DISCARDED]! += bytes - keptBytes;
  } else {
    const bytes = listOverheadBytes(sizes.encoding) + Math.round(itemJson * ratio);
    server.egressBytes += bytes;
    server.encodedBytes += bytes;
    c[C_LIST_ITEMS]! += items;
    c[C_LIST_BYTES]! += bytes;
    c[C_BYTES_RECEIVED]! += bytes;
    c[C_BYTES_DECODED]! += bytes;
    // Items are not watch events: counting them as kept events would make "kept" outrun
    // "received" per second right after a reconnect. Bytes do include the LIST body.
    c[C_LIST_ITEMS_KEPT]! += kept;
    c[C_BYTES_KEPT]! += Math.round(keptJson * ratio);
    c[C_BYTES_DISCARDED]! += Math.round(itemJson * ratio) - Math.round(keptJson * ratio);
  }
  // Either way the informer now caches what it kept and watches from here.
  r.cacheObjects = kept;
  r.cacheBytes = keptJson * cacheFactor + kept * cacheOverhead;
  if (r.status === 'error') return;
  r.recvObjects = items;
  r.recvJson = itemJson;
  if (!streaming && !listGoawayDrawn) maybeGoaway(m, r);
  const w = watchServer.openWatch(r.index, text);
  if (w.ok) {
    r.watcher = w.watcher;
    r.watchStartRv = r.listResourceVersion;
    if (!streaming) r.watchRequestRv = String(r.listResourceVersion);
    scheduleWatch(m, r, tick, tickSeconds);
    r.updateFiltering(w.watcher.selector !== null);
    maybeGoaway(m, r);
  } else {
    // The WATCH is refused (HTTP 500) after a LIST that another server answered: relist.
    r.fail(500, w.message);
    c[C_REQUEST_ERRORS]!++;
    scheduleRelist(m, r, tick, tickSeconds, -1);
  }
}
