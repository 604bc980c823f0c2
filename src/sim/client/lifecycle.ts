/**
 * The watch lifecycle of one mode over time, as client-go's reflector (v0.36.3,
 * `tools/cache/reflector.go`) and kube-apiserver's watch cache (v0.36.3) behave:
 *
 * - A watch ends at its deadline (the `timeoutSeconds` the reflector sends, uniform 5 to 10
 *   minutes) or when its connection closes (the server restarts). The reflector then
 *   **re-watches from its last resourceVersion**: no LIST, no backoff.
 * - It relists only when the resumed watch is refused with 410 Gone (its resourceVersion is
 *   older than what the server's watch cache still holds, as on a freshly restarted server)
 *   or when a request fails (an invalid selector: HTTP 500); each relist waits one backoff
 *   step (0.8 s doubling to 30 s, jitter 1.0). Backoff alone, without a relist, is for a
 *   refused connection: every server is down.
 * - BOOKMARKs come per watcher, about every 60 s from its start and 2 s before its deadline,
 *   only to a watcher that asked (`allowWatchBookmarks`, which client-go always sets), and
 *   never filtered by the shard selector. Each moves the reflector's resourceVersion on.
 * - Routing: with an L4 balancer a replica's requests share one HTTP/2 connection, so a
 *   resumed watch reaches the same server, unless the connection closed (the server went
 *   away, or sent GOAWAY after a request: `--goaway-chance`); a new connection may land on
 *   any live server. With an L7 balancer every request is balanced on its own.
 *
 * All state lives in plain fields of the replicas and the engine (numbers, typed arrays);
 * every draw comes from the engine's seeded generators, at ticks that depend only on the
 * parameters and the event stream, so a run replays exactly.
 */
import type { ClientWorld } from './world';
import { C_BOOKMARKS, C_BOOKMARKS_DROPPED, C_BYTES_DECODED, C_BYTES_RECEIVED, C_EVENTS_DECODED, C_EVENTS_RECEIVED, C_REQUEST_ERRORS, type Replica } from './replica';

/** Relist causes (indices of `ClientWorld.relists` and `relistBytes`). */
export const RELIST_RESHARD = 0;
/** Kept for the report: a restart never relists by itself (a resume that gets 410 is `gone`). */
export const RELIST_RESTART = 1;
export const RELIST_GONE = 2;
export const RELIST_ERROR = 3;
/** Cause names, in index order, as reported. */
export const RELIST_CAUSES = ['reshard', 'restart', 'gone', 'error'] as const;
export type RelistCause = (typeof RELIST_CAUSES)[number];

/** Resume causes (indices of `ClientWorld.resumes`): a watch's deadline, its server going away. */
export const RESUME_TIMEOUT = 0;
export const RESUME_RESTART = 1;
export const RESUME_CAUSES = ['timeout', 'restart'] as const;

/** client-go's reflector backoff: 800 ms, doubling, capped at 30 s, jitter factor 1.0. */
export const BACKOFF_INITIAL_SECONDS = 0.8;
export const BACKOFF_CAP_SECONDS = 30;
/** The backoff starts afresh when this long has passed since it last did (client-go's reset, 2 minutes). */
export const BACKOFF_RESET_SECONDS = 120;
/** client-go draws a watch's `timeoutSeconds` uniformly in [min, 2 x min) with min = 5 minutes. */
export const WATCH_TIMEOUT_MIN_SECONDS = 300;
/** Without `timeoutSeconds` the server picks `--min-request-timeout` (1,800 s) times [1, 2). */
export const SERVER_WATCH_TIMEOUT_MIN_SECONDS = 1_800;
/** The watch cache's bookmark before a watch's deadline comes this long before it. */
export const BOOKMARK_BEFORE_DEADLINE_SECONDS = 2;

/**
 * The next retry delay after a failure: the base delay (0.8 s doubling to 30 s) stretched by
 * jitter in [1, 2), as `wait.Jitter(d, 1.0)` does. Updates the replica's backoff state.
 */
export function nextBackoffSeconds(r: Replica, tick: number, tickSeconds: number, u: number): number {
  const quiet = r.lastFailureTick >= 0 && (tick - r.lastFailureTick) * tickSeconds > BACKOFF_RESET_SECONDS;
  r.backoffSeconds = r.backoffSeconds === 0 || quiet ? BACKOFF_INITIAL_SECONDS : Math.min(BACKOFF_CAP_SECONDS, r.backoffSeconds * 2);
  r.lastFailureTick = tick;
  return r.backoffSeconds * (1 + u);
}

/** Schedules a relist after client-go's backoff; `cause` is what the relist will count as (-1: a failed request). */
export function scheduleRelist(m: ClientWorld, r: Replica, tick: number, tickSeconds: number, cause: number): void {
  const wait = nextBackoffSeconds(r, tick, tickSeconds, m.jitterRng.float());
  r.retryAtTick = tick + Math.max(1, Math.round(wait / tickSeconds));
  r.retryRewatch = false;
  if (cause >= 0) r.retryCause = cause;
}

/** Schedules a new attempt at the watch after a refused connection (backoff, no relist). */
function scheduleRewatch(m: ClientWorld, r: Replica, tick: number, tickSeconds: number): void {
  const wait = nextBackoffSeconds(r, tick, tickSeconds, m.jitterRng.float());
  r.retryAtTick = tick + Math.max(1, Math.round(wait / tickSeconds));
  r.retryRewatch = true;
}

/**
 * Draws a watch's deadline tick. client-go sends `timeoutSeconds` = int64(300 + rand x 300)
 * (whole seconds, 5 to 10 minutes); a client that sends none gets the server's
 * `--min-request-timeout` (1,800 s) times [1, 2). Records what the replica sent.
 */
export function drawWatchEnd(m: ClientWorld, r: Replica, tick: number, tickSeconds: number): number {
  const u = m.timeoutRng.float();
  let seconds: number;
  if (m.params.watch.timeouts) {
    seconds = Math.floor(WATCH_TIMEOUT_MIN_SECONDS * (1 + u));
    r.watchTimeoutSeconds = seconds;
  } else {
    seconds = SERVER_WATCH_TIMEOUT_MIN_SECONDS * (1 + u);
    r.watchTimeoutSeconds = null;
  }
  return tick + Math.max(1, Math.round(seconds / tickSeconds));
}

/** The tick of a watch's next BOOKMARK after `from`: a bookmark interval on, or 2 s before its deadline if that comes first (-1: none). */
export function nextBookmark(m: ClientWorld, r: Replica, from: number, tickSeconds: number): number {
  const p = m.params;
  if (!p.watch.bookmarks || p.churn.bookmarkIntervalSeconds <= 0) return -1;
  const every = from + Math.max(1, Math.round(p.churn.bookmarkIntervalSeconds / tickSeconds));
  const beforeDeadline = r.watchEndsAtTick - Math.round(BOOKMARK_BEFORE_DEADLINE_SECONDS / tickSeconds);
  const at = r.watchEndsAtTick >= 0 ? Math.min(every, beforeDeadline) : every;
  return at > from ? at : -1;
}

/** Sets a watch's deadline and first BOOKMARK from `tick` on, and lowers the mode's earliest due tick. */
export function scheduleWatch(m: ClientWorld, r: Replica, tick: number, tickSeconds: number): void {
  r.watchEndsAtTick = drawWatchEnd(m, r, tick, tickSeconds);
  r.nextBookmarkTick = nextBookmark(m, r, tick, tickSeconds);
  m.watchDueAt = Math.min(m.watchDueAt, r.watchEndsAtTick, r.nextBookmarkTick >= 0 ? r.nextBookmarkTick : Infinity);
}

/** A live server chosen by the load balancer (seeded), or -1 when every server is down. */
export function pickLive(m: ClientWorld, tick: number): number {
  let live = 0;
  for (const s of m.servers) if (s.isUp(tick)) live++;
  // No draw with one live server or none; with none the walk below finds nothing.
  let k = live > 1 ? m.lbRng.int(live) : 0;
  for (const s of m.servers) {
    if (!s.isUp(tick)) continue;
    if (k-- === 0) return s.index;
  }
  return -1;
}

/**
 * The server a replica's next request reaches: under L4 its connection's (if it is still
 * open and its server up), else a new connection's; under L7 a fresh pick. -1: none is up.
 */
export function routeRequest(m: ClientWorld, r: Replica, tick: number): number {
  if (m.params.apiServers.routing === 'l4' && r.connection >= 0 && m.servers[r.connection]?.isUp(tick)) return r.connection;
  const s = pickLive(m, tick);
  r.connection = m.params.apiServers.routing === 'l4' ? s : -1;
  return s;
}

/** After a request on its connection: the server may send GOAWAY (`--goaway-chance`), and the next request opens a new connection. */
export function maybeGoaway(m: ClientWorld, r: Replica): void {
  const p = m.params.apiServers.goawayChance;
  if (p > 0 && m.goawayRng.float() < p && m.params.apiServers.routing === 'l4') r.connection = -1;
}

/** Counts a successful relist: its cause and the bytes its LIST (or initial events) carried. */
export function countRelist(m: ClientWorld, r: Replica, cause: number, bytesBefore: number): void {
  m.relists[cause]!++;
  m.relistBytes[cause]! += r.counters[C_BYTES_RECEIVED]! - bytesBefore;
}

/**
 * Opens the replica's watch again from its last resourceVersion (`cause`: RESUME_*). The
 * request goes where routing sends it; a refused connection (every server down) backs off
 * and tries again; a resourceVersion the server's cache no longer holds gets 410 Gone, and
 * the reflector relists after a backoff step. Returns whether a watch is open.
 */
export function resumeWatch(m: ClientWorld, r: Replica, tick: number, tickSeconds: number, cause: number): boolean {
  r.watchEndsAtTick = -1;
  r.nextBookmarkTick = -1;
  const s = routeRequest(m, r, tick);
  if (s < 0) {
    scheduleRewatch(m, r, tick, tickSeconds);
    return false;
  }
  const server = m.servers[s]!;
  maybeGoaway(m, r);
  if (r.lastRv < server.cache.oldestResumable(m.cluster.resourceVersion)) {
    m.goneResponses++;
    r.apiServer = s;
    scheduleRelist(m, r, tick, tickSeconds, RELIST_GONE);
    return false;
  }
  const w = server.openWatch(r.index, r.selectorSent);
  if (!w.ok) {
    // The selector is refused before the stream starts (HTTP 500): the reflector relists.
    r.counters[C_REQUEST_ERRORS]!++;
    scheduleRelist(m, r, tick, tickSeconds, -1);
    return false;
  }
  r.apiServer = s;
  r.watcher = w.watcher;
  r.watchStartRv = r.lastRv;
  r.watchRequestRv = String(r.lastRv);
  r.watchStreaming = false;
  scheduleWatch(m, r, tick, tickSeconds);
  r.updateFiltering(w.watcher.selector !== null);
  m.resumes[cause]!++;
  return true;
}

/**
 * API server `s` restarts (a rolling upgrade): it goes away until `upTick`, every watch on it
 * ends, and each of its clients resumes elsewhere at once (or backs off while none is up).
 */
export function restartServer(m: ClientWorld, s: number, upTick: number, tick: number, tickSeconds: number): void {
  const server = m.servers[s];
  if (!server) return;
  server.goDown(upTick);
  for (const r of m.replicas) {
    if (r.connection === s) r.connection = -1;
    if (r.apiServer !== s || r.watcher === null) continue;
    r.watcher = null;
    resumeWatch(m, r, tick, tickSeconds, RESUME_RESTART);
  }
}

/**
 * Whether a watch of this mode reaches its deadline or is due a BOOKMARK at `tick`. Cheap
 * before the earliest due tick; past it, looks at the replicas and moves that tick on.
 */
export function watchPending(m: ClientWorld, tick: number): boolean {
  if (tick < m.watchDueAt) return false;
  let next = Infinity;
  for (const r of m.replicas) {
    if (r.watchEndsAtTick >= 0) next = Math.min(next, r.watchEndsAtTick);
    if (r.nextBookmarkTick >= 0) next = Math.min(next, r.nextBookmarkTick);
  }
  m.watchDueAt = next;
  return next <= tick;
}

/** Ends the watches whose deadline has come; each resumes from its last resourceVersion. */
export function timeoutDue(m: ClientWorld, tick: number, tickSeconds: number): void {
  for (const r of m.replicas) {
    if (r.watchEndsAtTick < 0 || r.watchEndsAtTick > tick) continue;
    const server = m.servers[r.apiServer]!;
    if (r.watcher) {
      server.closeWatch(r.watcher);
      r.watcher = null;
    }
    m.watchTimeouts++;
    resumeWatch(m, r, tick, tickSeconds, RESUME_TIMEOUT);
  }
}

/**
 * Sends the BOOKMARKs due at `tick`, each to its own watcher: it carries the watch cache's
 * resourceVersion (sent only once that is past where the watch started), counts on the wire
 * and in decode, and moves the reflector's resourceVersion on, unless the client's filter
 * drops it (kube-state-metrics v2.18).
 */
export function bookmarksDue(m: ClientWorld, tick: number, tickSeconds: number, bookmarkBytes: number, sent: (r: Replica, rv: number) => void): void {
  const rv = m.cluster.resourceVersion;
  for (const r of m.replicas) {
    if (r.nextBookmarkTick < 0 || r.nextBookmarkTick > tick || r.watcher === null) continue;
    // No need to lower watchDueAt: it is at most this bookmark's tick (a lower bound of every
    // due tick), and the next one comes later.
    r.nextBookmarkTick = nextBookmark(m, r, tick, tickSeconds);
    if (rv <= r.watchStartRv) continue;
    const c = r.counters;
    const server = m.servers[r.apiServer]!;
    server.egressBytes += bookmarkBytes;
    server.encodedBytes += bookmarkBytes;
    server.eventsSent++;
    c[C_EVENTS_RECEIVED]!++;
    c[C_BYTES_RECEIVED]! += bookmarkBytes;
    c[C_EVENTS_DECODED]!++;
    c[C_BYTES_DECODED]! += bookmarkBytes;
    c[C_BOOKMARKS]!++;
    if (r.dropsBookmarks) c[C_BOOKMARKS_DROPPED]!++;
    else r.lastRv = rv;
    sent(r, rv);
  }
}
