/**
 * What a snapshot reports: per mode, each replica's counters, rates and memory, each API
 * server's egress and metrics, the ownership audit and the series behind the charts; the
 * cluster, the churn, the closed form, the settling window and the hand-offs. Everything
 * here is plain data (numbers, strings, arrays), so it crosses `postMessage` unchanged.
 */
import type { ShardKey } from '../../core/sharding';
import type { Mode, ResolvedChurn, SimParams } from '../params';
import type { BurstMark } from '../cluster';
import type { ApiServerMetrics } from '../apiserver';
import type { RangeView } from '../client';
import type { ReplicaFiltering } from '../client';
import type { HandoffSummary } from '../time';
import type { ClosedForm } from './closedformTypes';

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
  /** BOOKMARKs received (each watcher gets its own, about every 60 s and before its deadline). */
  readonly bookmarks: number;
  /** Of those, the ones its client's filter dropped (kube-state-metrics v2.18): its resourceVersion did not move on. */
  readonly bookmarksDropped: number;
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
  /**
   * Whether it syncs by streaming list (a WATCH with `sendInitialEvents=true`, client-go's
   * default since v1.35) rather than a LIST: then it never receives a list page, nor `shardInfo`.
   */
  readonly syncStreaming: boolean;
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
  /**
   * Bytes serialised: each watch event once for all the watchers it reaches, each LIST body
   * and streaming list once per request, each BOOKMARK per watcher.
   */
  readonly encodedBytes: number;
  readonly encodedBytesPerSec: number;
  /**
   * CPU of its send path (shard checks, serialisation, the per-watcher write, HTTP/2 and TLS;
   * see `apiserver/sendcost`), seconds so far and cores now.
   */
  readonly cpuSeconds: number;
  /** The watch streams' share of `cpuSeconds` (events and BOOKMARKs; not LISTs nor a streaming list's initial events). */
  readonly watchCpuSeconds: number;
  readonly cpuCores: number;
  /** Whether it serves (false while it restarts). */
  readonly up: boolean;
  /** The watch cache's window now: events it holds at most, and the oldest resourceVersion a watch can resume from. */
  readonly cacheCapacity: number;
  readonly oldestResumableRv: number;
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
  /** Watches ended by their deadline (each resumes from its last resourceVersion). */
  readonly watchTimeouts: number;
  /** Watches resumed from their last resourceVersion, without a relist, in all and by cause. */
  readonly watchResumes: number;
  readonly watchResumesByCause: { readonly timeout: number; readonly restart: number };
  /** 410 Gone answers to a resumed watch (the watch cache no longer held its resourceVersion): each relists. */
  readonly goneResponses: number;
  /** BOOKMARKs the replicas received, and those their clients dropped. */
  readonly bookmarks: number;
  readonly bookmarksDropped: number;
  /**
   * Server-side mode, streams a gate-off API server sent unfiltered: events outside a
   * replica's shard that its client kept (it does not check: missed) or dropped (caught).
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
  /** API-server send-path CPU (shard checks, serialisation, per-watcher write and TLS), seconds and cores now (all servers). */
  readonly apiServerCpuSeconds: number;
  /** The watch streams' share of `apiServerCpuSeconds`: what the closed form's steady state expects. */
  readonly apiServerWatchCpuSeconds: number;
  readonly apiServerCpuCores: number;
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
  /**
   * The rates in effect, events (bursts: pods) per second: the parameters' numbers, and for a
   * rate they leave null its rate per 1,000 objects times the pods at the start.
   */
  readonly rates: ResolvedChurn;
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
  /**
   * While a hand-off between two range layouts is in progress: the ranges each replica holds
   * right now (old ones not yet let go, new ones synced), as hex bounds; else null. The hash
   * strip draws its gaps and overlaps from these, as it does for typed selectors.
   */
  readonly held: { readonly client: HeldRanges | null; readonly server: HeldRanges | null };
}

/** Per replica, the hash ranges it holds. */
export type HeldRanges = readonly (readonly { readonly start: string; readonly end: string }[])[];

export interface HandoffNow {
  readonly orphans: number;
  readonly duplicates: number;
}
