/**
 * The event-flow animation's model, without pixels: which particles a batch of recent events
 * becomes in each mode, where a particle is at a given time, the flow's own clock (which
 * stops when the run is paused, so the last events stay where they are), how many marks may
 * rest at one place, and the counts of one step taken from the model's snapshots. Pure, so
 * it is tested without a canvas.
 */
import type { RecentEvent, SimSnapshot } from '../../state';

/** What happens to a particle at the end of its trip. */
export type ParticleFate =
  /** Reaches its owner, which keeps it. */
  | 'kept'
  /** Reaches a replica, is decoded, then dropped by the replica's local filter (not its object). */
  | 'dropped'
  /** Stopped at the API server by the shard filter. */
  | 'filtered'
  /** A BOOKMARK: goes to every watcher, unfiltered. */
  | 'bookmark';

export interface Particle {
  readonly mode: 'client' | 'server';
  readonly server: number;
  /** Target replica; for `filtered`, the replica it would have gone to. */
  readonly replica: number;
  readonly fate: ParticleFate;
  /** Owner replica for colour (kept), or -1. */
  readonly owner: number;
  /** Start and duration on the flow's clock, ms. */
  readonly start: number;
  readonly duration: number;
  /** Rests (faded) at the end of its trip until cleared, instead of fading away (a played step). */
  readonly hold?: boolean;
}

/** Trip time of one particle on screen. */
export const TRIP_MS = 1100;
/** After its trip, a particle fades out over this long (where it stopped). */
export const FADE_MS = 450;
/** A held particle fades down to this opacity and rests there. */
export const HELD_ALPHA = 0.6;
/** At most this many events are animated per batch while playing (the rest are counted, not drawn). */
export const EVENTS_PER_BATCH = 6;
/** A step played on its own (step forward while paused) shows up to this many of its events. */
export const EVENTS_PER_STEP = 10;
/** A step played on its own takes this long on screen, from its first event leaving to its last arriving. */
export const STEP_PLAY_MS = 1500;
/** Trip time of a particle in a step played on its own. */
export const STEP_TRIP_MS = 900;
/** At most this many marks rest at one place (a filter line, a replica) at once; a count says how many there were. */
export const MARKS_PER_PLACE = 3;

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
 * The particles of one event, starting at `start` on the flow's clock. `serverOf` maps a
 * replica to its API server (per mode).
 */
export function particlesFor(
  e: RecentEvent,
  start: number,
  serverOf: (mode: 'client' | 'server', replica: number) => number,
  trip = TRIP_MS,
  hold = false,
): Particle[] {
  const out: Particle[] = [];
  const bookmark = e.type === 'BOOKMARK';
  for (const mode of ['client', 'server'] as const) {
    const outcomes = e[mode];
    const owner = outcomes.find((o) => o.kept)?.replica ?? -1;
    const filteredShown = new Set<number>();
    for (const o of outcomes) {
      const server = serverOf(mode, o.replica);
      const base = { mode, server, replica: o.replica, start, duration: trip, ...(hold ? { hold } : {}) };
      if (bookmark) {
        out.push({ ...base, fate: 'bookmark', owner: -1 });
      } else if (o.sentAs === null) {
        // One mark per server and event: the filter stops the event at the server once per
        // watcher, but drawing each separately would only add clutter (the count says how many).
        if (!filteredShown.has(server)) {
          filteredShown.add(server);
          out.push({ ...base, fate: 'filtered', owner: -1, duration: trip * 0.45 });
        }
      } else {
        out.push({ ...base, fate: o.kept ? 'kept' : 'dropped', owner: o.kept ? o.replica : owner });
      }
    }
  }
  return out;
}

/**
 * The particles of a batch while the run plays: its events leave one after another over
 * `spread` ms from `at`.
 */
export function playBatch(
  picked: readonly RecentEvent[],
  at: number,
  spread: number,
  serverOf: (mode: 'client' | 'server', replica: number) => number,
): Particle[] {
  return picked.flatMap((e, i) => particlesFor(e, at + (i * spread) / Math.max(1, picked.length), serverOf));
}

/**
 * One step played on its own (step forward while paused): its events leave one after
 * another and all have arrived {@link STEP_PLAY_MS} after `at`; they then rest where they
 * stopped (faded at a filter line, or at their replica) until the next step. Returns the
 * particles and the time the flow's clock should stop at.
 */
export function playStep(
  picked: readonly RecentEvent[],
  at: number,
  serverOf: (mode: 'client' | 'server', replica: number) => number,
): { particles: Particle[]; holdAt: number } {
  const spread = STEP_PLAY_MS - STEP_TRIP_MS;
  const n = picked.length;
  const particles = picked.flatMap((e, i) => particlesFor(e, at + (n > 1 ? (i * spread) / (n - 1) : 0), serverOf, STEP_TRIP_MS, true));
  return { particles, holdAt: at + STEP_PLAY_MS };
}

/** Progress of a particle in [0, 1] at `now`, or null when not yet started or finished (with its fade). */
export function progress(p: Particle, now: number, fade = FADE_MS): number | null {
  const t = (now - p.start) / p.duration;
  if (t < 0) return null;
  if (!p.hold && now > p.start + p.duration + fade) return null;
  return Math.min(1, t);
}

/** Opacity of a particle at `now`: 1 in flight, fading where it stopped, then gone (or resting at {@link HELD_ALPHA}). */
export function opacity(p: Particle, now: number, fade = FADE_MS): number {
  const rest = now - p.start - p.duration;
  if (rest <= 0) return 1;
  const a = 1 - rest / fade;
  return p.hold ? Math.max(HELD_ALPHA, a) : Math.max(0, a);
}

/** Where a particle rests at the end of its trip: one place per filter line or replica. */
export function placeOf(p: Particle): string {
  return p.fate === 'filtered' ? `${p.mode}:filter:${p.server}` : `${p.mode}:${p.fate}:${p.replica}`;
}

/** A particle to draw now: its progress, opacity, and its slot among the marks resting at its place. */
export interface Mark {
  readonly particle: Particle;
  readonly t: number;
  readonly alpha: number;
  /** 0 in flight; among resting marks at one place, 0..MARKS_PER_PLACE-1. */
  readonly slot: number;
}

/**
 * The marks to draw at `now`: every particle in flight (filtered ones: at most `cap` per
 * server), and at most `cap` resting at any one place (the newest), so a burst never piles
 * up into a smudge at a filter line, a box or the API server's edge.
 */
export function visibleMarks(particles: readonly Particle[], now: number, cap = MARKS_PER_PLACE): Mark[] {
  const marks: Mark[] = [];
  const resting = new Map<string, Particle[]>();
  for (const p of particles) {
    const t = progress(p, now);
    if (t === null) continue;
    if (t < 1 && p.fate !== 'filtered') {
      marks.push({ particle: p, t, alpha: 1, slot: 0 });
      continue;
    }
    // Filtered events travel only a short way, from the server to its filter: in flight
    // they are capped too, or they pile up on the server's edge.
    const key = t < 1 ? `${placeOf(p)}:flight` : placeOf(p);
    const list = resting.get(key);
    if (list) list.push(p);
    else resting.set(key, [p]);
  }
  for (const list of resting.values()) {
    // The newest arrivals stay: sort by arrival, keep the last `cap`.
    const kept = list.slice().sort((a, b) => a.start + a.duration - (b.start + b.duration)).slice(-cap);
    kept.forEach((p, slot) => {
      const t = progress(p, now)!;
      const alpha = opacity(p, now);
      if (alpha > 0) marks.push({ particle: p, t, alpha, slot: t < 1 ? 0 : slot });
    });
  }
  return marks;
}

/**
 * The flow's own clock, in ms: it follows the page's clock while the run plays, stops when
 * the run pauses (the last events stay frozen where they are), and runs up to a given time
 * when a step is played on its own, then stops again.
 */
export class FlowClock {
  private time = 0;
  private last: number | null = null;
  private running = false;
  private holdAt: number | null = null;

  /** The flow time at wall time `wall` (advancing the clock to it). */
  advance(wall: number): number {
    if (this.running && this.last !== null) {
      this.time += Math.max(0, wall - this.last);
      if (this.holdAt !== null && this.time >= this.holdAt) {
        this.time = this.holdAt;
        this.running = false;
        this.holdAt = null;
      }
    }
    this.last = wall;
    return this.time;
  }

  /** Runs with the wall clock from now on. */
  play(wall: number): void {
    this.advance(wall);
    this.running = true;
    this.holdAt = null;
  }

  /** Runs until the flow time `until`, then stops. */
  playUntil(wall: number, until: number): void {
    this.advance(wall);
    this.running = this.time < until;
    this.holdAt = this.running ? until : null;
  }

  /** Stops where it is. */
  freeze(wall: number): void {
    this.advance(wall);
    this.running = false;
    this.holdAt = null;
  }

  /** Whether the clock moves (playing, or playing a step). */
  get moving(): boolean {
    return this.running;
  }
}

/** What one step of the model did, from two consecutive snapshots. */
export interface ModeStepCounts {
  /** Watch events the replicas received (bookmarks included), all replicas together. */
  readonly sent: number;
  /** Events applied to an informer cache. */
  readonly kept: number;
  /** Events decoded and thrown away by a replica's local filter. */
  readonly dropped: number;
  /**
   * Deliveries the API servers did not make: for each watching replica, the step's events it
   * was not sent (stopped by the shard filter). Not `apiserver_watch_filtered_events_total`,
   * which counts failed shard checks (two per MODIFIED event).
   */
  readonly filtered: number;
  /** Per replica: kept and dropped. */
  readonly replicas: readonly { readonly kept: number; readonly dropped: number }[];
  /** Per API server: deliveries it withheld. */
  readonly servers: readonly number[];
}

export interface StepCounts {
  /** Simulated seconds the step covered. */
  readonly seconds: number;
  /** Events of the shared stream in the step, by type. */
  readonly events: { readonly added: number; readonly modified: number; readonly deleted: number; readonly bookmarks: number };
  readonly total: number;
  readonly client: ModeStepCounts;
  readonly server: ModeStepCounts;
}

/**
 * The counts of the step from `prev` to `next`: the stream's events (the model's own
 * `churn.lastStep`) and, per mode, the differences of the replicas' and API servers'
 * counters. Null when the two snapshots are not one step apart (a first frame, a step back,
 * a new cluster or a changed replica or server count), since the counters then do not
 * describe one step.
 */
export function stepCounts(prev: SimSnapshot | null, next: SimSnapshot): StepCounts | null {
  if (!prev || next.time <= prev.time) return null;
  const e = next.churn.lastStep;
  const total = e.added + e.modified + e.deleted + e.bookmarks;
  const mode = (m: 'client' | 'server'): ModeStepCounts | null => {
    const a = prev.modes[m];
    const b = next.modes[m];
    if (a.replicas.length !== b.replicas.length || a.apiServers.length !== b.apiServers.length) return null;
    const replicas = b.replicas.map((r, i) => {
      const before = a.replicas[i]!.counters;
      const received = r.counters.eventsReceived - before.eventsReceived;
      return {
        received,
        kept: r.counters.eventsKept - before.eventsKept,
        dropped: r.counters.eventsDiscarded - before.eventsDiscarded,
        // What its API server did not send it: stopped by the shard filter (a replica that
        // is down is not watching, so nothing is filtered for it).
        withheld: r.status === 'ok' ? Math.max(0, total - received) : 0,
        server: r.apiServer,
      };
    });
    // Counters restart when the replicas reconnect with a new configuration: not one step.
    if (replicas.some((r) => r.received < 0 || r.kept < 0 || r.dropped < 0)) return null;
    const sum = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0);
    const servers = b.apiServers.map((_, i) => sum(replicas.filter((r) => r.server === i).map((r) => r.withheld)));
    return {
      sent: sum(replicas.map((r) => r.received)),
      kept: sum(replicas.map((r) => r.kept)),
      dropped: sum(replicas.map((r) => r.dropped)),
      filtered: sum(servers),
      replicas: replicas.map(({ kept, dropped }) => ({ kept, dropped })),
      servers,
    };
  };
  const client = mode('client');
  const server = mode('server');
  if (!client || !server) return null;
  return {
    seconds: next.time - prev.time,
    events: { ...e },
    total,
    client,
    server,
  };
}
