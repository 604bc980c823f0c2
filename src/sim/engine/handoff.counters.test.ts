import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput, Mode } from '../params';
import type { ReshardEvent } from '../params';
import type { HandoffSummary } from '../time';
import type { SimSnapshot } from '../report';

const PODS = 20_000;
const AT = 15;
/** No churn: the only LISTs are the initial ones and the reshard's relists (LIST then WATCH, to count requests). */
const still: SimParamsInput = {
  cluster: { pods: PODS },
  // The pod restarts at once (podRestartSeconds 0): each relist comes at its restart time.
  replicas: { initialList: 'list', podRestartSeconds: 0 },
  seriesCapacity: 1_000,
  churn: { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } },
};

function run(strategy: ReshardEvent['strategy'], rollout: ReshardEvent['rollout'], until: number) {
  const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy, rollout }] });
  sim.step(AT - 1);
  const before = sim.snapshot();
  sim.step(until - (AT - 1));
  return { sim, before, after: sim.snapshot() };
}

const handoffOf = (s: SimSnapshot, m: Mode): HandoffSummary => s.handoff.reshards.find((h) => h.mode === m)!;

/** Per replica: LIST bytes and LIST requests made since `before` (0 for a replica that did not exist). */
function listDeltas(before: SimSnapshot, after: SimSnapshot, m: Mode) {
  return after.modes[m].replicas.map((r, i) => {
    const b = before.modes[m].replicas[i]?.counters;
    return { bytes: r.counters.listBytes - (b?.listBytes ?? 0), requests: r.counters.listRequests - (b?.listRequests ?? 0) };
  });
}

describe('the engines count a reshard relist exactly as the hand-off report does', () => {
  it('range splitting 4 -> 5: only replica 0 and the new replica 4 relist; replicas 1 to 3 keep their LIST counters', () => {
    const { before, after } = run('range-splitting', { kind: 'all-at-once' }, AT + 30);
    for (const m of ['client', 'server'] as const) {
      const h = handoffOf(after, m);
      const d = listDeltas(before, after, m);
      expect(d.map((x) => x.requests)).toEqual(h.replicas.map((r) => (r.restartAt !== null ? 1 : 0)));
      expect(d.map((x) => x.bytes)).toEqual(h.replicas.map((r) => r.listBytes));
      if (m === 'server') expect(d.map((x) => x.requests)).toEqual([1, 0, 0, 0, 1]);
    }
  });

  it('one by one every 20 s: each replica relists at its own restart time, not at the event', () => {
    const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 20 } }] });
    sim.step(AT - 1);
    const before = sim.snapshot();
    // Restarts at 15 (replica 4), 35 (3), 55 (2), 75 (1), 95 (0).
    sim.step(AT + 30 - (AT - 1));
    const mid = sim.snapshot();
    for (const m of ['client', 'server'] as const) expect(listDeltas(before, mid, m).map((x) => x.requests)).toEqual([0, 0, 0, 1, 1]);
    sim.step(70);
    const after = sim.snapshot();
    for (const m of ['client', 'server'] as const) {
      const h = handoffOf(after, m);
      expect(h.replicas.map((r) => r.restartAt)).toEqual([95, 75, 55, 35, 15]);
      const d = listDeltas(before, after, m);
      expect(d.map((x) => x.requests)).toEqual([1, 1, 1, 1, 1]);
      expect(d.map((x) => x.bytes)).toEqual(h.replicas.map((r) => r.listBytes));
      // The API servers served exactly these LISTs.
      const egress = (s: SimSnapshot) => s.modes[m].apiServers.reduce((a, x) => a + x.listRequests, 0);
      expect(egress(after) - egress(before)).toBe(5);
    }
  });
});

describe('a reshard relist is counted at the tick its replica restarts', () => {
  // A snapshot at time t holds the ticks before t; what happens at t (a reshard, a restart) is
  // in from the snapshot one tick later.
  const TICK = 0.01;
  const lists = (s: SimSnapshot, m: Mode) => ({
    requests: s.modes[m].replicas.map((r) => r.counters.listRequests),
    bytes: s.modes[m].replicas.map((r) => r.counters.listBytes),
    served: s.modes[m].apiServers.reduce((a, x) => a + x.listRequests, 0),
    reshardRelists: s.modes[m].lifecycle.relists.reshard,
  });

  it('one by one every 20 s: each LIST is in the counters from its restart tick on, not a tick later, and not before', () => {
    const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 20 } }] });
    sim.step(AT);
    const start = sim.snapshot();
    expect(start.handoff.reshards).toEqual([]);
    // The reshard's tick: replica 4 is new and LISTs at once, the others wait for their turn.
    sim.step(TICK);
    const atReshard = sim.snapshot();
    for (const m of ['client', 'server'] as const) {
      const h = handoffOf(atReshard, m);
      // A StatefulSet: the new replica first, then from the highest index down.
      expect(h.replicas.map((r) => r.restartAt)).toEqual([AT + 80, AT + 60, AT + 40, AT + 20, AT]);
      const before = lists(start, m);
      const now = lists(atReshard, m);
      expect(now.requests).toEqual([1, 1, 1, 1, 1]);
      expect(now.bytes).toEqual([...before.bytes, h.replicas[4]!.listBytes]);
      expect(now.served).toBe(before.served + 1);
      expect(now.reshardRelists).toBe(1);
    }
    // Replica 3 restarts at 35 s: not yet in the snapshot at 35, in it one tick later.
    sim.step(AT + 20 - sim.snapshot().time);
    const justBefore = sim.snapshot();
    sim.step(TICK);
    const atRestart = sim.snapshot();
    for (const m of ['client', 'server'] as const) {
      const h = handoffOf(atRestart, m);
      expect(h.replicas[3]!.restartAt).toBe(AT + 20);
      const was = lists(justBefore, m);
      const now = lists(atRestart, m);
      expect(was.requests).toEqual([1, 1, 1, 1, 1]);
      expect(now.requests).toEqual([1, 1, 1, 2, 1]);
      expect(now.bytes[3]! - was.bytes[3]!).toBe(h.replicas[3]!.listBytes);
      expect(now.served).toBe(was.served + 1);
      expect(now.reshardRelists).toBe(was.reshardRelists + 1);
    }
  });

  it('all at once: every replica whose selector changes has relisted in the snapshot one tick after the reshard', () => {
    const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] });
    sim.step(AT);
    const start = sim.snapshot();
    sim.step(TICK);
    const s = sim.snapshot();
    for (const m of ['client', 'server'] as const) {
      const h = handoffOf(s, m);
      expect(h.replicas.map((r) => r.restartAt)).toEqual([AT, AT, AT, AT, AT]);
      expect(lists(s, m).requests).toEqual([2, 2, 2, 2, 1]);
      expect(lists(s, m).bytes).toEqual(h.replicas.map((r, i) => (lists(start, m).bytes[i] ?? 0) + r.listBytes));
      expect(lists(s, m).served).toBe(lists(start, m).served + 5);
      expect(lists(s, m).reshardRelists).toBe(5);
    }
  });
});

describe('a reshard relist is a relist like any other (relists per mode and cause)', () => {
  it('counts under the cause "reshard" with the bytes the hand-off report gives, at each restart', () => {
    for (const [strategy, rollout] of [
      ['range-splitting', { kind: 'all-at-once' }],
      ['equal-ranges', { kind: 'one-by-one', everySeconds: 20 }],
    ] as const) {
      const { after } = run(strategy, rollout, AT + 100);
      for (const m of ['client', 'server'] as const) {
        const h = handoffOf(after, m);
        const life = after.modes[m].lifecycle;
        expect(life.relists.reshard).toBe(h.replicas.filter((r) => r.restartAt !== null).length);
        expect(life.relistBytes.reshard).toBeCloseTo(h.replicas.reduce((a, r) => a + r.listBytes, 0), 6);
        expect(life.relists.restart + life.relists.gone + life.relists.error).toBe(0);
      }
    }
  });

  it('charts its bytes in the relist series, at the restart time', () => {
    const { after } = run('equal-ranges', { kind: 'one-by-one', everySeconds: 20 }, AT + 100);
    const s = after.modes.server.series;
    // Replica 4 restarts at the event (15 s), replica 3 at 35 s: the relist rate is non-zero
    // in the rate window after each restart and zero before the first.
    const at = (t: number) => s.relistBytesPerSec[s.t.findIndex((x) => x >= t)]!;
    expect(at(AT - 1)).toBe(0);
    expect(at(AT + 1)).toBeGreaterThan(0);
    expect(at(AT + 20 + 1)).toBeGreaterThan(0);
  });
});

describe('the series run through a reshard', () => {
  it('keeps the series from the start across the reshard; per-replica series grow to the new count', () => {
    const { after } = run('equal-ranges', { kind: 'one-by-one', everySeconds: 20 }, 120);
    const s = after.modes.client.series;
    expect(s.t[0]).toBe(0);
    expect(s.t.at(-1)).toBe(120);
    // One sample a second from 0 to 120, and one right after the reshard's change at 15 s.
    expect(s.t).toHaveLength(121 + 1);
    for (let k = 1; k < s.t.length; k++) expect(s.t[k]!).toBeGreaterThanOrEqual(s.t[k - 1]!);
    expect(s.replicaBytesPerSec).toHaveLength(5);
    for (const row of s.replicaBytesPerSec) expect(row).toHaveLength(s.t.length);
    expect(s.egressBytesPerSec).toHaveLength(s.t.length);
  });

  it.each([
    ['equal ranges, one by one (the removed replica stops first)', 'equal-ranges', { kind: 'one-by-one', everySeconds: 20 }],
    ['range splitting, all at once (two replicas keep their ranges)', 'range-splitting', { kind: 'all-at-once' }],
    ['equal ranges, new first (the removed replica stops last)', 'equal-ranges', { kind: 'new-first', everySeconds: 20 }],
  ] as const)('4 -> 3, %s: the relist chart adds up to the relist bytes, and the removed replica adds nothing', (_, strategy, rollout) => {
    const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 3, strategy, rollout }] });
    sim.step(120);
    const after = sim.snapshot();
    for (const m of ['client', 'server'] as const) {
      const h = handoffOf(after, m);
      const s = after.modes[m].series;
      const life = after.modes[m].lifecycle;
      expect(after.modes[m].replicas).toHaveLength(3);
      // The removed replica (index 3) stops: it makes no LIST.
      const removed = h.replicas[3]!;
      expect(removed.restartAt).not.toBeNull();
      expect(removed.listBytes).toBe(0);
      const listed = h.replicas.filter((r) => r.index < 3 && r.restartAt !== null);
      expect(listed.length).toBeGreaterThan(0);
      expect(h.relists).toBe(listed.length);
      expect(life.relists.reshard).toBe(listed.length);
      const total = listed.reduce((a, r) => a + r.listBytes, 0);
      expect(h.relistBytes).toBe(total);
      expect(life.relistBytes.reshard).toBe(total);
      // The series holds the whole run (seriesCapacity), one value per sample interval: it sums to the same bytes.
      expect(s.t[0]).toBe(0);
      expect(s.relistBytes.reduce((a, b) => a + b, 0)).toBe(total);
      // Each LIST in the interval of its replica's restart; the removed replica's stop adds nothing.
      s.t.forEach((t, k) => {
        const t0 = k > 0 ? s.t[k - 1]! : -Infinity;
        const due = listed.filter((r) => r.restartAt! > t0 && r.restartAt! <= t).reduce((a, r) => a + r.listBytes, 0);
        expect(s.relistBytes[k], `${m} at ${t}`).toBe(due);
      });
    }
  });

  it('shows each relist spike in the bytes series at that replica restart time, not at the event', () => {
    const { after } = run('equal-ranges', { kind: 'one-by-one', everySeconds: 20 }, 120);
    for (const m of ['client', 'server'] as const) {
      const s = after.modes[m].series;
      const h = handoffOf(after, m);
      for (const r of h.replicas) {
        const row = s.replicaBytesPerSec[r.index]!;
        // With no churn a replica receives LIST-sized bytes only in the rate window (10 s)
        // after a LIST (a bookmark a minute is a few hundred bytes).
        const spike = r.listBytes / after.params.rateWindowSeconds / 2;
        const busy = s.t.map((t, k) => (row[k]! > spike ? t : null)).filter((t): t is number => t !== null && t > AT - 0.5);
        expect(busy.length).toBeGreaterThan(0);
        expect(Math.min(...busy)).toBeGreaterThanOrEqual(r.restartAt!);
        expect(Math.min(...busy)).toBeLessThanOrEqual(r.restartAt! + 1);
      }
      // The aggregate egress series holds the spikes too, before and after the reshard.
      const egressAt = (t: number) => s.egressBytesPerSec[s.t.indexOf(t)]!;
      expect(egressAt(AT + 21)).toBeGreaterThan(egressAt(AT + 19));
    }
  });
});

describe('objects created during the hand-off window', () => {
  it('all at once, adds only: each object created before the new owners sync is orphaned until they do (closed form)', () => {
    const sim = createSimulation({
      cluster: { pods: 4_000 },
      churn: { addsPerSecond: 2_000, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } },
      schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }],
    });
    sim.step(AT);
    // Tick by tick through the window: the adds of each 10 ms tick and their creation time.
    // Only adds, so the live count grows by each tick's adds (the hash-space view counts it
    // cheaply; a whole snapshot per tick made this test take a minute on a busy machine).
    const created: { t: number; n: number }[] = [];
    let live = sim.hashSpace().count;
    let t = sim.time;
    sim.step(0.01);
    // The hand-off's plan is fixed when the reshard fires: when the new owners sync is known.
    const synced = handoffOf(sim.snapshot(), 'client').replicas[0]!.syncedAt!;
    for (;;) {
      const now = sim.hashSpace().count;
      created.push({ t, n: now - live });
      live = now;
      if (sim.time >= synced + 0.05) break;
      t = sim.time;
      sim.step(0.01);
    }
    sim.step(1);
    const h = handoffOf(sim.snapshot(), 'client');
    // Client-side every replica relists the whole collection at the event and syncs L later.
    expect(h.replicas.every((r) => r.syncedAt === synced)).toBe(true);
    const L = synced - AT;
    expect(L).toBeGreaterThan(0.3);
    let expected = h.objects * L;
    let inWindow = 0;
    for (const c of created) {
      if (c.t < synced) {
        expected += c.n * (synced - c.t);
        inWindow += c.n;
      }
    }
    expect(inWindow).toBeGreaterThan(500);
    expect(h.orphanObjectSeconds).toBeCloseTo(expected, 6);
    expect(h.duplicateObjectSeconds).toBe(0);
    expect(h.settleSeconds).toBeCloseTo(L, 9);
    // Over time: just before the sync every object live then is orphaned, created ones included.
    expect(h.peakOrphans).toBe(h.objects + inWindow);
  }, 60_000);
});

describe('selectors typed after a reshard', () => {
  const schedule: SimParamsInput['schedule'] = [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }];
  const typed = "shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000')";

  it('apply to the running layout: an edit of one replica keeps the five replicas of the reshard', () => {
    const sim = createSimulation({ ...still, schedule });
    sim.step(AT + 5);
    const running = sim.snapshot().modes.server.replicas.map((r) => r.selector!);
    expect(running).toHaveLength(5);
    const selectors = running.map((text, i) => ({ kind: 'text' as const, text: i === 0 ? typed : text }));
    sim.reconfigure({ replicas: { count: 5, selectors } });
    sim.step(5);
    const s = sim.snapshot();
    expect(s.modes.server.replicas.map((r) => r.selector)).toEqual([typed, ...running.slice(1)]);
    // The edit is a reconfigure after the reshard: a seek back to after it replays it, in that order.
    sim.seek(AT + 8);
    expect(sim.snapshot().modes.server.replicas.map((r) => r.selector)).toEqual([typed, ...running.slice(1)]);
  });

  it('leave the reshard layout alone when something else changes', () => {
    const sim = createSimulation({ ...still, schedule });
    sim.step(AT + 5);
    const running = sim.snapshot().modes.server.replicas.map((r) => r.selector);
    sim.reconfigure({ sizes: { encoding: 'protobuf' } });
    expect(sim.snapshot().modes.server.replicas.map((r) => r.selector)).toEqual(running);
  });
});

describe('a layout of another count typed after a reshard', () => {
  it('leaves the running layout of the reshard (a form that still holds the start layout cannot undo it)', () => {
    const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] });
    sim.step(AT + 5);
    const running = sim.snapshot().modes.server.replicas.map((r) => r.selector);
    sim.reconfigure({ replicas: { count: 4, selectors: [{ kind: 'text', text: "shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000')" }, null, null, null] } });
    expect(sim.snapshot().modes.server.replicas.map((r) => r.selector)).toEqual(running);
  });
});
