/**
 * One kube-apiserver instance as KEP-5866 (v1.36, `ShardedListAndWatch`) defines it:
 *
 * - gate off: `shardSelector` is ignored, even a malformed one; no `shardInfo`;
 * - gate on, bad selector: HTTP 500 `invalid shard selector: <parser message>` (a plain
 *   error: the Status has no `reason` and no `details`), before any watch starts;
 * - LIST: every page of a sharded list, even an empty one, carries
 *   `metadata.shardInfo.selector` (the canonical text); `remainingItemCount` is set only when
 *   the list filters nothing; a continue token follows a full page whenever any stored
 *   object comes after it, matching or not;
 * - WATCH: each watcher filters each event; MODIFIED checks old and new (pass/pass MODIFIED,
 *   fail->pass ADDED, pass->fail DELETED, fail/fail dropped); DELETED checks the old object;
 *   BOOKMARK skips the filter;
 * - metrics: gauge `apiserver_watch_shards_total{group,resource}` (sharded watchers open) and
 *   counter `apiserver_watch_filtered_events_total{group,resource}` (+1 per watcher per
 *   failed shard check, so up to 2 per MODIFIED); a series exists only once used, and a
 *   metric with no series prints nothing.
 */
import { INVALID_SHARD_SELECTOR_PREFIX, ShardSelectorError, parseShardSelector } from '../../core/sharding';
import { shardKeyIndex } from '../../core/sharding';
import type { ShardKeyIndex, ShardSelector } from '../../core/sharding';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE, keyHashHi, keyHashLo } from '../cluster';
import type { HashColumns } from '../cluster';
import { metricsExposition } from './metrics';
import type { ApiServerMetrics } from './types';
import { WatchCacheWindow } from './watchcache';
import type { SendWork } from './sendcost';

// Module-local copies (see mode.ts): imported bindings can be getter calls under some loaders.
const T_ADDED = EV_ADDED;
const T_DELETED = EV_DELETED;
const T_BOOKMARK = EV_BOOKMARK;
const T_MODIFIED = EV_MODIFIED;
const T_NONE = EV_NONE;

/** Per-slot hash columns the server reads (the cluster provides them). */
export type { HashColumns } from '../cluster';

/** An open watch on one API server. */
export interface Watcher {
  readonly id: number;
  /** The replica it serves. */
  readonly replica: number;
  /** The selector the server filters by; null when unsharded (gate off, or none sent). */
  readonly selector: ShardSelector | null;
  /** The index of the shard key its selector hashes (`SHARD_KEY_TABLE`); null when unsharded. */
  readonly keyIndex: ShardKeyIndex | null;
}

/** The outcome of checking a request's `shardSelector`. */
export type Admission =
  | { readonly ok: true; readonly selector: ShardSelector | null }
  | { readonly ok: false; readonly status: 500; readonly message: string };

export { METRIC_WATCH_SHARDS, METRIC_FILTERED_EVENTS } from './metrics';

/**
 * The per-watcher rule for one event given whether the old and the new object pass the shard
 * check: returns the event type to send, or EV_NONE to drop it. Pure; the server counts.
 */
export function watchDecision(type: number, oldPass: boolean, newPass: boolean): number {
  switch (type) {
    case T_BOOKMARK:
      return T_BOOKMARK;
    case T_ADDED:
      return newPass ? T_ADDED : T_NONE;
    case T_DELETED:
      return oldPass ? T_DELETED : T_NONE;
    case T_MODIFIED:
      if (oldPass && newPass) return T_MODIFIED;
      if (newPass) return T_ADDED; // it moved into this shard
      if (oldPass) return T_DELETED; // it moved out of this shard
      return T_NONE;
    default:
      return T_NONE;
  }
}

/**
 * Parses a selector as the server does on a request, with the exact error text. A null or
 * empty value means "no selector" (client-go omits an empty parameter).
 *
 * @throws {Error} for a syntax error met before the syntax-error model was loaded: the server
 *   never answers with a message that is not the apiserver's (whoever hands the model a
 *   selector awaits `loadSyntaxErrors()` first when `needsSyntaxErrors` says so).
 */
export function parseForRequest(text: string | null): Admission {
  if (text === null || text === '') return { ok: true, selector: null };
  try {
    return { ok: true, selector: parseShardSelector(text) };
  } catch (e) {
    if (e instanceof ShardSelectorError && !e.final) throw new Error(`the syntax error in a selector is not worded yet: await loadSyntaxErrors() before admitting it`, { cause: e });
    const message = e instanceof ShardSelectorError || e instanceof Error ? e.message : String(e);
    return { ok: false, status: 500, message: INVALID_SHARD_SELECTOR_PREFIX + message };
  }
}

/** One API server instance and its counters. */
export class ApiServer {
  readonly group = '';
  readonly resource = 'pods';
  readonly watchers = new Set<Watcher>();
  /** Sharded watchers open: the `apiserver_watch_shards_total` gauge. */
  shardedWatchers = 0;
  /**
   * Whether the gauge's labelled series exists: set by the first sharded watch and never
   * cleared (the series stays, at 0, after its watches close).
   */
  shardsSeriesUsed = false;
  /** `apiserver_watch_filtered_events_total`. */
  filteredEvents = 0;
  /** FNV-1a hashes computed for shard checks (watch and list). */
  hashes = 0;
  /** Bytes sent: watch events and list bodies. */
  egressBytes = 0;
  /**
   * Bytes serialised: each watch event once for all the watchers it reaches, each LIST body
   * and each streaming list's initial events once per request (the API server's encode work).
   */
  encodedBytes = 0;
  /** The watch cache's history: how far back a resumed watch can start (older: 410 Gone). */
  readonly cache = new WatchCacheWindow();
  /** While restarting, the tick it serves again from (connections are refused until then); -1: up. */
  downUntilTick = -1;
  /** Watch events sent, after filtering, per watcher (BOOKMARKs and a streaming list's initial events included). */
  eventsSent = 0;
  listRequests = 0;
  /**
   * The watch stream's share of `hashes`, `encodedBytes`, `egressBytes` and `eventsSent`
   * (events and BOOKMARKs; not LISTs nor a streaming list's initial events): the steady
   * state, apart from the syncs, as the closed form expects it.
   */
  watchHashes = 0;
  watchEncodedBytes = 0;
  watchBytes = 0;
  watchEvents = 0;
  /** HTTP 500 responses. */
  errors = 0;
  private nextWatcher = 1;
  /** Parsing is deterministic: retries of the same text need not parse again. */
  private readonly parsed = new Map<string, Admission>();

  constructor(
    readonly index: number,
    /** The `ShardedListAndWatch` feature gate (a rolling upgrade flips it at a restart). */
    public gate: boolean,
  ) {}

  /** Whether the server accepts connections at `tick`. */
  isUp(tick: number): boolean {
    return this.downUntilTick < 0 || tick >= this.downUntilTick;
  }

  /**
   * A restart begins (a rolling upgrade): the process stops, every watch on it ends (its
   * clients see the connection close), and it refuses connections until `untilTick`.
   */
  goDown(untilTick: number): void {
    for (const w of this.watchers) this.closeWatch(w);
    this.downUntilTick = untilTick;
  }

  /**
   * The restarted process serves again: the gate takes its new value, its metrics start
   * afresh, and its watch cache starts empty at resourceVersion `rv` (it lists from storage).
   */
  comeBack(gate: boolean, rv: number): void {
    this.downUntilTick = -1;
    this.shardedWatchers = 0;
    this.shardsSeriesUsed = false;
    this.filteredEvents = 0;
    this.gate = gate;
    this.cache.restart(rv);
  }

  /**
   * What the server makes of a request's `shardSelector`: with the gate off it is ignored
   * (even a malformed one); with the gate on it is parsed, and a bad one is an HTTP 500.
   */
  admit(text: string | null): Admission {
    if (!this.gate || text === null || text === '') return { ok: true, selector: null };
    let a = this.parsed.get(text);
    if (!a) {
      a = parseForRequest(text);
      this.parsed.set(text, a);
    }
    if (!a.ok) this.errors++;
    return a;
  }

  /** Opens a watch for a replica; a rejected selector fails before the stream starts. */
  openWatch(replica: number, text: string | null): { ok: true; watcher: Watcher } | { ok: false; status: 500; message: string } {
    const a = this.admit(text);
    if (!a.ok) return a;
    const sel = a.selector && !a.selector.empty() ? a.selector : null;
    const watcher: Watcher = { id: this.nextWatcher++, replica, selector: sel, keyIndex: sel ? shardKeyIndex(sel.key!) : null };
    this.watchers.add(watcher);
    if (sel) {
      this.shardedWatchers++;
      this.shardsSeriesUsed = true;
    }
    return { ok: true, watcher };
  }

  closeWatch(w: Watcher): void {
    if (!this.watchers.delete(w)) return;
    if (w.selector) this.shardedWatchers--;
  }

  /**
   * Routes one event to one watcher: returns the type sent (EV_NONE if dropped) and counts
   * the hashing work and the filtered-events metric.
   */
  route(w: Watcher, type: number, cols: HashColumns, oldSlot: number, newSlot: number): number {
    const sel = w.selector;
    if (sel === null || type === T_BOOKMARK) return type;
    const hi = keyHashHi(cols, w.keyIndex!);
    const lo = keyHashLo(cols, w.keyIndex!);
    let oldPass = false;
    let newPass = false;
    if (type === T_ADDED) {
      this.hashes++;
      newPass = sel.matchesHash(hi[newSlot]!, lo[newSlot]!);
      if (!newPass) this.filteredEvents++;
    } else if (type === T_DELETED) {
      this.hashes++;
      oldPass = sel.matchesHash(hi[oldSlot]!, lo[oldSlot]!);
      if (!oldPass) this.filteredEvents++;
    } else {
      // The server hashes old and new; when they are the same stored object the answer is
      // the same, so compute it once (the work is still counted twice).
      this.hashes += 2;
      oldPass = sel.matchesHash(hi[oldSlot]!, lo[oldSlot]!);
      newPass = oldSlot === newSlot ? oldPass : sel.matchesHash(hi[newSlot]!, lo[newSlot]!);
      if (!oldPass) this.filteredEvents++;
      if (!newPass) this.filteredEvents++;
    }
    return watchDecision(type, oldPass, newPass);
  }

  /** All the send-path work it did (see `./sendcost`): watch streams, LISTs and initial events. */
  work(): SendWork {
    return { selectorEvals: this.hashes, encodedBytes: this.encodedBytes, sentBytes: this.egressBytes, sentEvents: this.eventsSent + this.listRequests };
  }

  /** The watch streams' share of `work()`. */
  watchWork(): SendWork {
    return { selectorEvals: this.watchHashes, encodedBytes: this.watchEncodedBytes, sentBytes: this.watchBytes, sentEvents: this.watchEvents };
  }

  /** The two metrics as numbers, with whether each series exists yet. */
  metrics(): ApiServerMetrics {
    return {
      watchShardsTotal: this.shardedWatchers,
      watchFilteredEventsTotal: this.filteredEvents,
      watchShardsSeries: this.shardsSeriesUsed,
      // The counter's series is created by its first increment.
      watchFilteredEventsSeries: this.filteredEvents > 0,
    };
  }

  /**
   * The two metrics in the Prometheus text exposition format, as client_golang prints them:
   * a series only once used, a family with no series not at all ('' for a fresh server).
   */
  metricsText(): string {
    return metricsExposition(this.metrics());
  }
}
