/**
 * What the narration says is true of the model: every figure a story's text states (a
 * quarter, three quarters, doubles, one stream, far more than its share, duplicates, nothing
 * received) is checked here against the simulation and its closed form at that step's state.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../sim';
import { toSimInput } from '../state/toSim';
import { resolveStep, storyById } from './index';
import type { StoryId } from './types';

function run(id: StoryId, step: number, seconds = 10) {
  const sim = createSimulation(toSimInput(resolveStep(storyById(id)!, step - 1)!.params));
  sim.step(seconds);
  return sim.snapshot();
}

const maxShare = (s: ReturnType<typeof run>) => Math.max(...s.modes.server.replicas.map((r) => r.ownedShare));

describe('the stories’ narration matches the model', () => {
  it('problem 1: each of four replicas owns about a quarter, and client-side receives the whole stream', () => {
    const s = run('problem', 1);
    for (const r of s.modes.server.replicas) expect(Math.abs(r.ownedShare - 0.25)).toBeLessThan(0.03);
    const perReplica = s.closedForm.client.replicaEventsPerSec;
    // The whole stream, plus the bookmarks every watcher gets.
    for (const e of perReplica) expect(Math.abs(e / s.closedForm.streamEventsPerSec - 1)).toBeLessThan(0.01);
  });

  it('problem 3: eight replicas double the client-side total of four', () => {
    const four = run('problem', 1).closedForm.client.egressBytesPerSec;
    const eight = run('problem', 3).closedForm.client.egressBytesPerSec;
    expect(eight / four).toBeGreaterThan(1.9);
    expect(eight / four).toBeLessThan(2.1);
  });

  it('saving 2: server-side saves about three quarters of the decoding with four replicas', () => {
    const s = run('saving', 2);
    const cpu = (m: 'client' | 'server') => s.closedForm[m].replicaCpuCores.reduce((a, b) => a + b, 0);
    const saved = 1 - cpu('server') / cpu('client');
    expect(saved).toBeGreaterThan(0.68);
    expect(saved).toBeLessThan(0.8);
  });

  it('saving 3: filtering in handlers, client-side caches take about four times the memory of server-side', () => {
    const s = run('saving', 3);
    const ratio = s.modes.client.totals.cacheBytes / s.modes.server.totals.cacheBytes;
    expect(ratio).toBeGreaterThan(3.6);
    expect(ratio).toBeLessThan(4.4);
  });

  it('saving 4: sixteen replicas get sixteen streams client-side, about one server-side', () => {
    const s = run('saving', 4);
    const stream = s.closedForm.client.egressBytesPerSec / 16;
    expect(s.closedForm.server.egressBytesPerSec / stream).toBeGreaterThan(0.95);
    expect(s.closedForm.server.egressBytesPerSec / stream).toBeLessThan(1.3);
  });

  it('fallback 3: trusting an unfiltered stream makes duplicates; 2 falls back without any', () => {
    expect(run('fallback', 2).modes.server.audit.duplicates).toBe(0);
    expect(run('fallback', 3).modes.server.audit.duplicates).toBeGreaterThan(0);
    expect(run('fallback', 1).modes.server.replicas.every((r) => !r.shardInfoSeen)).toBe(true);
  });

  it('fallback 4: replicas on the gated server see shardInfo, the others fall back without duplicates', () => {
    const s = run('fallback', 4);
    expect(s.modes.server.replicas.map((r) => r.shardInfoSeen)).toEqual([true, false, true, false]);
    expect(s.modes.server.audit.duplicates).toBe(0);
  });

  it('mechanism 4: two replicas with two interleaved quarters each own about half, with no gap', () => {
    const s = run('mechanism', 4);
    for (const r of s.modes.server.replicas) expect(Math.abs(r.ownedShare - 0.5)).toBeLessThan(0.03);
    expect(s.modes.server.audit.gaps).toBe(0);
    expect(s.modes.server.replicas.every((r) => r.ranges.length === 2)).toBe(true);
  });

  it('hot namespaces 2: one replica owns far more than its quarter; 3 (uid) about a quarter each', () => {
    expect(maxShare(run('hot-namespaces', 2))).toBeGreaterThan(0.5);
    expect(maxShare(run('hot-namespaces', 3))).toBeLessThan(0.28);
  });

  it('refused 1: the server answers HTTP 500 and replica-0 receives nothing; 3 (gate off) ignores it', () => {
    const s = run('refused', 1);
    const r0 = s.modes.server.replicas[0]!;
    expect(r0.error?.httpStatus).toBe(500);
    expect(r0.error?.message).toMatch(/^invalid shard selector: hexStart must be a 0x-prefixed 16-digit hex value/);
    expect(r0.cacheObjects).toBe(0);
    expect(run('refused', 2).modes.server.replicas[0]!.error?.message).toMatch(/expression kind 3$/);
    const off = run('refused', 3).modes.server.replicas[0]!;
    expect(off.error?.httpStatus ?? null).toBeNull();
    expect(off.shardInfoSeen).toBe(false);
    // The client, left to filter on its side, cannot parse the selector either: it stops.
    expect(off.status).toBe('error');
  });

  describe('resharding (4 -> 5 at 5 s, 100,000 objects)', () => {
    // One run per step, to 45 s: past every hand-off (the slowest settles about 35 s after 5 s).
    const memo = new Map<number, ReturnType<typeof run>>();
    const at = (n: number) => memo.get(n) ?? memo.set(n, run('resharding', n, 45)).get(n)!;
    const of = (n: number, mode: 'client' | 'server') => at(n).handoff.reshards.find((h) => h.mode === mode)!;

    it('1: equal ranges move about half the objects, in both modes', () => {
      // Closed form: floor(4x) = floor(5x) on [k/4, (k+1)/5), k = 0..3: (4+3+2+1)/20 = 1/2 stays.
      for (const m of ['client', 'server'] as const) expect(Math.abs(of(1, m).movedFraction - 0.5)).toBeLessThan(0.01);
      expect(of(1, 'client')).toMatchObject({ from: 4, to: 5, at: 5, strategy: 'equal-ranges' });
      expect(at(1).modes.server.replicas).toHaveLength(5);
    });

    it('1 (answer): a fifth is the least that can move, the share the fifth replica owns', () => {
      expect(Math.abs(of(2, 'client').movedFraction - 1 / 5)).toBeLessThan(0.01);
    });

    it('2: jump hash moves about 20 % client-side; server-side re-splits into equal ranges and moves about 50 %', () => {
      // Jump hash moves an object from bucket j < 4 to 4 with probability 1/5 and never between old buckets.
      expect(of(2, 'client').strategy).toBe('jump-hash');
      expect(Math.abs(of(2, 'client').movedFraction - 0.2)).toBeLessThan(0.01);
      expect(of(2, 'server').strategy).toBe('equal-ranges');
      expect(Math.abs(of(2, 'server').movedFraction - 0.5)).toBeLessThan(0.01);
    });

    it('3: all at once, no object has an owner for about 10 s client-side (one 490 MB LIST) and about 2 s server-side', () => {
      const c = of(3, 'client');
      const s = of(3, 'server');
      // Every object live at the reshard is orphaned (and those created during the window too).
      expect(c.peakOrphans).toBeGreaterThanOrEqual(c.objects);
      const list = c.relistBytes / 5;
      expect(list / 1e6).toBeGreaterThan(470);
      expect(list / 1e6).toBeLessThan(510);
      // A LIST takes 0.05 s + bytes / 50 MB/s: about 9.8 s for the whole collection.
      expect(Math.abs(c.settleSeconds - (0.05 + list / 50e6))).toBeLessThan(0.1);
      expect(c.settleSeconds).toBeGreaterThan(9);
      expect(c.settleSeconds).toBeLessThan(11);
      expect(s.settleSeconds).toBeGreaterThan(1.5);
      expect(s.settleSeconds).toBeLessThan(2.5);
      expect(c.duplicateObjectSeconds).toBe(0);
    });

    it('4: client-side relists carry about 2.4 GB, server-side about 490 MB: five times less', () => {
      const c = of(4, 'client');
      const s = of(4, 'server');
      expect(c.relists).toBe(5);
      expect(c.relistBytes / 1e9).toBeGreaterThan(2.3);
      expect(c.relistBytes / 1e9).toBeLessThan(2.5);
      expect(s.relistBytes / 1e6).toBeGreaterThan(470);
      expect(s.relistBytes / 1e6).toBeLessThan(510);
      expect(Math.abs(c.relistBytes / s.relistBytes - 5)).toBeLessThan(0.05);
    });

    it('5: one by one, at most about two fifths orphaned at once client-side, for about 30 s; server-side some have two owners', () => {
      const c = of(5, 'client');
      const s = of(5, 'server');
      expect(c.rollout).toBe('one-by-one');
      expect(Math.abs(c.peakOrphans / c.objects - 0.4)).toBeLessThan(0.02);
      expect(c.settleSeconds).toBeGreaterThan(27);
      expect(c.settleSeconds).toBeLessThan(33);
      expect(s.peakDuplicates).toBeGreaterThan(0);
    });

    it('6: new replicas first, no object is ever without an owner in either mode; about a fifth have two at the peak', () => {
      for (const m of ['client', 'server'] as const) {
        const h = of(6, m);
        expect(h.rollout).toBe('new-first');
        expect(h.orphanObjectSeconds).toBe(0);
        expect(h.peakOrphans).toBe(0);
        expect(Math.abs(h.peakDuplicates / h.objects - 0.2)).toBeLessThan(0.02);
      }
    });
  });

  describe('rollout (three API servers, gate rolled on from 10 s every 10 s)', () => {
    const at = (n: number, seconds: number) => {
      const sim = createSimulation(toSimInput(resolveStep(storyById('rollout')!, n - 1)!.params));
      const out: ReturnType<typeof sim.snapshot>[] = [];
      for (const t of [26, 45]) {
        sim.step(t - sim.snapshot().time);
        out.push(sim.snapshot());
      }
      return seconds === 26 ? out[0]! : out[1]!;
    };
    const ratio = (s: ReturnType<typeof run>) => s.closedForm.client.egressBytesPerSec / s.closedForm.server.egressBytesPerSec;

    it('1: no server sends shardInfo, every replica falls back, and server-side sends as much as client-side (1.0x)', () => {
      const s = run('rollout', 1, 20);
      expect(s.modes.server.replicas.every((r) => !r.shardInfoSeen)).toBe(true);
      expect(Math.abs(ratio(s) - 1)).toBeLessThan(0.05);
      expect(s.modes.server.lifecycle.relists.restart).toBe(0);
    });

    it('2: seven relists after restarts in each mode, a LIST and its WATCH on different servers, then 4x less', () => {
      const mid = at(2, 26);
      expect(mid.modes.server.replicas.some((r) => r.listServer !== r.apiServer)).toBe(true);
      const end = at(2, 45);
      for (const m of ['client', 'server'] as const) expect(end.modes[m].lifecycle.relists.restart).toBe(7);
      expect(Math.abs(ratio(end) - 4)).toBeLessThan(0.2);
    });

    it('3: trusting the stream keeps thousands of events outside the range, and the audit counts duplicates mid-rollout', () => {
      expect(at(3, 26).modes.server.audit.duplicates).toBeGreaterThan(0);
      const end = at(3, 45).modes.server.lifecycle;
      expect(end.duplicatesMissed).toBeGreaterThan(1_000);
      expect(end.duplicatesCaught).toBe(0);
    });

    it('4: checking locally catches exactly what trust kept: no duplicate in the audit at any time', () => {
      const trust = at(3, 45).modes.server.lifecycle.duplicatesMissed;
      const mid = at(4, 26);
      expect(mid.modes.server.audit.duplicates).toBe(0);
      const end = at(4, 45);
      expect(end.modes.server.lifecycle.duplicatesMissed).toBe(0);
      expect(end.modes.server.lifecycle.duplicatesCaught).toBe(trust);
      expect(Math.max(...end.modes.server.series.duplicates)).toBe(0);
    });
  });
});
