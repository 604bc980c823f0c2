/**
 * A snapshot of the model: summaries of everything now (no per-object data), read by the
 * page every frame and by the CLI once. See `../report/snapshot` for what each figure means.
 */
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, listOverheadBytes, wireRatio } from '../cluster';
import type { Mode } from '../params';
import { churnRates } from '../params';
import { C_BOOKMARKS, C_BOOKMARKS_DROPPED, RESUME_RESTART, RESUME_TIMEOUT, C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BYTES_RECEIVED, C_DUP_CAUGHT, C_DUP_MISSED, C_EVENTS_DECODED, C_EVENTS_DISCARDED, C_EVENTS_KEPT, C_EVENTS_RECEIVED, C_LIST_BYTES, C_LIST_ITEMS, C_LIST_ITEMS_KEPT, C_LIST_REQUESTS, C_LOCAL_HASHES, C_REQUEST_ERRORS, replicaView } from '../client';
import type { Replica } from '../client';
import type { ApiServerStats, ClosedForm, ClusterSummary, ModeSnapshot, ReplicaMemory, ReplicaStats, SettlingInfo, SimSnapshot, StepBackReach } from '../report';
import {
  S_ALL_CACHE_BYTES,
  S_BYTES_DECODED,
  S_BYTES_DISCARDED,
  S_BYTES_RECEIVED,
  S_CACHE_BYTES,
  S_CPU_SECONDS,
  S_EGRESS,
  S_ENCODED,
  S_EVENTS_KEPT,
  S_EVENTS_RECEIVED,
  S_HASHES,
  S_REPLICA_WIDTH,
  S_SENT_EVENTS,
  serverCpuSeconds,
} from './accounting';
import { TICKS_PER_SECOND } from './clock';
import type { ModeEngine } from './mode';
import type { Model } from './model';

/**
 * The snapshot at the model's time; `version`, the closed form and `stepBack` come from the
 * coordinator (the closed form is computed where the snapshot has always computed it: after
 * the modes).
 */
export function snapshotOf(m: Model, version: number, closedForm: () => ClosedForm, stepBack: StepBackReach): SimSnapshot {
  const cluster = clusterSummary(m);
  const totals = m.recent.totals;
  const last = m.recent.lastStep;
  return {
    version,
    time: m.time,
    params: m.params,
    cluster,
    churn: {
      rates: churnRates(m.params),
      total: { added: totals[EV_ADDED]!, modified: totals[EV_MODIFIED]!, deleted: totals[EV_DELETED]!, bookmarks: totals[EV_BOOKMARK]! },
      lastStep: { added: last[EV_ADDED]!, modified: last[EV_MODIFIED]!, deleted: last[EV_DELETED]!, bookmarks: last[EV_BOOKMARK]! },
      refusedAdds: m.churn.refusedAdds,
      burstNamespace: m.churn.burstNamespace >= 0 ? m.cluster.namespaceNames[m.churn.burstNamespace]! : null,
      bursts: m.churn.burstMarks(m.modes.server.ring.length > 0 ? m.modes.server.ring.time(0) : m.time),
    },
    modes: { client: modeSnapshot(m, 'client'), server: modeSnapshot(m, 'server') },
    closedForm: closedForm(),
    settling: settling(m),
    handoff: {
      reshards: m.layout.handoffs.map((h) => h.summary()),
      now: { client: handoffNow(m, 'client', m.time), server: handoffNow(m, 'server', m.time) },
      held: { client: heldNow(m, 'client', m.time), server: heldNow(m, 'server', m.time) },
    },
    stepBack,
  };
}

/** Objects orphaned / duplicated by hand-offs at time t in one mode. */
function handoffNow(m: Model, mode: Mode, t: number): { orphans: number; duplicates: number } {
  let orphans = 0;
  let duplicates = 0;
  for (const h of m.layout.handoffs) {
    if (h.mode !== mode) continue;
    const [o, d] = h.stepAt(t);
    orphans += o;
    duplicates += d;
  }
  return { orphans, duplicates };
}

/** The ranges each replica holds at t during the latest hand-off in progress in `mode`, or null. */
function heldNow(m: Model, mode: Mode, t: number): { start: string; end: string }[][] | null {
  for (let k = m.layout.handoffs.length - 1; k >= 0; k--) {
    const h = m.layout.handoffs[k]!;
    if (h.mode !== mode || h.at > t) continue;
    return t < h.settleAt ? h.heldAt(t) : null;
  }
  return null;
}

/** Non-null while less than one rate window has passed since the last change. */
function settling(m: Model): SettlingInfo | null {
  const since = m.changeTick / TICKS_PER_SECOND;
  const until = since + m.params.rateWindowSeconds;
  return m.time < until - 1e-9 ? { since, until } : null;
}

function clusterSummary(m: Model): ClusterSummary {
  const c = m.cluster;
  const ratio = wireRatio(m.params.sizes);
  const perNamespace: number[] = [];
  for (let i = 0; i < c.namespaceCount; i++) perNamespace.push(c.nsLive[i]!);
  return {
    live: c.liveCount,
    namespaces: c.namespaceCount,
    clusterScoped: c.nsLive[c.namespaceCount]!,
    totalBytes: c.liveJsonBytes * ratio,
    meanObjectBytes: c.liveCount > 0 ? (c.liveJsonBytes * ratio) / c.liveCount : 0,
    resourceVersion: c.resourceVersion,
    perNamespace,
    namespaceNames: c.namespaceNames.slice(0, c.namespaceCount),
    rawUidImbalance: rawUidImbalance(m),
  };
}

/**
 * Imbalance (max share x N) if the raw uid's leading bits were ranged over equally instead
 * of its hash. From a 65,536-bin histogram of the top 16 bits, so O(65,536) per call; a bin
 * straddling a boundary goes to the shard holding its start (off by at most 1/65,536).
 */
function rawUidImbalance(m: Model): number {
  const c = m.cluster;
  const n = m.params.replicas.count;
  if (c.liveCount === 0) return 0;
  const counts = new Float64Array(n);
  const hist = c.uidPrefixHistogram;
  for (let b = 0; b < 65536; b++) {
    const v = hist[b]!;
    if (v !== 0) counts[Math.floor((b * n) / 65536)]! += v;
  }
  let max = 0;
  for (const v of counts) max = Math.max(max, v);
  return (max * n) / c.liveCount;
}

function modeSnapshot(m: Model, mode: Mode): ModeSnapshot {
  const e = m.modes[mode];
  const now = m.time;
  const win = m.params.rateWindowSeconds;
  const since = m.changeTick / TICKS_PER_SECOND;
  const vec = e.currentVector();
  const ring = e.ring;
  const live = m.cluster.liveCount;
  const replicas: ReplicaStats[] = e.replicas.map((r, i) => replicaStats(m, r, i, now, win, since, vec, live, e));
  const apiServers: ApiServerStats[] = e.servers.map((s, i) => {
    const o = e.serverOffset(i);
    return {
      index: i,
      gate: s.gate,
      watchers: s.watchers.size,
      metrics: s.metrics(),
      egressBytes: s.egressBytes,
      egressBytesPerSec: ring.rate(o + S_EGRESS, now, vec[o + S_EGRESS]!, win, since),
      eventsSent: s.eventsSent,
      hashes: s.hashes,
      hashesPerSec: ring.rate(o + S_HASHES, now, vec[o + S_HASHES]!, win, since),
      listRequests: s.listRequests,
      errors: s.errors,
      encodedBytes: s.encodedBytes,
      encodedBytesPerSec: ring.rate(o + S_ENCODED, now, vec[o + S_ENCODED]!, win, since),
      cpuSeconds: serverCpuSeconds(s.work(), m.params),
      watchCpuSeconds: serverCpuSeconds(s.watchWork(), m.params),
      cpuCores: serverCpuSeconds(
        {
          selectorEvals: ring.rate(o + S_HASHES, now, vec[o + S_HASHES]!, win, since),
          encodedBytes: ring.rate(o + S_ENCODED, now, vec[o + S_ENCODED]!, win, since),
          sentBytes: ring.rate(o + S_EGRESS, now, vec[o + S_EGRESS]!, win, since),
          sentEvents: ring.rate(o + S_SENT_EVENTS, now, vec[o + S_SENT_EVENTS]!, win, since),
        },
        m.params,
      ),
      up: s.isUp(m.tick),
      cacheCapacity: s.cache.capacity,
      oldestResumableRv: s.cache.oldestResumable(m.cluster.resourceVersion),
    };
  });
  const perReplica = e.replicas.map((r) => r.cacheObjects);
  const max = perReplica.reduce((a, v) => Math.max(a, v), 0);
  // The hand-off of a reshard in progress adds its orphans and duplicates to the audit.
  const hand = handoffNow(m, mode, now);
  const gaps = Math.min(live, e.gaps + hand.orphans);
  const dups = Math.min(live - gaps, e.duplicates + hand.duplicates);
  const audit = {
    live,
    gaps,
    duplicates: dups,
    exact: Math.max(0, live - gaps - dups),
    perReplica,
    imbalance: live > 0 ? (max * perReplica.length) / live : 0,
  };
  const sum = (f: (r: ReplicaStats) => number) => replicas.reduce((a, r) => a + f(r), 0);
  const totals = {
    bytesReceived: sum((r) => r.counters.bytesReceived),
    bytesReceivedPerSec: sum((r) => r.rates.bytesReceivedPerSec),
    bytesDiscarded: sum((r) => r.counters.bytesDiscarded),
    decodeCpuSeconds: sum((r) => r.counters.decodeCpuSeconds),
    decodeCpuCores: sum((r) => r.rates.decodeCpuCores),
    cacheBytes: sum((r) => r.cacheBytes),
    cacheBytesByStyle: { owned: sum((r) => r.memory.byStyle.owned.cacheBytes), all: sum((r) => r.memory.byStyle.all.cacheBytes) },
    decodeAllocBytesPerSec: sum((r) => r.memory.decodeAllocBytesPerSec),
    egressBytes: apiServers.reduce((a, s) => a + s.egressBytes, 0),
    egressBytesPerSec: apiServers.reduce((a, s) => a + s.egressBytesPerSec, 0),
    apiServerHashes: apiServers.reduce((a, s) => a + s.hashes, 0),
    apiServerCpuSeconds: apiServers.reduce((a, s) => a + s.cpuSeconds, 0),
    apiServerWatchCpuSeconds: apiServers.reduce((a, s) => a + s.watchCpuSeconds, 0),
    apiServerCpuCores: apiServers.reduce((a, s) => a + s.cpuCores, 0),
    localHashes: sum((r) => r.counters.localHashes),
  };
  const byCause = (a: Float64Array) => ({ reshard: a[0]!, restart: a[1]!, gone: a[2]!, error: a[3]! });
  const lifecycle = {
    relists: byCause(e.relists),
    relistBytes: byCause(e.relistBytes),
    watchTimeouts: e.watchTimeouts,
    watchResumes: e.resumes[RESUME_TIMEOUT]! + e.resumes[RESUME_RESTART]!,
    watchResumesByCause: { timeout: e.resumes[RESUME_TIMEOUT]!, restart: e.resumes[RESUME_RESTART]! },
    goneResponses: e.goneResponses,
    bookmarks: e.replicas.reduce((a, r) => a + r.counters[C_BOOKMARKS]!, 0),
    bookmarksDropped: e.replicas.reduce((a, r) => a + r.counters[C_BOOKMARKS_DROPPED]!, 0),
    duplicatesMissed: e.replicas.reduce((a, r) => a + r.counters[C_DUP_MISSED]!, 0),
    duplicatesCaught: e.replicas.reduce((a, r) => a + r.counters[C_DUP_CAUGHT]!, 0),
  };
  const ao = e.auditOffset();
  const times = ring.timeSeries();
  const egressSeries = ring.timeSeries().map(() => 0);
  for (let i = 0; i < e.servers.length; i++) {
    const s = ring.rateSeries(e.serverOffset(i) + S_EGRESS, win);
    for (let k = 0; k < s.length; k++) egressSeries[k]! += s[k]!;
  }
  return {
    mode,
    replicas,
    apiServers,
    audit,
    totals,
    series: {
      t: ring.timeSeries(),
      replicaBytesPerSec: e.replicas.map((_, i) => ring.rateSeries(i * S_REPLICA_WIDTH + S_BYTES_RECEIVED, win)),
      replicaCpuCores: e.replicas.map((_, i) => ring.rateSeries(i * S_REPLICA_WIDTH + S_CPU_SECONDS, win)),
      replicaCacheBytes: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + (m.params.replicas.clientCache === 'all' ? S_ALL_CACHE_BYTES : S_CACHE_BYTES))),
      replicaCacheBytesByStyle: {
        owned: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + S_CACHE_BYTES)),
        all: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + S_ALL_CACHE_BYTES)),
      },
      egressBytesPerSec: egressSeries,
      gaps: ring.valueSeries(ao).map((v, k) => v + handoffNow(m, mode, times[k]!).orphans),
      duplicates: ring.valueSeries(ao + 1).map((v, k) => v + handoffNow(m, mode, times[k]!).duplicates),
      relistBytes: times.map((t, k) => {
        const t0 = k > 0 ? times[k - 1]! : t - m.params.sampleSeconds;
        return m.layout.handoffs.reduce((a, h) => (h.mode === mode ? a + h.relistBytesBetween(t0, t) : a), 0);
      }),
      serverEgressBytesPerSec: e.servers.map((_, i) => ring.rateSeries(e.serverOffset(i) + S_EGRESS, win)),
      relistBytesPerSec: ring.rateSeries(ao + 2, win),
    },
    lifecycle,
  };
}

function replicaStats(m: Model, r: Replica, i: number, now: number, win: number, since: number, vec: Float64Array, live: number, e: ModeEngine): ReplicaStats {
  const c = r.counters;
  const o = i * S_REPLICA_WIDTH;
  const rate = (f: number) => e.ring.rate(o + f, now, vec[o + f]!, win, since);
  const view = replicaView(r);
  const memory = replicaMemory(m, r, e, rate(S_BYTES_DECODED));
  return {
    index: r.index,
    apiServer: r.apiServer,
    listServer: r.listServer,
    status: r.status,
    error: r.error ? { ...r.error } : null,
    filtering: r.filtering,
    selectorSent: r.selectorSent,
    selector: view.selector,
    key: r.resolved.key,
    shardInfoSeen: r.shardInfoSeen,
    syncStreaming: r.syncStreaming,
    // Computed once per replica and connection (URLs of 100,000-character selectors, thousands of ranges).
    listUrl: view.listUrl,
    watchUrl: view.watchUrl,
    ranges: view.ranges,
    counters: {
      eventsReceived: c[C_EVENTS_RECEIVED]!,
      bytesReceived: c[C_BYTES_RECEIVED]!,
      eventsDecoded: c[C_EVENTS_DECODED]!,
      bytesDecoded: c[C_BYTES_DECODED]!,
      eventsDiscarded: c[C_EVENTS_DISCARDED]!,
      bytesDiscarded: c[C_BYTES_DISCARDED]!,
      eventsKept: c[C_EVENTS_KEPT]!,
      bytesKept: c[C_BYTES_KEPT]!,
      listRequests: c[C_LIST_REQUESTS]!,
      listItems: c[C_LIST_ITEMS]!,
      listItemsKept: c[C_LIST_ITEMS_KEPT]!,
      listBytes: c[C_LIST_BYTES]!,
      decodeCpuSeconds: e.cpuSeconds(i),
      localHashes: c[C_LOCAL_HASHES]!,
      requestErrors: c[C_REQUEST_ERRORS]!,
      bookmarks: c[C_BOOKMARKS]!,
      bookmarksDropped: c[C_BOOKMARKS_DROPPED]!,
    },
    rates: {
      eventsReceivedPerSec: rate(S_EVENTS_RECEIVED),
      bytesReceivedPerSec: rate(S_BYTES_RECEIVED),
      bytesDecodedPerSec: rate(S_BYTES_DECODED),
      bytesDiscardedPerSec: rate(S_BYTES_DISCARDED),
      eventsKeptPerSec: rate(S_EVENTS_KEPT),
      decodeCpuCores: rate(S_CPU_SECONDS),
    },
    cacheObjects: r.cacheObjects,
    cacheBytes: memory.byStyle[m.params.replicas.clientCache].cacheBytes,
    ownedShare: live > 0 ? r.cacheObjects / live : 0,
    memory,
  };
}

/**
 * Memory under both client styles. The LIST peak is that of a full LIST of what the
 * replica receives now: every item is decoded before the replica filters and stores them,
 * so the decoded LIST and the cache it fills are live together.
 */
function replicaMemory(m: Model, r: Replica, e: ModeEngine, bytesDecodedPerSec: number): ReplicaMemory {
  const p = m.params;
  const listBytes = r.status === 'ok' ? listOverheadBytes(p.sizes.encoding) + Math.round(r.recvJson * wireRatio(p.sizes)) : 0;
  const listDecodedBytes = listBytes * p.costs.decodeAllocBytesPerByte;
  const owned = r.cacheBytes;
  const all = e.allCacheBytes(r);
  return {
    byStyle: {
      owned: { cacheObjects: r.cacheObjects, cacheBytes: owned, listPeakBytes: listBytes > 0 ? listDecodedBytes + owned : 0 },
      all: { cacheObjects: r.recvObjects, cacheBytes: all, listPeakBytes: listBytes > 0 ? listDecodedBytes + all : 0 },
    },
    decodeAllocBytesPerSec: bytesDecodedPerSec * p.costs.decodeAllocBytesPerByte,
    listBytes,
    listDecodedBytes,
  };
}
