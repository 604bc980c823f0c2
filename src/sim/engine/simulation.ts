/**
 * The headless simulation: one cluster, one event stream, and both modes (client-side and
 * server-side sharding) consuming that stream side by side. Time advances in fixed ticks of
 * simulated time (`./clock`), so a run depends only on its parameters and how far it has
 * gone, never on how the caller slices `step()` calls: stepping back is replaying to an
 * earlier tick.
 *
 * This class is the coordinator. The model state is a `Model` (`./model`); the parts that
 * act on it each own one concern: the loop over ticks (`./loop`), applying parameters
 * (`./apply`), scheduled reshards (`./reshards`), the snapshot (`./snapshot`), the closed
 * form (`./plans`) and the on-demand views (`./inspect`). What is not model state stays here:
 * the recorded history and the checkpoints (time travel), the version counter, caches of pure
 * computations and the hash-space picture.
 */
import { EventBatch, type ImportedObject, type WatchStream } from '../cluster';
import { DEFAULT_PARAMS, MAX_EVENTS_PER_STEP, churnEventsPerSecond, churnRates, mergeParams, resolveParams, retypedPastDiffers } from '../params';
import type { Mode, RetypedLayout, SimParams, SimParamsInput } from '../params';
import type { ListOptions, PodObject, WatchEventEnvelope } from '../apiserver';
import type { SimSnapshot, StepBackReach } from '../report';
import { CheckpointStore, reshardHashes } from '../time';
import type { CheckpointStats, ReshardReport } from '../time';
import type { ReshardStrategy } from '../params';
import type { Simulation } from './api';
import { apply, needsRebuild, sameJson } from './apply';
import { TICKS_PER_SECOND } from './clock';
import { HashSpaceTracker } from './hashspace';
import { exportListJson, listFor, metricsText, objectJson, objectsNear, recentEvents, watchEventsFor } from './inspect';
import { balanceFor, findObjects, type BalanceReport, type FoundObjects } from './yourcluster';
import { replayStream, type ReplayReport } from './replay';
import type { BalanceMeasure } from '../time';
import { runTicks, type LoopContext } from './loop';
import { Model } from './model';
import { recountRanges } from './ownership';
import { closedFormOf, type Admissions } from './plans';
import { effective, take, typedLayout } from './reshards';
import { snapshotOf } from './snapshot';
import type { HashSpaceView, ListResponse, ObjectInfo, OwnershipRecount, RangeSet, RecentEvent } from './viewTypes';

export { TICK_SECONDS } from './clock';

/** Longest single `step()`, so a typo cannot freeze the page. */
const MAX_STEP_SECONDS = 86_400;

/** A replay longer than this many checkpoint intervals ends with a checkpoint at its target. */
const LONG_REPLAY_CHECKPOINTS = 5;

interface HistoryEntry {
  readonly tick: number;
  readonly input: SimParamsInput;
}

class SimulationImpl implements Simulation, LoopContext {
  /** The model state (what a checkpoint holds). */
  private m: Model;
  version = 0;
  /** The parameters a rebuild starts from: the run's start, its schedule and typed layouts. */
  private base: SimParams;
  /** Every reconfigure since the start, with its tick: a seek replays them. */
  private history: HistoryEntry[] = [];
  /** Checkpoints of the model state for fast seeking back. */
  private checkpoints: CheckpointStore;
  /** True while a seek replays: no checkpoints on the way (see `replay`). */
  private replaying = false;
  /** The scratch event batch of the loop (empty between steps). */
  readonly batch = new EventBatch();
  /** Admission of selector texts (parsing is pure; a snapshot need not parse again). */
  private readonly admissions: Admissions = new Map();
  /**
   * The hash-space picture for the page, kept sorted. Not model state: every refresh shifts
   * its million-entry arrays, so checkpointing it would record most of 28 MB every 2 s and
   * spend the budget in seconds. A restore starts a fresh one instead, which builds the
   * picture from the restored cluster on the next view (about 30 ms at a million objects).
   */
  hashView: HashSpaceTracker;

  /** A real cluster's pods the model starts from instead of generated ones (kept across rebuilds). */
  private readonly imported: readonly ImportedObject[] | undefined;

  /** An imported watch stream to replay, or null. */
  private readonly stream: WatchStream | null;

  constructor(params: SimParams, checkpointBudgetBytes?: number, imported?: readonly ImportedObject[], stream?: WatchStream | null) {
    this.checkpoints = new CheckpointStore(checkpointBudgetBytes);
    this.imported = imported;
    this.stream = stream ?? null;
    this.m = new Model(params, imported);
    this.base = this.m.params;
    this.hashView = new HashSpaceTracker(this.m.cluster, [this.m.modes.client, this.m.modes.server]);
    this.checkpoints.take(0, 0, this.modelFields());
    this.version++;
  }

  get params(): SimParams {
    return this.m.params;
  }

  get time(): number {
    return this.m.time;
  }

  /** A new cluster at t = 0 (a new seed or cluster shape). `keepCheckpoints`: a replay from the start. */
  private build(params: SimParams, keepCheckpoints = false): void {
    this.history = [];
    if (!keepCheckpoints) this.checkpoints.clear();
    this.m = new Model(params, this.imported);
    this.base = this.m.params;
    this.hashView = new HashSpaceTracker(this.m.cluster, [this.m.modes.client, this.m.modes.server]);
    if (!keepCheckpoints) this.checkpoints.take(0, 0, this.modelFields());
    this.version++;
  }

  /** The model state a checkpoint holds: every field of the model. */
  private modelFields(): Record<string, unknown> {
    return { ...this.m };
  }

  /**
   * Simulated seconds between checkpoints: short enough that replaying from the last one
   * costs about what restoring one does. Replay work grows with the live objects (per-sample
   * work) and the event rate, so the interval shrinks with both: 2 s at 1,000,000 objects,
   * up to a minute for small, quiet clusters.
   */
  private checkpointIntervalTicks(): number {
    const live = Math.max(1, this.m.cluster.liveCount);
    const events = Math.max(1, churnEventsPerSecond(churnRates(this.m.params)));
    const seconds = Math.min(60, Math.max(1, Math.min(2_000_000 / live, 40_000 / events)));
    return Math.round(seconds * TICKS_PER_SECOND);
  }

  /** Running layouts typed after a reshard, from the run's base parameters (read by the loop). */
  get retyped(): readonly RetypedLayout[] {
    return this.base.retyped ?? [];
  }

  /** At a sample point (the batch is processed and empty): a checkpoint when one is due. */
  atSample(): void {
    const m = this.m;
    if (this.replaying || m.tick - m.checkpointTick < this.checkpointIntervalTicks()) return;
    m.checkpointTick = m.tick;
    this.checkpoints.take(m.tick, this.history.length, this.modelFields());
  }

  /** What the checkpoints hold (count, bytes, budget, ticks). */
  checkpointStats(): CheckpointStats {
    return this.checkpoints.stats();
  }

  step(seconds: number = this.m.params.stepSeconds): void {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_STEP_SECONDS) {
      throw new RangeError(`step seconds must be a number from 0 to ${MAX_STEP_SECONDS.toLocaleString('en-US')}, got ${String(seconds)}`);
    }
    const asked = churnEventsPerSecond(churnRates(this.m.params)) * seconds;
    if (asked > MAX_EVENTS_PER_STEP) {
      throw new RangeError(
        `a step of ${seconds.toLocaleString('en-US')} s at the churn rates asks for ${Math.round(asked).toLocaleString('en-US')} events; ` +
          `at most ${MAX_EVENTS_PER_STEP.toLocaleString('en-US')} per step: take shorter steps or lower the rates`,
      );
    }
    const m = this.m;
    m.carry += seconds;
    const n = Math.floor(m.carry * TICKS_PER_SECOND + 1e-6);
    m.carry = Math.max(0, m.carry - n / TICKS_PER_SECOND);
    m.recent.lastStep.fill(0);
    runTicks(m, n, this);
    this.version++;
  }

  reconfigure(input: SimParamsInput): void {
    const m = this.m;
    const next = resolveParams(typedLayout(m, input).rest, m.requested);
    if (needsRebuild(m.requested, next)) {
      this.build(next);
      return;
    }
    // Seeking back and then changing something discards the recorded future.
    this.history = this.history.filter((h) => h.tick <= m.tick);
    this.checkpoints.dropFrom(m.tick + 1);
    // Typed running layouts belong to the run like the schedule; one that changes the past replays.
    const retypedPast = retypedPastDiffers(this.base.retyped, next.retyped, m.tick, TICKS_PER_SECOND);
    if (!sameJson(this.base.retyped ?? [], next.retyped ?? [])) this.base = { ...this.base, retyped: next.retyped ?? [] };
    if (!sameJson(m.requested.schedule, next.schedule) || retypedPast) {
      // A new schedule rewrites the run from its start: replay to now under it.
      const t = m.tick;
      const schedule = next.schedule;
      this.base = mergeParams(this.base, { schedule });
      this.history = this.history.map((h) => (h.input.schedule ? { ...h, input: { ...h.input, schedule } } : h));
      this.history.push({ tick: t, input: { ...input, schedule } });
      // Checkpoints were taken under the old schedule: none of them holds for the new one.
      this.checkpoints.clear();
      this.replay(t);
      return;
    }
    this.history.push({ tick: m.tick, input });
    take(m, input, this.base.retyped);
    apply(m, effective(m));
    this.version++;
  }

  seek(t: number): void {
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) throw new RangeError(`seek time must be a number >= 0, got ${String(t)}`);
    const target = Math.round(t * TICKS_PER_SECOND);
    const m = this.m;
    if (target >= m.tick) {
      m.recent.lastStep.fill(0);
      runTicks(m, target - m.tick, this);
      m.carry = 0;
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
      const model = this.m as unknown as Record<string, unknown>;
      for (const k of Object.keys(fields)) model[k] = fields[k];
      this.hashView = new HashSpaceTracker(this.m.cluster, [this.m.modes.client, this.m.modes.server]);
      this.history = history.slice(0, cp.historyLength);
      this.m.checkpointTick = cp.tick;
      from = cp.historyLength;
    } else {
      this.build(this.base, true);
    }
    const m = this.m;
    const start = m.tick;
    m.carry = 0;
    this.replaying = true;
    try {
      for (const h of history.slice(from)) {
        runTicks(m, h.tick - m.tick, this);
        this.history.push(h);
        take(m, h.input, this.base.retyped);
        apply(m, effective(m));
      }
      m.recent.lastStep.fill(0);
      runTicks(m, target - m.tick, this);
    } finally {
      this.replaying = false;
    }
    m.carry = 0;
    if (target - start > LONG_REPLAY_CHECKPOINTS * this.checkpointIntervalTicks()) {
      m.checkpointTick = m.tick;
      this.checkpoints.take(m.tick, this.history.length, this.modelFields());
    }
    this.version = version + 1;
  }

  snapshot(): SimSnapshot {
    return snapshotOf(this.m, this.version, () => closedFormOf(this.m, this.admissions), this.stepBackReach());
  }

  /** How far back the checkpoints reach (see {@link StepBackReach}). */
  private stepBackReach(): StepBackReach {
    const oldest = this.checkpoints.oldestTick();
    return { quickFrom: oldest === null ? this.m.time : oldest / TICKS_PER_SECOND, bytes: this.checkpoints.bytes, budgetBytes: this.checkpoints.budgetBytes };
  }

  listFor(mode: Mode, replica: number, options: ListOptions = {}): ListResponse {
    return listFor(this.m, mode, replica, options);
  }

  watchEventsFor(mode: Mode, replica: number, count = 10): WatchEventEnvelope[] {
    return watchEventsFor(this.m, mode, replica, count);
  }

  recentEvents(count = 20): RecentEvent[] {
    return recentEvents(this.m, count);
  }

  metricsText(mode: Mode, apiServer: number): string {
    return metricsText(this.m, mode, apiServer);
  }

  hashSpace(): HashSpaceView {
    return this.hashView.view(this.m.params.replicas.key, this.version);
  }

  objectsNear(position: number, k = 1): ObjectInfo[] {
    return objectsNear(this.m, position, k);
  }

  objectJson(uid: string): PodObject | null {
    return objectJson(this.m, uid);
  }

  findObjects(text: string, limit = 10): FoundObjects {
    return findObjects(this.m, text, limit);
  }

  balance(measure: BalanceMeasure, n: number): BalanceReport {
    return balanceFor(this.m, measure, n);
  }

  streamReplay(): ReplayReport | null {
    return this.stream ? replayStream(this.stream, this.m.params) : null;
  }

  exportListJson(): string {
    return exportListJson(this.m);
  }

  recount(ranges: RangeSet): OwnershipRecount {
    if (!Array.isArray(ranges) || ranges.length > 64) throw new RangeError('ranges must be an array of at most 64 replicas, each a list of {start, end}');
    return recountRanges(this.m.cluster.index, ranges);
  }

  reshard(strategy: ReshardStrategy, from: number, to: number): ReshardReport {
    const c = this.m.cluster;
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
/**
 * A simulation; `options.imported`: a real cluster's pods (from an import) instead of generated
 * ones; `options.stream`: the imported watch stream, which `streamReplay()` replays.
 */
export function createSimulation(input: SimParamsInput = {}, options: { checkpointBudgetBytes?: number; imported?: readonly ImportedObject[]; stream?: WatchStream | null } = {}): Simulation {
  return new SimulationImpl(resolveParams(input, DEFAULT_PARAMS), options.checkpointBudgetBytes, options.imported, options.stream);
}
