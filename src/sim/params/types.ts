/**
 * The types of a run's parameters: what `createSimulation` and `reconfigure` take, including
 * the schedule of events and the running layouts typed after a reshard. Types only (and the
 * list of modes): the defaults are in `./defaults`, the checks in `./validate`, the clients in
 * `./clients`.
 */
import type { HexRange, ShardKey } from '../../core/sharding';
import type { ClientFilter, ClientKind } from './clients';

/** Wire encoding of objects between API server and replicas. */
export type Encoding = 'json' | 'protobuf';

/**
 * Legacy: what a server-side replica does when a LIST comes back without `shardInfo`. Accepted in inputs and links as an alias for a {@link ClientKind}.
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
  /**
   * Pods replaced per second during a burst, 0 to 1,000,000; null (the default): 2 per 1,000
   * pods at the start ({@link ChurnParams}), so a burst of a bigger cluster's bigger namespace
   * replaces the same share of it.
   */
  readonly podsPerSecond: number | null;
  /** Longest a burst lasts in seconds, 0.1 to 86,400. Default 10. */
  readonly maxSeconds: number;
}

/**
 * The event source. Rates are events per simulated second. A rate left null (the default)
 * is a rate per 1,000 objects times `cluster.pods` / 1,000 (`DEFAULT_CHURN_PER_1000`: 1 add,
 * 5 updates and 1 delete a second per 1,000 pods; docs/facts.md says why), so every object
 * sees the same events per second whatever the cluster's size. A number is taken as it is,
 * events per second, at any size: an old scenario's `addsPerSecond: 120` still means 120.
 * `churnRates` gives the rates in effect.
 */
export interface ChurnParams {
  /** Pods created per second, 0 to 1,000,000, or null: 1 per 1,000 pods. Default null. */
  readonly addsPerSecond: number | null;
  /** Pod updates per second, 0 to 1,000,000, or null: 5 per 1,000 pods. Default null. */
  readonly modifiesPerSecond: number | null;
  /** Pods deleted per second, 0 to 1,000,000, or null: 1 per 1,000 pods. Default null. */
  readonly deletesPerSecond: number | null;
  /** Seconds between BOOKMARKs to every watcher, 0 (off) to 3,600. Default 60. */
  readonly bookmarkIntervalSeconds: number;
  readonly burst: BurstParams;
}

/** The churn in effect: {@link ChurnParams} with every rate in events (or pods) per second. */
export interface ResolvedChurn {
  readonly addsPerSecond: number;
  readonly modifiesPerSecond: number;
  readonly deletesPerSecond: number;
  readonly bookmarkIntervalSeconds: number;
  readonly burst: Omit<BurstParams, 'podsPerSecond'> & { readonly podsPerSecond: number };
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
  /**
   * How requests reach the API servers:
   * - `l4`: a TCP load balancer. client-go sends all of a replica's requests over one HTTP/2
   *   connection, so its LIST and its WATCH reach the same server, until the connection ends
   *   (the server restarts, or it sent GOAWAY);
   * - `l7`: an HTTP load balancer that balances each request on its own.
   * Default `l4`.
   */
  readonly routing: 'l4' | 'l7';
  /**
   * kube-apiserver's `--goaway-chance`: per request, the chance that the server closes the
   * connection with HTTP/2 GOAWAY once it is idle; the client's next request opens a new
   * connection, which the load balancer may send elsewhere. 0 to 0.02. Default 0.
   */
  readonly goawayChance: number;
  /**
   * Seconds a restarting API server is away (a rolling upgrade): it refuses connections, then
   * serves again from a fresh watch cache. 0 to 600. Default 10 (a modelling choice).
   */
  readonly restartSeconds: number;
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
 * Legacy: what a server-side replica does with WATCH events after a LIST that carried
 * `shardInfo`. Accepted in inputs and links as an alias for a {@link ClientKind}.
 */
export type WatchPolicy = 'trust-stream' | 'check-locally';

/**
 * How an informer fills its cache: `watch-list` (a streaming list: one WATCH with
 * `sendInitialEvents=true`; no LIST response, so no `shardInfo`; client-go's default since
 * v1.35, `WatchListClient` on) or `list` (LIST, then WATCH from its resourceVersion: a client
 * with `WatchListClient` off, or the reflector's fallback).
 */
export type InitialList = 'list' | 'watch-list';

/** The watch lifecycle. */
export interface WatchParams {
  /**
   * true: the client sends `timeoutSeconds` as client-go's reflector does (uniform 5 to 10
   * minutes); false: it sends none and the server ends the watch after
   * `--min-request-timeout` (1,800 s) times [1, 2). Either way a watch ends and resumes from
   * its last resourceVersion. Default true.
   */
  readonly timeouts: boolean;
  /** Watchers ask for BOOKMARKs (`allowWatchBookmarks`, which client-go always sets). Default true. */
  readonly bookmarks: boolean;
  /**
   * The watch cache's history target, seconds (kube-apiserver's events history window, 75 s
   * by default; at least 75). The cache holds 100 to 102,400 events (more above 75 s),
   * doubling while its oldest event is younger than this and halving when a quarter of it
   * spans more; a watch resuming from an older resourceVersion gets 410 Gone. 75 to 3,600.
   */
  readonly historySeconds: number;
}

/** The controller replicas (both modes run the same replicas). */
export interface ReplicaParams {
  /** Replicas, 1 to 64. Default 4. */
  readonly count: number;
  /** Field hashed for the default (equal) selectors. Default `object.metadata.uid`. */
  readonly key: ShardKey;
  /** The client every replica runs (see {@link ClientKind}). Default `client-go`. */
  readonly client: ClientKind;
  /** Client-side mode's local filter (the `ksm` clients always use `jump`). Default `ranges`. */
  readonly clientFilter: ClientFilter;
  /** What the informer cache holds (see {@link ClientCache}). Default `owned`. */
  readonly clientCache: ClientCache;
  /** Per-replica selector source; a missing (or null) entry is `equal`; entries beyond `count` are ignored. Default []. */
  readonly selectors: readonly (SelectorSpec | null | undefined)[];
  /** Per-replica API server index; a missing entry is `replica mod apiServers.count`; entries beyond `count` are ignored. Default []. */
  readonly apiServerOf: readonly number[];
  /** A streaming list or LIST+WATCH (see {@link InitialList}). Default `watch-list`. */
  readonly initialList: InitialList;
  /**
   * Seconds from a replica's pod being told to stop until its successor runs its informer
   * in a reshard's rollout: the old pod's shutdown after SIGTERM, scheduling, image and
   * container start-up. The informer's own sync (its LIST) comes on top. 0 to 600. Default 8.
   */
  readonly podRestartSeconds: number;
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
  /**
   * API-server CPU for one shard check (FNV-1a 64 of the field, formatted and compared with
   * the bounds), per watcher per event, nanoseconds, 0 to 100,000. Default 225: measured with
   * Go's standard library by `bench/go/costs.go`, 211 to 242 ns (see docs/performance.md).
   */
  readonly serverShardCheckNs: number;
  /**
   * API-server CPU to serialise one JSON byte, nanoseconds, 0 to 10,000. Each watch event is
   * serialised once for all the watchers it reaches; LIST bodies and a streaming list's initial
   * events once per request. Default 5.5: measured by `bench/go/costs.go` (encoding/json, a
   * 2.5 kB pod-shaped typed struct), 5.1 to 6.2 ns/B.
   */
  readonly serverJsonEncodeNsPerByte: number;
  /** The same for one protobuf byte. Default 1.5 (not measured: scaled from JSON as decode is, 4/15). */
  readonly serverProtobufEncodeNsPerByte: number;
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
  /** Events at fixed simulated times (reshards), see `./schedule`. Default []. */
  readonly schedule: readonly ScheduledEvent[];
  /** Running layouts typed after a reshard, in time order (see `./retyped`). Absent: none. */
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
  /** Watch timeouts, bookmarks, the watch cache's history (see {@link WatchParams}). */
  readonly watch: WatchParams;
}

type DeepPartialValue<T> = T extends readonly unknown[] ? T : T extends object ? DeepPartial<T> : T;
/** A partial of `T` at every depth (arrays are replaced whole). */
export type DeepPartial<T> = { readonly [K in keyof T]?: DeepPartialValue<T[K]> };

/**
 * Legacy replica fields, still accepted as aliases of `client`:
 * `serverFallback` `filter` with `watchPolicy` `trust-stream` is `shardinfo`, `check-locally`
 * is `checked`, and `serverFallback` `trust` is `client-go`.
 */
export interface LegacyReplicaInput {
  readonly serverFallback?: ServerFallback;
  readonly watchPolicy?: WatchPolicy;
}

/** What `createSimulation` and `reconfigure` accept: anything left out keeps its default (or current value). */
export type SimParamsInput = DeepPartial<SimParams> & { readonly replicas?: LegacyReplicaInput };

/** One rejected parameter: its dotted path, its bounds where it has some, and a sentence. */
export interface ParamIssue {
  /** Dotted path, e.g. `replicas.count` or `apiServers.gates[2]`. */
  readonly path: string;
  /** Always names the parameter and, where it has them, its bounds. */
  readonly message: string;
  readonly min?: number;
  readonly max?: number;
}

/** Resharding strategies compared by {@link Simulation.reshard}. */
export type ReshardStrategy = 'equal-ranges' | 'range-splitting' | 'jump-hash' | 'hash-mod';

/** Strategies a server-side (`shardRange`) selector can express. */
export type RangeStrategy = 'equal-ranges' | 'range-splitting';

/** How the replicas switch to the new layout. */
export type ReshardRollout =
  | { readonly kind: 'all-at-once' }
  | { readonly kind: 'one-by-one'; readonly everySeconds: number }
  | { readonly kind: 'new-first'; readonly everySeconds?: number };

/** "N -> M replicas at t": N is the replica count when it happens. */
export interface ReshardEvent {
  readonly kind: 'reshard';
  /** Simulated seconds from the start, 0 to 86,400. */
  readonly at: number;
  /** Replicas after, 1 to 64. */
  readonly to: number;
  readonly strategy: ReshardStrategy;
  /** The server-side mode's strategy when `strategy` is client-side only. Default `equal-ranges`. */
  readonly serverStrategy?: RangeStrategy;
  readonly rollout: ReshardRollout;
}

/** Every event kind a schedule can hold. */
export type ScheduledEvent = ReshardEvent;

/** From `at` simulated seconds, the running replicas send `selectors` (one text per replica, as typed). */
export interface RetypedLayout {
  readonly at: number;
  readonly selectors: readonly string[];
}
