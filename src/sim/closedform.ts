/**
 * The expected steady-state figures, from the rates and mean sizes alone, beside the
 * event-by-event model:
 *
 * - client-side: every replica receives, and decodes, the whole stream; it keeps its share;
 * - server-side: replica r receives the stream times its share s_r of objects (about 1/N,
 *   times the measured imbalance), and the API server hashes every event once per sharded
 *   watcher (twice for a MODIFIED).
 *
 * Bookmarks reach every watcher in both modes. LIST traffic is left out (it is a one-off).
 * Memory: the cache holds the kept share (`owned`) or the received share (`all`); decode
 * allocation is the watch bytes times the allocation factor; the LIST peak is a full LIST of
 * the received share, decoded, plus the cache.
 */
import type { ClosedForm, ClosedFormMode } from './types';

/** What the closed form needs. */
export interface ClosedFormInput {
  readonly replicas: number;
  /** Events per second of adds, modifies, deletes (bursts averaged in). */
  readonly addsPerSec: number;
  readonly modifiesPerSec: number;
  readonly deletesPerSec: number;
  /** Mean wire bytes of one object event, envelope included. */
  readonly meanEventBytes: number;
  /** Bookmarks per second per watcher and their size. */
  readonly bookmarksPerSec: number;
  readonly bookmarkBytes: number;
  readonly decodeNsPerByte: number;
  /** Mean informer-cache bytes per object. */
  readonly cacheBytesPerObject: number;
  /** What the informer cache holds: the kept share (`owned`) or all it receives (`all`). */
  readonly clientCache: 'owned' | 'all';
  /** Mean wire bytes of one object (no envelope) and of a list body around its items. */
  readonly meanObjectWireBytes: number;
  readonly listOverheadBytes: number;
  /** Heap allocated per wire byte decoded. */
  readonly decodeAllocBytesPerByte: number;
  readonly liveObjects: number;
  /** Client-side shares of objects per replica (sum about 1). */
  readonly clientShares: readonly number[];
  /** Server-side shares of objects per replica (measured on the current objects). */
  readonly serverShares: readonly number[];
}

function modeFigures(input: ClosedFormInput, receivedShare: (r: number) => number, keptShares: readonly number[], hashesPerSec: number): ClosedFormMode {
  const stream = input.addsPerSec + input.modifiesPerSec + input.deletesPerSec;
  const replicaEventsPerSec: number[] = [];
  const replicaBytesPerSec: number[] = [];
  const replicaCpuCores: number[] = [];
  const replicaCacheBytes: number[] = [];
  const replicaAllocBytesPerSec: number[] = [];
  const replicaListPeakBytes: number[] = [];
  let egress = 0;
  for (let r = 0; r < input.replicas; r++) {
    const share = receivedShare(r);
    const events = stream * share + input.bookmarksPerSec;
    const bytes = stream * share * input.meanEventBytes + input.bookmarksPerSec * input.bookmarkBytes;
    replicaEventsPerSec.push(events);
    replicaBytesPerSec.push(bytes);
    replicaCpuCores.push(bytes * input.decodeNsPerByte * 1e-9);
    const cache = (input.clientCache === 'all' ? share : (keptShares[r] ?? 0)) * input.liveObjects * input.cacheBytesPerObject;
    replicaCacheBytes.push(cache);
    replicaAllocBytesPerSec.push(bytes * input.decodeAllocBytesPerByte);
    // A full LIST of what it receives is decoded whole before it is filtered and stored.
    const list = input.listOverheadBytes + share * input.liveObjects * input.meanObjectWireBytes;
    replicaListPeakBytes.push(list * input.decodeAllocBytesPerByte + cache);
    egress += bytes;
  }
  return { replicaBytesPerSec, replicaEventsPerSec, replicaCpuCores, replicaCacheBytes, replicaAllocBytesPerSec, replicaListPeakBytes, egressBytesPerSec: egress, hashesPerSec };
}

/** Computes the closed form. */
export function closedForm(input: ClosedFormInput): ClosedForm {
  const n = input.replicas;
  const stream = input.addsPerSec + input.modifiesPerSec + input.deletesPerSec;
  const maxShare = input.serverShares.reduce((m, v) => Math.max(m, v), 0);
  const checks = input.addsPerSec + 2 * input.modifiesPerSec + input.deletesPerSec;
  return {
    streamEventsPerSec: stream,
    meanEventBytes: input.meanEventBytes,
    imbalance: maxShare * n,
    client: modeFigures(input, () => 1, input.clientShares, 0),
    server: modeFigures(input, (r) => input.serverShares[r] ?? 0, input.serverShares, checks * n),
  };
}
