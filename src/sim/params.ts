/**
 * Simulation parameters: their types, their defaults, and validation that names the
 * parameter and its bounds. Everything the model does follows from a `SimParams` and the seed
 * inside it, so a run is reproducible from its parameters alone (and can live in a URL).
 */
import type { HexRange, ShardKey } from '../core/sharding';
import { parseShardSelector } from '../core/sharding';
import { checkSchedule } from './scenario';
import type { ScheduledEvent } from './scenario';
import { checkRetyped } from './retype';
import type { RetypedLayout } from './retype';

/** Wire encoding of objects between API server and replicas. */
export type Encoding = 'json' | 'protobuf';

/**
 * How a client-side replica decides what it owns after decoding every event:
 * - `ranges`: by its shard ranges (the same matcher the server would use);
 * - `jump`: the kube-state-metrics way, FNV-1a 64 of the uid then jump consistent hash over N.
 */
export type ClientFilter = 'ranges' | 'jump';

/**
 * What a server-side replica does when a LIST comes back without `metadata.shardInfo`
 * (its API server has the gate off):
 * - `filter`: falls back to filtering locally with the same matcher (what client-go does);
 * - `trust`: naively keeps everything it is sent (to show what breaks).
 */
export type ServerFallback = 'filter' | 'trust';

/**
 * What a replica's informer cache holds:
 * - `owned`: it filters before the cache (the kube-state-metrics way), so the cache holds only
 *   what it keeps;
 * - `all`: it caches everything it receives and filters in its event handlers (the usual
 *   controller-runtime / informer-factory way), so a client-side replica caches the whole
 *   collection.
 */
export type ClientCache = 'owned' | 'all';

/** The two ways every run is modelled, side by side over the same event stream. */
export type Mode = 'client' | 'server';

/** The modes in display order. */
export const MODES: readonly Mode[] = ['client', 'server'];

/**
 * Where one replica's shard selector comes from.
 * - `equal`: shard i of N from `splitHashSpace(N)` (the default);
 * - `ranges`: explicit ranges (bounds as the apiserver writes them, e.g. `0x8000000000000000`);
 * - `text`: selector text exactly as typed; it is sent as-is, so a malformed one makes a
 *   gate-on API server answer HTTP 500 for that replica only.
 */
export type SelectorSpec =
  | { readonly kind: 'equal' }
  | { readonly kind: 'ranges'; readonly ranges: readonly HexRange[]; readonly key?: ShardKey }
  | { readonly kind: 'text'; readonly text: string };

/** The objects in the cluster (pods). */
export interface ClusterParams {
  /** Live objects at the start, 1 to 1,000,000. Default 10,000. */
  readonly pods: number;
  /** Number of namespaces, 1 to 10,000. Default 40. */
  readonly namespaces: number;
  /** Zipf exponent of objects per namespace (0 = even), 0 to 3. Default 1.1. */
  readonly zipfExponent: number;
  /** Share of cluster-scoped objects (namespace ""), 0 to 1. Default 0. */
  readonly clusterScopedShare: number;
  /**
   * UUIDv7-like time-ordered uids instead of random UUIDv4. Hashing still spreads them
   * evenly, which is why the server hashes the uid rather than ranging over it directly.
   * Default false.
   */
  readonly sequentialIds: boolean;
}

/** The serialized size model. */
export interface SizeParams {
  /** Wire encoding. Default `json`. */
  readonly encoding: Encoding;
  /** Median JSON size of a pod in bytes, 200 to 1,000,000. Default 4,500 (a typical pod with managedFields). */
  readonly medianJsonBytes: number;
  /** Log-normal spread (sigma) of sizes, 0 to 2. Default 0.35. */
  readonly spread: number;
  /** Protobuf size as a share of JSON size, 0.05 to 1. Default 0.55. */
  readonly protobufRatio: number;
}

/** A rolling update: every pod of one namespace is replaced, at a rate, periodically. */
export interface BurstParams {
  /** Default true. */
  readonly enabled: boolean;
  /** Seconds between the starts of two bursts, 1 to 86,400. Default 30. */
  readonly everySeconds: number;
  /** Pods replaced per second during a burst, 0 to 1,000,000. Default 100. */
  readonly podsPerSecond: number;
  /** Longest a burst lasts in seconds, 0.1 to 86,400. Default 10. */
  readonly maxSeconds: number;
}

/** The event source. Rates are events per simulated second. */
export interface ChurnParams {
  /** Pods created per second, 0 to 1,000,000. Default 50. */
  readonly addsPerSecond: number;
  /** Pod updates per second, 0 to 1,000,000. Default 500. */
  readonly modifiesPerSecond: number;
  /** Pods deleted per second, 0 to 1,000,000. Default 50. */
  readonly deletesPerSecond: number;
  /** Seconds between BOOKMARKs to every watcher, 0 (off) to 3,600. Default 60. */
  readonly bookmarkIntervalSeconds: number;
  readonly burst: BurstParams;
}

/** The control plane. */
export interface ApiServerParams {
  /** API server instances, 1 to 5. Default 1. */
  readonly count: number;
  /**
   * `ShardedListAndWatch` gate per instance; a missing entry is on. Some on and some off
   * models an HA rollout. Default all on.
   */
  readonly gates: readonly boolean[];
  /** A rolling upgrade over time (see {@link RolloutParams}); null: none. Default null. */
  readonly rollout: RolloutParams | null;
}

/**
 * A rolling upgrade of the API servers: server i restarts at `at + i * everySeconds` with
 * its `ShardedListAndWatch` gate set to `gate`. A restart drops every watch on that server.
 */
export interface RolloutParams {
  readonly gate: boolean;
  /** Simulated second of the first restart, 0 to 86,400. */
  readonly at: number;
  /** Seconds between two restarts, 0 to 86,400. */
  readonly everySeconds: number;
}

/**
 * What a server-side replica does with WATCH events after a LIST that carried `shardInfo`:
 * - `trust-stream`: keeps every event (the LIST proved the server filters): duplicates when
 *   the WATCH lands on a gate-off API server (today's default; client-go's first version);
 * - `check-locally`: hashes every event with its own matcher as well (defence in depth).
 */
export type WatchPolicy = 'trust-stream' | 'check-locally';

/**
 * How an informer fills its cache: `list` (LIST, then WATCH from its resourceVersion) or
 * `watch-list` (a streaming list: WATCH with `sendInitialEvents`; no LIST response, so no
 * `shardInfo`).
 */
export type InitialList = 'list' | 'watch-list';

/** The watch lifecycle. */
export interface WatchParams {
  /**
   * Watches end after a timeout drawn as client-go draws it (uniform 5 to 10 minutes) and
   * resume from the last resourceVersion. Default false.
   */
  readonly timeouts: boolean;
  /** Watchers ask for BOOKMARKs (allowWatchBookmarks), which keep their resourceVersion fresh. Default true. */
  readonly bookmarks: boolean;
  /**
   * Seconds of history the server keeps (etcd compaction, watch-cache window); resuming from
   * an older resourceVersion gets 410 Gone and relists. 0: never compacted. 0 to 3,600. Default 0.
   */
  readonly compactionSeconds: number;
}

/** The controller replicas (both modes run the same replicas). */
export interface ReplicaParams {
  /** Replicas, 1 to 64. Default 4. */
  readonly count: number;
  /** Field hashed for the default (equal) selectors. Default `object.metadata.uid`. */
  readonly key: ShardKey;
  /** Client-side mode's local filter. Default `ranges`. */
  readonly clientFilter: ClientFilter;
  /** Server-side mode's behaviour when `shardInfo` is missing. Default `filter`. */
  readonly serverFallback: ServerFallback;
  /** What the informer cache holds (see {@link ClientCache}). Default `owned`. */
  readonly clientCache: ClientCache;
  /** Per-replica selector source; a missing (or null) entry is `equal`; entries beyond `count` are ignored. Default []. */
  readonly selectors: readonly (SelectorSpec | null | undefined)[];
  /** Per-replica API server index; a missing entry is `replica mod apiServers.count`; entries beyond `count` are ignored. Default []. */
  readonly apiServerOf: readonly number[];
  /** After a LIST with `shardInfo` (see {@link WatchPolicy}). Default `trust-stream`. */
  readonly watchPolicy: WatchPolicy;
  /** LIST+WATCH or a streaming list (see {@link InitialList}). Default `list`. */
  readonly initialList: InitialList;
}

/** Cost model of a replica. */
export interface CostParams {
  /** CPU to decode one JSON byte, nanoseconds, 0 to 10,000. Default 15 (Go encoding/json into typed structs). */
  readonly jsonDecodeNsPerByte: number;
  /** CPU to decode one protobuf byte, nanoseconds, 0 to 10,000. Default 4. */
  readonly protobufDecodeNsPerByte: number;
  /** Informer cache bytes per JSON byte of a kept object, 0 to 100. Default 1.2 (decoded structs, strings, maps). */
  readonly cacheBytesPerJsonByte: number;
  /** Fixed cache bytes per kept object (store and index entries), 0 to 1,000,000. Default 400. */
  readonly cacheOverheadBytes: number;
  /**
   * Heap allocated per wire byte decoded (read buffer, decoded structs, strings, maps), 0 to
   * 100. It sets the transient allocation rate (bytes decoded/s x this) and the LIST peak (a
   * whole decoded LIST is live at once before it is filtered and stored). Default 3: a rule
   * of thumb for Go decoding JSON into typed structs, which allocates a few times the input.
   */
  readonly decodeAllocBytesPerByte: number;
  /**
   * How fast one replica takes in a LIST (receive and decode), bytes per second, 1,000 to
   * 10^12. With `listRttSeconds` it sets how long a relist takes after a reshard:
   * rtt + bytes / this. Default 50,000,000 (50 MB/s: Go decoding JSON on one core).
   */
  readonly listBytesPerSecond: number;
  /** Fixed round trip of a LIST, seconds, 0 to 60. Default 0.05. */
  readonly listRttSeconds: number;
}

/** Everything a run depends on. */
export interface SimParams {
  /** PRNG seed; same seed and parameters give the same run. Default `shardscope`. */
  readonly seed: string | number;
  readonly cluster: ClusterParams;
  readonly sizes: SizeParams;
  readonly churn: ChurnParams;
  readonly apiServers: ApiServerParams;
  readonly replicas: ReplicaParams;
  readonly costs: CostParams;
  /** Events at fixed simulated times (reshards), see `./scenario`. Default []. */
  readonly schedule: readonly ScheduledEvent[];
  /** Issue 9: running layouts typed after a reshard, in time order (see `./retype`). Absent: none. */
  readonly retyped?: readonly RetypedLayout[];
  /** Simulated seconds per `step()` without an argument, 0.001 to 3,600. Default 1. */
  readonly stepSeconds: number;
  /** Rates are averaged over this much recent simulated time, 0.001 to 3,600 s. Default 10. */
  readonly rateWindowSeconds: number;
  /** Samples kept in each time series, 2 to 10,000. Default 300. */
  readonly seriesCapacity: number;
  /**
   * Simulated seconds between two time-series samples, 0.01 to 3,600. Default 1. Samples sit
   * on fixed simulated times, so charts do not depend on how often the UI calls `step()`.
   */
  readonly sampleSeconds: number;
  /** Watch timeouts, bookmarks, compaction (see {@link WatchParams}). */
  readonly watch: WatchParams;
}

type DeepPartialValue<T> = T extends readonly unknown[] ? T : T extends object ? DeepPartial<T> : T;
/** A partial of `T` at every depth (arrays are replaced whole). */
export type DeepPartial<T> = { readonly [K in keyof T]?: DeepPartialValue<T[K]> };

/** What `createSimulation` and `reconfigure` accept: anything left out keeps its default (or current value). */
export type SimParamsInput = DeepPartial<SimParams>;

/** The bounds the issue sets. */
export const LIMITS = {
  pods: { min: 1, max: 1_000_000 },
  namespaces: { min: 1, max: 10_000 },
  replicas: { min: 1, max: 64 },
  apiServers: { min: 1, max: 5 },
} as const;

/**
 * Ranges the model simulates at most, summed over every replica's selector (64 replicas of
 * 128 ranges). A selector's ranges cost memory and time wherever they are drawn, listed and
 * matched; past this the page and `validateParams` refuse the selectors with a message.
 */
export const MAX_TOTAL_RANGES = 8_192;

/** The defaults, frozen. */
export const DEFAULT_PARAMS: SimParams = deepFreeze({
  seed: 'shardscope',
  cluster: { pods: 10_000, namespaces: 40, zipfExponent: 1.1, clusterScopedShare: 0, sequentialIds: false },
  sizes: { encoding: 'json', medianJsonBytes: 4_500, spread: 0.35, protobufRatio: 0.55 },
  churn: {
    addsPerSecond: 50,
    modifiesPerSecond: 500,
    deletesPerSecond: 50,
    bookmarkIntervalSeconds: 60,
    burst: { enabled: true, everySeconds: 30, podsPerSecond: 100, maxSeconds: 10 },
  },
  apiServers: { count: 1, gates: [], rollout: null },
  replicas: {
    count: 4,
    key: 'object.metadata.uid',
    clientFilter: 'ranges',
    serverFallback: 'filter',
    clientCache: 'owned',
    selectors: [],
    apiServerOf: [],
    watchPolicy: 'trust-stream',
    initialList: 'list',
  },
  costs: { jsonDecodeNsPerByte: 15, protobufDecodeNsPerByte: 4, cacheBytesPerJsonByte: 1.2, cacheOverheadBytes: 400, decodeAllocBytesPerByte: 3, listBytesPerSecond: 50_000_000, listRttSeconds: 0.05 },
  schedule: [],
  stepSeconds: 1,
  rateWindowSeconds: 10,
  seriesCapacity: 300,
  sampleSeconds: 1,
  watch: { timeouts: false, bookmarks: true, compactionSeconds: 0 },
} satisfies SimParams);

/** One rejected parameter: its dotted path, its bounds where it has some, and a sentence. */
export interface ParamIssue {
  /** Dotted path, e.g. `replicas.count` or `apiServers.gates[2]`. */
  readonly path: string;
  /** Always names the parameter and, where it has them, its bounds. */
  readonly message: string;
  readonly min?: number;
  readonly max?: number;
}

/** Thrown by `createSimulation`/`reconfigure` for out-of-range or contradictory parameters. */
export class SimParamsError extends Error {
  override readonly name = 'SimParamsError';
  constructor(readonly issues: readonly ParamIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}

/** The outcome of {@link validateParams}. */
export type ValidationResult =
  | { readonly ok: true; readonly params: SimParams }
  | { readonly ok: false; readonly issues: readonly ParamIssue[] };

/**
 * Merges `input` over `base` (the defaults unless given) and checks every value. Returns
 * every problem at once, each naming its parameter and bounds, so a form can mark them all.
 */
export function validateParams(input: SimParamsInput = {}, base: SimParams = DEFAULT_PARAMS): ValidationResult {
  const merged = mergeParams(base, input);
  const issues: ParamIssue[] = [];
  const num = (path: string, v: unknown, min: number, max: number, integer = false): void => {
    const kind = integer ? 'an integer' : 'a number';
    if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < min || v > max) {
      issues.push({
        path,
        min,
        max,
        message: `${path} must be ${kind} from ${fmt(min)} to ${fmt(max)}, got ${describe(v)}`,
      });
    }
  };
  const oneOf = (path: string, v: unknown, allowed: readonly string[]): void => {
    if (typeof v !== 'string' || !allowed.includes(v)) {
      issues.push({ path, message: `${path} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describe(v)}` });
    }
  };
  const bool = (path: string, v: unknown): void => {
    if (typeof v !== 'boolean') issues.push({ path, message: `${path} must be true or false, got ${describe(v)}` });
  };
  const p = merged;
  if (!((typeof p.seed === 'string' && p.seed.length <= 256) || (typeof p.seed === 'number' && Number.isFinite(p.seed)))) {
    issues.push({ path: 'seed', message: `seed must be a string of at most 256 characters or a finite number, got ${describe(p.seed)}` });
  }
  num('cluster.pods', p.cluster.pods, LIMITS.pods.min, LIMITS.pods.max, true);
  num('cluster.namespaces', p.cluster.namespaces, LIMITS.namespaces.min, LIMITS.namespaces.max, true);
  num('cluster.zipfExponent', p.cluster.zipfExponent, 0, 3);
  num('cluster.clusterScopedShare', p.cluster.clusterScopedShare, 0, 1);
  bool('cluster.sequentialIds', p.cluster.sequentialIds);
  oneOf('sizes.encoding', p.sizes.encoding, ['json', 'protobuf']);
  num('sizes.medianJsonBytes', p.sizes.medianJsonBytes, 200, 1_000_000);
  num('sizes.spread', p.sizes.spread, 0, 2);
  num('sizes.protobufRatio', p.sizes.protobufRatio, 0.05, 1);
  num('churn.addsPerSecond', p.churn.addsPerSecond, 0, 1_000_000);
  num('churn.modifiesPerSecond', p.churn.modifiesPerSecond, 0, 1_000_000);
  num('churn.deletesPerSecond', p.churn.deletesPerSecond, 0, 1_000_000);
  num('churn.bookmarkIntervalSeconds', p.churn.bookmarkIntervalSeconds, 0, 3_600);
  bool('churn.burst.enabled', p.churn.burst.enabled);
  num('churn.burst.everySeconds', p.churn.burst.everySeconds, 1, 86_400);
  num('churn.burst.podsPerSecond', p.churn.burst.podsPerSecond, 0, 1_000_000);
  num('churn.burst.maxSeconds', p.churn.burst.maxSeconds, 0.1, 86_400);
  num('apiServers.count', p.apiServers.count, LIMITS.apiServers.min, LIMITS.apiServers.max, true);
  if (!Array.isArray(p.apiServers.gates)) {
    issues.push({ path: 'apiServers.gates', message: `apiServers.gates must be an array of booleans, got ${describe(p.apiServers.gates)}` });
  } else {
    p.apiServers.gates.forEach((g, i) => {
      if (typeof g !== 'boolean' && g !== undefined && g !== null) bool(`apiServers.gates[${i}]`, g);
    });
    if (Number.isInteger(p.apiServers.count) && p.apiServers.gates.length > p.apiServers.count) {
      issues.push({
        path: 'apiServers.gates',
        max: p.apiServers.count,
        message: `apiServers.gates has ${p.apiServers.gates.length} entries but apiServers.count is ${p.apiServers.count}`,
      });
    }
  }
  num('replicas.count', p.replicas.count, LIMITS.replicas.min, LIMITS.replicas.max, true);
  oneOf('replicas.key', p.replicas.key, ['object.metadata.uid', 'object.metadata.namespace']);
  oneOf('replicas.clientFilter', p.replicas.clientFilter, ['ranges', 'jump']);
  oneOf('replicas.serverFallback', p.replicas.serverFallback, ['filter', 'trust']);
  oneOf('replicas.clientCache', p.replicas.clientCache, ['owned', 'all']);
  if (!Array.isArray(p.replicas.selectors)) {
    issues.push({ path: 'replicas.selectors', message: `replicas.selectors must be an array, got ${describe(p.replicas.selectors)}` });
  } else {
    p.replicas.selectors.forEach((s, i) => checkSelectorSpec(`replicas.selectors[${i}]`, s, issues));
    if (Number.isInteger(p.replicas.count) && !issues.some((i) => i.path.startsWith('replicas.selectors'))) {
      const total = totalRanges(p.replicas.selectors, p.replicas.count);
      if (total > MAX_TOTAL_RANGES) {
        issues.push({
          path: 'replicas.selectors',
          max: MAX_TOTAL_RANGES,
          message: `replicas.selectors hold ${fmt(total)} ranges in all; at most ${fmt(MAX_TOTAL_RANGES)} ranges across all replicas are simulated`,
        });
      }
    }
  }
  if (!Array.isArray(p.replicas.apiServerOf)) {
    issues.push({ path: 'replicas.apiServerOf', message: `replicas.apiServerOf must be an array, got ${describe(p.replicas.apiServerOf)}` });
  } else {
    const maxServer = Number.isInteger(p.apiServers.count) ? p.apiServers.count - 1 : LIMITS.apiServers.max - 1;
    p.replicas.apiServerOf.forEach((a, i) => {
      if (a !== undefined && a !== null) num(`replicas.apiServerOf[${i}]`, a, 0, maxServer, true);
    });
  }
  const ro = p.apiServers.rollout as unknown;
  if (ro !== null && ro !== undefined) {
    if (!isPlainObject(ro)) issues.push({ path: 'apiServers.rollout', message: `apiServers.rollout must be null or {gate, at, everySeconds}, got ${describe(ro)}` });
    else {
      bool('apiServers.rollout.gate', ro.gate);
      num('apiServers.rollout.at', ro.at, 0, 86_400);
      num('apiServers.rollout.everySeconds', ro.everySeconds, 0, 86_400);
    }
  }
  oneOf('replicas.watchPolicy', p.replicas.watchPolicy, ['trust-stream', 'check-locally']);
  oneOf('replicas.initialList', p.replicas.initialList, ['list', 'watch-list']);
  bool('watch.timeouts', p.watch?.timeouts);
  bool('watch.bookmarks', p.watch?.bookmarks);
  num('watch.compactionSeconds', p.watch?.compactionSeconds, 0, 3_600);
  num('costs.jsonDecodeNsPerByte', p.costs.jsonDecodeNsPerByte, 0, 10_000);
  num('costs.protobufDecodeNsPerByte', p.costs.protobufDecodeNsPerByte, 0, 10_000);
  num('costs.cacheBytesPerJsonByte', p.costs.cacheBytesPerJsonByte, 0, 100);
  num('costs.cacheOverheadBytes', p.costs.cacheOverheadBytes, 0, 1_000_000);
  num('costs.decodeAllocBytesPerByte', p.costs.decodeAllocBytesPerByte, 0, 100);
  num('costs.listBytesPerSecond', p.costs.listBytesPerSecond, 1_000, 1e12);
  num('costs.listRttSeconds', p.costs.listRttSeconds, 0, 60);
  issues.push(...checkSchedule(p.schedule, p.replicas.count));
  issues.push(...checkRetyped(p.retyped));
  num('stepSeconds', p.stepSeconds, 0.001, 3_600);
  num('rateWindowSeconds', p.rateWindowSeconds, 0.001, 3_600);
  num('seriesCapacity', p.seriesCapacity, 2, 10_000, true);
  num('sampleSeconds', p.sampleSeconds, 0.01, 3_600);
  // Rate x duration: each bound alone is fine, but a long step at high rates is billions of
  // events to process in one call (a frozen page). Checked once the parts themselves are valid.
  if (issues.length === 0) {
    const perStep = churnEventsPerSecond(p.churn) * p.stepSeconds;
    if (perStep > MAX_EVENTS_PER_STEP) {
      issues.push({
        path: 'stepSeconds',
        max: MAX_EVENTS_PER_STEP,
        message:
          `stepSeconds ${fmt(p.stepSeconds)} at the churn rates (churn.addsPerSecond + churn.modifiesPerSecond + ` +
          `churn.deletesPerSecond + rolling updates: ${fmt(Math.round(churnEventsPerSecond(p.churn)))} events/s) asks for ` +
          `${fmt(Math.round(perStep))} events in one step; at most ${fmt(MAX_EVENTS_PER_STEP)}: lower stepSeconds or a rate`,
      });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, params: deepFreeze(merged) };
}

/**
 * Most events one step may ask for (rate x duration): a step, or a whole command-line run,
 * processes its events in one call, at a few million events per second.
 */
export const MAX_EVENTS_PER_STEP = 200_000_000;

/** Events one replaced pod produces in a rolling update (ADDED, 3 MODIFIED, DELETED). */
export const EVENTS_PER_REPLACED_POD = 5;

/**
 * Events per simulated second the churn asks for, at most: adds (refused ones included),
 * updates, deletes, and five events per pod a rolling update replaces, averaged over a burst
 * period (a burst lasts at most `maxSeconds` of every `everySeconds`).
 */
export function churnEventsPerSecond(c: ChurnParams): number {
  const b = c.burst;
  const burst = b.enabled ? EVENTS_PER_REPLACED_POD * b.podsPerSecond * Math.min(1, b.maxSeconds / b.everySeconds) : 0;
  return c.addsPerSecond + c.modifiesPerSecond + c.deletesPerSecond + burst;
}

/** Like {@link validateParams} but throws {@link SimParamsError}. */
export function resolveParams(input: SimParamsInput = {}, base: SimParams = DEFAULT_PARAMS): SimParams {
  const r = validateParams(input, base);
  if (!r.ok) throw new SimParamsError(r.issues);
  return r.params;
}

const rangeCounts = new Map<string, number>();

/**
 * Ranges the first `count` selector specs hold: one for an equal share, the listed ranges,
 * or the ranges a text parses to (none when the API server would reject it).
 */
export function totalRanges(selectors: readonly (SelectorSpec | null | undefined)[], count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) {
    const spec = selectors[i];
    if (!spec || spec.kind === 'equal') total += 1;
    else if (spec.kind === 'ranges') total += spec.ranges.length;
    else total += textRanges(spec.text);
  }
  return total;
}

function textRanges(text: string): number {
  let n = rangeCounts.get(text);
  if (n === undefined) {
    try {
      n = text === '' ? 0 : parseShardSelector(text).requirements.length;
    } catch {
      n = 0;
    }
    if (rangeCounts.size >= 256) rangeCounts.clear();
    rangeCounts.set(text, n);
  }
  return n;
}

function checkSelectorSpec(path: string, s: unknown, issues: ParamIssue[]): void {
  if (s === undefined || s === null) return;
  const spec = s as { kind?: unknown; ranges?: unknown; text?: unknown; key?: unknown };
  if (spec.kind === 'equal') return;
  if (spec.kind === 'text') {
    // Any text is accepted here: whether it parses is the API server's business (HTTP 500).
    if (typeof spec.text !== 'string') issues.push({ path: `${path}.text`, message: `${path}.text must be a string, got ${describe(spec.text)}` });
    return;
  }
  if (spec.kind === 'ranges') {
    if (!Array.isArray(spec.ranges)) {
      issues.push({ path: `${path}.ranges`, message: `${path}.ranges must be an array of {start, end}, got ${describe(spec.ranges)}` });
      return;
    }
    if (spec.key !== undefined && spec.key !== 'object.metadata.uid' && spec.key !== 'object.metadata.namespace') {
      issues.push({ path: `${path}.key`, message: `${path}.key must be one of 'object.metadata.uid', 'object.metadata.namespace', got ${describe(spec.key)}` });
    }
    (spec.ranges as unknown[]).forEach((r, i) => {
      const rr = r as { start?: unknown; end?: unknown } | null;
      for (const end of ['start', 'end'] as const) {
        const v = rr?.[end];
        if (typeof v !== 'string' || !/^0x[0-9a-f]{16}$|^0x10000000000000000$/.test(v)) {
          issues.push({
            path: `${path}.ranges[${i}].${end}`,
            message: `${path}.ranges[${i}].${end} must be 0x and 16 lowercase hex digits (or 0x10000000000000000), got ${describe(v)}`,
          });
        }
      }
    });
    return;
  }
  issues.push({ path: `${path}.kind`, message: `${path}.kind must be one of 'equal', 'ranges', 'text', got ${describe(spec.kind)}` });
}

function fmt(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : String(n);
}

function describe(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? fmt(v) : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === undefined) return 'nothing';
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** Deep merge of plain objects; arrays and scalars in `over` replace those in `base`. */
export function mergeParams(base: SimParams, over: SimParamsInput): SimParams {
  return mergeDeep(base, over) as SimParams;
}

function mergeDeep(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = mergeDeep(base[k], v);
    return out;
  }
  return over;
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}
