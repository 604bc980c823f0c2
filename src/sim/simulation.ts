/**
 * The headless simulation: one cluster, one event stream, and both modes (client-side and
 * server-side sharding) consuming that stream side by side. Time advances in fixed ticks of
 * simulated time, so a run depends only on its parameters and how far it has gone, never on
 * how the caller slices `step()` calls: stepping back is replaying to an earlier tick.
 */
import { hashFraction } from '../core/sharding';
import { reshardHashes } from './reshard';
import { ChurnSource, EVENTS_PER_REPLACED_POD } from './churn';
import { closedForm } from './closedform';
import { Cluster } from './cluster';
import { HashSpaceTracker } from './hashspace';
import { EVENT_TYPE_NAMES, EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE, EventBatch, NO_SLOT } from './events';
import { LabelSelectorError, matchesLabels, parseLabelSelector, type LabelRequirement } from './labels';
import {
  badRequestBody,
  decodeContinue,
  encodeContinue,
  podJson,
  podListBody,
  podLabels,
  podName,
  requestInfo,
  statusBody,
  watchEnvelope,
} from './materialise';
import {
  ModeEngine,
  S_BYTES_DECODED,
  S_BYTES_DISCARDED,
  S_BYTES_RECEIVED,
  S_CACHE_BYTES,
  S_CPU_SECONDS,
  S_EGRESS,
  S_EVENTS_KEPT,
  S_EVENTS_RECEIVED,
  S_HASHES,
  S_REPLICA_WIDTH,
} from './mode';
import { parseForRequest } from './apiserver';
import { recountRanges } from './ownership';
import { DEFAULT_PARAMS, MODES, resolveParams } from './params';
import type { Mode, SimParams, SimParamsInput } from './params';
import { createPrng } from './prng';
import {
  C_BYTES_DECODED,
  C_BYTES_DISCARDED,
  C_BYTES_KEPT,
  C_BYTES_RECEIVED,
  C_EVENTS_DECODED,
  C_EVENTS_DISCARDED,
  C_EVENTS_KEPT,
  C_EVENTS_RECEIVED,
  C_LIST_BYTES,
  C_LIST_ITEMS,
  C_LIST_ITEMS_KEPT,
  C_LIST_REQUESTS,
  C_LOCAL_HASHES,
  C_REQUEST_ERRORS,
} from './replica';
import type { Replica } from './replica';
import { bookmarkBytes, eventEnvelopeBytes, wireRatio } from './sizes';
import type {
  ApiServerStats,
  ClosedForm,
  ClusterSummary,
  HashSpaceView,
  ListOptions,
  ListResponse,
  ModeSnapshot,
  ObjectInfo,
  OwnershipRecount,
  PodObject,
  RangeSet,
  RecentEvent,
  ReplicaStats,
  ReshardReport,
  ReshardStrategy,
  SimSnapshot,
  Simulation,
  WatchEventEnvelope,
} from './types';

/** Simulated seconds per tick: the granularity of events, retries and samples. */
export const TICK_SECONDS = 0.01;
/** Ticks per simulated second (exact integer arithmetic on time). */
const TICKS_PER_SECOND = 100;
/** Events remembered for the recent-events and watch-event views. */
const RECENT_CAPACITY = 2048;
/** Longest single `step()`, so a typo cannot freeze the page. */
const MAX_STEP_SECONDS = 86_400;

interface HistoryEntry {
  readonly tick: number;
  readonly input: SimParamsInput;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Parameters whose change means a new cluster (and time restarting at 0). */
function needsRebuild(a: SimParams, b: SimParams): boolean {
  return (
    a.seed !== b.seed ||
    !sameJson(a.cluster, b.cluster) ||
    a.sizes.medianJsonBytes !== b.sizes.medianJsonBytes ||
    a.sizes.spread !== b.sizes.spread
  );
}

class SimulationImpl implements Simulation {
  params: SimParams;
  version = 0;
  private base!: SimParams;
  private history: HistoryEntry[] = [];
  private cluster!: Cluster;
  private churn!: ChurnSource;
  private modes!: Record<Mode, ModeEngine>;
  private hashView!: HashSpaceTracker;
  private tick = 0;
  private carry = 0;
  private readonly batch = new EventBatch();
  private readonly recent = {
    type: new Uint8Array(RECENT_CAPACITY),
    oldSlot: new Uint32Array(RECENT_CAPACITY),
    newSlot: new Uint32Array(RECENT_CAPACITY),
    rv: new Float64Array(RECENT_CAPACITY),
    next: 0,
    count: 0,
  };
  private readonly totals = new Float64Array(4);
  private readonly lastStep = new Float64Array(4);

  constructor(params: SimParams) {
    this.params = params;
    this.build(params);
  }

  get time(): number {
    return this.tick / TICKS_PER_SECOND;
  }

  private build(params: SimParams): void {
    this.params = params;
    this.base = params;
    this.history = [];
    const prng = createPrng(params.seed);
    this.cluster = new Cluster(params.cluster, params.sizes, prng.fork('cluster'));
    this.churn = new ChurnSource(params.churn, this.cluster, prng.fork('churn'));
    this.modes = { client: new ModeEngine('client', this.cluster), server: new ModeEngine('server', this.cluster) };
    this.hashView = new HashSpaceTracker(this.cluster, [this.modes.client, this.modes.server]);
    this.tick = 0;
    this.carry = 0;
    this.recent.next = 0;
    this.recent.count = 0;
    this.totals.fill(0);
    this.lastStep.fill(0);
    for (const m of MODES) {
      this.modes[m].configure(params, 0, TICK_SECONDS, false);
      this.modes[m].sample(0);
    }
    this.version++;
  }

  private sampleTicks(): number {
    return Math.max(1, Math.round(this.params.sampleSeconds * TICKS_PER_SECOND));
  }

  /**
   * Runs `n` ticks. Events of consecutive ticks are gathered into one batch and fanned out
   * together: nothing else happens between those ticks, so the result is the same as tick by
   * tick, with far less per-call overhead. The batch is flushed before a sample is taken,
   * before a failed LIST is retried, and when it grows large.
   */
  private runTicks(n: number): void {
    const sampleEvery = this.sampleTicks();
    const batch = this.batch;
    const client = this.modes.client;
    const server = this.modes.server;
    const flush = () => {
      if (batch.length === 0) return;
      client.process(batch);
      server.process(batch);
      this.hashView.note(batch);
      this.remember(batch);
      batch.clear();
    };
    batch.clear();
    for (let i = 0; i < n; i++) {
      const tick = this.tick;
      if (client.retryPending(tick) || server.retryPending(tick)) {
        flush();
        client.retryDue(tick, TICK_SECONDS);
        server.retryDue(tick, TICK_SECONDS);
      }
      this.churn.generate(tick, TICK_SECONDS, batch);
      this.tick++;
      if (this.tick % sampleEvery === 0) {
        flush();
        client.sample(this.time);
        server.sample(this.time);
      } else if (batch.length >= 65_536) {
        flush();
      }
    }
    flush();
    this.cluster.refreshIndex();
  }

  /** Counts the batch's events by type and keeps its tail for the recent-events views. */
  private remember(batch: EventBatch): void {
    const r = this.recent;
    const n = batch.length;
    const types = batch.type;
    const totals = this.totals;
    const last = this.lastStep;
    for (let e = 0; e < n; e++) {
      const t = types[e]!;
      totals[t]!++;
      last[t]!++;
    }
    // Only the newest RECENT_CAPACITY events can ever be shown.
    for (let e = Math.max(0, n - RECENT_CAPACITY); e < n; e++) {
      r.type[r.next] = types[e]!;
      r.oldSlot[r.next] = batch.oldSlot[e]!;
      r.newSlot[r.next] = batch.newSlot[e]!;
      r.rv[r.next] = batch.rv[e]!;
      r.next = (r.next + 1) % RECENT_CAPACITY;
      if (r.count < RECENT_CAPACITY) r.count++;
    }
  }

  step(seconds: number = this.params.stepSeconds): void {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_STEP_SECONDS) {
      throw new RangeError(`step seconds must be a number from 0 to ${MAX_STEP_SECONDS.toLocaleString('en-US')}, got ${String(seconds)}`);
    }
    this.carry += seconds;
    const n = Math.floor(this.carry * TICKS_PER_SECOND + 1e-6);
    this.carry = Math.max(0, this.carry - n / TICKS_PER_SECOND);
    this.lastStep.fill(0);
    this.runTicks(n);
    this.version++;
  }

  reconfigure(input: SimParamsInput): void {
    const next = resolveParams(input, this.params);
    if (needsRebuild(this.params, next)) {
      this.build(next);
      return;
    }
    // Seeking back and then changing something discards the recorded future.
    this.history = this.history.filter((h) => h.tick <= this.tick);
    this.history.push({ tick: this.tick, input });
    this.apply(next);
    this.version++;
  }

  private apply(next: SimParams): void {
    const prev = this.params;
    this.params = next;
    this.cluster.setSizes(next.sizes);
    this.churn.setParams(next.churn);
    const reconnect = !sameJson(prev.apiServers, next.apiServers) || !sameJson(prev.replicas, next.replicas);
    const reseries = prev.seriesCapacity !== next.seriesCapacity || prev.sampleSeconds !== next.sampleSeconds;
    for (const m of MODES) {
      const e = this.modes[m];
      if (reconnect) e.configure(next, this.tick, TICK_SECONDS, true);
      else e.setParams(next);
      if (reseries) e.resetSeries();
      if (reseries || reconnect) e.sample(this.time);
    }
  }

  seek(t: number): void {
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) throw new RangeError(`seek time must be a number >= 0, got ${String(t)}`);
    const target = Math.round(t * TICKS_PER_SECOND);
    if (target >= this.tick) {
      this.lastStep.fill(0);
      this.runTicks(target - this.tick);
      this.carry = 0;
      this.version++;
      return;
    }
    const history = this.history.filter((h) => h.tick <= target);
    const version = this.version;
    this.build(this.base);
    for (const h of history) {
      this.runTicks(h.tick - this.tick);
      this.history.push(h);
      this.apply(resolveParams(h.input, this.params));
    }
    this.lastStep.fill(0);
    this.runTicks(target - this.tick);
    this.version = version + 1;
  }

  // -------------------------------------------------------------------------------------
  // Snapshot
  // -------------------------------------------------------------------------------------

  snapshot(): SimSnapshot {
    const cluster = this.clusterSummary();
    return {
      version: this.version,
      time: this.time,
      params: this.params,
      cluster,
      churn: {
        total: { added: this.totals[EV_ADDED]!, modified: this.totals[EV_MODIFIED]!, deleted: this.totals[EV_DELETED]!, bookmarks: this.totals[EV_BOOKMARK]! },
        lastStep: { added: this.lastStep[EV_ADDED]!, modified: this.lastStep[EV_MODIFIED]!, deleted: this.lastStep[EV_DELETED]!, bookmarks: this.lastStep[EV_BOOKMARK]! },
        burstNamespace: this.churn.burstNamespace >= 0 ? this.cluster.namespaceNames[this.churn.burstNamespace]! : null,
        bursts: this.churn.burstMarks(this.modes.server.ring.length > 0 ? this.modes.server.ring.time(0) : this.time),
      },
      modes: { client: this.modeSnapshot('client'), server: this.modeSnapshot('server') },
      closedForm: this.closedForm(),
      settling: null,
    };
  }

  private clusterSummary(): ClusterSummary {
    const c = this.cluster;
    const ratio = wireRatio(this.params.sizes);
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
      rawUidImbalance: this.rawUidImbalance(),
    };
  }

  /**
   * Imbalance (max share x N) if the raw uid's leading bits were ranged over equally instead
   * of its hash. From a 65,536-bin histogram of the top 16 bits, so O(65,536) per call; a bin
   * straddling a boundary goes to the shard holding its start (off by at most 1/65,536).
   */
  private rawUidImbalance(): number {
    const c = this.cluster;
    const n = this.params.replicas.count;
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

  private modeSnapshot(mode: Mode): ModeSnapshot {
    const e = this.modes[mode];
    const now = this.time;
    const win = this.params.rateWindowSeconds;
    const vec = e.currentVector();
    const ring = e.ring;
    const live = this.cluster.liveCount;
    const replicas: ReplicaStats[] = e.replicas.map((r, i) => this.replicaStats(r, i, now, win, vec, live, e));
    const apiServers: ApiServerStats[] = e.servers.map((s, i) => {
      const o = e.serverOffset(i);
      return {
        index: i,
        gate: s.gate,
        watchers: s.watchers.size,
        metrics: { watchShardsTotal: s.shardedWatchers, watchFilteredEventsTotal: s.filteredEvents },
        egressBytes: s.egressBytes,
        egressBytesPerSec: ring.rate(o + S_EGRESS, now, vec[o + S_EGRESS]!, win),
        eventsSent: s.eventsSent,
        hashes: s.hashes,
        hashesPerSec: ring.rate(o + S_HASHES, now, vec[o + S_HASHES]!, win),
        listRequests: s.listRequests,
        errors: s.errors,
      };
    });
    const perReplica = e.replicas.map((r) => r.cacheObjects);
    const max = perReplica.reduce((m, v) => Math.max(m, v), 0);
    const audit = {
      live,
      gaps: e.gaps,
      duplicates: e.duplicates,
      exact: Math.max(0, live - e.gaps - e.duplicates),
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
      egressBytes: apiServers.reduce((a, s) => a + s.egressBytes, 0),
      egressBytesPerSec: apiServers.reduce((a, s) => a + s.egressBytesPerSec, 0),
      apiServerHashes: apiServers.reduce((a, s) => a + s.hashes, 0),
      localHashes: sum((r) => r.counters.localHashes),
    };
    const ao = e.auditOffset();
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
        replicaCacheBytes: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + S_CACHE_BYTES)),
        egressBytesPerSec: egressSeries,
        gaps: ring.valueSeries(ao),
        duplicates: ring.valueSeries(ao + 1),
      },
    };
  }

  private replicaStats(r: Replica, i: number, now: number, win: number, vec: Float64Array, live: number, e: ModeEngine): ReplicaStats {
    const c = r.counters;
    const o = i * S_REPLICA_WIDTH;
    const rate = (f: number) => e.ring.rate(o + f, now, vec[o + f]!, win);
    const local = r.localKind === 2 ? null : r.resolved.local;
    return {
      index: r.index,
      apiServer: r.apiServer,
      status: r.status,
      error: r.error ? { ...r.error } : null,
      filtering: r.filtering,
      selectorSent: r.selectorSent,
      selector: r.mode === 'client' && r.clientFilter === 'jump' ? null : (r.resolved.local?.toString() ?? null),
      key: r.resolved.key,
      shardInfoSeen: r.shardInfoSeen,
      listUrl: requestInfo('LIST', r.apiServer, r.selectorSent).url,
      watchUrl: r.watcher ? requestInfo('WATCH', r.apiServer, r.selectorSent, { resourceVersion: String(r.listResourceVersion) }).url : null,
      ranges: local
        ? local.requirements.map((q) => ({ start: q.start, end: q.end, from: Number(BigInt(q.start)) / 2 ** 64, to: Number(BigInt(q.end)) / 2 ** 64 }))
        : r.mode === 'client' && r.clientFilter === 'jump'
          ? []
          : r.resolved.localError === null
            ? [{ start: '0x0000000000000000', end: '0x10000000000000000', from: 0, to: 1 }]
            : [],
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
      cacheBytes: r.cacheBytes,
      ownedShare: live > 0 ? r.cacheObjects / live : 0,
    };
  }

  private closedForm(): ClosedForm {
    const p = this.params;
    const c = this.cluster;
    const n = p.replicas.count;
    const burstEvents = this.churn.expectedBurstEventsPerSecond();
    const burstPods = burstEvents / EVENTS_PER_REPLACED_POD;
    const ratio = wireRatio(p.sizes);
    const meanJson = c.liveCount > 0 ? c.liveJsonBytes / c.liveCount : p.sizes.medianJsonBytes;
    const live = this.cluster.index.live;
    // Shares: what each replica's configured selector owns of the current objects.
    const ranges = this.modes.server.replicas.map((r) =>
      r.resolved.local ? r.resolved.local.requirements.map((q) => ({ start: q.start, end: q.end })) : r.resolved.localError === null ? [{ start: '0x0000000000000000', end: '0x10000000000000000' }] : [],
    );
    const keyed = this.modes.server.replicas.every((r) => r.resolved.key === 'object.metadata.uid');
    const serverShares = keyed && live > 0 ? recountRanges(c.index, ranges).perReplica.map((v) => v / live) : new Array<number>(n).fill(1 / n);
    const clientShares =
      p.replicas.clientFilter === 'jump' ? this.modes.client.replicas.map((r) => (live > 0 ? r.cacheObjects / live : 1 / n)) : serverShares;
    return closedForm({
      replicas: n,
      addsPerSec: p.churn.addsPerSecond + burstPods,
      modifiesPerSec: p.churn.modifiesPerSecond + 3 * burstPods,
      deletesPerSec: p.churn.deletesPerSecond + burstPods,
      meanEventBytes: meanJson * ratio + eventEnvelopeBytes(p.sizes.encoding),
      bookmarksPerSec: p.churn.bookmarkIntervalSeconds > 0 ? 1 / p.churn.bookmarkIntervalSeconds : 0,
      bookmarkBytes: bookmarkBytes(p.sizes.encoding),
      decodeNsPerByte: p.sizes.encoding === 'protobuf' ? p.costs.protobufDecodeNsPerByte : p.costs.jsonDecodeNsPerByte,
      cacheBytesPerObject: meanJson * p.costs.cacheBytesPerJsonByte + p.costs.cacheOverheadBytes,
      liveObjects: c.liveCount,
      clientShares,
      serverShares,
    });
  }

  // -------------------------------------------------------------------------------------
  // Display helpers
  // -------------------------------------------------------------------------------------

  private replicaOf(mode: Mode, replica: number): { engine: ModeEngine; r: Replica } {
    if (mode !== 'client' && mode !== 'server') throw new RangeError(`mode must be 'client' or 'server', got ${JSON.stringify(mode)}`);
    const engine = this.modes[mode];
    const r = engine.replicas[replica];
    if (!Number.isInteger(replica) || !r) {
      throw new RangeError(`replica must be an integer from 0 to ${engine.replicas.length - 1}, got ${String(replica)}`);
    }
    return { engine, r };
  }

  listFor(mode: Mode, replica: number, options: ListOptions = {}): ListResponse {
    const { engine, r } = this.replicaOf(mode, replica);
    const server = engine.servers[r.apiServer]!;
    const text = r.selectorSent;
    const limit = options.limit !== undefined && options.limit > 0 ? Math.floor(options.limit) : 0;
    const extra: Record<string, string> = {};
    if (limit > 0) extra.limit = String(limit);
    if (options.continue) extra.continue = options.continue;
    if (options.labelSelector) extra.labelSelector = options.labelSelector;
    const request = requestInfo('LIST', r.apiServer, text, extra);
    let labelReqs: LabelRequirement[];
    try {
      labelReqs = parseLabelSelector(options.labelSelector ?? '');
    } catch (e) {
      if (!(e instanceof LabelSelectorError)) throw e;
      return { status: 400, request, body: badRequestBody(`unable to parse label selector: ${e.message}`) };
    }
    // Same rules as the request path, without touching the counters.
    const adm = server.gate ? parseForRequest(text) : ({ ok: true, selector: null } as const);
    if (!adm.ok) return { status: 500, request, body: statusBody(adm.message) };
    const sel = adm.selector && !adm.selector.empty() ? adm.selector : null;
    const c = this.cluster;
    const byUid = sel?.key !== 'object.metadata.namespace';
    const H = byUid ? c.uidHi : c.nsHi;
    const L = byUid ? c.uidLo : c.nsLo;
    const cont = options.continue ? decodeContinue(options.continue) : null;
    const startPos = cont ? cont.pos : 0;
    const shown = Math.min(limit > 0 ? limit : 20, 500);
    const items: PodObject[] = [];
    let taken = 0;
    let remaining = 0;
    let lastSlot = -1;
    let total = 0;
    for (let s = 0; s < c.slots; s++) {
      // The label selector AND the shard check, as the apiserver's list filter applies them.
      if (!c.alive[s] || (sel && !sel.matchesHash(H[s]!, L[s]!))) continue;
      if (labelReqs.length > 0 && !matchesLabels(labelReqs, podLabels(c, s))) continue;
      total++;
      if (s < startPos) continue;
      if (limit > 0 && taken >= limit) {
        remaining++;
        continue;
      }
      taken++;
      lastSlot = s;
      if (items.length < shown) items.push(podJson(c, s));
    }
    const rv = cont ? cont.rv : c.resourceVersion;
    const token = limit > 0 && remaining > 0 ? encodeContinue(rv, `${c.namespace(lastSlot)}/${podName(c, lastSlot)}`, lastSlot + 1) : undefined;
    const body = podListBody(items, rv, { continueToken: token, remaining, shardSelector: sel ? sel.toString() : undefined });
    return { status: 200, request, body, totalItems: limit > 0 ? taken : total, itemsShown: items.length };
  }

  watchEventsFor(mode: Mode, replica: number, count = 10): WatchEventEnvelope[] {
    const { engine, r } = this.replicaOf(mode, replica);
    const out: WatchEventEnvelope[] = [];
    const rec = this.recent;
    for (let k = 0; k < rec.count && out.length < count; k++) {
      const i = (rec.next - 1 - k + RECENT_CAPACITY) % RECENT_CAPACITY;
      const type = rec.type[i]!;
      const o = engine.outcome(type, rec.oldSlot[i]!, rec.newSlot[i]!)[r.index]!;
      if (o.sentAs === EV_NONE) continue;
      const slot = o.sentAs === EV_DELETED ? rec.oldSlot[i]! : rec.newSlot[i]!;
      out.push(watchEnvelope(this.cluster, EVENT_TYPE_NAMES[o.sentAs]!, slot, rec.rv[i]!));
    }
    return out.reverse();
  }

  recentEvents(count = 20): RecentEvent[] {
    const rec = this.recent;
    const c = this.cluster;
    const ratio = wireRatio(this.params.sizes);
    const out: RecentEvent[] = [];
    for (let k = 0; k < rec.count && out.length < count; k++) {
      const i = (rec.next - 1 - k + RECENT_CAPACITY) % RECENT_CAPACITY;
      const type = rec.type[i]!;
      const slot = type === EV_DELETED ? rec.oldSlot[i]! : rec.newSlot[i]!;
      const fate = (m: Mode) =>
        this.modes[m].outcome(type, rec.oldSlot[i]!, rec.newSlot[i]!).map((o) => ({
          replica: o.replica,
          sentAs: o.sentAs === EV_NONE ? null : EVENT_TYPE_NAMES[o.sentAs]!,
          kept: o.kept,
        }));
      out.push({
        resourceVersion: String(rec.rv[i]!),
        type: EVENT_TYPE_NAMES[type]!,
        object:
          slot === NO_SLOT
            ? null
            : { name: podName(c, slot), namespace: c.namespace(slot), uid: c.uid(slot), uidHash: c.uidHashHex(slot), position: hashFraction(c.uidHi[slot]!, c.uidLo[slot]!) },
        bytes:
          slot === NO_SLOT
            ? bookmarkBytes(this.params.sizes.encoding)
            : Math.round(c.jsonBytes[slot]! * ratio) + eventEnvelopeBytes(this.params.sizes.encoding),
        client: fate('client'),
        server: fate('server'),
      });
    }
    return out.reverse();
  }

  metricsText(mode: Mode, apiServer: number): string {
    if (mode !== 'client' && mode !== 'server') throw new RangeError(`mode must be 'client' or 'server', got ${JSON.stringify(mode)}`);
    const s = this.modes[mode].servers[apiServer];
    if (!s) throw new RangeError(`apiServer must be an integer from 0 to ${this.modes[mode].servers.length - 1}, got ${String(apiServer)}`);
    return s.metricsText();
  }

  hashSpace(): HashSpaceView {
    return this.hashView.view(this.params.replicas.key, this.version);
  }

  objectsNear(position: number, k = 1): ObjectInfo[] {
    if (typeof position !== 'number' || !Number.isFinite(position)) throw new RangeError(`position must be a number in [0, 1), got ${String(position)}`);
    const p = Math.min(Math.max(position, 0), 1 - 2 ** -53);
    const kk = Math.max(1, Math.min(1000, Math.floor(k)));
    const c = this.cluster;
    const idx = c.index;
    const hi = Math.floor(p * 4294967296);
    const lo = Math.floor((p * 4294967296 - hi) * 4294967296);
    const at = idx.lowerBound(hi, lo);
    const cands: number[] = [];
    // k live neighbours on each side in the sorted order, plus every pending (unsorted) one.
    for (let i = at, got = 0; i < idx.order.length && got < kk; i++) {
      if (!idx.liveAt(i)) continue;
      cands.push(idx.order[i]!);
      got++;
    }
    for (let i = at - 1, got = 0; i >= 0 && got < kk; i--) {
      if (!idx.liveAt(i)) continue;
      cands.push(idx.order[i]!);
      got++;
    }
    for (const s of idx.pending) cands.push(s);
    const dist = (s: number) => Math.abs(hashFraction(c.uidHi[s]!, c.uidLo[s]!) - p);
    cands.sort((a, b) => dist(a) - dist(b) || a - b);
    return cands.slice(0, kk).map((s) => this.objectInfo(s));
  }

  private objectInfo(s: number): ObjectInfo {
    const c = this.cluster;
    return {
      name: podName(c, s),
      namespace: c.namespace(s),
      uid: c.uid(s),
      uidHash: c.uidHashHex(s),
      namespaceHash: c.namespaceHashHex(s),
      position: hashFraction(c.uidHi[s]!, c.uidLo[s]!),
      bytes: Math.round(c.jsonBytes[s]! * wireRatio(this.params.sizes)),
      resourceVersion: String(c.rv[s]!),
      owners: { client: this.modes.client.ownersOf(s), server: this.modes.server.ownersOf(s) },
    };
  }

  objectJson(uid: string): PodObject | null {
    const s = this.cluster.findUid(uid);
    return s < 0 ? null : podJson(this.cluster, s);
  }

  recount(ranges: RangeSet): OwnershipRecount {
    if (!Array.isArray(ranges) || ranges.length > 64) throw new RangeError('ranges must be an array of at most 64 replicas, each a list of {start, end}');
    return recountRanges(this.cluster.index, ranges);
  }

  reshard(strategy: ReshardStrategy, from: number, to: number): ReshardReport {
    const c = this.cluster;
    const n = c.liveCount;
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const s = c.liveSlots[i]!;
      hi[i] = c.uidHi[s]!;
      lo[i] = c.uidLo[s]!;
    }
    return reshardHashes(hi, lo, n, strategy, from, to);
  }
}

/**
 * Creates a simulation: builds the cluster, connects every replica in both modes (each does
 * its initial LIST) and takes the first sample at t = 0. Throws `SimParamsError` naming each
 * bad parameter and its bounds.
 */
export function createSimulation(input: SimParamsInput = {}): Simulation {
  return new SimulationImpl(resolveParams(input, DEFAULT_PARAMS));
}
