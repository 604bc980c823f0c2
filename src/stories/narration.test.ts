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
});
