/**
 * The event-flow animation's model, without pixels: which particles a batch of recent events
 * becomes in each mode, and where a particle is at a given time. Pure, so it is tested
 * without a canvas.
 */
import type { RecentEvent } from '../../state';

/** What happens to a particle at the end of its trip. */
export type ParticleFate =
  /** Reaches its owner, which keeps it. */
  | 'kept'
  /** Reaches a replica, is decoded, then dropped (not its object). */
  | 'dropped'
  /** Stopped at the API server by the shard filter. */
  | 'filtered'
  /** A BOOKMARK: goes to every watcher, unfiltered. */
  | 'bookmark';

export interface Particle {
  readonly mode: 'client' | 'server';
  readonly server: number;
  /** Target replica; for `filtered`, the replica it would have gone to (-1: drawn once per event). */
  readonly replica: number;
  readonly fate: ParticleFate;
  /** Owner replica for colour (kept), or -1. */
  readonly owner: number;
  /** Wall-clock start and duration, ms. */
  readonly start: number;
  readonly duration: number;
}

/** Trip time of one particle on screen. */
export const TRIP_MS = 1100;
/** At most this many events are animated per batch (the rest are summarised as numbers). */
export const EVENTS_PER_BATCH = 6;

/**
 * Picks the events to animate from a batch: every BOOKMARK and an evenly spaced sample of
 * the others, so a burst of hundreds of events stays legible.
 */
export function sampleEvents(events: readonly RecentEvent[], limit = EVENTS_PER_BATCH): RecentEvent[] {
  const bookmarks = events.filter((e) => e.type === 'BOOKMARK');
  const others = events.filter((e) => e.type !== 'BOOKMARK');
  const take = Math.max(0, limit - bookmarks.length);
  const picked: RecentEvent[] = [];
  if (others.length <= take) picked.push(...others);
  else for (let i = 0; i < take; i++) picked.push(others[Math.floor(((i + 0.5) * others.length) / take)]!);
  return [...picked, ...bookmarks];
}

/**
 * The particles of one event, spread over [start, start + spread). `serverOf` maps a replica
 * to its API server (per mode).
 */
export function particlesFor(
  e: RecentEvent,
  start: number,
  serverOf: (mode: 'client' | 'server', replica: number) => number,
): Particle[] {
  const out: Particle[] = [];
  const bookmark = e.type === 'BOOKMARK';
  for (const mode of ['client', 'server'] as const) {
    const outcomes = e[mode];
    const owner = outcomes.find((o) => o.kept)?.replica ?? -1;
    let filteredShown = new Set<number>();
    for (const o of outcomes) {
      const server = serverOf(mode, o.replica);
      if (bookmark) {
        out.push({ mode, server, replica: o.replica, fate: 'bookmark', owner: -1, start, duration: TRIP_MS });
      } else if (o.sentAs === null) {
        // One stub per server and event: the filter stops the event at the server once per
        // watcher, but drawing each stub separately would only add clutter.
        if (!filteredShown.has(server)) {
          filteredShown = new Set(filteredShown).add(server);
          out.push({ mode, server, replica: o.replica, fate: 'filtered', owner: -1, start, duration: TRIP_MS * 0.45 });
        }
      } else {
        out.push({ mode, server, replica: o.replica, fate: o.kept ? 'kept' : 'dropped', owner: o.kept ? o.replica : owner, start, duration: TRIP_MS });
      }
    }
  }
  return out;
}

/** Progress of a particle in [0, 1] at `now`, or null when not yet started or finished (with its fade). */
export function progress(p: Particle, now: number, linger = 350): number | null {
  const t = (now - p.start) / p.duration;
  if (t < 0) return null;
  if (now > p.start + p.duration + linger) return null;
  return Math.min(1, t);
}
