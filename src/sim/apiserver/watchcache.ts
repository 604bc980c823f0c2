/**
 * The watch cache's history, as kube-apiserver keeps it (apiserver v0.36.3,
 * `pkg/storage/cacher/watch_cache.go`): a ring of the latest events, counted in events, not
 * in time. It starts at 100 events and, when it is full, doubles while its oldest event is
 * younger than the history window (75 s by default, `eventFreshDuration`), up to 102,400
 * (more for a longer window), and halves, down to 100, when the newest quarter of it already
 * spans more than the window. A watch that resumes from a resourceVersion older than what the
 * ring still holds gets 410 Gone ("too old resource version"); before the first eviction
 * since the cache started, the oldest it can serve is where the cache started.
 *
 * Resource versions here count write events one by one (the model's etcd revision), so "the
 * event k back" is resourceVersion - k.
 */

/** The smallest capacity, events. */
export const CACHE_MIN_EVENTS = 100;
/** The largest capacity for the default 75 s window, events. */
export const CACHE_MAX_EVENTS = 102_400;
/** The default history window, seconds. */
export const DEFAULT_HISTORY_SECONDS = 75;

/** The largest capacity for a history window: 102,400 up to 75 s, doubled per doubling of the window beyond. */
export function maxCapacity(historySeconds: number): number {
  if (historySeconds <= DEFAULT_HISTORY_SECONDS) return CACHE_MAX_EVENTS;
  return CACHE_MAX_EVENTS * 2 ** Math.ceil(Math.log2(historySeconds / DEFAULT_HISTORY_SECONDS));
}

/** One server's watch-cache window. Plain numbers, so checkpoints copy it. */
export class WatchCacheWindow {
  /** The resourceVersion the cache started from (it holds nothing older). */
  startRv = 0;
  /** Events it holds at most. */
  capacity = CACHE_MIN_EVENTS;
  /** Whether it has evicted an event since it started. */
  evicted = false;

  /** A fresh cache, as after a restart: it lists from storage at `rv` and holds nothing older. */
  restart(rv: number): void {
    this.startRv = rv;
    this.capacity = CACHE_MIN_EVENTS;
    this.evicted = false;
  }

  /**
   * Brings the capacity up to date at resourceVersion `rv`, given `freshRv`: the
   * resourceVersion as it was one history window ago (events after it are fresh).
   */
  advance(rv: number, freshRv: number, maxEvents: number): void {
    // Resizing happens when the ring is full (the next event would evict its oldest).
    while (rv - this.startRv >= this.capacity) {
      const oldest = rv - this.capacity + 1;
      if (oldest > freshRv && this.capacity < maxEvents) {
        this.capacity = Math.min(maxEvents, this.capacity * 2);
        continue;
      }
      const quarter = rv - Math.floor(this.capacity / 4) + 1;
      if (quarter <= freshRv && this.capacity > CACHE_MIN_EVENTS) {
        this.capacity = Math.max(CACHE_MIN_EVENTS, Math.floor(this.capacity / 2));
        continue;
      }
      break;
    }
    if (rv - this.startRv > this.capacity) this.evicted = true;
  }

  /** The oldest resourceVersion a watch can resume from at `rv` (older: 410 Gone). */
  oldestResumable(rv: number): number {
    return this.evicted ? Math.max(this.startRv, rv - this.capacity) : this.startRv;
  }
}
