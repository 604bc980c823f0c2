/**
 * The recent events of the shared stream, for the recent-events and watch-event views, and
 * the event counts by type (in all, and in the last step).
 */
import type { Cluster, EventBatch } from '../cluster';
import { EV_BOOKMARK, NO_SLOT } from '../cluster';

/** Events remembered for the recent-events and watch-event views. */
export const RECENT_CAPACITY = 2048;

/** A ring of the newest events (type, old and new slot, resourceVersion) and the counts by type. */
export class RecentEvents {
  readonly type = new Uint8Array(RECENT_CAPACITY);
  readonly oldSlot = new Uint32Array(RECENT_CAPACITY);
  readonly newSlot = new Uint32Array(RECENT_CAPACITY);
  readonly rv = new Float64Array(RECENT_CAPACITY);
  /**
   * Per entry, -1 for an event of the shared stream, or the one watcher a BOOKMARK went to:
   * `mode * 64 + replica` (mode 0 client-side, 1 server-side). BOOKMARKs are per watcher.
   */
  readonly target = new Int16Array(RECENT_CAPACITY);
  next = 0;
  count = 0;
  /** Entries ever written to the ring. */
  written = 0;
  /**
   * Per slot, 1 + the write number of the newest ring entry naming it (0: none). A removed
   * slot is not reused while the ring names it, or an old event would show the new object.
   */
  lastWrite = new Float64Array(0);
  /**
   * Events by type since the start, and in the last step. BOOKMARKs count those the
   * server-side mode's watchers were sent (one per watcher each time).
   */
  readonly totals = new Float64Array(4);
  readonly lastStep = new Float64Array(4);

  /** Empties the ring and the counts for a cluster of `capacity` slots. */
  reset(capacity: number): void {
    this.next = 0;
    this.count = 0;
    this.written = 0;
    this.lastWrite = new Float64Array(capacity);
    this.totals.fill(0);
    this.lastStep.fill(0);
  }

  /** Index in the ring of the k-th newest entry (k = 0: the newest). */
  newest(k: number): number {
    return (this.next - 1 - k + RECENT_CAPACITY) % RECENT_CAPACITY;
  }

  /** Whether slot `s` is named by an entry still in the ring (it must not be reused yet). */
  names(s: number): boolean {
    const oldest = this.written - this.count; // entries with write number > oldest are in the ring
    return s < this.lastWrite.length && this.lastWrite[s]! > oldest;
  }

  /** Counts the batch's events by type and keeps its tail. */
  remember(batch: EventBatch, cluster: Cluster): void {
    const n = batch.length;
    const types = batch.type;
    const totals = this.totals;
    const last = this.lastStep;
    for (let e = 0; e < n; e++) {
      const t = types[e]!;
      totals[t]!++;
      last[t]!++;
    }
    if (this.lastWrite.length < cluster.capacity) {
      const w = new Float64Array(cluster.capacity);
      w.set(this.lastWrite);
      this.lastWrite = w;
    }
    const lastWrite = this.lastWrite;
    // Only the newest RECENT_CAPACITY events can ever be shown.
    for (let e = Math.max(0, n - RECENT_CAPACITY); e < n; e++) {
      const o = batch.oldSlot[e]!;
      const w = batch.newSlot[e]!;
      this.type[this.next] = types[e]!;
      this.oldSlot[this.next] = o;
      this.newSlot[this.next] = w;
      this.rv[this.next] = batch.rv[e]!;
      this.target[this.next] = -1;
      this.written++;
      // Write numbers are 1-based: 0 means "never in the ring".
      if (o !== NO_SLOT) lastWrite[o] = this.written;
      if (w !== NO_SLOT) lastWrite[w] = this.written;
      this.next = (this.next + 1) % RECENT_CAPACITY;
      if (this.count < RECENT_CAPACITY) this.count++;
    }
  }

  /** Keeps a BOOKMARK sent to one watcher (`server`: of the server-side mode). */
  rememberBookmark(server: boolean, replica: number, rv: number): void {
    if (server) {
      this.totals[EV_BOOKMARK]!++;
      this.lastStep[EV_BOOKMARK]!++;
    }
    this.type[this.next] = EV_BOOKMARK;
    this.oldSlot[this.next] = NO_SLOT;
    this.newSlot[this.next] = NO_SLOT;
    this.rv[this.next] = rv;
    this.target[this.next] = (server ? 64 : 0) + replica;
    this.written++;
    this.next = (this.next + 1) % RECENT_CAPACITY;
    if (this.count < RECENT_CAPACITY) this.count++;
  }
}
