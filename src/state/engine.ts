/**
 * The engine: where the simulation model runs. The same asynchronous interface whether the
 * model lives on the main thread (small clusters, tests) or in a Web Worker (large clusters),
 * so the store never knows which. Large data (hash positions, owners) arrives here as typed
 * arrays and is kept out of the store.
 */
import type {
  HashSpaceView,
  ListOptions,
  ListResponse,
  Mode,
  ObjectInfo,
  OwnershipRecount,
  RangeSet,
  RecentEvent,
  ReshardReport,
  ReshardStrategy,
  SimParamsInput,
  SimClient,
  SimSnapshot,
  CreateOptions,
  ImportChannel,
} from '../sim';
import type { BalanceReport, FoundObjects, ReplayReport } from '../sim';
import type { BalanceMeasure } from '../sim/time';

/** The model's commands the engine uses (a subset of the worker protocol's client). */
export const ENGINE_COMMANDS = [
  'create',
  'step',
  'reconfigure',
  'seek',
  'listFor',
  'recentEvents',
  'metricsText',
  'hashSpace',
  'objectsNear',
  'recount',
  // objects that change owner when the replica count changes
  'reshard',
  // owner lookup and balanced ranges
  'findObjects',
  'balance',
  // the imported watch stream replayed through both modes
  'streamReplay',
] as const;

/** A promise-based client of the model: the worker protocol's, or the model on this thread. */
export type EngineClient = Pick<SimClient, (typeof ENGINE_COMMANDS)[number]>;

/** What the UI needs after every step or reconfiguration, fetched in one go. */
export interface EngineFrame {
  readonly snapshot: SimSnapshot;
  /** Events of the shared stream since the previous frame (newest last), for the event flow. */
  readonly events: readonly RecentEvent[];
  /** Fresh hash-space arrays when asked for (they are large: not every frame at 1M objects). */
  readonly hashSpace: HashSpaceView | null;
}

/** Options of a frame request. */
export interface FrameRequest {
  /** Include the hash-space arrays. */
  readonly hashSpace: boolean;
  /** At most this many recent events. */
  readonly events: number;
}

/**
 * Why the model runs on the page's own thread although a worker was wanted: the site's
 * Content-Security-Policy blocks workers, the worker failed before answering, or the browser
 * has no module workers.
 */
export type EngineFallback = 'blocked' | 'failed' | 'unsupported';

/**
 * The engine moved the model to the page's own thread before it was built (its worker could
 * not start): nothing was created; check the main-thread limits and create again.
 */
export class EngineFellBackError extends Error {
  constructor(readonly fallback: EngineFallback) {
    super(`the simulation worker could not start (${fallback}); the model now runs on the page's thread`);
    this.name = 'EngineFellBackError';
  }
}

/** The model, behind an asynchronous boundary. Calls are answered in order. */
export interface SimEngine {
  readonly kind: 'local' | 'worker';
  /** Set when the model runs on the page's thread because its worker could not start. */
  readonly fallback?: EngineFallback | null;
  /** Builds a fresh simulation (replacing any previous one). Rejects on bad parameters. `options`: its imported objects. */
  create(input: SimParamsInput, frame: FrameRequest, options?: CreateOptions): Promise<EngineFrame>;
  /** Import reads where the model lives (null: this engine cannot read files). */
  readonly imports: ImportChannel | null;
  /** Applies new parameters; rejects with the model's message and keeps the old state. */
  reconfigure(input: SimParamsInput, frame: FrameRequest): Promise<EngineFrame>;
  /** Advances simulated time (negative: rewinds by replaying from the start). */
  step(seconds: number, frame: FrameRequest): Promise<EngineFrame>;
  listFor(mode: Mode, replica: number, options?: ListOptions): Promise<ListResponse>;
  objectsNear(position: number, k: number): Promise<ObjectInfo[]>;
  recount(ranges: RangeSet): Promise<OwnershipRecount>;
  /** Objects whose owner changes from `from` to `to` replicas under a strategy. */
  reshard(strategy: ReshardStrategy, from: number, to: number): Promise<ReshardReport>;
  metricsText(mode: Mode, apiServer: number): Promise<string>;
  /** What a pasted text names in the cluster. */
  findObjects(text: string, limit: number): Promise<FoundObjects>;
  /** Balanced ranges on the run's shard key, next to equal ranges. */
  balance(measure: BalanceMeasure, n: number): Promise<BalanceReport>;
  /** The imported watch stream replayed for the current replicas and selectors (null: none). */
  streamReplay(): Promise<ReplayReport | null>;
  dispose(): void;
}

/** The events not seen before (by type, resourceVersion and uid), oldest first; updates `seen`. */
export function newEvents(events: readonly RecentEvent[], seen: Set<string>): RecentEvent[] {
  const out: RecentEvent[] = [];
  for (const e of events) {
    const key = `${e.type}:${e.resourceVersion}:${e.object?.uid ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  // Only the latest keys matter; keep the set from growing without bound.
  if (seen.size > 4096) {
    const keep = [...seen].slice(-1024);
    seen.clear();
    for (const k of keep) seen.add(k);
  }
  return out;
}

/**
 * An engine over the model's promise-based client: the same code whether the client talks
 * to a worker or runs the model on this thread. Requests are pipelined (the worker answers
 * in order), so a frame costs one round trip, not three.
 */
export function createClientEngine(
  client: EngineClient,
  kind: SimEngine['kind'],
  onDispose?: () => void,
  /** Rejects when the transport dies (a crashed worker); every pending call then rejects too. */
  failure?: Promise<never>,
  imports: ImportChannel | null = null,
): SimEngine {
  const seen = new Set<string>();
  let time = 0;
  const guard = <T>(p: Promise<T>): Promise<T> => (failure ? Promise.race([p, failure]) : p);
  const frame = async (snapshotP: Promise<SimSnapshot>, req: FrameRequest): Promise<EngineFrame> => {
    const [snapshot, events, hashSpace] = await guard(Promise.all([
      snapshotP,
      req.events > 0 ? client.recentEvents(req.events) : Promise.resolve([]),
      req.hashSpace ? client.hashSpace() : Promise.resolve(null),
    ]));
    time = snapshot.time;
    return { snapshot, events: newEvents(events, seen), hashSpace };
  };
  return {
    kind,
    get imports() {
      return imports;
    },
    create: (input, req, options) => {
      seen.clear();
      return frame(options ? client.create(input, options) : client.create(input), req);
    },
    reconfigure: (input, req) => frame(client.reconfigure(input), req),
    step: (seconds, req) => {
      if (seconds >= 0) return frame(client.step(seconds), req);
      // Stepping back replays from the start (same seed): the animation starts afresh.
      seen.clear();
      return frame(client.seek(Math.max(0, time + seconds)), { ...req, events: 0 });
    },
    listFor: (mode, replica, options) => guard(client.listFor(mode, replica, options)),
    objectsNear: (position, k) => guard(client.objectsNear(position, k)),
    recount: (ranges) => guard(client.recount(ranges)),
    reshard: (strategy, from, to) => guard(client.reshard(strategy, from, to)),
    metricsText: (mode, apiServer) => guard(client.metricsText(mode, apiServer)),
    findObjects: (text, limit) => guard(client.findObjects(text, limit)),
    balance: (measure, n) => guard(client.balance(measure, n)),
    streamReplay: () => guard(client.streamReplay()),
    dispose: () => onDispose?.(),
  };
}
