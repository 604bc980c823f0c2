/**
 * What the closed form reports: each mode's expected rates, derived from first principles
 * from the stream's rates, the object sizes and each replica's share of the hash space.
 */

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
  /** Per API server, expected bytes serialised per second (each event once for all its watchers there, each BOOKMARK per watcher). */
  readonly apiServerEncodedBytesPerSec: readonly number[];
  /** Expected API-server CPU for shard checks and serialisation, cores (all servers). */
  readonly apiServerCpuCores: number;
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
