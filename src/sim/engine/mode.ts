/**
 * One mode of the comparison (client-side or server-side sharding): its API servers, its
 * replicas and their informer caches. Both modes consume the same events. This class holds
 * the state and wires the parts, each in its own file:
 * - `informer.ts`: a replica's LIST (selector, shardInfo check, fallback or trust), WATCH,
 *   retry with backoff, cache clear;
 * - `fanout.ts`: which events reach which replica, sent as what, kept or discarded;
 * - `accounting.ts`: decode CPU, cache memory, the samples behind the charts;
 * - `audit.ts`: who owns each object (gaps, duplicates) and the fan-out's cut table.
 *
 * Cache membership is a 64-bit owner mask per object (two Uint32Arrays; at most 64
 * replicas), so "who owns this object" is one read, and the audit (gaps: live objects in no
 * cache; duplicates: in two or more) is kept up to date per event in O(1).
 */
import { allCacheBytes, bankCpu, cpuSeconds, fillSampleVector, markWatchWork, nsPerByte, tallyWatchWork, S_REPLICA_WIDTH, S_SERVER_WIDTH, SampleRing, sampleWidth } from './accounting';
import { ApiServer } from '../apiserver';
import { countAudit, CutTableMemo, ownerCode, ownersOf } from './audit';
import type { Cluster } from '../cluster';
import type { EventBatch } from '../cluster';
import { outcome, processBatch } from './fanout';
import { bookmarkBytes } from '../cluster';
import { bookmarksDue, connect, pickLive, resumeWatch, retryDue, retryPending, routeSync, RESUME_CAUSES, RESUME_RESTART, timeoutDue, watchPending } from '../client';
import type { Mode, SimParams } from '../params';
import { C_BYTES_DECODED, Replica, resolveSelector } from '../client';
import { createPrng, type Prng } from '../cluster';
import { RELIST_CAUSES, restartServer } from '../client';

export { S_ALL_CACHE_BYTES, S_BYTES_DECODED, S_BYTES_DISCARDED, S_BYTES_RECEIVED, S_CACHE_BYTES, S_CPU_SECONDS, S_EGRESS, S_EVENTS_KEPT, S_EVENTS_RECEIVED, S_HASHES, S_LIST_BYTES, S_REPLICA_WIDTH, S_SERVER_WIDTH } from './accounting';
export { maskCategory } from './audit';

/** One mode's world. */
export class ModeEngine {
  servers: ApiServer[] = [];
  replicas: Replica[] = [];
  maskLo = new Uint32Array(0);
  maskHi = new Uint32Array(0);
  /**
   * Bumped whenever the masks may change wholesale (a LIST refills a cache), so views derived
   * from them know to re-read them all rather than only the slots events touched.
   */
  ownersEpoch = 0;
  /** Live objects in no cache / in several caches. */
  gaps = 0;
  duplicates = 0;
  ring!: SampleRing;
  /** The current parameters (read by the informer and the fan-out). */
  params!: SimParams;
  /** The fan-out fast path's cut table, rebuilt only when the selectors change. */
  readonly cuts = new CutTableMemo();
  private readonly sampleVec: Float64Array[] = [];
  private decodedAtCpu = new Float64Array(0);
  /** Relists by cause (RELIST_* in `lifecycle.ts`) and the bytes they carried. */
  readonly relists = new Float64Array(RELIST_CAUSES.length);
  readonly relistBytes = new Float64Array(RELIST_CAUSES.length);
  /** Watches ended by their timeout, and 410 Gone answers to their resume. */
  watchTimeouts = 0;
  goneResponses = 0;
  /** The earliest tick a watch's deadline or BOOKMARK may be due (see `ClientWorld.watchDueAt`). */
  watchDueAt = 0;
  /** Watches resumed from their last resourceVersion, by cause (`RESUME_*`). */
  readonly resumes = new Float64Array(RESUME_CAUSES.length);
  /** Seeded draws: the load balancer's choices, backoff jitter, watch timeouts, GOAWAY. */
  readonly lbRng: Prng;
  readonly jitterRng: Prng;
  readonly timeoutRng: Prng;
  readonly goawayRng: Prng;

  constructor(
    readonly mode: Mode,
    readonly cluster: Cluster,
    rng: Prng = createPrng('shardscope'),
  ) {
    // The same labels in both modes: both see the same load-balancer choices and timeouts.
    this.lbRng = rng.fork('load-balancer');
    this.jitterRng = rng.fork('backoff-jitter');
    this.timeoutRng = rng.fork('watch-timeouts');
    this.goawayRng = rng.fork('goaway');
  }

  /**
   * What each replica's connect at the last `configure` added to its counters and to its API
   * server's (egress, LIST requests, hashes): a reshard takes back the LISTs of replicas its
   * rollout does not restart now (see `./relists`).
   */
  lastConnect: { counters: Float64Array; egress: number; lists: number; hashes: number }[] = [];

  /**
   * (Re)creates servers and replicas from `params` and connects every replica (fresh LISTs).
   * `reshard`: the replica count changes by a scheduled reshard; replica i keeps its counters
   * (a StatefulSet's pod i), the servers keep theirs, and the series keep their past.
   */
  configure(params: SimParams, tick: number, tickSeconds: number, keepCounters: boolean, reshard = false): void {
    const old = this.replicas;
    const oldServers = this.servers;
    const sameShape =
      keepCounters && (reshard || old.length === params.replicas.count) && oldServers.length === params.apiServers.count;
    if (this.replicas.length > 0) this.bankCpu();
    this.params = params;
    for (const r of old) if (r.watcher) oldServers[r.apiServer]?.closeWatch(r.watcher);
    this.servers = [];
    const ro = params.apiServers.rollout;
    for (let i = 0; i < params.apiServers.count; i++) {
      // A rolling upgrade that already restarted this server set its gate.
      const restarted = ro !== null && tick >= Math.round((ro.at + i * ro.everySeconds) / tickSeconds);
      const gate = restarted ? ro.gate : (params.apiServers.gates[i] ?? true);
      const s = new ApiServer(i, gate);
      s.cache.restart(this.cluster.resourceVersion);
      if (sameShape) {
        const o = oldServers[i]!;
        // The same kube-apiserver processes: their watch caches and restarts go on.
        s.cache.startRv = o.cache.startRv;
        s.cache.capacity = o.cache.capacity;
        s.cache.evicted = o.cache.evicted;
        s.downUntilTick = o.downUntilTick;
        // Toggling a feature gate restarts that kube-apiserver: its metrics start afresh.
        if (o.gate === gate) {
          s.filteredEvents = o.filteredEvents;
          s.shardsSeriesUsed = o.shardsSeriesUsed;
        }
        s.hashes = o.hashes;
        s.egressBytes = o.egressBytes;
        s.encodedBytes = o.encodedBytes;
        s.eventsSent = o.eventsSent;
        s.watchHashes = o.watchHashes;
        s.watchEncodedBytes = o.watchEncodedBytes;
        s.watchBytes = o.watchBytes;
        s.watchEvents = o.watchEvents;
        s.listRequests = o.listRequests;
        s.errors = o.errors;
      }
      this.servers.push(s);
    }
    const n = params.replicas.count;
    this.replicas = [];
    for (let i = 0; i < n; i++) {
      const spec = params.replicas.selectors[i];
      const resolved = resolveSelector(spec, i, n, params.replicas.key);
      const server = params.replicas.apiServerOf[i] ?? i % params.apiServers.count;
      const r = new Replica(this.mode, i, n, server, resolved, params.replicas.client, params.replicas.clientFilter);
      if (sameShape && old[i]) r.counters.set(old[i]!.counters);
      this.replicas.push(r);
    }
    if (sameShape && reshard && this.ring && old.length !== n) this.reshapeSeries(old.length);
    else if (!sameShape || !this.ring) this.resetSeries();
    this.decodedAtCpu = new Float64Array(n);
    for (let i = 0; i < n; i++) this.decodedAtCpu[i] = this.replicas[i]!.counters[C_BYTES_DECODED]!;
    if (params.replicas.clientFilter === 'jump' && this.mode === 'client') this.cluster.ensureJump(n);
    // Every cache starts empty; the LISTs fill them.
    this.maskLo = new Uint32Array(this.cluster.capacity);
    this.maskHi = new Uint32Array(this.cluster.capacity);
    this.ownersEpoch++;
    this.lastConnect = [];
    for (const r of this.replicas) {
      const before = Float64Array.from(r.counters);
      // Under L7 the WATCH is balanced apart from the LIST; a pinned server that is away (restarting) is routed around.
      if (!this.servers[r.apiServer]!.isUp(tick)) routeSync(this, r, tick);
      else if (params.apiServers.routing === 'l7' && params.replicas.initialList === 'list') {
        const w = pickLive(this, tick);
        if (w >= 0) r.apiServer = w;
      }
      const s = this.servers[r.apiServer]!;
      const [egress, lists, hashes] = [s.egressBytes, s.listRequests, s.hashes];
      this.connect(r, tick, tickSeconds);
      for (let k = 0; k < before.length; k++) before[k] = r.counters[k]! - before[k]!;
      this.lastConnect.push({ counters: before, egress: s.egressBytes - egress, lists: s.listRequests - lists, hashes: s.hashes - hashes });
    }
    this.recountAudit();
  }

  /**
   * Keeps the series across a change of replica count: past samples keep every field of the
   * replicas that remain, of the servers and of the audit; a new replica's past is zero.
   */
  private reshapeSeries(oldReplicas: number): void {
    const prev = this.ring;
    const servers = this.servers.length;
    const n = this.replicas.length;
    const width = sampleWidth(n, servers);
    const ring = new SampleRing(width, this.params.seriesCapacity);
    const v = new Float64Array(width);
    const keep = Math.min(n, oldReplicas) * S_REPLICA_WIDTH;
    const tail = servers * S_SERVER_WIDTH + 2;
    const oldTail = oldReplicas * S_REPLICA_WIDTH;
    for (let k = 0; k < prev.length; k++) {
      v.fill(0);
      for (let f = 0; f < keep; f++) v[f] = prev.value(k, f);
      for (let f = 0; f < tail; f++) v[n * S_REPLICA_WIDTH + f] = prev.value(k, oldTail + f);
      ring.push(prev.time(k), v);
    }
    this.ring = ring;
    this.sampleVec.length = 0;
    this.sampleVec.push(new Float64Array(width));
  }

  /** Applies parameters that need no reconnect (sizes, costs, churn). */
  setParams(params: SimParams): void {
    this.bankCpu();
    this.params = params;
  }

  /** Clears the time series (a new shape of replicas or servers). */
  resetSeries(): void {
    const width = sampleWidth(this.replicas.length, this.servers.length);
    this.ring = new SampleRing(width, this.params.seriesCapacity);
    this.sampleVec.length = 0;
    this.sampleVec.push(new Float64Array(width));
  }

  /** Grows the owner masks to the cluster's slot capacity. */
  ensureCapacity(): void {
    const cap = this.cluster.capacity;
    if (this.maskLo.length >= cap) return;
    const lo = new Uint32Array(cap);
    lo.set(this.maskLo);
    this.maskLo = lo;
    const hi = new Uint32Array(cap);
    hi.set(this.maskHi);
    this.maskHi = hi;
  }

  /** Whether a failed LIST is due for retry at `tick`. */
  retryPending(tick: number): boolean {
    return retryPending(this.replicas, tick);
  }

  /**
   * Runs the retries that are due (a watch opened again, or a relist). Returns whether a
   * relist succeeded (the replica's traffic changes); a retry that fails again changes nothing
   * that flows.
   */
  retryDue(tick: number, tickSeconds: number): boolean {
    return retryDue(this, tick, tickSeconds, (r) => resumeWatch(this, r, tick, tickSeconds, RESUME_RESTART));
  }

  /** API server `s` restarts now and serves again at `upTick` (a rolling upgrade; see `../client/lifecycle`). */
  restartServer(s: number, upTick: number, tick: number, tickSeconds: number): void {
    restartServer(this, s, upTick, tick, tickSeconds);
  }

  /** Whether a watch reaches its deadline, or is due a BOOKMARK, at `tick`. */
  watchDue(tick: number): boolean {
    return watchPending(this, tick);
  }

  /** Ends the watches whose deadline has come (each resumes) and sends the BOOKMARKs due (`sent` hears of each). */
  runWatchDue(tick: number, tickSeconds: number, sent: (replica: number, rv: number) => void): void {
    timeoutDue(this, tick, tickSeconds);
    const mark = markWatchWork(this.servers);
    bookmarksDue(this, tick, tickSeconds, bookmarkBytes(this.params.sizes.encoding), (r, rv) => sent(r.index, rv));
    tallyWatchWork(this.servers, mark);
  }

  /**
   * Each server's clock at `tick`: a restarted server serves again (with `gate`, from a fresh
   * watch cache at `rv`), and every watch cache's window follows the stream (`freshRv`: the
   * resourceVersion one history window ago).
   */
  advanceServers(tick: number, rv: number, freshRv: number, maxEvents: number, gate: boolean): void {
    for (const s of this.servers) {
      if (s.downUntilTick >= 0 && tick >= s.downUntilTick) s.comeBack(gate, rv);
      s.cache.advance(rv, freshRv, maxEvents);
    }
  }

  /** LIST then WATCH for one replica, as a reflector does (see `informer.ts`). */
  connect(r: Replica, tick: number, tickSeconds: number): void {
    connect(this, r, tick, tickSeconds);
  }

  /** Informer cache bytes of a replica that caches everything it receives (clientCache `all`). */
  allCacheBytes(r: Replica): number {
    return allCacheBytes(r, this.params);
  }

  /** Banks decode CPU at the current cost before it changes (see `accounting.ts`). */
  private bankCpu(): void {
    bankCpu(this.replicas, this.decodedAtCpu, nsPerByte(this.params));
  }

  /** Decode CPU seconds of replica `i` so far. */
  cpuSeconds(i: number): number {
    return cpuSeconds(this.replicas[i]!.counters, this.decodedAtCpu[i]!, nsPerByte(this.params));
  }

  /** Fans every event of the batch out to every watcher (see `fanout.ts`). */
  process(batch: EventBatch): void {
    const mark = markWatchWork(this.servers);
    processBatch(this, batch);
    tallyWatchWork(this.servers, mark);
  }

  /** Recomputes gaps and duplicates from the masks (after LISTs). O(live). */
  recountAudit(): void {
    const a = countAudit(this.cluster, this.maskLo, this.maskHi);
    this.gaps = a.gaps;
    this.duplicates = a.duplicates;
  }

  /**
   * Forgets a released slot before it holds another object. A replica that never heard of
   * the deletion (a stale cache) keeps counting the object it holds; only the slot's bit goes.
   */
  forget(slot: number): void {
    if (slot < this.maskLo.length) {
      this.maskLo[slot] = 0;
      this.maskHi[slot] = 0;
    }
  }

  /** The replicas whose cache holds a slot. */
  ownersOf(slot: number): number[] {
    return ownersOf(this.maskLo, this.maskHi, slot);
  }

  /** Owner code of a slot: replica index, -1 nobody, -2 several. */
  ownerCode(slot: number): number {
    return ownerCode(this.maskLo, this.maskHi, slot);
  }

  /**
   * What would happen to one event at each replica now (the same rules as `process`, without
   * counting): the type sent (or null) and whether it is kept.
   */
  outcome(type: number, oldSlot: number, newSlot: number): { replica: number; sentAs: number; kept: boolean }[] {
    return outcome(this, type, oldSlot, newSlot);
  }

  /** Takes a sample of the cumulative counters at simulated time `t`. */
  sample(t: number): void {
    const v = this.currentVector();
    this.ring.push(t, v);
  }

  /** The cumulative counters now, in the sample layout. */
  currentVector(): Float64Array {
    const v = this.sampleVec[0]!;
    fillSampleVector(this, v);
    return v;
  }

  /** Offset of a server's fields in the sample vector. */
  serverOffset(i: number): number {
    return this.replicas.length * S_REPLICA_WIDTH + i * S_SERVER_WIDTH;
  }

  /** Offset of the audit fields in the sample vector. */
  auditOffset(): number {
    return this.replicas.length * S_REPLICA_WIDTH + this.servers.length * S_SERVER_WIDTH;
  }
}
