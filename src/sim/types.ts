/**
 * The public shapes of the simulation: what a snapshot reports, what the display helpers
 * return, and the `Simulation` interface. Everything here is plain data (numbers, strings,
 * arrays, typed arrays), so it crosses `postMessage` unchanged.
 */
import type { ShardKey } from '../core/sharding';
import type { Mode, ParamIssue, SimParams, SimParamsInput } from './params';

// ---------------------------------------------------------------------------------------
// Kubernetes-shaped artefacts (materialised on demand, for a handful of items)
// ---------------------------------------------------------------------------------------

/** A pod as the API server would serialise it (trimmed to realistic fields). */
export interface PodObject {
  readonly apiVersion: 'v1';
  readonly kind: 'Pod';
  readonly metadata: {
    readonly name: string;
    /** Absent for a cluster-scoped object (its namespace hashes as ""). */
    readonly namespace?: string;
    readonly uid: string;
    readonly resourceVersion: string;
    readonly creationTimestamp: string;
    readonly labels: Readonly<Record<string, string>>;
    readonly [k: string]: unknown;
  };
  readonly spec: Readonly<Record<string, unknown>>;
  readonly status: Readonly<Record<string, unknown>>;
}

/** The body of a successful LIST: a `PodList`. */
export interface PodListBody {
  readonly kind: 'PodList';
  readonly apiVersion: 'v1';
  readonly metadata: {
    readonly resourceVersion: string;
    /** Present only when a continuation exists (paginated LIST with `limit`). */
    readonly continue?: string;
    /** Left out of sharded pages; otherwise present when a continuation exists. */
    readonly remainingItemCount?: number;
    /** Present only when the gate is on and a selector was sent; echoes the canonical text. */
    readonly shardInfo?: { readonly selector: string };
  };
  readonly items: readonly PodObject[];
}

/** The body of a failed request: a `Status`. */
export interface StatusBody {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  /** For a bad selector: `invalid shard selector: <parser message>`. */
  readonly message: string;
  readonly reason: 'InternalError';
  readonly details: { readonly causes: readonly { readonly message: string }[] };
  readonly code: 500;
}

/** The request a replica sends (the real URL, for showing on stage). */
export interface RequestInfo {
  readonly verb: 'LIST' | 'WATCH';
  /** e.g. `/api/v1/pods?shardSelector=shardRange%28...%29&limit=500`. */
  readonly url: string;
  /** The raw `shardSelector` query value, or null when none is sent. */
  readonly shardSelector: string | null;
  /** Index of the API server that serves it. */
  readonly apiServer: number;
}

/** A LIST response: 200 with a `PodList`, or 500 with a `Status`. */
export type ListResponse =
  | {
      readonly status: 200;
      readonly request: RequestInfo;
      /** `items` holds at most `itemsShown` pods (materialised for display). */
      readonly body: PodListBody;
      /** Items the response really has (the page size with `limit`, else the whole list). */
      readonly totalItems: number;
      /** Items materialised in `body.items`. */
      readonly itemsShown: number;
    }
  | { readonly status: 500; readonly request: RequestInfo; readonly body: StatusBody };

/** Options of {@link Simulation.listFor}. */
export interface ListOptions {
  /** Page size; absent or 0 = no pagination. Items shown are at most `limit` (default 20, max 500) either way. */
  readonly limit?: number;
  /** Continue token from a previous page. */
  readonly continue?: string;
}

/** Watch event types. `BOOKMARK` carries only a resourceVersion. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

/** A watch event envelope exactly as sent on the wire (never has `shardInfo`). */
export interface WatchEventEnvelope {
  readonly type: WatchEventType;
  readonly object:
    | PodObject
    | { readonly kind: 'Pod'; readonly apiVersion: 'v1'; readonly metadata: { readonly resourceVersion: string } };
}

// ---------------------------------------------------------------------------------------
// Snapshot
// ---------------------------------------------------------------------------------------

/** Monotone counters of one replica (totals since the run started or last reconnect). */
export interface ReplicaCounters {
  /** Watch events received (bookmarks included). LIST items are counted in `listItems`. */
  readonly eventsReceived: number;
  /** Bytes received: watch events plus LIST bodies. */
  readonly bytesReceived: number;
  /** Events decoded (a client decodes everything it receives before it can filter). */
  readonly eventsDecoded: number;
  readonly bytesDecoded: number;
  /** Events and LIST items decoded then thrown away (not owned). */
  readonly eventsDiscarded: number;
  readonly bytesDiscarded: number;
  /** Events and LIST items applied to the informer cache. */
  readonly eventsKept: number;
  readonly bytesKept: number;
  /** LIST requests made and the items they returned. */
  readonly listRequests: number;
  readonly listItems: number;
  /** Bytes of LIST bodies (part of `bytesReceived`). */
  readonly listBytes: number;
  /** Decode CPU, seconds (bytes decoded times the configured ns/byte). */
  readonly decodeCpuSeconds: number;
  /** FNV-1a hashes computed locally (client-side filtering, fallback). */
  readonly localHashes: number;
  /** Failed requests (HTTP 500). */
  readonly requestErrors: number;
}

/** Per-second rates over the last `rateWindowSeconds` of simulated time. */
export interface ReplicaRates {
  readonly eventsReceivedPerSec: number;
  readonly bytesReceivedPerSec: number;
  readonly bytesDecodedPerSec: number;
  readonly bytesDiscardedPerSec: number;
  readonly eventsKeptPerSec: number;
  /** Decode CPU in cores (CPU seconds per second). */
  readonly decodeCpuCores: number;
}

/** How a replica ended up filtering. */
export type ReplicaFiltering =
  /** The API server filters (gate on, `shardInfo` received). */
  | 'server'
  /** No `shardInfo`: filtering locally with the same matcher. */
  | 'fallback'
  /** No `shardInfo`: naively keeping everything it is sent. */
  | 'trust'
  /** Client-side mode by ranges. */
  | 'local-ranges'
  /** Client-side mode, kube-state-metrics style (jump hash). */
  | 'local-jump'
  /** Not running (its request failed). */
  | 'none';

/** A range of the hash space, with its position for drawing. */
export interface RangeView {
  readonly start: string;
  readonly end: string;
  /** start and end as fractions of 2^64, in [0, 1]. */
  readonly from: number;
  readonly to: number;
}

/** One controller replica in one mode. */
export interface ReplicaStats {
  readonly index: number;
  /** API server it is connected to. */
  readonly apiServer: number;
  /** `ok`, or `error` when its LIST failed (then `error` says why; it owns nothing). */
  readonly status: 'ok' | 'error';
  readonly error: { readonly httpStatus: 500 | null; readonly message: string } | null;
  readonly filtering: ReplicaFiltering;
  /** The `shardSelector` it sends (null in client-side mode). */
  readonly selectorSent: string | null;
  /** Canonical selector text it filters by (null for jump hash or when unparsable). */
  readonly selector: string | null;
  /** The field it shards on. */
  readonly key: ShardKey;
  /** Whether the last LIST carried `metadata.shardInfo`. */
  readonly shardInfoSeen: boolean;
  /** Its ranges (empty for jump hash: its share is not a range). */
  readonly ranges: readonly RangeView[];
  readonly counters: ReplicaCounters;
  readonly rates: ReplicaRates;
  /** Objects in its informer cache now. */
  readonly cacheObjects: number;
  /** Modelled informer cache memory, bytes. */
  readonly cacheBytes: number;
  /** Share of live objects it owns (its cache over live objects). */
  readonly ownedShare: number;
}

/** The two metrics of one API server, as numbers. */
export interface ApiServerMetrics {
  /** `apiserver_watch_shards_total{group="",resource="pods"}`: sharded watchers open (gauge). */
  readonly watchShardsTotal: number;
  /** `apiserver_watch_filtered_events_total{group="",resource="pods"}`: failed shard checks (counter). */
  readonly watchFilteredEventsTotal: number;
}

/** One API server in one mode. */
export interface ApiServerStats {
  readonly index: number;
  readonly gate: boolean;
  /** Watchers open (sharded or not). */
  readonly watchers: number;
  readonly metrics: ApiServerMetrics;
  /** Bytes sent to replicas (watch events and LIST bodies). */
  readonly egressBytes: number;
  readonly egressBytesPerSec: number;
  /** Watch events sent (after filtering). */
  readonly eventsSent: number;
  /** FNV-1a hashes computed for shard checks (one per object checked per watcher; 2 per MODIFIED). */
  readonly hashes: number;
  readonly hashesPerSec: number;
  readonly listRequests: number;
  /** HTTP 500 responses. */
  readonly errors: number;
}

/** Ownership of live objects by the replicas' informer caches, right now. */
export interface OwnershipAudit {
  readonly live: number;
  /** Live objects in no replica's cache (nobody processes them). */
  readonly gaps: number;
  /** Live objects in two or more caches (processed more than once). */
  readonly duplicates: number;
  /** Live objects in exactly one cache. */
  readonly exact: number;
  /** Per replica: objects it owns. */
  readonly perReplica: readonly number[];
  /** Largest share times replica count (1 = perfectly even). */
  readonly imbalance: number;
}

/** Time series over recent simulated time (one sample per step, oldest first). */
export interface ModeSeries {
  /** Simulated time of each sample, seconds. */
  readonly t: readonly number[];
  /** Per replica, bytes received per second. `[replica][sample]`. */
  readonly replicaBytesPerSec: readonly (readonly number[])[];
  /** Per replica, decode CPU in cores. */
  readonly replicaCpuCores: readonly (readonly number[])[];
  /** Per replica, cache bytes. */
  readonly replicaCacheBytes: readonly (readonly number[])[];
  /** Sum over API servers, egress bytes per second. */
  readonly egressBytesPerSec: readonly number[];
  readonly gaps: readonly number[];
  readonly duplicates: readonly number[];
}

/** Totals of one mode, summed over replicas and API servers. */
export interface ModeTotals {
  readonly bytesReceived: number;
  readonly bytesReceivedPerSec: number;
  readonly bytesDiscarded: number;
  readonly decodeCpuSeconds: number;
  readonly decodeCpuCores: number;
  readonly cacheBytes: number;
  readonly egressBytes: number;
  readonly egressBytesPerSec: number;
  readonly apiServerHashes: number;
  readonly localHashes: number;
}

/** Everything about one mode. */
export interface ModeSnapshot {
  readonly mode: Mode;
  readonly replicas: readonly ReplicaStats[];
  readonly apiServers: readonly ApiServerStats[];
  readonly audit: OwnershipAudit;
  readonly totals: ModeTotals;
  readonly series: ModeSeries;
}

/** Expected per-replica figures from the closed form, for one mode. */
export interface ClosedFormMode {
  /** Per replica, expected watch bytes received per second (steady state, LIST excluded). */
  readonly replicaBytesPerSec: readonly number[];
  /** Per replica, expected watch events received per second. */
  readonly replicaEventsPerSec: readonly number[];
  /** Per replica, expected decode CPU in cores. */
  readonly replicaCpuCores: readonly number[];
  /** Per replica, expected cache bytes. */
  readonly replicaCacheBytes: readonly number[];
  /** Expected API-server egress, bytes per second (all servers). */
  readonly egressBytesPerSec: number;
  /** Expected API-server hashes per second (all servers). */
  readonly hashesPerSec: number;
}

/** The closed-form expectation beside the event-by-event figures. */
export interface ClosedForm {
  /** Events per second of the stream (adds + modifies + deletes, bursts averaged in). */
  readonly streamEventsPerSec: number;
  /** Mean bytes of one watch event on the wire. */
  readonly meanEventBytes: number;
  /** Measured imbalance of the server-side ranges (max share x N). */
  readonly imbalance: number;
  readonly client: ClosedFormMode;
  readonly server: ClosedFormMode;
}

/** The cluster right now. */
export interface ClusterSummary {
  readonly live: number;
  readonly namespaces: number;
  readonly clusterScoped: number;
  /** Sum of live objects' wire sizes in the current encoding. */
  readonly totalBytes: number;
  readonly meanObjectBytes: number;
  /** Current resourceVersion (the etcd revision). */
  readonly resourceVersion: number;
  /** Live objects per namespace (index order of `namespaceNames`). Cluster-scoped ones are not counted here. */
  readonly perNamespace: readonly number[];
  readonly namespaceNames: readonly string[];
  /**
   * Imbalance (max share x N) if objects were ranged by the raw leading uid bits instead of
   * their hash, over the current replica count. Near 1 for UUIDv4; far above for sequential ids.
   */
  readonly rawUidImbalance: number;
}

/** Events generated so far and in the last step. */
export interface ChurnSummary {
  readonly total: { readonly added: number; readonly modified: number; readonly deleted: number; readonly bookmarks: number };
  readonly lastStep: { readonly added: number; readonly modified: number; readonly deleted: number; readonly bookmarks: number };
  /** The namespace a rolling update is hitting now, or null. */
  readonly burstNamespace: string | null;
}

/** What `snapshot()` returns: summaries only (no per-object data). */
export interface SimSnapshot {
  /** Increments on every step and reconfigure; repaint when it changes. */
  readonly version: number;
  /** Simulated seconds since the start. */
  readonly time: number;
  readonly params: SimParams;
  readonly cluster: ClusterSummary;
  readonly churn: ChurnSummary;
  /** Client-side and server-side over the same cluster and the same event stream. */
  readonly modes: { readonly client: ModeSnapshot; readonly server: ModeSnapshot };
  readonly closedForm: ClosedForm;
}

// ---------------------------------------------------------------------------------------
// Display helpers
// ---------------------------------------------------------------------------------------

/** Owner code in hash-space arrays: a replica index, or one of these. */
export const OWNER_NONE = -1;
/** Owned by two or more replicas. */
export const OWNER_MANY = -2;

/** What a hash-space strip or ring needs, aligned by position (sorted by hash). */
export interface HashSpaceView {
  readonly version: number;
  /** Live objects, sorted by uid hash. */
  readonly count: number;
  /** Position of each object's uid hash in [0, 1), ascending. */
  readonly positions: Float64Array;
  /** Owner per object in client-side mode: replica index, OWNER_NONE or OWNER_MANY. */
  readonly ownerClient: Int8Array;
  /** Owner per object in server-side mode. */
  readonly ownerServer: Int8Array;
}

/** One object, for a tooltip. */
export interface ObjectInfo {
  readonly name: string;
  /** "" for a cluster-scoped object. */
  readonly namespace: string;
  readonly uid: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the uid. */
  readonly uidHash: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the namespace. */
  readonly namespaceHash: string;
  /** uid hash position in [0, 1). */
  readonly position: number;
  /** Wire size in the current encoding. */
  readonly bytes: number;
  readonly resourceVersion: string;
  /** Replicas whose cache holds it, per mode. */
  readonly owners: { readonly client: readonly number[]; readonly server: readonly number[] };
}

/** A ranges-per-replica proposal for {@link Simulation.recount}. */
export type RangeSet = readonly (readonly { readonly start: string; readonly end: string }[])[];

/** Ownership of the current live objects under proposed ranges (uid hash). */
export interface OwnershipRecount {
  readonly live: number;
  readonly perReplica: readonly number[];
  readonly gaps: number;
  readonly duplicates: number;
  readonly imbalance: number;
}

/** What happened to one recent event at one replica. */
export interface DeliveryOutcome {
  readonly replica: number;
  /** The type the API server sent, or null if filtered out (or the replica is down). */
  readonly sentAs: WatchEventType | null;
  /** Whether the replica kept it after decoding (false if discarded or not received). */
  readonly kept: boolean;
}

/** A recent event of the shared stream and its fate in both modes. */
export interface RecentEvent {
  readonly resourceVersion: string;
  readonly type: WatchEventType;
  /** Null for a BOOKMARK. */
  readonly object: { readonly name: string; readonly namespace: string; readonly uid: string; readonly uidHash: string; readonly position: number } | null;
  readonly bytes: number;
  readonly client: readonly DeliveryOutcome[];
  readonly server: readonly DeliveryOutcome[];
}

/** Resharding strategies compared by {@link Simulation.reshard}. */
export type ReshardStrategy = 'equal-ranges' | 'range-splitting' | 'jump-hash' | 'hash-mod';

/** One stage of a rolling transition from N to M replicas. */
export interface ReshardStage {
  /** Human description, e.g. `replica 3 restarted with M=5`. */
  readonly label: string;
  /** Replicas running the new configuration. */
  readonly updated: number;
  /** Replicas running at this stage. */
  readonly running: number;
  readonly gaps: number;
  readonly duplicates: number;
}

/** The outcome of resharding N to M under one strategy. */
export interface ReshardReport {
  readonly strategy: ReshardStrategy;
  readonly from: number;
  readonly to: number;
  readonly live: number;
  /** Objects whose owner differs between the N and the M configuration. */
  readonly moved: number;
  readonly movedFraction: number;
  /** Per new replica, objects owned after the transition. */
  readonly perReplicaAfter: readonly number[];
  readonly imbalanceAfter: number;
  /** Audit at each stage of a rolling transition, where replicas disagree on N. */
  readonly stages: readonly ReshardStage[];
}

// ---------------------------------------------------------------------------------------
// The simulation
// ---------------------------------------------------------------------------------------

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
  /** Rewinds or advances to simulated time `t` by replaying from the start (same seed, same reconfigurations). */
  seek(t: number): void;
  /** What replica `replica` of `mode` would get for a LIST now (materialised, at most `limit` items shown). */
  listFor(mode: Mode, replica: number, options?: ListOptions): ListResponse;
  /** The last `count` watch events the replica received, as wire envelopes, newest last. */
  watchEventsFor(mode: Mode, replica: number, count?: number): WatchEventEnvelope[];
  /** The last `count` events of the shared stream with their fate in both modes, newest last. */
  recentEvents(count?: number): RecentEvent[];
  /** The Prometheus text exposition of one API server's two metrics in one mode. */
  metricsText(mode: Mode, apiServer: number): string;
  /** Sorted positions and owners per mode, for a hash-space view. Fresh arrays (transferable). */
  hashSpace(): HashSpaceView;
  /** The `k` live objects nearest to `position` in [0, 1) on the uid-hash axis, nearest first. */
  objectsNear(position: number, k?: number): ObjectInfo[];
  /** One live object's full JSON (by uid), or null. */
  objectJson(uid: string): PodObject | null;
  /** Ownership of the live objects under proposed uid ranges, without changing anything (fast: O(ranges log P)). */
  recount(ranges: RangeSet): OwnershipRecount;
  /** Resharding the live objects from `from` to `to` replicas under `strategy`. */
  reshard(strategy: ReshardStrategy, from: number, to: number): ReshardReport;
}

/** Re-exported for convenience. */
export type { Mode, ParamIssue, SimParams, SimParamsInput };
