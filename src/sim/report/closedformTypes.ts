/**
 * What the closed form reports: each mode's expected rates, derived from first principles
 * from the stream's rates, the object sizes and each replica's share of the hash space.
 */
import type { SendCost } from '../apiserver';

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
  /** Per API server, expected writes per second: watch events and BOOKMARKs, per watcher. */
  readonly apiServerEventsPerSec: readonly number[];
  /** Expected API-server send-path CPU of the watch streams, cores (all servers): `apiServerCpu.total`. */
  readonly apiServerCpuCores: number;
  /** The same by part: shard checks, serialisation (once per event), per-watcher write, HTTP/2 and TLS. */
  readonly apiServerCpu: SendCost;
  /** Per replica, objects one sync sends it (a LIST's items, or a streaming list's initial events). */
  readonly replicaSyncObjects: readonly number[];
  /** API-server CPU seconds for every replica syncing once (a relist of all), on top of the watch streams. */
  readonly syncCpuSeconds: number;
}

/** The closed-form expectation beside the event-by-event figures. */
export interface ClosedForm {
  /** Events per second of the stream (adds + modifies + deletes, bursts averaged in). */
  readonly streamEventsPerSec: number;
  /** Mean bytes of one watch event on the wire. */
  readonly meanEventBytes: number;
  /** Imbalance of what server-side replicas own now (largest owned share x N), as the audit measures it. */
  readonly imbalance: number;
  /**
   * Seats API Priority and Fairness charges one sync request, in both modes: estimated from
   * the whole collection's object count and mean size (it never reads shardSelector).
   */
  readonly syncSeats: number;
  /** Expected figures with client-side sharding. */
  readonly client: ClosedFormMode;
  /** Expected figures with server-side sharding. */
  readonly server: ClosedFormMode;
}
