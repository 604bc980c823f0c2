/**
 * The public shapes of the simulation: what a snapshot reports, what the display helpers
 * return, and the `Simulation` interface. Everything here is plain data (numbers, strings,
 * arrays, typed arrays), so it crosses `postMessage` unchanged.
 */
import type { ShardKey } from '../core/sharding';
import type { Mode, ParamIssue, SimParams, SimParamsInput } from './params';
import type { HandoffSummary } from './handoff';

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
    /**
     * Present when a page was filled and any stored object follows it, matching or not (so a
     * filtered list can end with an empty page).
     */
    readonly continue?: string;
    /** Present only when a continuation exists and the list applies no filtering at all (no shard or label selector). */
    readonly remainingItemCount?: number;
    /** Present only when the gate is on and a selector was sent; echoes the canonical text. */
    readonly shardInfo?: { readonly selector: string };
  };
  readonly items: readonly PodObject[];
}

/**
 * The HTTP 500 body for a bad shard selector: a plain Go error turned into a `Status`, so it
 * has no `reason` and no `details`. Keys in this order on the wire.
 */
export interface InternalErrorStatusBody {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  /** `invalid shard selector: <parser message>`. */
  readonly message: string;
  readonly code: 500;
}

/** The HTTP 400 body for an unreadable label selector: a BadRequest StatusError (a reason, no details). */
export interface BadRequestStatusBody {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  readonly message: string;
  readonly reason: 'BadRequest';
  readonly code: 400;
}

/** The body of a failed request: a `Status`. */
export type StatusBody = InternalErrorStatusBody | BadRequestStatusBody;

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
      /** Modelled wire bytes of the whole body as sent (all `totalItems` items), as the model counts a LIST. */
      readonly bodyBytes: number;
      /**
       * What the replica keeps of this response after its own filter: everything when the
       * server filtered (`server`) or when it naively trusts the stream (`trust`); with the
       * fallback, only what its own selector matches. `bytes` are the kept items' wire bytes.
       */
      readonly kept: { readonly items: number; readonly bytes: number; readonly filtering: ReplicaFiltering };
    }
  | { readonly status: 500; readonly request: RequestInfo; readonly body: InternalErrorStatusBody }
  | { readonly status: 400; readonly request: RequestInfo; readonly body: BadRequestStatusBody };

/** Options of {@link Simulation.listFor}. */
export interface ListOptions {
  /** Page size; absent or 0 = no pagination. Items shown are at most `limit` (default 20, max 500) either way. */
  readonly limit?: number;
  /** Continue token from a previous page. */
  readonly continue?: string;
  /**
   * A label selector (`app=web`, `tier in (a,b)`, `!canary`, ...). The server applies it AND
   * the shard check to every item; an unreadable one is HTTP 400.
   */
  readonly labelSelector?: string;
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
  /** Bytes decoded (equal to bytes received). */
  readonly bytesDecoded: number;
  /** Watch events decoded then thrown away (not owned). */
  readonly eventsDiscarded: number;
  /** Bytes of the discarded events and LIST items. */
  readonly bytesDiscarded: number;
  /** Watch events applied to the informer cache. */
  readonly eventsKept: number;
  /** Bytes of the kept events and LIST items. */
  readonly bytesKept: number;
  /** LIST requests made and the items they returned. */
  readonly listRequests: number;
  /** Items all its LISTs returned. */
  readonly listItems: number;
  /** LIST items it kept (owned); the rest were decoded and dropped. */
  readonly listItemsKept: number;
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
  /** Watch events received per second (bookmarks included). */
  readonly eventsReceivedPerSec: number;
  /** Bytes received per second (watch events and LIST bodies). */
  readonly bytesReceivedPerSec: number;
  /** Bytes decoded per second (equal to received: a client decodes before it can filter). */
  readonly bytesDecodedPerSec: number;
  /** Bytes decoded then thrown away per second (client-side waste). */
  readonly bytesDiscardedPerSec: number;
  /** Watch events applied to the cache per second (never more than received). */
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
  /** `0x` + 16 hex digits, inclusive. */
  readonly start: string;
  /** `0x` + 16 hex digits (or the 17-digit 2^64), exclusive. */
  readonly end: string;
  /** start and end as fractions of 2^64, in [0, 1]. */
  readonly from: number;
  /** End as a fraction of 2^64. */
  readonly to: number;
}

/** One controller replica in one mode. */
export interface ReplicaStats {
  /** Replica index (its shard number for equal splits). */
  readonly index: number;
  /** API server its WATCH is connected to. */
  readonly apiServer: number;
  /** API server its last LIST went to (behind a load balancer, not always its WATCH's). */
  readonly listServer: number;
  /** `ok`, or `error` when its LIST failed (then `error` says why; it owns nothing). */
  readonly status: 'ok' | 'error';
  /**
   * Why it is down: `httpStatus` 500 with `invalid shard selector: ...` when its API server
   * rejected the selector; null status when its own config does not parse.
   */
  readonly error: { readonly httpStatus: 500 | null; readonly message: string } | null;
  /** How it filters now. */
  readonly filtering: ReplicaFiltering;
  /** The `shardSelector` it sends (null in client-side mode). */
  readonly selectorSent: string | null;
  /** Canonical selector text it filters by (null for jump hash or when unparsable). */
  readonly selector: string | null;
  /** The field it shards on. */
  readonly key: ShardKey;
  /** Whether the last LIST carried `metadata.shardInfo`. */
  readonly shardInfoSeen: boolean;
  /** The URL of its LIST request (e.g. `/api/v1/pods?shardSelector=...`), as client-go encodes it. */
  readonly listUrl: string;
  /** The URL of its open WATCH (with the LIST's resourceVersion), or null when not watching. */
  readonly watchUrl: string | null;
  /** Its ranges (empty for jump hash: its share is not a range). */
  readonly ranges: readonly RangeView[];
  /** Totals since the start (kept across reconnects while the replica count is unchanged). */
  readonly counters: ReplicaCounters;
  /** Rates over the last `rateWindowSeconds`. */
  readonly rates: ReplicaRates;
  /**
   * Objects it owns now: those it keeps after filtering and processes (the audit counts
   * these). With clientCache `owned` they are its whole informer cache.
   */
  readonly cacheObjects: number;
  /** Modelled informer cache memory under the configured clientCache style, bytes. */
  readonly cacheBytes: number;
  /** Share of live objects it owns (its cache over live objects). */
  readonly ownedShare: number;
  /** Memory under both client styles, decode allocation and the LIST peak. */
  readonly memory: ReplicaMemory;
}

/** A replica's memory under one client style (see `ClientCache`). */
export interface StyleMemory {
  /** Objects in its informer cache. */
  readonly cacheObjects: number;
  /** Informer cache bytes. */
  readonly cacheBytes: number;
  /** Peak while it decodes a full LIST of what it receives now: decoded LIST plus its cache. */
  readonly listPeakBytes: number;
}

/** What a replica's memory is made of. */
export interface ReplicaMemory {
  /** Filter before the cache (`owned`) and cache everything received (`all`). */
  readonly byStyle: { readonly owned: StyleMemory; readonly all: StyleMemory };
  /** Transient allocation from decoding: bytes decoded per second x `costs.decodeAllocBytesPerByte`. */
  readonly decodeAllocBytesPerSec: number;
  /** Wire bytes of a full LIST of what it receives now (whole collection unless the server filters). */
  readonly listBytes: number;
  /** That LIST decoded: `listBytes` x `costs.decodeAllocBytesPerByte`. */
  readonly listDecodedBytes: number;
}

/** The two metrics of one API server, as numbers. */
export interface ApiServerMetrics {
  /** `apiserver_watch_shards_total{group="",resource="pods"}`: sharded watchers open (gauge). */
  readonly watchShardsTotal: number;
  /** `apiserver_watch_filtered_events_total{group="",resource="pods"}`: failed shard checks (counter). */
  readonly watchFilteredEventsTotal: number;
  /** Whether the gauge's series exists: a sharded watch was ever opened on this server (it stays at 0 after). */
  readonly watchShardsSeries: boolean;
  /** Whether the counter's series exists: an event was ever filtered out on this server. */
  readonly watchFilteredEventsSeries: boolean;
}

/** One API server in one mode. */
export interface ApiServerStats {
  /** API server index. */
  readonly index: number;
  /** Its `ShardedListAndWatch` feature gate. */
  readonly gate: boolean;
  /** Watchers open (sharded or not). */
  readonly watchers: number;
  /** The two KEP-5866 metrics. */
  readonly metrics: ApiServerMetrics;
  /** Bytes sent to replicas (watch events and LIST bodies). */
  readonly egressBytes: number;
  /** Egress over the last `rateWindowSeconds`. */
  readonly egressBytesPerSec: number;
  /** Watch events sent (after filtering). */
  readonly eventsSent: number;
  /** FNV-1a hashes computed for shard checks (one per object checked per watcher; 2 per MODIFIED). */
  readonly hashes: number;
  /** Hashes per second over the last `rateWindowSeconds`. */
  readonly hashesPerSec: number;
  /** LIST requests served (failed ones are in `errors`). */
  readonly listRequests: number;
  /** HTTP 500 responses. */
  readonly errors: number;
}

/** Ownership of live objects by the replicas' informer caches, right now. */
export interface OwnershipAudit {
  /** Live objects now. */
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
  /** Per replica, cache bytes (the configured clientCache style). */
  readonly replicaCacheBytes: readonly (readonly number[])[];
  /** Per replica, cache bytes under each client style. */
  readonly replicaCacheBytesByStyle: { readonly owned: readonly (readonly number[])[]; readonly all: readonly (readonly number[])[] };
  /** Sum over API servers, egress bytes per second. */
  readonly egressBytesPerSec: readonly number[];
  /** Audit gaps at each sample. */
  readonly gaps: readonly number[];
  /** Audit duplicates at each sample. */
  readonly duplicates: readonly number[];
  /** Bytes of reshard relists started in each sample's interval (see `./handoff`). */
  readonly relistBytes: readonly number[];
  /** Per API server, egress bytes per second (a relist storm shows here). `[server][sample]`. */
  readonly serverEgressBytesPerSec: readonly (readonly number[])[];
  /** Bytes of relists (restart, 410 Gone, reshard, error retries) per second. */
  readonly relistBytesPerSec: readonly number[];
}

/** Relists by cause in one mode (see `lifecycle.ts`). */
export interface RelistCounts {
  readonly reshard: number;
  readonly restart: number;
  readonly gone: number;
  readonly error: number;
}

/** The watch lifecycle of one mode: relists, their bytes, timeouts, duplicates by policy. */
export interface LifecycleStats {
  readonly relists: RelistCounts;
  readonly relistBytes: RelistCounts;
  /** Watches ended by their timeout (each resumes, or relists after 410 Gone). */
  readonly watchTimeouts: number;
  /** 410 Gone answers to a resumed watch (its resourceVersion was compacted). */
  readonly goneResponses: number;
  /**
   * Watch events outside a replica's shard that a gate-off API server sent it after a LIST
   * with shardInfo: kept under trust-stream (missed) or dropped by the local check (caught).
   */
  readonly duplicatesMissed: number;
  readonly duplicatesCaught: number;
}

/** Totals of one mode, summed over replicas and API servers. */
export interface ModeTotals {
  /** Bytes all replicas received (watch and LIST). */
  readonly bytesReceived: number;
  /** The same per second, over the rate window. */
  readonly bytesReceivedPerSec: number;
  /** Bytes all replicas decoded and threw away. */
  readonly bytesDiscarded: number;
  /** Decode CPU of all replicas, seconds. */
  readonly decodeCpuSeconds: number;
  /** Decode CPU of all replicas now, cores. */
  readonly decodeCpuCores: number;
  /** Informer cache memory of all replicas, bytes (the configured clientCache style). */
  readonly cacheBytes: number;
  /** The same under each client style. */
  readonly cacheBytesByStyle: { readonly owned: number; readonly all: number };
  /** Transient decode allocation of all replicas, bytes per second. */
  readonly decodeAllocBytesPerSec: number;
  /** Bytes all API servers sent. */
  readonly egressBytes: number;
  /** The same per second, over the rate window. */
  readonly egressBytesPerSec: number;
  /** Shard-check hashes computed by the API servers. */
  readonly apiServerHashes: number;
  /** Hashes computed by replicas filtering locally. */
  readonly localHashes: number;
}

/** Everything about one mode. */
export interface ModeSnapshot {
  /** `client` (no selector sent, filter locally) or `server` (selector sent). */
  readonly mode: Mode;
  /** Per replica, in index order. */
  readonly replicas: readonly ReplicaStats[];
  /** Per API server, in index order. */
  readonly apiServers: readonly ApiServerStats[];
  /** Who owns the live objects now. */
  readonly audit: OwnershipAudit;
  /** Sums over replicas and API servers. */
  readonly totals: ModeTotals;
  /** Recent history for charts. */
  readonly series: ModeSeries;
  /** Relists, watch timeouts and duplicates over time. */
  readonly lifecycle: LifecycleStats;
}

/** Expected per-replica figures from the closed form, for one mode. */
export interface ClosedFormMode {
  /** Per replica, expected watch bytes received per second (steady state, LIST excluded). */
  readonly replicaBytesPerSec: readonly number[];
  /** Per replica, expected watch events received per second. */
  readonly replicaEventsPerSec: readonly number[];
  /** Per replica, expected decode CPU in cores. */
  readonly replicaCpuCores: readonly number[];
  /** Per replica, expected cache bytes (the configured clientCache style). */
  readonly replicaCacheBytes: readonly number[];
  /** Per replica, expected transient decode allocation (watch only), bytes per second. */
  readonly replicaAllocBytesPerSec: readonly number[];
  /** Per replica, expected LIST peak: a full LIST decoded plus the cache. */
  readonly replicaListPeakBytes: readonly number[];
  /** Expected API-server egress, bytes per second (all servers). */
  readonly egressBytesPerSec: number;
  /** Expected API-server hashes per second (all servers). */
  readonly hashesPerSec: number;
  /** Per replica, expected shard checks per second it makes itself (local filtering). */
  readonly replicaLocalHashesPerSec: readonly number[];
  /** Per API server, expected watch egress, bytes per second. */
  readonly apiServerEgressBytesPerSec: readonly number[];
  /** Per API server, expected shard checks per second (0 with the gate off). */
  readonly apiServerHashesPerSec: readonly number[];
}

/** The closed-form expectation beside the event-by-event figures. */
export interface ClosedForm {
  /** Events per second of the stream (adds + modifies + deletes, bursts averaged in). */
  readonly streamEventsPerSec: number;
  /** Mean bytes of one watch event on the wire. */
  readonly meanEventBytes: number;
  /** Imbalance of what server-side replicas own now (largest owned share x N), as the audit measures it. */
  readonly imbalance: number;
  /** Expected figures with client-side sharding. */
  readonly client: ClosedFormMode;
  /** Expected figures with server-side sharding. */
  readonly server: ClosedFormMode;
}

/** The cluster right now. */
export interface ClusterSummary {
  /** Live objects now. */
  readonly live: number;
  /** Namespaces configured. */
  readonly namespaces: number;
  /** Live cluster-scoped objects (namespace ""). */
  readonly clusterScoped: number;
  /** Sum of live objects' wire sizes in the current encoding. */
  readonly totalBytes: number;
  /** Mean wire size of a live object in the current encoding. */
  readonly meanObjectBytes: number;
  /** Current resourceVersion (the etcd revision). */
  readonly resourceVersion: number;
  /** Live objects per namespace (index order of `namespaceNames`). Cluster-scoped ones are not counted here. */
  readonly perNamespace: readonly number[];
  /** Namespace names (index order). */
  readonly namespaceNames: readonly string[];
  /**
   * Imbalance (max share x N) if objects were ranged by the raw leading uid bits instead of
   * their hash, over the current replica count. Near 1 for UUIDv4; far above for sequential ids.
   */
  readonly rawUidImbalance: number;
}

/** Events generated so far and in the last step. */
export interface ChurnSummary {
  /** Events since the start, by type. */
  readonly total: { readonly added: number; readonly modified: number; readonly deleted: number; readonly bookmarks: number };
  /** Events in the last `step()` call, by type. */
  readonly lastStep: { readonly added: number; readonly modified: number; readonly deleted: number; readonly bookmarks: number };
  /**
   * Adds refused since the start because the cluster held its maximum of live objects
   * (1,000,000, the most `cluster.pods` allows): ordinary adds and rolling-update replacements.
   */
  readonly refusedAdds: number;
  /** The namespace a rolling update is hitting now, or null. */
  readonly burstNamespace: string | null;
  /** Rolling updates that started within the time series' span, oldest first (chart markers). */
  readonly bursts: readonly BurstMark[];
}

/** One rolling update, for marking it on a time axis. */
export interface BurstMark {
  /** Simulated time it started, seconds. */
  readonly start: number;
  /** Simulated time it ended, or null while it runs. */
  readonly end: number | null;
  /** The namespace whose pods it replaces. */
  readonly namespace: string;
}

/**
 * Rates right after a change (reconnect, new parameters) are not the steady state yet: this
 * says since when rates are measured and when the rate window will have filled.
 */
export interface SettlingInfo {
  /** Simulated time of the change; rates use only samples taken since then. */
  readonly since: number;
  /** Simulated time at which the rate window will be full again. */
  readonly until: number;
}

/** What `snapshot()` returns: summaries only (no per-object data). */
export interface SimSnapshot {
  /** Increments on every step and reconfigure; repaint when it changes. */
  readonly version: number;
  /** Simulated seconds since the start. */
  readonly time: number;
  /** The effective parameters. */
  readonly params: SimParams;
  /** The shared cluster. */
  readonly cluster: ClusterSummary;
  /** The shared event stream. */
  readonly churn: ChurnSummary;
  /** Client-side and server-side over the same cluster and the same event stream. */
  readonly modes: { readonly client: ModeSnapshot; readonly server: ModeSnapshot };
  /** Expected figures from the closed form, for comparison. */
  readonly closedForm: ClosedForm;
  /** Non-null while rates still include less than a full window since the last change. */
  readonly settling: SettlingInfo | null;
  /** The hand-off of every reshard fired so far, per mode (see `./handoff`), and its state now. */
  readonly handoff: HandoffView;
  /** How far back a step back is quick (see {@link StepBackReach}). */
  readonly stepBack: StepBackReach;
}

/**
 * The stretch of the run the step-back checkpoints hold. A seek to `quickFrom` or later
 * restores the nearest checkpoint and replays at most one interval; a seek to an earlier
 * time rebuilds the cluster and replays from t = 0 (exact too, but seconds at a million
 * objects). 0 while the checkpoints reach back to the start.
 */
export interface StepBackReach {
  /** Simulated seconds: the oldest checkpoint held (the present when none is). */
  readonly quickFrom: number;
  /** Bytes the checkpoints hold, and their budget. */
  readonly bytes: number;
  readonly budgetBytes: number;
}

/** Reshard hand-offs in a snapshot. */
export interface HandoffView {
  /** One per fired reshard and mode, in firing order. */
  readonly reshards: readonly HandoffSummary[];
  /** Objects owned by no replica / by two or more right now because of a hand-off. */
  readonly now: { readonly client: HandoffNow; readonly server: HandoffNow };
}

export interface HandoffNow {
  readonly orphans: number;
  readonly duplicates: number;
}

// ---------------------------------------------------------------------------------------
// Display helpers
// ---------------------------------------------------------------------------------------

/** Owner code in hash-space arrays: a replica index, or one of these. */
export const OWNER_NONE = -1;
/** Owned by two or more replicas. */
export const OWNER_MANY = -2;

/** One namespace in a namespace-keyed {@link HashSpaceView}. */
export interface HashSpaceNamespace {
  /** "" for cluster-scoped objects. */
  readonly name: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the name. */
  readonly hash: string;
  /** The hash as a fraction of 2^64: where every object of the namespace sits. */
  readonly position: number;
  /** Index of its first object in the view's arrays (its objects are contiguous). */
  readonly start: number;
  /** Its live objects. */
  readonly count: number;
}

/** What a hash-space strip or ring needs, aligned by position (sorted by hash). */
export interface HashSpaceView {
  /** The simulation version it was taken at. */
  readonly version: number;
  /**
   * The field the positions are the hash of: the replicas' shard key. With
   * `object.metadata.namespace` every object of a namespace has its namespace's position.
   */
  readonly key: ShardKey;
  /** Live objects, sorted by the key's hash (then by uid hash). */
  readonly count: number;
  /** Position of each object's key hash in [0, 1), ascending. */
  readonly positions: Float64Array;
  /** Owner per object in client-side mode: replica index, OWNER_NONE or OWNER_MANY. */
  readonly ownerClient: Int8Array;
  /** Owner per object in server-side mode. */
  readonly ownerServer: Int8Array;
  /** With the namespace key, the namespaces with live objects, ascending by position; else empty. */
  readonly namespaces: readonly HashSpaceNamespace[];
}

/** One object, for a tooltip. */
export interface ObjectInfo {
  /** Pod name. */
  readonly name: string;
  /** "" for a cluster-scoped object. */
  readonly namespace: string;
  /** metadata.uid. */
  readonly uid: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the uid. */
  readonly uidHash: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the namespace. */
  readonly namespaceHash: string;
  /** uid hash position in [0, 1). */
  readonly position: number;
  /** Wire size in the current encoding. */
  readonly bytes: number;
  /** Its last write's resourceVersion. */
  readonly resourceVersion: string;
  /** Replicas whose cache holds it, per mode. */
  readonly owners: { readonly client: readonly number[]; readonly server: readonly number[] };
}

/** A ranges-per-replica proposal for {@link Simulation.recount}. */
export type RangeSet = readonly (readonly { readonly start: string; readonly end: string }[])[];

/** Ownership of the current live objects under proposed ranges (uid hash). */
export interface OwnershipRecount {
  /** Live objects counted. */
  readonly live: number;
  /** Per proposed replica, objects its ranges hold. */
  readonly perReplica: readonly number[];
  /** Objects no proposed range holds. */
  readonly gaps: number;
  /** Objects two or more replicas' ranges hold. */
  readonly duplicates: number;
  /** Largest share times replica count (1 = even). */
  readonly imbalance: number;
}

/** What happened to one recent event at one replica. */
export interface DeliveryOutcome {
  /** Replica index. */
  readonly replica: number;
  /** The type the API server sent, or null if filtered out (or the replica is down). */
  readonly sentAs: WatchEventType | null;
  /** Whether the replica kept it after decoding (false if discarded or not received). */
  readonly kept: boolean;
}

/** A recent event of the shared stream and its fate in both modes. */
export interface RecentEvent {
  /** resourceVersion of the write (or of the bookmark). */
  readonly resourceVersion: string;
  /** The type the API server produced (before any per-watcher rewrite). */
  readonly type: WatchEventType;
  /** Null for a BOOKMARK. */
  readonly object: { readonly name: string; readonly namespace: string; readonly uid: string; readonly uidHash: string; readonly position: number } | null;
  /** Wire bytes of the event. */
  readonly bytes: number;
  /** Its fate at each client-side replica. */
  readonly client: readonly DeliveryOutcome[];
  /** Its fate at each server-side replica. */
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
  /** Live objects no running replica owns at this stage. */
  readonly gaps: number;
  /** Live objects two running replicas own at this stage. */
  readonly duplicates: number;
}

/** The outcome of resharding N to M under one strategy. */
export interface ReshardReport {
  /** The strategy compared. */
  readonly strategy: ReshardStrategy;
  /** Replicas before. */
  readonly from: number;
  /** Replicas after. */
  readonly to: number;
  /** Live objects considered. */
  readonly live: number;
  /** Objects whose owner differs between the N and the M configuration. */
  readonly moved: number;
  /** `moved / live`. */
  readonly movedFraction: number;
  /** Per new replica, objects owned after the transition. */
  readonly perReplicaAfter: readonly number[];
  /** Largest share after, times `to` (1 = even). */
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
  /** Rewinds or advances to simulated time `t`: restores the nearest earlier checkpoint and replays from it (same seed, same reconfigurations). */
  seek(t: number): void;
  /** What the step-back checkpoints hold: count, bytes (distinct stored memory), budget, ticks. */
  checkpointStats(): import('./checkpoint').CheckpointStats;
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
  /** Ownership of the live objects under proposed uid ranges, without changing anything (fast: O(ranges log P)). */
  recount(ranges: RangeSet): OwnershipRecount;
  /** Resharding the live objects from `from` to `to` replicas under `strategy`. */
  reshard(strategy: ReshardStrategy, from: number, to: number): ReshardReport;
}

/** Re-exported for convenience. */
export type { Mode, ParamIssue, SimParams, SimParamsInput };
