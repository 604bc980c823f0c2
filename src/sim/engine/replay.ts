/**
 * A captured watch stream replayed through both modes for the current replicas and
 * selectors, giving measured bytes and events per replica from the stream's real sizes.
 *
 * - Client-side sharding: no replica sends a selector, so every replica receives every event.
 * - Server-side sharding: a replica whose API server has `ShardedListAndWatch` on receives an
 *   ADDED, MODIFIED or DELETED event when its object's hash (of the replica's shard key) falls
 *   in one of its ranges (uid and namespace never change, so old and new object agree); a
 *   BOOKMARK skips the filter and reaches every watcher (apiserver v0.36.3
 *   `pkg/storage/cacher/cache_watcher.go`, `convertToWatchEvent` returns a bookmark before it
 *   calls the filter). A replica with an empty selector sends none and receives everything; one
 *   behind a gate-off server receives everything too (the selector is ignored, even a bad one);
 *   one whose selector the server rejects gets HTTP 500 and no stream at all.
 * The replay takes each replica's API server as the run starts (`apiServerOf`, `gates`).
 *
 * The figures over time are exact prefix sums: at each sample time, the events whose stream
 * time is at most that time. Pure: no DOM, no clock.
 */
import { SHARD_KEY_TABLE, hexToParts, shardKeyIndex } from '../../core/sharding';
import { resolveSelector } from '../client';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, keyHashHi, keyHashLo, type WatchStream } from '../cluster';
import type { SimParams } from '../params';

/** Samples of the figures over the stream's time, at most this many. */
export const REPLAY_SAMPLES = 401;

/** What one replica received in one mode. */
export interface ReplayReplica {
  readonly replica: number;
  /** All events it received (bookmarks included) and their bytes. */
  readonly events: number;
  readonly bytes: number;
  /** Of them, BOOKMARKs. */
  readonly bookmarks: number;
  readonly bookmarkBytes: number;
  /** The `shardSelector` it sends (server-side; null: none). */
  readonly selector: string | null;
  /** Server-side: why it receives no stream (`invalid shard selector: ...`), or null. */
  readonly error: string | null;
  /** Server-side: its API server has the gate off, so it receives the whole stream. */
  readonly unfiltered: boolean;
}

/** The figures at each sample time: prefix sums, exact. */
export interface ReplayTimeline {
  /** Stream seconds of each sample (the first is 0, the last the stream's end). */
  readonly time: Float64Array;
  /** Events and bytes of the stream up to each sample: what each client-side replica received. */
  readonly streamEvents: Float64Array;
  readonly streamBytes: Float64Array;
  /** Server-side, per sample then per replica (`k * replicas + r`). */
  readonly serverEvents: Float64Array;
  readonly serverBytes: Float64Array;
}

/** A replay's measured figures. */
export interface ReplayReport {
  /** Events replayed (ERROR events are not) and their bytes. */
  readonly events: number;
  readonly bytes: number;
  readonly types: { readonly ADDED: number; readonly MODIFIED: number; readonly DELETED: number; readonly BOOKMARK: number };
  /** Events of the initial state (replayed at t = 0). */
  readonly initialEvents: number;
  /** Stream seconds from the first to the last event. */
  readonly duration: number;
  readonly timing: WatchStream['timing'];
  readonly inferredTypes: boolean;
  readonly errors: number;
  /** The first ERROR events, with their place and Status. */
  readonly errorList: WatchStream['errorList'];
  /** Events past the stream's cap, not replayed, and where they begin. */
  readonly dropped: number;
  readonly droppedFrom: WatchStream['droppedFrom'];
  readonly replicas: number;
  readonly client: readonly ReplayReplica[];
  readonly server: readonly ReplayReplica[];
  /** Sums over the replicas per mode, and server-side bytes over client-side bytes. */
  readonly clientBytes: number;
  readonly serverBytes: number;
  readonly clientEvents: number;
  readonly serverEvents: number;
  readonly ratio: number;
  readonly timeline: ReplayTimeline;
}

/**
 * Who owns each stretch of one key's hash space: the sorted bounds of every range (as 32-bit
 * halves; a valid bound has 16 hex digits or is 2^64, so numeric order is the apiserver's
 * `HexLess` order) and, from each bound to the next, the replicas whose ranges cover it.
 */
interface Segments {
  readonly hi: Float64Array;
  readonly lo: Float64Array;
  readonly owners: readonly (readonly number[])[];
}

function segmentsOf(ranges: readonly { readonly replica: number; readonly start: string; readonly end: string }[], replicas: number): Segments {
  const at = new Map<string, { hi: number; lo: number; starts: number[]; ends: number[] }>();
  const point = (hex: string) => {
    let p = at.get(hex);
    if (!p) {
      const h = hexToParts(hex);
      p = { hi: h.hi, lo: h.lo, starts: [], ends: [] };
      at.set(hex, p);
    }
    return p;
  };
  for (const r of ranges) {
    point(r.start).starts.push(r.replica);
    point(r.end).ends.push(r.replica);
  }
  const points = [...at.values()].sort((a, b) => a.hi - b.hi || a.lo - b.lo);
  const cover = new Int32Array(replicas);
  const owners: number[][] = [];
  for (const p of points) {
    for (const r of p.ends) cover[r]!--;
    for (const r of p.starts) cover[r]!++;
    const here: number[] = [];
    for (let r = 0; r < replicas; r++) if (cover[r]! > 0) here.push(r);
    owners.push(here);
  }
  return { hi: Float64Array.from(points, (p) => p.hi), lo: Float64Array.from(points, (p) => p.lo), owners };
}

const NOBODY: readonly number[] = [];

/** The replicas whose ranges hold the hash (hi, lo). */
function ownersOf(seg: Segments, hi: number, lo: number): readonly number[] {
  // The last bound at or below the hash.
  let a = 0;
  let b = seg.hi.length - 1;
  if (b < 0 || hi < seg.hi[0]! || (hi === seg.hi[0]! && lo < seg.lo[0]!)) return NOBODY;
  while (a < b) {
    const m = (a + b + 1) >> 1;
    if (seg.hi[m]! < hi || (seg.hi[m] === hi && seg.lo[m]! <= lo)) a = m;
    else b = m - 1;
  }
  return seg.owners[a]!;
}

/** Replays `stream` through both modes for the replicas and selectors of `params`. */
export function replayStream(stream: WatchStream, params: SimParams): ReplayReport {
  const n = params.replicas.count;
  const len = stream.length;
  const duration = len > 0 ? stream.time[len - 1]! : 0;
  // Sample times: 0, then evenly to the end (one sample when everything is at t = 0).
  const k = duration > 0 ? REPLAY_SAMPLES : 1;
  const time = new Float64Array(k);
  for (let s = 0; s < k; s++) time[s] = s === k - 1 ? duration : (duration * s) / (k - 1);
  const streamEvents = new Float64Array(k);
  const streamBytes = new Float64Array(k);
  const serverEvents = new Float64Array(k * n);
  const serverBytes = new Float64Array(k * n);

  type Route = { all: boolean; none: boolean; selector: string | null; error: string | null; unfiltered: boolean };
  const routes: Route[] = [];
  // Replicas that get every event, those with a stream at all, and the filtered ones' ranges by key.
  const everything: number[] = [];
  const streaming: number[] = [];
  const ranges = SHARD_KEY_TABLE.map((): { replica: number; start: string; end: string }[] => []);
  for (let r = 0; r < n; r++) {
    const sel = resolveSelector(params.replicas.selectors[r], r, n, params.replicas.key);
    const server = params.replicas.apiServerOf[r] ?? r % params.apiServers.count;
    const gate = params.apiServers.gates[server] ?? true;
    const local = sel.local;
    const unfiltered = !gate;
    const none = gate && sel.text !== null && local === null;
    const all = unfiltered || sel.text === null || local === null || local.empty();
    routes.push({ all, none, selector: sel.text, error: none ? sel.localError : null, unfiltered });
    if (none) continue;
    streaming.push(r);
    if (all) everything.push(r);
    else for (const q of local!.requirements) ranges[shardKeyIndex(q.key)]!.push({ replica: r, start: q.start, end: q.end });
  }
  // Per key that some replica filters by, in table order: its segments and the stream's hashes of it.
  const keyed = SHARD_KEY_TABLE.filter((k) => ranges[k.index]!.length > 0).map((k) => ({
    segments: segmentsOf(ranges[k.index]!, n),
    hi: keyHashHi(stream, k.index),
    lo: keyHashLo(stream, k.index),
  }));

  const ev = new Float64Array(n);
  const by = new Float64Array(n);
  const bm = new Float64Array(n);
  const bmBytes = new Float64Array(n);
  const types = { ADDED: 0, MODIFIED: 0, DELETED: 0, BOOKMARK: 0 };
  let total = 0;
  let totalBytes = 0;
  let sample = 0;
  const flush = (upTo: number) => {
    // Every sample whose time is before the next event's holds the sums so far.
    while (sample < k && time[sample]! < upTo) {
      streamEvents[sample] = total;
      streamBytes[sample] = totalBytes;
      serverEvents.set(ev, sample * n);
      serverBytes.set(by, sample * n);
      sample++;
    }
  };
  for (let i = 0; i < len; i++) {
    flush(stream.time[i]!);
    const type = stream.type[i]!;
    const bytes = stream.bytes[i]!;
    total++;
    totalBytes += bytes;
    if (type === EV_ADDED) types.ADDED++;
    else if (type === EV_MODIFIED) types.MODIFIED++;
    else if (type === EV_DELETED) types.DELETED++;
    else if (type === EV_BOOKMARK) types.BOOKMARK++;
    if (type === EV_BOOKMARK) {
      // Bookmarks skip the shard filter: every replica with a stream gets each one.
      for (const r of streaming) {
        ev[r]!++;
        by[r]! += bytes;
        bm[r]!++;
        bmBytes[r]! += bytes;
      }
      continue;
    }
    for (const r of everything) {
      ev[r]!++;
      by[r]! += bytes;
    }
    for (const k of keyed) {
      for (const r of ownersOf(k.segments, k.hi[i]!, k.lo[i]!)) {
        ev[r]!++;
        by[r]! += bytes;
      }
    }
  }
  flush(Infinity);

  let bookmarkBytes = 0;
  for (let i = 0; i < len; i++) if (stream.type[i] === EV_BOOKMARK) bookmarkBytes += stream.bytes[i]!;
  const client: ReplayReplica[] = [];
  const server: ReplayReplica[] = [];
  let serverSum = 0;
  let serverCount = 0;
  for (let r = 0; r < n; r++) {
    client.push({ replica: r, events: total, bytes: totalBytes, bookmarks: types.BOOKMARK, bookmarkBytes, selector: null, error: null, unfiltered: false });
    const route = routes[r]!;
    server.push({ replica: r, events: ev[r]!, bytes: by[r]!, bookmarks: bm[r]!, bookmarkBytes: bmBytes[r]!, selector: route.selector, error: route.error, unfiltered: route.unfiltered });
    serverSum += by[r]!;
    serverCount += ev[r]!;
  }
  const clientBytes = totalBytes * n;
  return {
    events: total,
    bytes: totalBytes,
    types,
    initialEvents: stream.initial,
    duration,
    timing: stream.timing,
    inferredTypes: stream.inferredTypes,
    errors: stream.errors,
    errorList: stream.errorList,
    dropped: stream.dropped,
    droppedFrom: stream.droppedFrom,
    replicas: n,
    client,
    server,
    clientBytes,
    serverBytes: serverSum,
    clientEvents: total * n,
    serverEvents: serverCount,
    ratio: clientBytes > 0 ? serverSum / clientBytes : 0,
    timeline: { time, streamEvents, streamBytes, serverEvents, serverBytes },
  };
}

/** The sample to show at stream time `t`: the last whose time is at most `t`. */
export function replaySampleAt(report: ReplayReport, t: number): number {
  const time = report.timeline.time;
  let lo = 0;
  let hi = time.length - 1;
  if (!(t >= 0)) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (time[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
