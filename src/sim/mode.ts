/**
 * One mode of the comparison (client-side or server-side sharding): its API servers, its
 * replicas and their informer caches, the fan-out of every event to every watcher, the
 * ownership audit and the samples behind the charts. Both modes consume the same events.
 *
 * Cache membership is a 64-bit owner mask per object (two Uint32Arrays; at most 64
 * replicas), so "who owns this object" is one read, and the audit (gaps: live objects in no
 * cache; duplicates: in two or more) is kept up to date per event in O(1).
 */
import type { ShardSelector } from '../core/sharding';
import { hexToParts } from '../core/sharding';
import { ApiServer, watchDecision } from './apiserver';
import { SampleRing } from './accounting';
import { buildCutTable, type CutOwner, type CutTable } from './cuttable';
import type { Cluster } from './cluster';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE } from './events';
import type { EventBatch } from './events';
import type { Mode, SimParams } from './params';
import {
  C_BYTES_DECODED,
  C_BYTES_DISCARDED,
  C_BYTES_KEPT,
  C_BYTES_RECEIVED,
  C_CPU_SECONDS,
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
  LOCAL_JUMP,
  LOCAL_KEEP_ALL,
  LOCAL_KEEP_NONE,
  LOCAL_RANGES,
  Replica,
  resolveSelector,
} from './replica';
import { bookmarkBytes, eventEnvelopeBytes, listOverheadBytes, wireRatio } from './sizes';

// Module-local copies of imported constants: some loaders (tsx, vite-node) turn imported
// bindings into getter calls, which would dominate the per-event loop below.
const EVR = C_EVENTS_RECEIVED;
const BYR = C_BYTES_RECEIVED;
const EVD = C_EVENTS_DECODED;
const BYD = C_BYTES_DECODED;
const EVX = C_EVENTS_DISCARDED;
const BYX = C_BYTES_DISCARDED;
const EVK = C_EVENTS_KEPT;
const BYK = C_BYTES_KEPT;
const LHA = C_LOCAL_HASHES;
const K_ALL = LOCAL_KEEP_ALL;
const K_RANGES = LOCAL_RANGES;
const K_JUMP = LOCAL_JUMP;
const T_ADDED = EV_ADDED;
const T_MODIFIED = EV_MODIFIED;
const T_DELETED = EV_DELETED;
const T_BOOKMARK = EV_BOOKMARK;
const T_NONE = EV_NONE;

const EMPTY_F64 = new Float64Array(0);
const EMPTY_U32 = new Uint32Array(0);

/** Reflector-like retry backoff after a failed LIST: 1 s doubling to 30 s. */
const MAX_BACKOFF_SECONDS = 30;

/** Sample vector layout: per replica these fields, then per server, then the audit. */
export const S_BYTES_RECEIVED = 0;
export const S_CPU_SECONDS = 1;
export const S_EVENTS_RECEIVED = 2;
export const S_BYTES_DECODED = 3;
export const S_BYTES_DISCARDED = 4;
export const S_EVENTS_KEPT = 5;
export const S_CACHE_BYTES = 6;
export const S_LIST_BYTES = 7;
/** Cache bytes under clientCache `all` (S_CACHE_BYTES is the `owned` style's). */
export const S_ALL_CACHE_BYTES = 8;
export const S_REPLICA_WIDTH = 9;
export const S_EGRESS = 0;
export const S_HASHES = 1;
export const S_SERVER_WIDTH = 2;

/** Audit category of an owner mask: 0 nobody, 1 exactly one, 2 several. */
export function maskCategory(lo: number, hi: number): number {
  if (lo === 0 && hi === 0) return 0;
  if (lo !== 0 && hi !== 0) return 2;
  const x = lo !== 0 ? lo : hi;
  return (x & (x - 1)) === 0 ? 1 : 2;
}

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
  private readonly sampleVec: Float64Array[] = [];
  private decodedAtCpu = new Float64Array(0);
  private params!: SimParams;
  /** The last cut table and what it was built from (replica, pass flag, selector, per owner). */
  private cutCache: { key: (number | ShardSelector | null)[]; table: CutTable } | null = null;

  constructor(
    readonly mode: Mode,
    private readonly cluster: Cluster,
  ) {}

  /** (Re)creates servers and replicas from `params` and connects every replica (fresh LISTs). */
  configure(params: SimParams, tick: number, tickSeconds: number, keepCounters: boolean): void {
    const old = this.replicas;
    const oldServers = this.servers;
    const sameShape =
      keepCounters && old.length === params.replicas.count && oldServers.length === params.apiServers.count;
    if (this.replicas.length > 0) this.bankCpu();
    this.params = params;
    for (const r of old) if (r.watcher) oldServers[r.apiServer]?.closeWatch(r.watcher);
    this.servers = [];
    for (let i = 0; i < params.apiServers.count; i++) {
      const gate = params.apiServers.gates[i] ?? true;
      const s = new ApiServer(i, gate);
      if (sameShape) {
        const o = oldServers[i]!;
        // Toggling a feature gate restarts that kube-apiserver: its metrics start afresh.
        if (o.gate === gate) {
          s.filteredEvents = o.filteredEvents;
          s.shardsSeriesUsed = o.shardsSeriesUsed;
        }
        s.hashes = o.hashes;
        s.egressBytes = o.egressBytes;
        s.eventsSent = o.eventsSent;
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
      const r = new Replica(this.mode, i, n, server, resolved, params.replicas.clientFilter, params.replicas.serverFallback);
      if (sameShape) r.counters.set(old[i]!.counters);
      this.replicas.push(r);
    }
    if (!sameShape || !this.ring) this.resetSeries();
    this.decodedAtCpu = new Float64Array(n);
    for (let i = 0; i < n; i++) this.decodedAtCpu[i] = this.replicas[i]!.counters[C_BYTES_DECODED]!;
    if (params.replicas.clientFilter === 'jump' && this.mode === 'client') this.cluster.ensureJump(n);
    // Every cache starts empty; the LISTs fill them.
    this.maskLo = new Uint32Array(this.cluster.capacity);
    this.maskHi = new Uint32Array(this.cluster.capacity);
    this.ownersEpoch++;
    for (const r of this.replicas) this.connect(r, tick, tickSeconds);
    this.recountAudit();
  }

  /** Applies parameters that need no reconnect (sizes, costs, churn). */
  setParams(params: SimParams): void {
    this.bankCpu();
    this.params = params;
  }

  /** Clears the time series (a new shape of replicas or servers). */
  resetSeries(): void {
    const width = this.replicas.length * S_REPLICA_WIDTH + this.servers.length * S_SERVER_WIDTH + 2;
    this.ring = new SampleRing(width, this.params.seriesCapacity);
    this.sampleVec.length = 0;
    this.sampleVec.push(new Float64Array(width));
  }

  private ensureCapacity(): void {
    const cap = this.cluster.capacity;
    if (this.maskLo.length >= cap) return;
    const lo = new Uint32Array(cap);
    lo.set(this.maskLo);
    this.maskLo = lo;
    const hi = new Uint32Array(cap);
    hi.set(this.maskHi);
    this.maskHi = hi;
  }

  /** Schedules a retry of a failed LIST with doubling backoff. */
  private scheduleRetry(r: Replica, tick: number, tickSeconds: number): void {
    r.backoffSeconds = r.backoffSeconds === 0 ? 1 : Math.min(MAX_BACKOFF_SECONDS, r.backoffSeconds * 2);
    r.retryAtTick = tick + Math.max(1, Math.round(r.backoffSeconds / tickSeconds));
  }

  /** Whether a failed LIST is due for retry at `tick`. */
  retryPending(tick: number): boolean {
    for (const r of this.replicas) if (r.retryAtTick >= 0 && r.retryAtTick <= tick) return true;
    return false;
  }

  /**
   * Retries failed LISTs that are due. Returns whether one of them succeeded (a relist: the
   * replica's traffic changes); a retry that fails again changes nothing that flows.
   */
  retryDue(tick: number, tickSeconds: number): boolean {
    let any = false;
    let relisted = false;
    for (const r of this.replicas) {
      if (r.retryAtTick >= 0 && r.retryAtTick <= tick) {
        this.connect(r, tick, tickSeconds);
        any = true;
        if (r.status === 'ok') relisted = true;
      }
    }
    if (any) this.recountAudit();
    return relisted;
  }

  /** Drops everything a replica holds (its cache is rebuilt by the next LIST). */
  private clearCache(r: Replica): void {
    if (r.cacheObjects === 0) return;
    const lo = this.maskLo;
    const hi = this.maskHi;
    const nlo = ~r.bitLo;
    const nhi = ~r.bitHi;
    for (let s = 0; s < this.cluster.slots; s++) {
      lo[s] = lo[s]! & nlo;
      hi[s] = hi[s]! & nhi;
    }
    r.cacheObjects = 0;
    r.cacheBytes = 0;
  }

  /**
   * LIST then WATCH for one replica, as a reflector does. Accounts the LIST body on both
   * ends, fills the cache with what the replica keeps, and opens the watch.
   */
  connect(r: Replica, tick: number, tickSeconds: number): void {
    this.ensureCapacity();
    this.ownersEpoch++;
    const server = this.servers[r.apiServer]!;
    if (r.watcher) {
      server.closeWatch(r.watcher);
      r.watcher = null;
    }
    this.clearCache(r);
    r.recvObjects = 0;
    r.recvJson = 0;
    r.retryAtTick = -1;
    if (this.mode === 'client' && r.clientFilter === 'ranges' && r.resolved.localError !== null) {
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
      this.scheduleRetry(r, tick, tickSeconds);
      return;
    }
    r.backoffSeconds = 0;
    r.listResourceVersion = this.cluster.resourceVersion;
    server.listRequests++;
    c[C_LIST_REQUESTS]!++;
    const cluster = this.cluster;
    const sizes = this.params.sizes;
    const ratio = wireRatio(sizes);
    const cacheFactor = this.params.costs.cacheBytesPerJsonByte;
    const cacheOverhead = this.params.costs.cacheOverheadBytes;
    const serverSel = adm.selector && !adm.selector.empty() ? adm.selector : null;
    const shardInfo = serverSel !== null;
    r.configureAfterList(shardInfo);

    let items = 0;
    let itemJson = 0;
    let kept = 0;
    let keptJson = 0;
    const lo = this.maskLo;
    const hi = this.maskHi;
    const keep = (s: number): void => {
      lo[s] = (lo[s]! | r.bitLo) >>> 0;
      hi[s] = (hi[s]! | r.bitHi) >>> 0;
      kept++;
      keptJson += cluster.jsonBytes[s]!;
    };
    if (shardInfo) {
      // The server checks every object in its watch cache and sends the matches.
      server.hashes += cluster.liveCount;
      this.forEachMatching(serverSel, (s) => {
        items++;
        itemJson += cluster.jsonBytes[s]!;
        if (r.localKind !== LOCAL_KEEP_NONE) keep(s);
      });
    } else {
      items = cluster.liveCount;
      itemJson = cluster.liveJsonBytes;
      if (r.localKind === LOCAL_KEEP_ALL) {
        this.forEachMatching(null, keep);
      } else if (r.localKind === LOCAL_RANGES) {
        c[C_LOCAL_HASHES]! += items;
        this.forEachMatching(r.resolved.local, keep);
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

  /** Calls `fn` for each live object matching `sel` (all live objects for null). */
  private forEachMatching(sel: ShardSelector | null, fn: (slot: number) => void): void {
    const cluster = this.cluster;
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

  /** Informer cache bytes of a replica that caches everything it receives (clientCache `all`). */
  allCacheBytes(r: Replica): number {
    return r.recvJson * this.params.costs.cacheBytesPerJsonByte + r.recvObjects * this.params.costs.cacheOverheadBytes;
  }

  /** Decode cost per byte under the current parameters, nanoseconds. */
  private nsPerByte(): number {
    return this.params.sizes.encoding === 'protobuf' ? this.params.costs.protobufDecodeNsPerByte : this.params.costs.jsonDecodeNsPerByte;
  }

  /**
   * Banks decode CPU for the bytes decoded so far at the current cost, before the cost
   * changes. CPU is otherwise derived on read (bytes decoded since the last bank times the
   * cost), so it never depends on how events were batched.
   */
  private bankCpu(): void {
    const ns = this.nsPerByte();
    for (let i = 0; i < this.replicas.length; i++) {
      const c = this.replicas[i]!.counters;
      c[C_CPU_SECONDS]! += (c[C_BYTES_DECODED]! - this.decodedAtCpu[i]!) * ns * 1e-9;
      this.decodedAtCpu[i] = c[C_BYTES_DECODED]!;
    }
  }

  /** Decode CPU seconds of replica `i` so far. */
  cpuSeconds(i: number): number {
    const c = this.replicas[i]!.counters;
    return c[C_CPU_SECONDS]! + (c[C_BYTES_DECODED]! - this.decodedAtCpu[i]!) * this.nsPerByte() * 1e-9;
  }

  /**
   * Fans every event of the batch out to every watcher: the server's per-watcher filter, the
   * bytes on the wire, the replica's decode, its local keep/discard, its cache, the audit.
   *
   * Replicas fall in two groups with the same rules but different bookkeeping:
   * - unsharded watchers (client-side mode; gate off) receive every event, so what they
   *   receive and decode is tallied once per event and credited to each at the end;
   * - sharded watchers get the server's check per watcher. When old and new object are the
   *   same stored object (always, in this model: the shard key is immutable), pass/pass is
   *   MODIFIED and fail/fail is dropped, so one match decides; a hand-built transition
   *   (old != new) goes through `ApiServer.route`, the general rule. Hashes are counted per
   *   event per watcher (two per MODIFIED), filtered events per failed check, as `route` does.
   *
   * The fast path answers "which watchers pass, which replicas keep" for all replicas at once:
   * the hash space is cut at every bound of every uid selector, each piece carries the bit
   * masks of the replicas whose ranges hold it, and one binary search per event finds the
   * piece. Per event the work is then proportional to the replicas that act on it (usually
   * one), not to the number of replicas. Namespace-keyed selectors take the general path.
   */
  process(batch: EventBatch): void {
    this.ensureCapacity();
    const cluster = this.cluster;
    const sizes = this.params.sizes;
    const ratio = wireRatio(sizes);
    const envelope = eventEnvelopeBytes(sizes.encoding);
    const bookmark = bookmarkBytes(sizes.encoding);
    const cacheFactor = this.params.costs.cacheBytesPerJsonByte;
    const cacheOverhead = this.params.costs.cacheOverheadBytes;
    const json = cluster.jsonBytes;
    const uidHi = cluster.uidHi;
    const uidLo = cluster.uidLo;
    const nsHi = cluster.nsHi;
    const nsLo = cluster.nsLo;
    const buckets = cluster.jumpBuckets;
    const lo = this.maskLo;
    const hi = this.maskHi;

    // Per replica (by index) configuration and per-batch tallies.
    const R = this.replicas.length;
    const act: number[] = [];
    const shardedList: number[] = [];
    const sharded = new Uint8Array(R);
    const kinds = new Int32Array(R);
    const bitLo = new Uint32Array(R);
    const bitHi = new Uint32Array(R);
    const localSel: (ShardSelector | null)[] = new Array(R).fill(null);
    const localByUid = new Uint8Array(R);
    const serverSel: (ShardSelector | null)[] = new Array(R).fill(null);
    const serverByUid = new Uint8Array(R);
    const cacheObjects = new Float64Array(R);
    const cacheBytes = new Float64Array(R);
    // What each sharded watcher has been sent and still holds (the `all` cache style).
    const heldObjects = new Float64Array(R);
    const heldJson = new Float64Array(R);
    let unshLo = 0;
    let unshHi = 0;
    let allKeepLo = 0;
    let allKeepHi = 0;
    let jumpLo = 0;
    let jumpHi = 0;
    let fast = true;
    for (const r of this.replicas) {
      const i = r.index;
      cacheObjects[i] = r.cacheObjects;
      cacheBytes[i] = r.cacheBytes;
      if (!r.watcher || r.status !== 'ok') continue;
      act.push(i);
      bitLo[i] = r.bitLo;
      bitHi[i] = r.bitHi;
      kinds[i] = r.localKind;
      localSel[i] = r.resolved.local;
      localByUid[i] = r.resolved.key !== 'object.metadata.namespace' ? 1 : 0;
      serverSel[i] = r.watcher.selector;
      serverByUid[i] = r.watcher.byUid ? 1 : 0;
      if (r.watcher.selector !== null) {
        sharded[i] = 1;
        shardedList.push(i);
        // A sharded watcher's replica keeps what it is sent (the server filtered it).
        if (!r.watcher.byUid || r.localKind !== K_ALL) fast = false;
      } else {
        unshLo |= r.bitLo;
        unshHi |= r.bitHi;
        if (r.localKind === K_ALL) {
          allKeepLo |= r.bitLo;
          allKeepHi |= r.bitHi;
        } else if (r.localKind === K_JUMP) {
          jumpLo |= r.bitLo;
          jumpHi |= r.bitHi;
        } else if (r.localKind === K_RANGES && r.resolved.local !== null && !localByUid[i]) {
          fast = false;
        }
      }
    }
    const nAct = act.length;
    const recvEvents = new Float64Array(R); // sharded only
    const recvBytes = new Float64Array(R); // sharded only
    const keptEvents = new Float64Array(R);
    const keptBytes = new Float64Array(R);
    const discEvents = new Float64Array(R); // sharded only
    const discBytes = new Float64Array(R); // sharded only
    const filtered = new Float64Array(R);
    const passChecks = new Float64Array(R); // fast path: checks of events that passed
    let bcEvents = 0; // events every unsharded watcher received
    let bcBytes = 0;
    let bcObjEvents = 0; // of which object events (not bookmarks)
    let bcObjBytes = 0;
    let bcHeldObjects = 0; // change in what every unsharded watcher holds
    let bcHeldJson = 0;
    let checks = 0; // shard checks per sharded watcher (1 per ADDED/DELETED, 2 per MODIFIED)
    let fastChecks = 0;
    let gaps = this.gaps;
    let dups = this.duplicates;

    // The cut table for the fast path.
    const table = fast ? this.cutTable(act, sharded, kinds, serverSel, localSel) : null;
    const segHi = table ? table.hi : EMPTY_F64;
    const segLo = table ? table.lo : EMPTY_F64;
    const segPassLo = table ? table.passLo : EMPTY_U32;
    const segPassHi = table ? table.passHi : EMPTY_U32;
    const segKeepLo = table ? table.keepLo : EMPTY_U32;
    const segKeepHi = table ? table.keepHi : EMPTY_U32;
    const lastSeg = segHi.length - 1;
    const anyJump = (jumpLo | jumpHi) !== 0;

    const types = batch.type;
    const olds = batch.oldSlot;
    const news = batch.newSlot;
    for (let e = 0; e < batch.length; e++) {
      const type = types[e]!;
      if (type === T_BOOKMARK) {
        // Bookmarks skip the filter and reach every watcher.
        bcEvents++;
        bcBytes += bookmark;
        for (let j = 0; j < shardedList.length; j++) {
          const k = shardedList[j]!;
          recvEvents[k]!++;
          recvBytes[k]! += bookmark;
        }
        continue;
      }
      const oldSlot = olds[e]!;
      const newSlot = news[e]!;
      const subject = type === T_DELETED ? oldSlot : newSlot;
      // Whole bytes: sums of integers are exact, so totals do not depend on batch boundaries.
      const bytes = Math.round(json[subject]! * ratio) + envelope;
      const cb = json[subject]! * cacheFactor + cacheOverhead;
      const cw = type === T_MODIFIED ? 2 : 1;
      // Change in a holder's objects and JSON bytes when it receives this event as sent.
      const dObj = type === T_ADDED ? 1 : type === T_DELETED ? -1 : 0;
      const dJson = type === T_ADDED ? json[newSlot]! : type === T_DELETED ? -json[oldSlot]! : json[newSlot]! - json[oldSlot]!;
      bcEvents++;
      bcBytes += bytes;
      bcObjEvents++;
      bcObjBytes += bytes;
      bcHeldObjects += dObj;
      bcHeldJson += dJson;
      checks += cw;
      const beforeCat = type === T_ADDED ? -1 : maskCategory(lo[subject]!, hi[subject]!);

      if (table !== null && (oldSlot === newSlot || type !== T_MODIFIED)) {
        fastChecks += cw;
        const h = uidHi[subject]!;
        const l = uidLo[subject]!;
        let a = 0;
        let b = lastSeg;
        while (a < b) {
          const m = (a + b + 1) >> 1;
          const mh = segHi[m]!;
          if (mh < h || (mh === h && segLo[m]! <= l)) a = m;
          else b = m - 1;
        }
        const passLo = segPassLo[a]!;
        const passHi = segPassHi[a]!;
        // Sharded watchers that pass receive it.
        for (let half = 0; half < 2; half++) {
          let m = half === 0 ? passLo : passHi;
          while (m !== 0) {
            const t = m & -m;
            const k = 31 - Math.clz32(t) + half * 32;
            recvEvents[k]!++;
            recvBytes[k]! += bytes;
            passChecks[k]! += cw;
            heldObjects[k]! += dObj;
            heldJson[k]! += dJson;
            m ^= t;
          }
        }
        const cLo = lo[subject]!;
        const cHi = hi[subject]!;
        if (type === T_DELETED) {
          // Whoever received it and holds it drops it; a sharded receiver without it discards.
          const rmLo = cLo & (passLo | unshLo);
          const rmHi = cHi & (passHi | unshHi);
          for (let half = 0; half < 2; half++) {
            let m = half === 0 ? rmLo : rmHi;
            while (m !== 0) {
              const t = m & -m;
              const k = 31 - Math.clz32(t) + half * 32;
              cacheObjects[k]!--;
              cacheBytes[k]! -= cb;
              keptEvents[k]!++;
              keptBytes[k]! += bytes;
              m ^= t;
            }
            m = half === 0 ? passLo & ~cLo : passHi & ~cHi;
            while (m !== 0) {
              const t = m & -m;
              const k = 31 - Math.clz32(t) + half * 32;
              discEvents[k]!++;
              discBytes[k]! += bytes;
              m ^= t;
            }
          }
          lo[subject] = (cLo & ~rmLo) >>> 0;
          hi[subject] = (cHi & ~rmHi) >>> 0;
        } else {
          let keepLo = segKeepLo[a]! | allKeepLo | passLo;
          let keepHi = segKeepHi[a]! | allKeepHi | passHi;
          if (anyJump) {
            const jb = buckets[subject]!;
            if (jb < 32) keepLo |= jumpLo & (1 << jb);
            else keepHi |= jumpHi & (1 << (jb - 32));
          }
          const addLo = keepLo & ~cLo;
          const addHi = keepHi & ~cHi;
          const dropLo = (passLo | unshLo) & cLo & ~keepLo;
          const dropHi = (passHi | unshHi) & cHi & ~keepHi;
          for (let half = 0; half < 2; half++) {
            let m = half === 0 ? keepLo : keepHi;
            while (m !== 0) {
              const t = m & -m;
              const k = 31 - Math.clz32(t) + half * 32;
              keptEvents[k]!++;
              keptBytes[k]! += bytes;
              m ^= t;
            }
            m = half === 0 ? addLo : addHi;
            while (m !== 0) {
              const t = m & -m;
              const k = 31 - Math.clz32(t) + half * 32;
              cacheObjects[k]!++;
              cacheBytes[k]! += cb;
              m ^= t;
            }
            m = half === 0 ? dropLo : dropHi;
            while (m !== 0) {
              const t = m & -m;
              const k = 31 - Math.clz32(t) + half * 32;
              cacheObjects[k]!--;
              cacheBytes[k]! -= cb;
              m ^= t;
            }
          }
          lo[subject] = ((cLo | addLo) & ~dropLo) >>> 0;
          hi[subject] = ((cHi | addHi) & ~dropHi) >>> 0;
        }
      } else {
        // The general path: one replica at a time.
        for (let j = 0; j < nAct; j++) {
          const k = act[j]!;
          let out = type;
          if (sharded[k]) {
            if (oldSlot === newSlot || type !== T_MODIFIED) {
              const sel = serverSel[k]!;
              const pass = serverByUid[k] ? sel.matchesHash(uidHi[subject]!, uidLo[subject]!) : sel.matchesHash(nsHi[subject]!, nsLo[subject]!);
              if (!pass) {
                filtered[k]! += cw;
                continue;
              }
            } else {
              const r = this.replicas[k]!;
              const srv = this.servers[r.apiServer]!;
              const before = srv.filteredEvents;
              const hashesBefore = srv.hashes;
              out = srv.route(r.watcher!, type, cluster, oldSlot, newSlot);
              // `route` counted on the server directly; move it to this batch's tallies.
              filtered[k]! += srv.filteredEvents - before;
              srv.filteredEvents = before;
              srv.hashes = hashesBefore;
              if (out === T_NONE) continue;
            }
            recvEvents[k]!++;
            recvBytes[k]! += bytes;
            if (out === T_ADDED) {
              heldObjects[k]!++;
              heldJson[k]! += json[newSlot]!;
            } else if (out === T_DELETED) {
              heldObjects[k]!--;
              heldJson[k]! -= json[oldSlot]!;
            } else if (oldSlot !== newSlot) {
              heldJson[k]! += json[newSlot]! - json[oldSlot]!;
            }
          }
          const s = out === T_DELETED ? oldSlot : newSlot;
          const bl = bitLo[k]!;
          const bh = bitHi[k]!;
          const inCache = ((lo[s]! & bl) | (hi[s]! & bh)) !== 0;
          const scb = json[s]! * cacheFactor + cacheOverhead;
          let keepIt: boolean;
          if (out === T_DELETED) {
            keepIt = inCache;
          } else {
            const kind = kinds[k]!;
            if (kind === K_ALL) keepIt = true;
            else if (kind === K_RANGES) {
              const sel = localSel[k];
              keepIt = sel === null || (localByUid[k] ? sel!.matchesHash(uidHi[s]!, uidLo[s]!) : sel!.matchesHash(nsHi[s]!, nsLo[s]!));
            } else if (kind === K_JUMP) keepIt = buckets[s] === k;
            else keepIt = false;
          }
          if (keepIt) {
            if (out === T_DELETED) {
              lo[s] = (lo[s]! & ~bl) >>> 0;
              hi[s] = (hi[s]! & ~bh) >>> 0;
              cacheObjects[k]!--;
              cacheBytes[k]! -= scb;
            } else if (!inCache) {
              lo[s] = (lo[s]! | bl) >>> 0;
              hi[s] = (hi[s]! | bh) >>> 0;
              cacheObjects[k]!++;
              cacheBytes[k]! += scb;
            }
            keptEvents[k]!++;
            keptBytes[k]! += bytes;
          } else {
            if (inCache) {
              // It left this replica's share: drop it from the cache.
              lo[s] = (lo[s]! & ~bl) >>> 0;
              hi[s] = (hi[s]! & ~bh) >>> 0;
              cacheObjects[k]!--;
              cacheBytes[k]! -= scb;
            }
            if (sharded[k]) {
              discEvents[k]!++;
              discBytes[k]! += bytes;
            }
          }
        }
      }
      if (beforeCat === 0) gaps--;
      else if (beforeCat === 2) dups--;
      if (type !== T_DELETED) {
        const after = maskCategory(lo[subject]!, hi[subject]!);
        if (after === 0) gaps++;
        else if (after === 2) dups++;
      }
    }
    for (const r of this.replicas) {
      r.cacheObjects = cacheObjects[r.index]!;
      r.cacheBytes = cacheBytes[r.index]!;
    }
    for (let j = 0; j < nAct; j++) {
      const k = act[j]!;
      const r = this.replicas[k]!;
      const c = r.counters;
      const srv = this.servers[r.apiServer]!;
      c[EVK]! += keptEvents[k]!;
      c[BYK]! += keptBytes[k]!;
      let ev: number;
      let by: number;
      if (sharded[k]) {
        ev = recvEvents[k]!;
        by = recvBytes[k]!;
        r.recvObjects += heldObjects[k]!;
        r.recvJson += heldJson[k]!;
        c[EVX]! += discEvents[k]!;
        c[BYX]! += discBytes[k]!;
        srv.hashes += checks;
        srv.filteredEvents += filtered[k]! + (fastChecks - passChecks[k]!);
      } else {
        ev = bcEvents;
        by = bcBytes;
        r.recvObjects += bcHeldObjects;
        r.recvJson += bcHeldJson;
        // Every object event it decoded is either kept (applied) or discarded.
        c[EVX]! += bcObjEvents - keptEvents[k]!;
        c[BYX]! += bcObjBytes - keptBytes[k]!;
        if (kinds[k] === K_RANGES || kinds[k] === K_JUMP) c[LHA]! += bcObjEvents;
      }
      c[EVR]! += ev;
      c[BYR]! += by;
      c[EVD]! += ev;
      c[BYD]! += by;
      srv.egressBytes += by;
      srv.eventsSent += ev;
    }
    this.gaps = gaps;
    this.duplicates = dups;
  }

  /**
   * The fast path's table (see `buildCutTable`), for the active replicas' selectors. Built
   * once per change of who is active or of their selectors (a reconnect gives a watcher a new
   * selector object), not once per batch: steps reuse it.
   */
  private cutTable(
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
    const cached = this.cutCache;
    if (cached !== null && cached.key.length === key.length && cached.key.every((v, i) => v === key[i])) return cached.table;
    const owners: CutOwner[] = [];
    for (let i = 0; i < key.length; i += 3) {
      const sel = key[i + 2] as ShardSelector | null;
      const pass = key[i + 1] === 1;
      owners.push({ k: key[i] as number, pass, ranges: pass ? sel!.requirements : sel === null || sel.empty() ? null : sel.requirements });
    }
    const table = buildCutTable(owners);
    this.cutCache = { key, table };
    return table;
  }

  /** Recomputes gaps and duplicates from the masks (after LISTs). O(live). */
  recountAudit(): void {
    const live = this.cluster.liveSlots;
    const lo = this.maskLo;
    const hi = this.maskHi;
    let gaps = 0;
    let dups = 0;
    for (let i = 0; i < this.cluster.liveCount; i++) {
      const s = live[i]!;
      const c = maskCategory(lo[s]!, hi[s]!);
      if (c === 0) gaps++;
      else if (c === 2) dups++;
    }
    this.gaps = gaps;
    this.duplicates = dups;
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
    const out: number[] = [];
    const l = this.maskLo[slot] ?? 0;
    const h = this.maskHi[slot] ?? 0;
    for (let i = 0; i < 32; i++) if (l & (1 << i)) out.push(i);
    for (let i = 0; i < 32; i++) if (h & (1 << i)) out.push(32 + i);
    return out;
  }

  /** Owner code of a slot: replica index, -1 nobody, -2 several. */
  ownerCode(slot: number): number {
    const l = this.maskLo[slot]!;
    const h = this.maskHi[slot]!;
    const cat = maskCategory(l, h);
    if (cat !== 1) return cat === 0 ? -1 : -2;
    return l !== 0 ? 31 - Math.clz32(l) : 63 - Math.clz32(h);
  }

  /**
   * What would happen to one event at each replica now (the same rules as `process`, without
   * counting): the type sent (or null) and whether it is kept.
   */
  outcome(type: number, oldSlot: number, newSlot: number): { replica: number; sentAs: number; kept: boolean }[] {
    const cluster = this.cluster;
    return this.replicas.map((r) => {
      if (!r.watcher || r.status !== 'ok') return { replica: r.index, sentAs: EV_NONE, kept: false };
      const w = r.watcher;
      let sent = type;
      if (w.selector && type !== EV_BOOKMARK) {
        const H = w.byUid ? cluster.uidHi : cluster.nsHi;
        const L = w.byUid ? cluster.uidLo : cluster.nsLo;
        const oldPass = type !== EV_ADDED && w.selector.matchesHash(H[oldSlot]!, L[oldSlot]!);
        const newPass = type !== EV_DELETED && w.selector.matchesHash(H[newSlot]!, L[newSlot]!);
        sent = watchDecision(type, oldPass, newPass);
      }
      if (sent === EV_NONE || sent === EV_BOOKMARK) return { replica: r.index, sentAs: sent, kept: false };
      const s = sent === EV_DELETED ? oldSlot : newSlot;
      let kept: boolean;
      if (r.localKind === LOCAL_KEEP_ALL) kept = true;
      else if (r.localKind === LOCAL_RANGES) kept = r.keepsHash(cluster.uidHi[s]!, cluster.uidLo[s]!, cluster.nsHi[s]!, cluster.nsLo[s]!);
      else if (r.localKind === LOCAL_JUMP) kept = cluster.jumpBuckets[s] === r.index;
      else kept = false;
      return { replica: r.index, sentAs: sent, kept };
    });
  }

  /** Takes a sample of the cumulative counters at simulated time `t`. */
  sample(t: number): void {
    const v = this.currentVector();
    this.ring.push(t, v);
  }

  /** The cumulative counters now, in the sample layout. */
  currentVector(): Float64Array {
    const v = this.sampleVec[0]!;
    let o = 0;
    for (const r of this.replicas) {
      const c = r.counters;
      v[o + S_BYTES_RECEIVED] = c[C_BYTES_RECEIVED]!;
      v[o + S_CPU_SECONDS] = this.cpuSeconds(o / S_REPLICA_WIDTH);
      v[o + S_EVENTS_RECEIVED] = c[C_EVENTS_RECEIVED]!;
      v[o + S_BYTES_DECODED] = c[C_BYTES_DECODED]!;
      v[o + S_BYTES_DISCARDED] = c[C_BYTES_DISCARDED]!;
      v[o + S_EVENTS_KEPT] = c[C_EVENTS_KEPT]!;
      v[o + S_CACHE_BYTES] = r.cacheBytes;
      v[o + S_LIST_BYTES] = c[C_LIST_BYTES]!;
      v[o + S_ALL_CACHE_BYTES] = this.allCacheBytes(r);
      o += S_REPLICA_WIDTH;
    }
    for (const s of this.servers) {
      v[o + S_EGRESS] = s.egressBytes;
      v[o + S_HASHES] = s.hashes;
      o += S_SERVER_WIDTH;
    }
    v[o] = this.gaps;
    v[o + 1] = this.duplicates;
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

