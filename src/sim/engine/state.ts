/**
 * One mode's state as the fan-out, the accounting, the relist counting and the hash-space
 * picture read it: the client's view of the mode (`ClientWorld`) plus the audit, the cut
 * table and what the last connect cost. A plain type below those files, implemented by
 * `ModeEngine` (`./mode`), so that none of them imports the class that calls them.
 */
import type { ClientWorld, Replica } from '../client';
import type { CutTableMemo } from './audit';

/** What one replica's connect added to its counters and to its API server's. */
export interface ConnectCost {
  readonly counters: Float64Array;
  readonly egress: number;
  readonly lists: number;
  readonly hashes: number;
}

export interface ModeState extends ClientWorld {
  /** Live objects in no cache / in several caches. */
  gaps: number;
  duplicates: number;
  /** The fan-out fast path's cut table, rebuilt only when the selectors change. */
  readonly cuts: CutTableMemo;
  /** What each replica's connect at the last `configure` cost (see `./relists`). */
  readonly lastConnect: readonly ConnectCost[];
  /** Decode CPU seconds of replica `i` so far. */
  cpuSeconds(i: number): number;
  /** Informer cache bytes of a replica that caches everything it receives. */
  allCacheBytes(r: Replica): number;
}
