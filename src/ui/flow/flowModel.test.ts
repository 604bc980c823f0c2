import { describe, expect, it } from 'vitest';
import { defaultSimParams, STEP_SECONDS, toSimInput, type RecentEvent } from '../../state';
import { createSimulation } from '../../sim';
import { flowLayout, particleAt } from './flowLayout';
import {
  EVENTS_PER_BATCH,
  FADE_MS,
  FlowClock,
  HELD_ALPHA,
  MARKS_PER_PLACE,
  STEP_PLAY_MS,
  opacity,
  particlesFor,
  placeOf,
  playBatch,
  playStep,
  progress,
  sampleEvents,
  stepCounts,
  visibleMarks,
} from './flowModel';

function event(type: RecentEvent['type'], owner: number, replicas = 4, rv = '1'): RecentEvent {
  const outcomes = (mode: 'client' | 'server') =>
    Array.from({ length: replicas }, (_, r) => ({
      replica: r,
      sentAs: type === 'BOOKMARK' || mode === 'client' || r === owner ? type : null,
      kept: type !== 'BOOKMARK' && r === owner,
    }));
  return {
    resourceVersion: rv,
    type,
    object: type === 'BOOKMARK' ? null : { name: 'p', namespace: 'ns', uid: 'u', uidHash: '0x0000000000000000', position: 0 },
    bytes: 1000,
    client: outcomes('client'),
    server: outcomes('server'),
  };
}

describe('event flow model', () => {
  it('client-side: an event reaches every replica; its owner keeps it, the others drop it', () => {
    const ps = particlesFor(event('MODIFIED', 2), 0, () => 0).filter((p) => p.mode === 'client');
    expect(ps).toHaveLength(4);
    expect(ps.filter((p) => p.fate === 'kept').map((p) => p.replica)).toEqual([2]);
    expect(ps.filter((p) => p.fate === 'dropped')).toHaveLength(3);
  });

  it('server-side: the event goes to its owner only and stops at the server for the rest', () => {
    const ps = particlesFor(event('MODIFIED', 1), 0, () => 0).filter((p) => p.mode === 'server');
    expect(ps.filter((p) => p.fate === 'kept').map((p) => p.replica)).toEqual([1]);
    expect(ps.filter((p) => p.fate === 'dropped')).toHaveLength(0);
    expect(ps.filter((p) => p.fate === 'filtered')).toHaveLength(1);
  });

  it('bookmarks go to every replica in both modes', () => {
    const ps = particlesFor(event('BOOKMARK', -1), 0, () => 0);
    expect(ps.filter((p) => p.fate === 'bookmark')).toHaveLength(8);
  });

  it('samples a burst down to a few events but keeps every bookmark', () => {
    const burst = Array.from({ length: 200 }, (_, i) => event('ADDED', i % 4, 4, String(i)));
    burst.push(event('BOOKMARK', -1, 4, '201'));
    const picked = sampleEvents(burst);
    expect(picked).toHaveLength(EVENTS_PER_BATCH);
    expect(picked.filter((e) => e.type === 'BOOKMARK')).toHaveLength(1);
  });

  it('a particle is visible from its start until its trip and fade are over', () => {
    const p = particlesFor(event('ADDED', 0), 1000, () => 0)[0]!;
    expect(progress(p, 999)).toBeNull();
    expect(progress(p, 1000)).toBe(0);
    expect(progress(p, 1000 + p.duration)).toBe(1);
    expect(progress(p, 1000 + p.duration + 1000)).toBeNull();
  });
});

// An event flow that explains (freeze, step playback, fade at the filter line, cap, counts)
describe('event flow: frozen when paused, one step at a time', () => {
  const serverOf = () => 0;

  it('a paused flow keeps its events where they were: the clock stops, nothing moves or fades', () => {
    const clock = new FlowClock();
    clock.play(0);
    const ps = playBatch([event('MODIFIED', 1), event('ADDED', 2)], clock.advance(0), 250, serverOf);
    const at = clock.advance(500);
    const before = visibleMarks(ps, at);
    clock.freeze(500);
    const later = visibleMarks(ps, clock.advance(60_000));
    expect(before.length).toBeGreaterThan(0);
    expect(later).toEqual(before);
  });

  it('without a freeze the same events are gone once their trip and fade are over', () => {
    const clock = new FlowClock();
    clock.play(0);
    const ps = playBatch([event('MODIFIED', 1)], clock.advance(0), 250, serverOf);
    expect(visibleMarks(ps, clock.advance(60_000))).toEqual([]);
  });

  it('a step forward plays exactly its events over about 1.5 s, then freezes with them resting in view', () => {
    const clock = new FlowClock();
    clock.freeze(0);
    const events = [event('MODIFIED', 0, 4, '1'), event('ADDED', 1, 4, '2'), event('DELETED', 3, 4, '3')];
    const at = clock.advance(1000);
    const { particles, holdAt } = playStep(events, at, serverOf);
    clock.playUntil(1000, holdAt);
    expect(holdAt - at).toBe(STEP_PLAY_MS);
    // Each event: 4 client-side particles, 1 kept + 1 filtered mark server-side.
    expect(particles).toHaveLength(3 * (4 + 2));
    expect(Math.min(...particles.map((p) => p.start))).toBe(at);
    expect(Math.max(...particles.map((p) => p.start + p.duration))).toBeLessThanOrEqual(holdAt);
    // Halfway some are in flight.
    const mid = visibleMarks(particles, clock.advance(1000 + STEP_PLAY_MS / 2));
    expect(mid.some((m) => m.t > 0 && m.t < 1)).toBe(true);
    // Then the clock stops at holdAt: every event has arrived and rests, faded but visible.
    expect(clock.advance(1000 + STEP_PLAY_MS + 5000)).toBe(holdAt);
    expect(clock.moving).toBe(false);
    const end = visibleMarks(particles, clock.advance(1000 + STEP_PLAY_MS + 60_000));
    expect(end.length).toBeGreaterThan(0);
    expect(end.every((m) => m.t === 1 && m.alpha >= HELD_ALPHA)).toBe(true);
  });

  it('a filtered event stops at the API server’s shard filter and fades there instead of accumulating', () => {
    const layout = flowLayout(480, 280, 1, 4);
    const p = particlesFor(event('MODIFIED', 1), 0, serverOf).find((x) => x.mode === 'server' && x.fate === 'filtered')!;
    const end = p.start + p.duration;
    const at = particleAt(p, 1, 1, layout)!;
    expect(at.x).toBeLessThan(layout.serverFilterX);
    expect(at.x).toBeGreaterThan(layout.serverFilterX - 3 * layout.dot);
    expect(opacity(p, end)).toBe(1);
    expect(opacity(p, end + FADE_MS / 2)).toBeCloseTo(0.5);
    expect(visibleMarks([p], end + FADE_MS + 1)).toEqual([]);
  });

  it('client-side, an event not owned stops at the replica’s local filter and fades there', () => {
    const layout = flowLayout(480, 280, 1, 4);
    const p = particlesFor(event('MODIFIED', 1), 0, serverOf).find((x) => x.mode === 'client' && x.fate === 'dropped')!;
    const at = particleAt(p, 1, 1, layout)!;
    expect(at.x).toBeLessThan(layout.localFilterX);
    expect(at.x).toBeGreaterThan(layout.localFilterX - 3 * layout.dot);
    expect(visibleMarks([p], p.start + p.duration + FADE_MS + 1)).toEqual([]);
  });

  it('caps the marks resting at one place, however many events stop there at once', () => {
    const burst = Array.from({ length: 40 }, (_, i) => event('MODIFIED', i % 4, 4, String(i)));
    const ps = burst.flatMap((e) => particlesFor(e, 0, serverOf));
    const stop = ps.find((p) => p.fate === 'filtered')!;
    const marks = visibleMarks(ps, stop.start + stop.duration + 10);
    const byPlace = new Map<string, number>();
    for (const m of marks) if (m.t === 1) byPlace.set(placeOf(m.particle), (byPlace.get(placeOf(m.particle)) ?? 0) + 1);
    expect(byPlace.get('server:filter:0')).toBe(MARKS_PER_PLACE);
    expect(Math.max(...byPlace.values())).toBeLessThanOrEqual(MARKS_PER_PLACE);
    // Every resting mark at one place gets its own slot, so none is drawn over another.
    const slots = marks.filter((m) => placeOf(m.particle) === 'server:filter:0').map((m) => m.slot);
    expect(new Set(slots).size).toBe(slots.length);
    // In flight too: 40 events leaving at once are not 40 rings on the server's edge.
    const flying = visibleMarks(ps, stop.start + stop.duration / 2).filter((m) => m.particle.fate === 'filtered');
    expect(flying).toHaveLength(MARKS_PER_PLACE);
  });
});

describe('event flow: the counts of one step are the model’s', () => {
  const sim = () => createSimulation(toSimInput(defaultSimParams()));

  it('equal the step’s churn and, per mode, the replicas’ sent, kept and dropped counters', () => {
    const s = sim();
    s.step(STEP_SECONDS);
    const prev = s.snapshot();
    s.step(STEP_SECONDS);
    const next = s.snapshot();
    const c = stepCounts(prev, next)!;
    expect(c.seconds).toBeCloseTo(STEP_SECONDS);
    expect(c.events).toEqual(next.churn.lastStep);
    const delta = (m: 'client' | 'server', k: 'eventsReceived' | 'eventsKept' | 'eventsDiscarded') =>
      next.modes[m].replicas.reduce((a, r, i) => a + r.counters[k] - prev.modes[m].replicas[i]!.counters[k], 0);
    for (const m of ['client', 'server'] as const) {
      expect(c[m].sent).toBe(delta(m, 'eventsReceived'));
      expect(c[m].kept).toBe(delta(m, 'eventsKept'));
      expect(c[m].dropped).toBe(delta(m, 'eventsDiscarded'));
      expect(c[m].replicas.map((r) => r.kept).reduce((a, b) => a + b, 0)).toBe(c[m].kept);
    }
    // From first principles: client-side every replica is sent every event, and keeps only
    // its own; server-side the filter withholds the rest, so sent + filtered = events x replicas.
    const replicas = next.modes.client.replicas.length;
    expect(c.total).toBeGreaterThan(0);
    expect(c.client.sent).toBe(c.total * replicas);
    expect(c.client.filtered).toBe(0);
    expect(c.server.sent + c.server.filtered).toBe(c.total * replicas);
    // Sharded by uid (never changes), every object event goes to its one owner; bookmarks to all.
    const objectEvents = c.total - c.events.bookmarks;
    expect(c.server.sent).toBe(objectEvents + c.events.bookmarks * replicas);
    expect(c.server.filtered).toBe(objectEvents * (replicas - 1));
    expect(c.server.kept).toBe(c.client.kept);
    expect(c.server.dropped).toBe(0);
  });

  it('agree with the step’s own events when the step is small enough to list them all', () => {
    const s = createSimulation(toSimInput({ ...defaultSimParams(), addedPerSec: 8, modifiedPerSec: 40, deletedPerSec: 8 }));
    s.step(STEP_SECONDS);
    const prev = s.snapshot();
    s.step(STEP_SECONDS);
    const next = s.snapshot();
    const c = stepCounts(prev, next)!;
    const events = s.recentEvents(c.total);
    expect(c.total).toBeLessThan(30);
    expect(events).toHaveLength(c.total);
    for (const m of ['client', 'server'] as const) {
      const outcomes = events.flatMap((e) => e[m]);
      expect(outcomes.filter((o) => o.sentAs !== null)).toHaveLength(c[m].sent);
      expect(outcomes.filter((o) => o.kept)).toHaveLength(c[m].kept);
    }
  });

  it('are withheld when the snapshots are not one step apart (first frame, step back)', () => {
    const s = sim();
    s.step(STEP_SECONDS);
    const a = s.snapshot();
    s.step(STEP_SECONDS);
    const b = s.snapshot();
    expect(stepCounts(null, b)).toBeNull();
    expect(stepCounts(b, a)).toBeNull();
  });
});
