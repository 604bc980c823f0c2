/**
 * What a replica's informer and its watch lifecycle read and change of their mode: the
 * cluster, the API servers, the replicas, the owner masks and the lifecycle counters. A
 * plain type, so that the client's functions depend on this file and not on the engine that
 * implements it (`engine/mode.ts`).
 */
import type { ApiServer } from '../apiserver';
import type { Cluster, Prng } from '../cluster';
import type { Mode, SimParams } from '../params';
import type { Replica } from './replica';

export interface ClientWorld {
  readonly mode: Mode;
  readonly cluster: Cluster;
  /** The current parameters. */
  readonly params: SimParams;
  readonly servers: readonly ApiServer[];
  readonly replicas: readonly Replica[];
  /** Per slot, the replicas whose cache holds it: bits 0-31 and 32-63. */
  readonly maskLo: Uint32Array;
  readonly maskHi: Uint32Array;
  /** Bumped whenever the masks may change wholesale (a LIST refills a cache). */
  ownersEpoch: number;
  /** Relists by cause (`RELIST_*` in `./lifecycle`) and the bytes they carried. */
  readonly relists: Float64Array;
  readonly relistBytes: Float64Array;
  /** Watches resumed from their last resourceVersion (no relist), by cause (`RESUME_*` in `./lifecycle`). */
  readonly resumes: Float64Array;
  /** Watches ended by their deadline, and 410 Gone answers to a resume. */
  watchTimeouts: number;
  goneResponses: number;
  /** Seeded draws: the load balancer's choices, backoff jitter, watch timeouts, GOAWAY. */
  readonly lbRng: Prng;
  readonly jitterRng: Prng;
  readonly timeoutRng: Prng;
  readonly goawayRng: Prng;
  /**
   * The earliest tick at which a watch's deadline or BOOKMARK may be due (a lower bound: it
   * only moves later when the replicas are looked at). Lowered by every new schedule.
   */
  watchDueAt: number;
  /** Grows the owner masks to the cluster's slot capacity. */
  ensureCapacity(): void;
  /** Recomputes gaps and duplicates from the masks (after LISTs). */
  recountAudit(): void;
}
