/**
 * The headless simulation: one cluster, one event stream, and both modes (client-side and
 * server-side sharding) consuming that stream side by side. Time advances in fixed ticks of
 * simulated time, so a run depends only on its parameters and how far it has gone, never on
 * how the caller slices `step()` calls: stepping back is replaying to an earlier tick.
 */
import { hashFraction, hexToParts } from '../../core/sharding';
import type { ShardSelector } from '../../core/sharding';
import { equalSegments, reshardHashes } from '../time';
import { Handoff, layoutRanges, nextLayout } from '../time';
import type { Layout } from '../time';
import { ordered, strategyFor } from '../params';
import { countDueRelists, deferRelists } from './relists';
import { firstRetypedFrom, retypedAt, retypedPastDiffers, retypedTick } from '../params';
import type { RetypedLayout } from '../params';
import type { PendingRelist } from './relists';
import type { ReshardEvent } from '../params';
import { ChurnSource } from '../cluster';
import { CheckpointStore } from '../time';
import type { CheckpointStats } from '../time';
import { closedForm } from '../report';
import type { ReplicaPlan, Share } from '../report';
import { Cluster } from '../cluster';
import { HashSpaceTracker } from './hashspace';
import { EVENT_TYPE_NAMES, EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE, EventBatch, NO_SLOT } from '../cluster';
import { LabelSelectorError, matchesLabels, parseLabelSelector, type LabelRequirement } from '../cluster';
import { badRequestBody, decodeContinue, encodeContinue, podJson, podListBody, podLabels, podName, requestInfo, statusBody, watchEnvelope } from '../apiserver';
import { ModeEngine, S_BYTES_DECODED, S_BYTES_DISCARDED, S_BYTES_RECEIVED, S_ALL_CACHE_BYTES, S_CACHE_BYTES, S_CPU_SECONDS, S_EGRESS, S_EVENTS_KEPT, S_EVENTS_RECEIVED, S_HASHES, S_REPLICA_WIDTH } from './mode';
import { parseForRequest } from '../apiserver';
import { recountRanges } from './ownership';
import { replicaView } from '../client';
import { timeoutDue, timeoutPending } from '../client';
import { DEFAULT_PARAMS, MAX_EVENTS_PER_STEP, churnEventsPerSecond } from '../params';
import { MODES } from '../params';
import { mergeParams, resolveParams } from '../params';
import type { Mode, SimParams, SimParamsInput } from '../params';
import { createPrng } from '../cluster';
import { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BYTES_RECEIVED, C_DUP_CAUGHT, C_DUP_MISSED, C_EVENTS_DECODED, C_EVENTS_DISCARDED, C_EVENTS_KEPT, C_EVENTS_RECEIVED, C_LIST_BYTES, C_LIST_ITEMS, C_LIST_ITEMS_KEPT, C_LIST_REQUESTS, C_LOCAL_HASHES, C_REQUEST_ERRORS, LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_RANGES } from '../client';
import type { Replica } from '../client';
import { bookmarkBytes, eventEnvelopeBytes, expectedJsonBytes, listOverheadBytes, wireRatio } from '../cluster';
import type { ApiServerStats, ClusterSummary, ModeSnapshot, ReplicaMemory, ReplicaStats, SettlingInfo, SimSnapshot, StepBackReach } from '../report';
import type { ClosedForm } from '../report';
import type { HashSpaceView, ObjectInfo, OwnershipRecount, RangeSet, RecentEvent } from './views';
import type { ListOptions, PodObject, WatchEventEnvelope } from '../apiserver';
import type { ListResponse } from './views';
import type { ReshardReport } from '../time';
import type { ReshardStrategy } from '../params';
import type { Simulation } from './api';

/** Simulated seconds per tick: the granularity of events, retries and samples. */
export const TICK_SECONDS = 0.01;
/** Ticks per simulated second (exact integer arithmetic on time). */
const TICKS_PER_SECOND = 100;
/** Events remembered for the recent-events and watch-event views. */
const RECENT_CAPACITY = 2048;
/**
 * Removed slots (beyond those the recent-events ring still shows) that make the model flush
 * its batch and release them for reuse at the next tick boundary, plus a 1/32 share of the
 * live objects; between, they are released after every sample.
 */
const RELEASE_SLACK = 4096;
/** Longest single `step()`, so a typo cannot freeze the page. */
const MAX_STEP_SECONDS = 86_400;

/** A replay longer than this many checkpoint intervals ends with a checkpoint at its target. */
const LONG_REPLAY_CHECKPOINTS = 5;

/**
 * Fields of the simulation that are not model state (see `modelFields`). The hash-space
 * tracker is a picture of the cluster for the page, kept sorted: every refresh shifts its
 * million-entry arrays, so checkpointing it would record most of 28 MB every 2 s and spend
 * the budget in seconds. A restore starts a fresh one instead, which builds the picture from
 * the restored cluster on the next view (about 30 ms at a million objects).
 */
const NOT_MODEL_STATE: ReadonlySet<string> = new Set(['history', 'checkpoints', 'version', 'base', 'batch', 'admissions', 'replaying', 'hashView']);

interface HistoryEntry {
  readonly tick: number;
  readonly input: SimParamsInput;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether going from `a` to `b` changes what flows or what it costs, so that rates measured
 * before the change say nothing about after it (see `SimulationImpl.changeTick`). Only the
 * step size and the rate window itself leave the measured stream as it was.
 */
function changesRates(a: SimParams, b: SimParams): boolean {
  const strip = (p: SimParams) => ({ ...p, stepSeconds: 0, rateWindowSeconds: 0, schedule: [], retyped: [] });
  return !sameJson(strip(a), strip(b));
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

/** A uid-keyed selector's merged ranges as [startHi, startLo, endHi, endLo] and their width. */
interface MergedRanges {
  readonly bounds: Float64Array;
  readonly width: number;
}

/**
 * Per selector: its canonical text and merged ranges, derived once (selectors are immutable),
 * since the closed form reads every replica's share on every snapshot and a selector may hold
 * thousands of ranges.
 */
const selectorKeys = new WeakMap<ShardSelector, string>();
const mergedRanges = new WeakMap<ShardSelector, MergedRanges>();

function selectorKey(sel: ShardSelector): string {
  let key = selectorKeys.get(sel);
  if (key === undefined) selectorKeys.set(sel, (key = sel.toString()));
  return key;
}

function mergeRanges(sel: ShardSelector): MergedRanges {
  const hit = mergedRanges.get(sel);
  if (hit) return hit;
  // Overlapping ranges of one selector count once (an object matches when any range does).
  const rs = sel.requirements.map((q) => [BigInt(q.start), BigInt(q.end)] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: [bigint, bigint][] = [];
  for (const [a, b] of rs) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) {
      if (b > last[1]) last[1] = b;
    } else if (a < b) merged.push([a, b]);
  }
  let width = 0;
  const bounds = new Float64Array(merged.length * 4);
  merged.forEach(([a, b], i) => {
    width += Number(b - a) / 2 ** 64;
    const sa = hexToParts('0x' + a.toString(16).padStart(16, '0'));
    const sb = hexToParts('0x' + b.toString(16).padStart(16, '0'));
    bounds.set([sa.hi, sa.lo, sb.hi, sb.lo], i * 4);
  });
  const out = { bounds, width };
  mergedRanges.set(sel, out);
  return out;
}

/**
 * Sorted positions of a selector's range bounds in the cluster's hash index, kept until the
 * index is rebuilt (its `orderKey` changes): every snapshot reads each range's objects and
 * bytes, and at 64 replicas x 126 ranges the binary searches were most of a snapshot's cost.
 */
const boundPositions = new WeakMap<MergedRanges, { key: Uint32Array; at: Int32Array }>();

/** A uid-keyed selector's share: covered width of the hash space, live objects and bytes in it. */
function uidShare(c: Cluster, sel: ShardSelector): Share {
  const merged = mergeRanges(sel);
  const { bounds, width } = merged;
  let objects = 0;
  let jsonBytes = 0;
  const idx = c.index;
  let cached = boundPositions.get(merged);
  if (!cached || cached.key !== idx.orderKey) {
    const at = new Int32Array(bounds.length / 2);
    for (let i = 0; i < bounds.length; i += 2) at[i / 2] = idx.lowerBound(bounds[i]!, bounds[i + 1]!);
    cached = { key: idx.orderKey, at };
    boundPositions.set(merged, cached);
  }
  const at = cached.at;
  for (let i = 0; i < bounds.length; i += 4) {
    const ah = bounds[i]!;
    const al = bounds[i + 1]!;
    const bh = bounds[i + 2]!;
    const bl = bounds[i + 3]!;
    const pa = at[i / 2]!;
    const pb = at[i / 2 + 1]!;
    const qa = idx.pendingBelow(ah, al);
    const qb = idx.pendingBelow(bh, bl);
    // The same sums, in the same order, as countRange and weightBelow make.
    objects += idx.countAt(pb, qb) - idx.countAt(pa, qa);
    jsonBytes += idx.weightAt(pb, qb) - idx.weightAt(pa, qa);
  }
  return { kind: 'uid', width, objects, jsonBytes };
}

/** A namespace-keyed selector's share: the namespaces (and cluster-scoped "") whose hash it holds. */
function namespaceShare(c: Cluster, sel: ShardSelector): Share {
  const members: number[] = [];
  for (let i = 0; i <= c.namespaceCount; i++) if (sel.matchesHash(c.nsHashHi[i]!, c.nsHashLo[i]!)) members.push(i);
  return { kind: 'namespaces', members };
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
  /**
   * The parameters as asked for (`reconfigure`); `params` is these with the layout of the
   * last fired reshard laid over (replica count, selectors, client filter).
   */
  private requested!: SimParams;
  /** Scheduled events in firing order, how many have fired, and the tick of the next. */
  private events: ReshardEvent[] = [];
  private fired = 0;
  private nextEventTick = Number.POSITIVE_INFINITY;
  /** Each mode's current layout (what a reshard starts from), the overlay, and the hand-offs. */
  private layouts!: Record<Mode, Layout>;
  private overlay: SimParamsInput | null = null;
  private handoffs: Handoff[] = [];
  /** Relists a rollout makes after the event, counted when they happen (see `./relists`). */
  private relists: PendingRelist[] = [];
  /** Until this tick some hand-off window is open: objects created then are assigned by it. */
  private handoffOpenTick = 0;
  /**
   * Tick of the last change; rates use only samples taken since (a sample is taken right
   * after every change), and the snapshot says `settling` until one rate window has passed.
   * A change is:
   * - the start, and any rebuild (time restarts at 0 with every replica's initial LIST);
   * - a reconfigure that changes what flows or what it costs (`changesRates`): a reconnect
   *   (selectors, gates, API servers, replicas), churn, sizes, costs, sampling;
   * - a failed LIST's retry that succeeds (that replica relists).
   * Not a change: a retry that fails again (nothing flowed before it or after it), a change
   * of step size or rate window only, and seeking: a seek replays the recorded history, so the
   * run at time t (its settling state included) is what it was when first played.
   */
  private changeTick = 0;
  private carry = 0;
  private readonly batch = new EventBatch();
  private readonly recent = {
    type: new Uint8Array(RECENT_CAPACITY),
    oldSlot: new Uint32Array(RECENT_CAPACITY),
    newSlot: new Uint32Array(RECENT_CAPACITY),
    rv: new Float64Array(RECENT_CAPACITY),
    next: 0,
    count: 0,
    /** Entries ever written to the ring. */
    written: 0,
    /**
     * Per slot, 1 + the write number of the newest ring entry naming it (0: none). A removed
     * slot is not reused while the ring names it, or an old event would show the new object.
     */
    lastWrite: new Float64Array(0),
  };
  private readonly totals = new Float64Array(4);
  private readonly lastStep = new Float64Array(4);
  /**
   * Closed-form inputs that only change with the cluster or the sizes: namespace-keyed shares
   * (namespace hashes are fixed) and each namespace's expected new-object size.
   */
  private nsShareCache = new Map<string, Share>();
  private newBytesCache: { sizes: SimParams['sizes']; bytes: Float64Array } | null = null;
  /** Admission of selector texts (parsing is pure; a snapshot need not parse again). */
  private readonly admissions = new Map<string, ReturnType<typeof parseForRequest>>();
  /** Where an ordinary add lands, per namespace (fixed for a cluster). */
  private addWeights = new Float64Array(0);
  /** Checkpoints of the model state for fast seeking back (issue 9, point 4). */
  private checkpoints = new CheckpointStore();
  /** Tick of the last checkpoint taken while running forward. */
  private checkpointTick = 0;
  /** True while a seek replays: no checkpoints on the way (see `replay`). */
  private replaying = false;
  /** Tick of each API server's restart in the rolling upgrade (-1: none). */
  private restartTicks = new Float64Array(0);
  /** The cluster's resourceVersion at the start of each of the last `compactionSeconds` of ticks (410 Gone). */
  private rvRing = new Float64Array(0);

  constructor(params: SimParams, checkpointBudgetBytes?: number) {
    if (checkpointBudgetBytes !== undefined) this.checkpoints = new CheckpointStore(checkpointBudgetBytes);
    this.params = params;
    this.build(params);
  }

  get time(): number {
    return this.tick / TICKS_PER_SECOND;
  }

  private build(params: SimParams, keepCheckpoints = false): void {
    this.params = params;
    this.base = params;
    this.requested = params;
    this.history = [];
    if (!keepCheckpoints) this.checkpoints.clear();
    this.events = ordered(params.schedule);
    this.fired = 0;
    this.nextEventTick = this.eventTick(0);
    this.overlay = null;
    this.handoffs = [];
    this.relists = [];
    this.handoffOpenTick = 0;
    const n = params.replicas.count;
    this.layouts = {
      client: params.replicas.clientFilter === 'jump' ? { kind: 'jump', n } : { kind: 'segments', n, segs: equalSegments(n) },
      server: { kind: 'segments', n, segs: equalSegments(n) },
    };
    const prng = createPrng(params.seed);
    this.cluster = new Cluster(params.cluster, params.sizes, prng.fork('cluster'));
    this.churn = new ChurnSource(params.churn, this.cluster, prng.fork('churn'));
    const watchRng = prng.fork('watch');
    this.modes = { client: new ModeEngine('client', this.cluster, watchRng), server: new ModeEngine('server', this.cluster, watchRng) };
    this.setLifecycle(params);
    this.hashView = new HashSpaceTracker(this.cluster, [this.modes.client, this.modes.server]);
    this.nsShareCache = new Map();
    this.newBytesCache = null;
    const ns = this.cluster.namespaceCount;
    const scoped = params.cluster.clusterScopedShare;
    this.addWeights = new Float64Array(ns + 1);
    for (let i = 0; i <= ns; i++) this.addWeights[i] = i < ns ? (1 - scoped) * this.cluster.namespaceWeight(i) : scoped;
    this.tick = 0;
    this.changeTick = 0;
    this.carry = 0;
    this.recent.next = 0;
    this.recent.count = 0;
    this.recent.written = 0;
    this.recent.lastWrite = new Float64Array(this.cluster.capacity);
    this.totals.fill(0);
    this.lastStep.fill(0);
    for (const m of MODES) {
      this.modes[m].configure(params, 0, TICK_SECONDS, false);
      this.modes[m].sample(0);
    }
    this.checkpointTick = 0;
    if (!keepCheckpoints) this.checkpoints.take(0, 0, this.modelFields());
    this.version++;
  }

  /**
   * The model state a checkpoint holds: every field of the simulation but those that are
   * not state (the recorded history and the checkpoints themselves, the version counter,
   * the base parameters a rebuild starts from, the scratch event batch, which is empty at a
   * checkpoint, and a cache of pure parses). Fields added later are state by default.
   */
  private modelFields(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this)) if (!NOT_MODEL_STATE.has(k)) out[k] = v;
    return out;
  }

  /**
   * Simulated seconds between checkpoints: short enough that replaying from the last one
   * costs about what restoring one does. Replay work grows with the live objects (per-sample
   * work) and the event rate, so the interval shrinks with both: 2 s at 1,000,000 objects,
   * up to a minute for small, quiet clusters.
   */
  private checkpointIntervalTicks(): number {
    const live = Math.max(1, this.cluster.liveCount);
    const events = Math.max(1, churnEventsPerSecond(this.params.churn));
    const seconds = Math.min(60, Math.max(1, Math.min(2_000_000 / live, 40_000 / events)));
    return Math.round(seconds * TICKS_PER_SECOND);
  }

  /** At a sample point (the batch is processed and empty): a checkpoint when one is due. */
  private maybeCheckpoint(): void {
    if (this.replaying || this.tick - this.checkpointTick < this.checkpointIntervalTicks()) return;
    this.checkpointTick = this.tick;
    this.checkpoints.take(this.tick, this.history.length, this.modelFields());
  }

  /** What the checkpoints hold (count, bytes, budget, ticks). */
  checkpointStats(): CheckpointStats {
    return this.checkpoints.stats();
  }

  private eventTick(i: number): number {
    const e = this.events[i];
    return e ? Math.round(e.at * TICKS_PER_SECOND) : Number.POSITIVE_INFINITY;
  }

  /**
   * Fires a reshard: each mode's hand-off is modelled from the objects live now (see
   * `../time/handoff`), and the replicas take the new layout (count, selectors, client filter).
   */
  private fire(e: ReshardEvent): void {
    const p = this.params;
    const made: Record<Mode, Handoff | null> = { client: null, server: null };
    for (const m of MODES) {
      const strategy = strategyFor(e, m);
      // A bucket function (jump hash, mod N) reshards from the same function over `from`.
      const cur = this.layouts[m];
      const prev: Layout = strategy === 'jump-hash' ? { kind: 'jump', n: cur.n } : strategy === 'hash-mod' ? { kind: 'mod', n: cur.n } : cur;
      const next = nextLayout(prev, strategy, e.to);
      const h = new Handoff(m, e, strategy, prev, next, this.cluster, p);
      this.handoffs.push(h);
      made[m] = h;
      this.handoffOpenTick = Math.max(this.handoffOpenTick, Math.ceil(h.windowEnd * TICKS_PER_SECOND));
      this.layouts[m] = next;
    }
    const ranges = layoutRanges(this.layouts.server);
    const clientJump = this.layouts.client.kind === 'jump';
    this.overlay = {
      replicas: {
        count: e.to,
        selectors: ranges.map((r) => ({ kind: 'ranges' as const, ranges: r, key: p.replicas.key })),
        clientFilter: clientJump ? 'jump' : 'ranges',
      },
    };
    this.apply(this.effective(), made);
  }

  /** Hands the objects created at `tick` (batch entries from `first`) to the open hand-offs. */
  private noteHandoffAdds(batch: EventBatch, first: number, tick: number): void {
    const t = tick / TICKS_PER_SECOND;
    const c = this.cluster;
    for (const h of this.handoffs) {
      if (t < h.at || t >= h.windowEnd) continue;
      const H = h.byUid ? c.uidHi : c.nsHi;
      const L = h.byUid ? c.uidLo : c.nsLo;
      for (let k = first; k < batch.length; k++) {
        if (batch.type[k] !== EV_ADDED) continue;
        const s = batch.newSlot[k]!;
        h.noteAdd(t, H[s]!, L[s]!);
      }
    }
  }

  /** The requested parameters with the fired reshards' layout laid over. */
  private effective(): SimParams {
    return this.overlay ? mergeParams(this.requested, this.overlay) : this.requested;
  }

  /** Restart ticks of the rolling upgrade and the compaction window, from `params`. */
  private setLifecycle(params: SimParams): void {
    const ro = params.apiServers.rollout;
    this.restartTicks = new Float64Array(params.apiServers.count).fill(-1);
    if (ro !== null) for (let i = 0; i < params.apiServers.count; i++) this.restartTicks[i] = Math.round((ro.at + i * ro.everySeconds) * TICKS_PER_SECOND);
    const len = params.watch.compactionSeconds > 0 ? Math.round(params.watch.compactionSeconds * TICKS_PER_SECOND) + 1 : 0;
    if (len !== this.rvRing.length) this.rvRing = new Float64Array(len);
  }

  /** The oldest resourceVersion a watch can resume from at `tick` (older: 410 Gone). */
  private oldestRv(tick: number): number {
    const len = this.rvRing.length;
    if (len === 0 || tick < len - 1) return 0;
    return this.rvRing[(tick - (len - 1)) % len]!;
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
    const restarts = this.restartTicks;
    const rvRing = this.rvRing;
    const ringLen = rvRing.length;
    const timeouts = this.params.watch.timeouts;
    // Running layouts typed after a reshard (`../params/retyped`), read from the run's base parameters.
    const retyped = this.base.retyped ?? [];
    let nextRetyped = firstRetypedFrom(retyped, this.tick, TICKS_PER_SECOND);
    for (let i = 0; i < n; i++) {
      const tick = this.tick;
      if (nextRetyped < retyped.length && retypedTick(retyped[nextRetyped]!, TICKS_PER_SECOND) <= tick) {
        flush();
        const e = retypedAt(retyped, tick, TICKS_PER_SECOND);
        while (nextRetyped < retyped.length && retypedTick(retyped[nextRetyped]!, TICKS_PER_SECOND) <= tick) nextRetyped++;
        if (e && this.retype(e)) this.apply(this.effective());
      }
      while (tick >= this.nextEventTick) {
        flush();
        this.fire(this.events[this.fired++]!);
        this.nextEventTick = this.eventTick(this.fired);
      }
      if (ringLen > 0) rvRing[tick % ringLen] = this.cluster.resourceVersion;
      for (let s = 0; s < restarts.length; s++) {
        if (restarts[s] !== tick) continue;
        flush();
        const gate = this.params.apiServers.rollout!.gate;
        client.restartServer(s, gate, tick, TICK_SECONDS);
        server.restartServer(s, gate, tick, TICK_SECONDS);
        this.changeTick = tick;
      }
      if (timeouts && (timeoutPending(client, tick) || timeoutPending(server, tick))) {
        flush();
        const oldest = this.oldestRv(tick);
        timeoutDue(client, tick, TICK_SECONDS, oldest);
        timeoutDue(server, tick, TICK_SECONDS, oldest);
      }
      if (this.relists.length > 0 && this.relists[0]!.tick <= tick) {
        flush();
        countDueRelists(this.modes, this.relists, tick);
      }
      if (client.retryPending(tick) || server.retryPending(tick)) {
        flush();
        const relistedClient = client.retryDue(tick, TICK_SECONDS);
        const relistedServer = server.retryDue(tick, TICK_SECONDS);
        if (relistedClient || relistedServer) {
          // A relist is a change: rates restart from a sample taken right after it.
          this.changeTick = tick;
          client.sample(tick / TICKS_PER_SECOND);
          server.sample(tick / TICKS_PER_SECOND);
        }
      }
      const first = batch.length;
      this.churn.generate(tick, TICK_SECONDS, batch);
      if (tick < this.handoffOpenTick && batch.length > first) this.noteHandoffAdds(batch, first, tick);
      this.tick++;
      if (this.tick % sampleEvery === 0) {
        flush();
        client.sample(this.time);
        server.sample(this.time);
        this.releaseSlots();
        this.maybeCheckpoint();
      } else if (this.cluster.limboCount >= 2 * RECENT_CAPACITY + RELEASE_SLACK + (this.cluster.liveCount >>> 5)) {
        flush();
        this.releaseSlots();
      } else if (batch.length >= 65_536) {
        flush();
      }
    }
    flush();
    this.cluster.refreshIndex();
  }

  /**
   * Makes removed slots reusable once the batch that reported them is processed, keeping
   * those the recent-events ring still names. Called only at points that depend on the tick
   * and the event stream, never on how `step()` calls slice time (flushes at the end of a
   * step do not release), so slot numbers, too, are the same however a run is stepped.
   */
  private releaseSlots(): void {
    const r = this.recent;
    const last = r.lastWrite;
    const oldest = r.written - r.count; // entries with write number > oldest are in the ring
    const client = this.modes.client;
    const server = this.modes.server;
    this.cluster.releaseSlots(
      (s) => s < last.length && last[s]! > oldest,
      (s) => {
        client.forget(s);
        server.forget(s);
      },
    );
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
    if (r.lastWrite.length < this.cluster.capacity) {
      const w = new Float64Array(this.cluster.capacity);
      w.set(r.lastWrite);
      r.lastWrite = w;
    }
    const lastWrite = r.lastWrite;
    // Only the newest RECENT_CAPACITY events can ever be shown.
    for (let e = Math.max(0, n - RECENT_CAPACITY); e < n; e++) {
      const o = batch.oldSlot[e]!;
      const w = batch.newSlot[e]!;
      r.type[r.next] = types[e]!;
      r.oldSlot[r.next] = o;
      r.newSlot[r.next] = w;
      r.rv[r.next] = batch.rv[e]!;
      r.written++;
      // Write numbers are 1-based: 0 means "never in the ring".
      if (o !== NO_SLOT) lastWrite[o] = r.written;
      if (w !== NO_SLOT) lastWrite[w] = r.written;
      r.next = (r.next + 1) % RECENT_CAPACITY;
      if (r.count < RECENT_CAPACITY) r.count++;
    }
  }

  step(seconds: number = this.params.stepSeconds): void {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_STEP_SECONDS) {
      throw new RangeError(`step seconds must be a number from 0 to ${MAX_STEP_SECONDS.toLocaleString('en-US')}, got ${String(seconds)}`);
    }
    const asked = churnEventsPerSecond(this.params.churn) * seconds;
    if (asked > MAX_EVENTS_PER_STEP) {
      throw new RangeError(
        `a step of ${seconds.toLocaleString('en-US')} s at the churn rates asks for ${Math.round(asked).toLocaleString('en-US')} events; ` +
          `at most ${MAX_EVENTS_PER_STEP.toLocaleString('en-US')} per step: take shorter steps or lower the rates`,
      );
    }
    this.carry += seconds;
    const n = Math.floor(this.carry * TICKS_PER_SECOND + 1e-6);
    this.carry = Math.max(0, this.carry - n / TICKS_PER_SECOND);
    this.lastStep.fill(0);
    this.runTicks(n);
    this.version++;
  }

  reconfigure(input: SimParamsInput): void {
    const next = resolveParams(this.typedLayout(input).rest, this.requested);
    if (needsRebuild(this.requested, next)) {
      this.build(next);
      return;
    }
    // Seeking back and then changing something discards the recorded future.
    this.history = this.history.filter((h) => h.tick <= this.tick);
    this.checkpoints.dropFrom(this.tick + 1);
    // Typed running layouts belong to the run like the schedule; one that changes the past replays.
    const retypedPast = retypedPastDiffers(this.base.retyped, next.retyped, this.tick, TICKS_PER_SECOND);
    if (!sameJson(this.base.retyped ?? [], next.retyped ?? [])) this.base = { ...this.base, retyped: next.retyped ?? [] };
    if (!sameJson(this.requested.schedule, next.schedule) || retypedPast) {
      // A new schedule rewrites the run from its start: replay to now under it.
      const t = this.tick;
      const schedule = next.schedule;
      this.base = mergeParams(this.base, { schedule });
      this.history = this.history.map((h) => (h.input.schedule ? { ...h, input: { ...h.input, schedule } } : h));
      this.history.push({ tick: t, input: { ...input, schedule } });
      // Checkpoints were taken under the old schedule: none of them holds for the new one.
      this.checkpoints.clear();
      this.replay(t);
      return;
    }
    this.history.push({ tick: this.tick, input });
    this.take(input);
    this.apply(this.effective());
    this.version++;
  }

  /**
   * After a reshard, replicas typed anew (selectors, client filter) for the running count
   * apply to the running layout: they replace the reshard's overlay, and the requested parameters keep the
   * replica count the schedule starts from. Returns the input for the requested parameters
   * and the typed layout (null: the input does not retype the layout).
   */
  private typedLayout(input: SimParamsInput): { rest: SimParamsInput; layout: SimParamsInput | null } {
    if (!this.overlay || !input.replicas) return { rest: input, layout: null };
    const strip = (p: SimParams): SimParams => ({ ...p, schedule: [] });
    const asked = resolveParams({ ...input, schedule: [] }, strip(this.requested)).replicas;
    const was = this.requested.replicas;
    if (asked.count === was.count && asked.clientFilter === was.clientFilter && sameJson(asked.selectors, was.selectors)) return { rest: input, layout: null };
    // Only a layout of the running count retypes it; one of another count (such as the
    // start's, from a form that still holds it) leaves the reshard's layout running.
    if (asked.count !== this.params.replicas.count) return { rest: input, layout: null };
    const running = resolveParams({ replicas: input.replicas }, strip(this.params)).replicas;
    const { count: _c, selectors: _s, clientFilter: _f, ...others } = input.replicas;
    return {
      rest: { ...input, replicas: others },
      layout: { replicas: { count: running.count, selectors: running.selectors, clientFilter: running.clientFilter } },
    };
  }

  /** Takes an input (recorded in the history) into the requested parameters and the overlay. */
  private take(input: SimParamsInput): void {
    const { rest, layout } = this.typedLayout(input);
    this.requested = resolveParams(rest, this.requested);
    if (layout) this.overlay = layout;
    // A running layout typed now (the input that brought it): it applies at once.
    const typed = input.retyped !== undefined ? retypedAt(this.base.retyped, this.tick, TICKS_PER_SECOND) : null;
    if (typed) this.retype(typed);
  }

  /**
   * Retypes the running layout with a typed entry (`../params/retyped`); false when it does not apply
   * (no reshard has fired, or it holds another count than the running one).
   */
  private retype(e: RetypedLayout): boolean {
    if (!this.overlay) return false;
    try {
      const { layout } = this.typedLayout({ replicas: { count: e.selectors.length, selectors: e.selectors.map((text) => ({ kind: 'text' as const, text })) } });
      if (!layout) return false;
      this.overlay = layout;
      return true;
    } catch {
      // Checked with the parameters; a layout the model cannot take leaves the running one.
      return false;
    }
  }

  /** `reshard`: a reshard's hand-offs, whose rollout sets when each replica's relist counts. */
  private apply(next: SimParams, reshard?: Record<Mode, Handoff | null>): void {
    const prev = this.params;
    this.params = next;
    this.setLifecycle(next);
    this.cluster.setSizes(next.sizes);
    this.churn.setParams(next.churn);
    const reconnect = !sameJson(prev.apiServers, next.apiServers) || !sameJson(prev.replicas, next.replicas);
    const reseries = prev.seriesCapacity !== next.seriesCapacity || prev.sampleSeconds !== next.sampleSeconds;
    const changed = reconnect || reseries || changesRates(prev, next);
    if (changed) this.changeTick = this.tick;
    for (const m of MODES) {
      const e = this.modes[m];
      if (reconnect) e.configure(next, this.tick, TICK_SECONDS, true, reshard !== undefined);
      const h = reshard?.[m];
      if (reconnect && h) deferRelists(e, h, this.tick, TICKS_PER_SECOND, this.relists);
      else e.setParams(next);
      if (reseries) e.resetSeries();
      // The first sample of the new state: after the reconnect's LISTs, so rates measured
      // from it are the watch stream.
      if (changed) e.sample(this.time);
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
    this.replay(target);
  }

  /**
   * Restores the nearest checkpoint at or before `target` (or rebuilds from the base
   * parameters when there is none) and replays the recorded history up to it. The replay
   * takes no checkpoints on the way: a capture costs as much as a restore, and the time
   * stepped back over is normally covered already. Only a long replay (from far behind, or
   * from the start) ends with one at the target, so that the next step back is short.
   */
  private replay(target: number): void {
    const history = this.history.filter((h) => h.tick <= target);
    const version = this.version;
    // Checkpoints after the target belong to a future that the next change may rewrite.
    this.checkpoints.dropFrom(target + 1);
    const cp = this.checkpoints.at(target);
    let from = 0;
    if (cp) {
      // Restore the nearest checkpoint at or before the target, then replay from it.
      const fields = this.checkpoints.restore(cp);
      const self = this as unknown as Record<string, unknown>;
      for (const k of Object.keys(fields)) self[k] = fields[k];
      this.hashView = new HashSpaceTracker(this.cluster, [this.modes.client, this.modes.server]);
      this.history = history.slice(0, cp.historyLength);
      this.checkpointTick = cp.tick;
      from = cp.historyLength;
    } else {
      this.build(this.base, true);
    }
    const start = this.tick;
    this.carry = 0;
    this.replaying = true;
    try {
      for (const h of history.slice(from)) {
        this.runTicks(h.tick - this.tick);
        this.history.push(h);
        this.take(h.input);
        this.apply(this.effective());
      }
      this.lastStep.fill(0);
      this.runTicks(target - this.tick);
    } finally {
      this.replaying = false;
    }
    this.carry = 0;
    if (target - start > LONG_REPLAY_CHECKPOINTS * this.checkpointIntervalTicks()) {
      this.checkpointTick = this.tick;
      this.checkpoints.take(this.tick, this.history.length, this.modelFields());
    }
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
        refusedAdds: this.churn.refusedAdds,
        burstNamespace: this.churn.burstNamespace >= 0 ? this.cluster.namespaceNames[this.churn.burstNamespace]! : null,
        bursts: this.churn.burstMarks(this.modes.server.ring.length > 0 ? this.modes.server.ring.time(0) : this.time),
      },
      modes: { client: this.modeSnapshot('client'), server: this.modeSnapshot('server') },
      closedForm: this.closedForm(),
      settling: this.settling(),
      handoff: {
        reshards: this.handoffs.map((h) => h.summary()),
        now: { client: this.handoffNow('client', this.time), server: this.handoffNow('server', this.time) },
      },
      stepBack: this.stepBackReach(),
    };
  }

  /** How far back the checkpoints reach (see {@link StepBackReach}). */
  private stepBackReach(): StepBackReach {
    const oldest = this.checkpoints.oldestTick();
    return { quickFrom: oldest === null ? this.time : oldest / TICKS_PER_SECOND, bytes: this.checkpoints.bytes, budgetBytes: this.checkpoints.budgetBytes };
  }

  /** Objects orphaned / duplicated by hand-offs at time t in one mode. */
  private handoffNow(mode: Mode, t: number): { orphans: number; duplicates: number } {
    let orphans = 0;
    let duplicates = 0;
    for (const h of this.handoffs) {
      if (h.mode !== mode) continue;
      const [o, d] = h.stepAt(t);
      orphans += o;
      duplicates += d;
    }
    return { orphans, duplicates };
  }

  /** Non-null while less than one rate window has passed since the last change. */
  private settling(): SettlingInfo | null {
    const since = this.changeTick / TICKS_PER_SECOND;
    const until = since + this.params.rateWindowSeconds;
    return this.time < until - 1e-9 ? { since, until } : null;
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
    const since = this.changeTick / TICKS_PER_SECOND;
    const vec = e.currentVector();
    const ring = e.ring;
    const live = this.cluster.liveCount;
    const replicas: ReplicaStats[] = e.replicas.map((r, i) => this.replicaStats(r, i, now, win, since, vec, live, e));
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
      };
    });
    const perReplica = e.replicas.map((r) => r.cacheObjects);
    const max = perReplica.reduce((m, v) => Math.max(m, v), 0);
    // The hand-off of a reshard in progress adds its orphans and duplicates to the audit.
    const hand = this.handoffNow(mode, now);
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
      localHashes: sum((r) => r.counters.localHashes),
    };
    const byCause = (a: Float64Array) => ({ reshard: a[0]!, restart: a[1]!, gone: a[2]!, error: a[3]! });
    const lifecycle = {
      relists: byCause(e.relists),
      relistBytes: byCause(e.relistBytes),
      watchTimeouts: e.watchTimeouts,
      goneResponses: e.goneResponses,
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
        replicaCacheBytes: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + (this.params.replicas.clientCache === 'all' ? S_ALL_CACHE_BYTES : S_CACHE_BYTES))),
        replicaCacheBytesByStyle: {
          owned: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + S_CACHE_BYTES)),
          all: e.replicas.map((_, i) => ring.valueSeries(i * S_REPLICA_WIDTH + S_ALL_CACHE_BYTES)),
        },
        egressBytesPerSec: egressSeries,
        gaps: ring.valueSeries(ao).map((v, k) => v + this.handoffNow(mode, times[k]!).orphans),
        duplicates: ring.valueSeries(ao + 1).map((v, k) => v + this.handoffNow(mode, times[k]!).duplicates),
        relistBytes: times.map((t, k) => {
          const t0 = k > 0 ? times[k - 1]! : t - this.params.sampleSeconds;
          return this.handoffs.reduce((a, h) => (h.mode === mode ? a + h.relistBytesBetween(t0, t) : a), 0);
        }),
        serverEgressBytesPerSec: e.servers.map((_, i) => ring.rateSeries(e.serverOffset(i) + S_EGRESS, win)),
        relistBytesPerSec: ring.rateSeries(ao + 2, win),
      },
      lifecycle,
    };
  }

  private replicaStats(r: Replica, i: number, now: number, win: number, since: number, vec: Float64Array, live: number, e: ModeEngine): ReplicaStats {
    const c = r.counters;
    const o = i * S_REPLICA_WIDTH;
    const rate = (f: number) => e.ring.rate(o + f, now, vec[o + f]!, win, since);
    const view = replicaView(r);
    const memory = this.replicaMemory(r, e, rate(S_BYTES_DECODED));
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
      cacheBytes: memory.byStyle[this.params.replicas.clientCache].cacheBytes,
      ownedShare: live > 0 ? r.cacheObjects / live : 0,
      memory,
    };
  }

  /**
   * Memory under both client styles. The LIST peak is that of a full LIST of what the
   * replica receives now: every item is decoded before the replica filters and stores them,
   * so the decoded LIST and the cache it fills are live together.
   */
  private replicaMemory(r: Replica, e: ModeEngine, bytesDecodedPerSec: number): ReplicaMemory {
    const p = this.params;
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

  /**
   * The closed form for the current configuration: each replica's plan follows the same rules
   * as the model (its API server's gate, the request's admission, the fallback or trust after
   * a LIST without `shardInfo`, the client-side filter), and each selector's share is read off
   * the cluster as it is now (hash-space width, live objects and their bytes in its ranges, or
   * the namespaces whose hash it holds).
   */
  private closedForm(): ClosedForm {
    const p = this.params;
    const c = this.cluster;
    const n = p.replicas.count;
    if (this.newBytesCache?.sizes !== p.sizes) {
      const bytes = new Float64Array(c.namespaceCount + 1);
      for (let i = 0; i <= c.namespaceCount; i++) bytes[i] = expectedJsonBytes(p.sizes, c.nsSizeFactor[i]!);
      this.newBytesCache = { sizes: p.sizes, bytes };
    }
    const shares = new Map<string, Share>();
    const shareOf = (sel: ShardSelector | null): Share => {
      if (sel === null || sel.empty()) return { kind: 'all' };
      const key = selectorKey(sel);
      if (sel.key === 'object.metadata.namespace') {
        let share = this.nsShareCache.get(key);
        if (!share) {
          share = namespaceShare(c, sel);
          this.nsShareCache.set(key, share);
        }
        return share;
      }
      let share = shares.get(key);
      if (!share) {
        share = uidShare(c, sel);
        shares.set(key, share);
      }
      return share;
    };
    const cacheAll = p.replicas.clientCache === 'all';
    const none: ReplicaPlan = { apiServer: 0, receives: 'none', shard: { kind: 'none' }, keeps: { kind: 'none' }, owns: { kind: 'none' }, hashesLocally: false };
    const client = this.modes.client.replicas.map((r): ReplicaPlan => {
      // A client-side controller checks its own shard config at start and never lists with a bad one.
      if (r.clientFilter === 'ranges' && r.resolved.localError !== null) return { ...none, apiServer: r.apiServer };
      const owns: Share = r.clientFilter === 'jump' ? { kind: 'fraction', fraction: 1 / n } : shareOf(r.resolved.local);
      const keeps: Share = cacheAll ? { kind: 'all' } : owns;
      return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps, owns, hashesLocally: r.clientFilter === 'jump' || r.resolved.local !== null };
    });
    const server = this.modes.server.replicas.map((r): ReplicaPlan => {
      const gate = this.modes.server.servers[r.apiServer]?.gate ?? true;
      const text = r.selectorSent;
      if (gate && text !== null && text !== '') {
        let adm = this.admissions.get(text);
        if (!adm) {
          if (this.admissions.size >= 1024) this.admissions.clear();
          adm = parseForRequest(text);
          this.admissions.set(text, adm);
        }
        if (!adm.ok) return { ...none, apiServer: r.apiServer }; // HTTP 500: no list, no watch
        if (adm.selector && !adm.selector.empty()) {
          const share = shareOf(adm.selector);
          const check = p.replicas.watchPolicy === 'check-locally' && r.resolved.local !== null;
          return { apiServer: r.apiServer, receives: 'shard', shard: share, keeps: share, owns: share, hashesLocally: check };
        }
      }
      // Its LIST had shardInfo but its WATCH is on a gate-off server (a load balancer's choice):
      // the whole stream arrives; trust-stream keeps it all, check-locally keeps its share.
      if (r.status === 'ok' && r.shardInfoSeen && r.watcher !== null && r.watcher.selector === null) {
        if (p.replicas.watchPolicy === 'trust-stream') return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps: { kind: 'all' }, owns: { kind: 'all' }, hashesLocally: false };
        const owns = shareOf(r.resolved.local);
        return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps: cacheAll ? { kind: 'all' } : owns, owns, hashesLocally: r.resolved.local !== null };
      }
      // No shardInfo: the whole stream arrives; trust keeps it all, the fallback filters locally.
      if (p.replicas.serverFallback === 'trust') return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps: { kind: 'all' }, owns: { kind: 'all' }, hashesLocally: false };
      if (r.resolved.localError !== null) return { ...none, apiServer: r.apiServer }; // the fallback cannot match: it stops after the LIST
      const owns = shareOf(r.resolved.local);
      const keeps: Share = cacheAll ? { kind: 'all' } : owns;
      return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps, owns, hashesLocally: r.resolved.local !== null };
    });
    const ratio = wireRatio(p.sizes);
    return closedForm({
      stream: {
        addsPerSec: p.churn.addsPerSecond,
        modifiesPerSec: p.churn.modifiesPerSecond,
        deletesPerSec: p.churn.deletesPerSecond,
        addWeights: this.addWeights,
        burstPodsPerSec: this.churn.expectedBurstPodsPerSecond(),
        nsLive: c.nsLive,
        nsJsonBytes: c.nsLiveJsonBytes,
        newJsonBytes: this.newBytesCache.bytes,
      },
      wireRatio: ratio,
      envelopeBytes: eventEnvelopeBytes(p.sizes.encoding),
      bookmarksPerSec: p.churn.bookmarkIntervalSeconds > 0 && p.watch.bookmarks ? TICKS_PER_SECOND / Math.max(1, Math.round(p.churn.bookmarkIntervalSeconds * TICKS_PER_SECOND)) : 0,
      bookmarkBytes: bookmarkBytes(p.sizes.encoding),
      decodeNsPerByte: p.sizes.encoding === 'protobuf' ? p.costs.protobufDecodeNsPerByte : p.costs.jsonDecodeNsPerByte,
      cacheBytesPerJsonByte: p.costs.cacheBytesPerJsonByte,
      cacheOverheadBytes: p.costs.cacheOverheadBytes,
      listOverheadBytes: listOverheadBytes(p.sizes.encoding),
      decodeAllocBytesPerByte: p.costs.decodeAllocBytesPerByte,
      apiServers: p.apiServers.count,
      client,
      server,
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
    // What the replica keeps of what it is sent (as after its LIST): all of it when the server
    // filtered or when it trusts the stream; with the fallback, what its own matcher takes.
    const keptFiltering = r.status === 'error' ? 'none' : r.filtering;
    const keeps = (s: number): boolean => {
      if (r.localKind === LOCAL_KEEP_ALL) return true;
      if (r.localKind === LOCAL_RANGES) return r.keepsHash(c.uidHi[s]!, c.uidLo[s]!, c.nsHi[s]!, c.nsLo[s]!);
      if (r.localKind === LOCAL_JUMP) return c.jumpBuckets[s] === r.index;
      return false;
    };
    const items: PodObject[] = [];
    let taken = 0;
    let lastSlot = -1;
    let itemJson = 0;
    let kept = 0;
    let keptJson = 0;
    let more = false;
    let after = 0;
    for (let s = startPos; s < c.slots; s++) {
      if (!c.alive[s]) continue;
      if (limit > 0 && taken >= limit) {
        // The page is full: any stored object after it, matching or not, means a continue
        // token (the apiserver does not look ahead for a match).
        more = true;
        after++;
        continue;
      }
      // The label selector AND the shard check, as the apiserver's list filter applies them.
      if (sel && !sel.matchesHash(H[s]!, L[s]!)) continue;
      if (labelReqs.length > 0 && !matchesLabels(labelReqs, podLabels(c, s))) continue;
      taken++;
      lastSlot = s;
      itemJson += c.jsonBytes[s]!;
      if (keeps(s)) {
        kept++;
        keptJson += c.jsonBytes[s]!;
      }
      if (items.length < shown) items.push(podJson(c, s));
    }
    const rv = cont ? cont.rv : c.resourceVersion;
    const token = more ? encodeContinue(rv, `${c.namespace(lastSlot)}/${podName(c, lastSlot)}`, lastSlot + 1) : undefined;
    // remainingItemCount only when nothing is filtered: then it is exact (every stored object after the page).
    const unfiltered = sel === null && labelReqs.length === 0;
    const body = podListBody(items, rv, { continueToken: token, remaining: unfiltered ? after : undefined, shardSelector: sel ? sel.toString() : undefined });
    const ratio = wireRatio(this.params.sizes);
    return {
      status: 200,
      request,
      body,
      totalItems: taken,
      itemsShown: items.length,
      bodyBytes: listOverheadBytes(this.params.sizes.encoding) + Math.round(itemJson * ratio),
      kept: { items: kept, bytes: Math.round(keptJson * ratio), filtering: keptFiltering },
    };
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
export function createSimulation(input: SimParamsInput = {}, options: { checkpointBudgetBytes?: number } = {}): Simulation {
  return new SimulationImpl(resolveParams(input, DEFAULT_PARAMS), options.checkpointBudgetBytes);
}
