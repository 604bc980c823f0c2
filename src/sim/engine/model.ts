/**
 * The model state of a simulation: everything a checkpoint holds and a restore brings back.
 * Fields added here are state by default (the checkpoint copies every field; see
 * `../time/checkpoint`). What is not state (the recorded history, the checkpoints, caches of
 * pure computations, the hash-space picture) lives on the coordinator (`./simulation`).
 */
import { Cluster, createPrng, importedClusterParams, type ImportedObject } from '../cluster';
import { ChurnSource } from '../cluster';
import type { Mode, ReshardEvent, SimParams, SimParamsInput } from '../params';
import { MODES, churnRates, ordered } from '../params';
import type { Share } from '../report';
import { equalSegments } from '../time';
import type { Handoff, Layout } from '../time';
import { TICK_SECONDS, TICKS_PER_SECOND } from './clock';
import { ModeEngine } from './mode';
import { RecentEvents } from './recent';
import type { PendingRelist } from './relists';
import { ServerClock } from './restarts';

/** The schedule of reshards as it runs: what has fired, each mode's layout, the hand-offs. */
export class LayoutState {
  /** Scheduled events in firing order, how many have fired, and the tick of the next. */
  events: ReshardEvent[] = [];
  fired = 0;
  nextEventTick = Number.POSITIVE_INFINITY;
  /** Each mode's current layout (what a reshard starts from). */
  layouts!: Record<Mode, Layout>;
  /** The fired reshards' layout (count, selectors, client filter), laid over the requested parameters. */
  overlay: SimParamsInput | null = null;
  handoffs: Handoff[] = [];
  /** Relists a rollout makes after the event, counted when they happen (see `./relists`). */
  relists: PendingRelist[] = [];
  /** Until this tick some hand-off window is open: objects created then are assigned by it. */
  handoffOpenTick = 0;

  constructor(params: SimParams) {
    this.events = ordered(params.schedule);
    this.nextEventTick = this.eventTick(0);
    const n = params.replicas.count;
    this.layouts = {
      client: params.replicas.clientFilter === 'jump' ? { kind: 'jump', n } : { kind: 'segments', n, segs: equalSegments(n) },
      server: { kind: 'segments', n, segs: equalSegments(n) },
    };
  }

  /** Tick of scheduled event `i` (infinity past the last). */
  eventTick(i: number): number {
    const e = this.events[i];
    return e ? Math.round(e.at * TICKS_PER_SECOND) : Number.POSITIVE_INFINITY;
  }
}

export class Model {
  /** The parameters in effect: `requested` with the fired reshards' layout laid over. */
  params: SimParams;
  /** The parameters as asked for (`reconfigure`). */
  requested: SimParams;
  cluster: Cluster;
  churn: ChurnSource;
  modes: Record<Mode, ModeEngine>;
  tick = 0;
  /**
   * Tick of the last change; rates use only samples taken since (a sample is taken right
   * after every change), and the snapshot says `settling` until one rate window has passed.
   * A change is:
   * - the start, and any rebuild (time restarts at 0 with every replica's initial LIST);
   * - a reconfigure that changes what flows or what it costs (`changesRates` in `./apply`): a
   *   reconnect (selectors, gates, API servers, replicas), churn, sizes, costs, sampling;
   * - a failed LIST's retry that succeeds (that replica relists).
   * Not a change: a retry that fails again (nothing flowed before it or after it), a change
   * of step size or rate window only, and seeking: a seek replays the recorded history, so the
   * run at time t (its settling state included) is what it was when first played.
   */
  changeTick = 0;
  /** Simulated seconds asked for but not yet a whole tick. */
  carry = 0;
  layout: LayoutState;
  readonly recent = new RecentEvents();
  servers = new ServerClock();
  /** Where an ordinary add lands, per namespace (fixed for a cluster). */
  addWeights: Float64Array;
  /**
   * Closed-form inputs that only change with the cluster or the sizes: namespace-keyed shares
   * (namespace hashes are fixed) and each namespace's expected new-object size.
   */
  nsShareCache = new Map<string, Share>();
  newBytesCache: { sizes: SimParams['sizes']; bytes: Float64Array } | null = null;
  /** Tick of the last checkpoint taken while running forward. */
  checkpointTick = 0;

  /** A new cluster at t = 0 with every replica connected (each does its initial LIST) and the first sample taken. */
  constructor(input: SimParams, imported?: readonly ImportedObject[]) {
    // An imported cluster sets the cluster's shape (pods, namespaces, cluster-scoped share).
    const params = imported ? { ...input, cluster: importedClusterParams(imported, input.cluster) } : input;
    this.params = params;
    this.requested = params;
    this.layout = new LayoutState(params);
    const prng = createPrng(params.seed);
    this.cluster = new Cluster(params.cluster, params.sizes, prng.fork('cluster'), imported);
    this.churn = new ChurnSource(churnRates(params), this.cluster, prng.fork('churn'));
    const watchRng = prng.fork('watch');
    this.modes = { client: new ModeEngine('client', this.cluster, watchRng), server: new ModeEngine('server', this.cluster, watchRng) };
    this.servers.set(params);
    const ns = this.cluster.namespaceCount;
    const scoped = params.cluster.clusterScopedShare;
    this.addWeights = new Float64Array(ns + 1);
    for (let i = 0; i <= ns; i++) this.addWeights[i] = i < ns ? (1 - scoped) * this.cluster.namespaceWeight(i) : scoped;
    this.recent.reset(this.cluster.capacity);
    for (const m of MODES) {
      this.modes[m].configure(params, 0, TICK_SECONDS, false);
      this.modes[m].sample(0);
    }
  }

  /** Simulated seconds since the start. */
  get time(): number {
    return this.tick / TICKS_PER_SECOND;
  }
}
