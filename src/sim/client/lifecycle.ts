/**
 * The watch lifecycle of one mode over time: API-server restarts (a rolling upgrade that
 * flips the feature gate), the load balancer that sends a reconnecting client's LIST and
 * WATCH to live servers chosen independently, watch timeouts that resume from the last
 * resourceVersion, 410 Gone when that resourceVersion was compacted away, and client-go's
 * retry backoff. Relists are counted by cause, with their bytes.
 *
 * All state lives in plain fields of the replicas and the engine (numbers, typed arrays);
 * every draw comes from the engine's seeded generators, at ticks that depend only on the
 * parameters and the event stream, so a run replays exactly.
 */
import type { ClientWorld } from './world';
import { C_BYTES_RECEIVED, type Replica } from './replica';

/** Relist causes (indices of `ClientWorld.relists` and `relistBytes`). */
export const RELIST_RESHARD = 0;
export const RELIST_RESTART = 1;
export const RELIST_GONE = 2;
export const RELIST_ERROR = 3;
/** Cause names, in index order, as reported. */
export const RELIST_CAUSES = ['reshard', 'restart', 'gone', 'error'] as const;
export type RelistCause = (typeof RELIST_CAUSES)[number];

/** client-go's reflector backoff: 800 ms, doubling, capped at 30 s, jitter factor 1.0. */
export const BACKOFF_INITIAL_SECONDS = 0.8;
export const BACKOFF_CAP_SECONDS = 30;
/** A failure more than this long after the previous one starts the backoff afresh. */
export const BACKOFF_RESET_SECONDS = 120;
/** client-go draws a watch's timeout uniformly in [min, 2 x min) with min = 5 minutes. */
export const WATCH_TIMEOUT_MIN_SECONDS = 300;

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

/** Schedules a reconnect after client-go's backoff; `cause` is what the relist will count as. */
export function scheduleReconnect(m: ClientWorld, r: Replica, tick: number, tickSeconds: number, cause: number): void {
  const wait = nextBackoffSeconds(r, tick, tickSeconds, m.jitterRng.float());
  r.retryAtTick = tick + Math.max(1, Math.round(wait / tickSeconds));
  if (cause >= 0) r.retryCause = cause;
}

/** Draws a watch's timeout tick as client-go does (uniform 5 to 10 minutes), or -1 when off. */
export function drawWatchEnd(m: ClientWorld, tick: number, tickSeconds: number): number {
  if (!m.params.watch.timeouts) return -1;
  const seconds = WATCH_TIMEOUT_MIN_SECONDS * (1 + m.timeoutRng.float());
  return tick + Math.max(1, Math.round(seconds / tickSeconds));
}

/** A live server chosen by the load balancer (seeded), avoiding `down` when another exists. */
export function pickServer(m: ClientWorld, down: number): number {
  const n = m.servers.length;
  if (n <= 1) return 0;
  const k = m.lbRng.int(n - 1);
  return k >= down ? k + 1 : k;
}

/** Counts a successful relist: its cause and the bytes its LIST (or initial events) carried. */
export function countRelist(m: ClientWorld, r: Replica, cause: number, bytesBefore: number): void {
  m.relists[cause]!++;
  m.relistBytes[cause]! += r.counters[C_BYTES_RECEIVED]! - bytesBefore;
}

/**
 * Restarts API server `s` with its gate set to `gate`: every watch on it drops; each of its
 * clients reconnects through the load balancer (its LIST and its WATCH each to a live server,
 * chosen independently) after the backoff, and relists.
 */
export function restartServer(m: ClientWorld, s: number, gate: boolean, tick: number, tickSeconds: number): void {
  const server = m.servers[s];
  if (!server) return;
  server.restart(gate);
  for (const r of m.replicas) {
    // Its watch was on the restarting server (which closed it); a LIST already answered elsewhere is unaffected.
    if (r.apiServer !== s) continue;
    r.watcher = null;
    r.watchEndsAtTick = -1;
    r.listServer = pickServer(m, s);
    r.apiServer = pickServer(m, s);
    scheduleReconnect(m, r, tick, tickSeconds, RELIST_RESTART);
  }
  m.ownersEpoch++;
}

/** Whether a watch of this mode times out at `tick`. */
export function timeoutPending(m: ClientWorld, tick: number): boolean {
  for (const r of m.replicas) if (r.watchEndsAtTick >= 0 && r.watchEndsAtTick <= tick) return true;
  return false;
}

/**
 * Ends the watches whose timeout is due. Each resumes from its last resourceVersion on the
 * same server without a relist, unless that resourceVersion is older than the server's
 * history (`oldestRv`: compaction), which is 410 Gone: the client relists after the backoff.
 */
export function timeoutDue(m: ClientWorld, tick: number, tickSeconds: number, oldestRv: number): void {
  for (const r of m.replicas) {
    if (r.watchEndsAtTick < 0 || r.watchEndsAtTick > tick) continue;
    r.watchEndsAtTick = -1;
    const server = m.servers[r.apiServer]!;
    if (r.watcher) {
      server.closeWatch(r.watcher);
      r.watcher = null;
    }
    m.watchTimeouts++;
    if (r.lastRv < oldestRv) {
      m.goneResponses++;
      scheduleReconnect(m, r, tick, tickSeconds, RELIST_GONE);
      continue;
    }
    const w = server.openWatch(r.index, r.selectorSent);
    if (w.ok) {
      r.watcher = w.watcher;
      r.watchEndsAtTick = drawWatchEnd(m, tick, tickSeconds);
    }
  }
}
