/**
 * The `Simulation` interface: what a running simulation offers its callers (the worker
 * adapter, the CLI, tests).
 */
import type { Mode, SimParams, SimParamsInput } from '../params';
import type { ListOptions, PodObject, WatchEventEnvelope } from '../apiserver';
import type { ListResponse } from './viewTypes';
import type { ReshardReport } from '../time';
import type { CheckpointStats } from '../time';
import type { ReshardStrategy } from '../params';
import type { SimSnapshot } from '../report';
import type { HashSpaceView, ObjectInfo, OwnershipRecount, RangeSet, RecentEvent } from './viewTypes';
import type { BalanceMeasure } from '../time';
import type { BalanceReport, FoundObjects } from './yourcluster';
import type { ReplayReport } from './replay';

/** A running simulation: one cluster, one event stream, both modes side by side. */
export interface Simulation {
  /** The effective parameters. */
  readonly params: SimParams;
  /** Simulated seconds since the start. */
  readonly time: number;
  /** Increments on every step and reconfigure. */
  readonly version: number;
  /** Advances simulated time by `seconds` (default `params.stepSeconds`) and processes its events in both modes. */
  step(seconds?: number): void;
  /** Summaries of everything now (cheap: no per-object data). */
  snapshot(): SimSnapshot;
  /**
   * Applies new parameters. Cluster or seed changes rebuild the cluster and restart time;
   * replica or API-server changes reconnect every replica (a fresh LIST) at the current
   * time; churn, size and cost changes apply from the next step. Throws `SimParamsError`
   * on bad parameters and leaves the simulation as it was.
   */
  reconfigure(input: SimParamsInput): void;
  /** Rewinds or advances to simulated time `t`: restores the nearest earlier checkpoint and replays from it (same seed, same reconfigurations). */
  seek(t: number): void;
  /** What the step-back checkpoints hold: count, bytes (distinct stored memory), budget, ticks. */
  checkpointStats(): CheckpointStats;
  /** What replica `replica` of `mode` would get for a LIST now (materialised, at most `limit` items shown). */
  listFor(mode: Mode, replica: number, options?: ListOptions): ListResponse;
  /** The last `count` watch events the replica received, as wire envelopes, newest last. */
  watchEventsFor(mode: Mode, replica: number, count?: number): WatchEventEnvelope[];
  /** The last `count` events of the shared stream with their fate in both modes, newest last. */
  recentEvents(count?: number): RecentEvent[];
  /** The Prometheus text exposition of one API server's two metrics in one mode. */
  metricsText(mode: Mode, apiServer: number): string;
  /**
   * Sorted positions (by the replicas' shard key) and owners per mode, for a hash-space view.
   * Fresh arrays (transferable); kept up to date incrementally, so a refresh costs about a copy.
   */
  hashSpace(): HashSpaceView;
  /** The `k` live objects nearest to `position` in [0, 1) on the uid-hash axis, nearest first. */
  objectsNear(position: number, k?: number): ObjectInfo[];
  /** One live object's full JSON (by uid), or null. */
  objectJson(uid: string): PodObject | null;
  /** The live objects and the namespace a pasted text names (uid, pod name, `namespace/name`, namespace). */
  findObjects(text: string, limit?: number): FoundObjects;
  /** Balanced ranges for `n` replicas on the run's shard key, weighing objects, bytes or events, next to equal ranges. */
  balance(measure: BalanceMeasure, n: number): BalanceReport;
  /**
   * The imported watch stream replayed through both modes for the current replicas
   * and selectors (measured bytes and events per replica), or null when no stream was imported.
   */
  streamReplay(): ReplayReport | null;
  /** Every live object as `kubectl get pods -A -o json` prints them (a `List`). */
  exportListJson(): string;
  /** Ownership of the live objects under proposed uid ranges, without changing anything (fast: O(ranges log P)). */
  recount(ranges: RangeSet): OwnershipRecount;
  /** Resharding the live objects from `from` to `to` replicas under `strategy`. */
  reshard(strategy: ReshardStrategy, from: number, to: number): ReshardReport;
}
