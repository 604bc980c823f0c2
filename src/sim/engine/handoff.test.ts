import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import { validateParams } from '../params';
import type { SimParamsInput } from '../params';
import type { ReshardEvent } from '../params';
import { bookmarkBytes, eventEnvelopeBytes, listOverheadBytes } from '../cluster';
import type { HandoffSummary } from '../time';

const PODS = 100_000;
const AT = 5;
/** No churn: the objects at the reshard are the objects at the start, so bytes are known. */
const still: SimParamsInput = {
  cluster: { pods: PODS },
  // LIST then WATCH, and pods that restart at once: the formulas below are a LIST's (see the
  // pod restart and streaming-list tests at the end).
  replicas: { initialList: 'list', podRestartSeconds: 0 },
  churn: { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } },
};

function reshard(strategy: ReshardEvent['strategy'], rollout: ReshardEvent['rollout'], extra: SimParamsInput = {}) {
  const sim = createSimulation({ ...still, ...extra, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy, rollout }] });
  sim.step(AT + 100);
  const s = sim.snapshot();
  const by = (m: 'client' | 'server'): HandoffSummary => s.handoff.reshards.find((h) => h.mode === m)!;
  return { sim, s, client: by('client'), server: by('server') };
}

/** Share of the hash space in old equal range a of 4 and new equal range b of 5. */
function overlap(a: number, b: number): number {
  return Math.max(0, Math.min((a + 1) / 4, (b + 1) / 5) - Math.max(a / 4, b / 5));
}

describe('a scheduled reshard from 4 to 5 replicas at 100,000 objects', () => {
  it('moves about half the objects with equal ranges (0.05 + 0.1 + 0.15 + 0.2), in both modes', () => {
    const { client, server } = reshard('equal-ranges', { kind: 'all-at-once' });
    // Binomial noise: sd = sqrt(0.25 / 100,000) = 0.0016; 5 sd = 0.008.
    expect(Math.abs(client.movedFraction - 0.5)).toBeLessThan(0.008);
    expect(server.movedFraction).toBe(client.movedFraction);
    expect(client.objects).toBe(PODS);
  });

  it('moves about 1/5 client-side with jump hash; the server side, unable to express it, re-splits equally', () => {
    const { client, server } = reshard('jump-hash', { kind: 'all-at-once' });
    expect(Math.abs(client.movedFraction - 0.2)).toBeLessThan(0.008);
    expect(server.strategy).toBe('equal-ranges');
    expect(Math.abs(server.movedFraction - 0.5)).toBeLessThan(0.008);
  });

  it('moves half of one range (1/8) with range splitting, and only replica 0 and the new one relist', () => {
    const { client, server, sim } = reshard('range-splitting', { kind: 'all-at-once' });
    expect(Math.abs(client.movedFraction - 0.125)).toBeLessThan(0.008);
    expect(server.relists).toBe(2);
    expect(server.replicas.filter((r) => r.restartAt !== null).map((r) => r.index)).toEqual([0, 4]);
    // Replica 4 now holds [1/8, 1/4) of the hash space: its selector is one range.
    expect(sim.snapshot().modes.server.replicas[4]!.ranges).toHaveLength(1);
  });

  it('moves most objects with mod N: h mod 4 = h mod 5 only for h mod 20 < 4, so 4/5 move', () => {
    const { client } = reshard('hash-mod', { kind: 'all-at-once' });
    expect(Math.abs(client.movedFraction - 0.8)).toBeLessThan(0.008);
  });

  it('all at once, break before make: every object is orphaned for one LIST (rtt + bytes / throughput)', () => {
    const { client, server, s } = reshard('equal-ranges', { kind: 'all-at-once' });
    const p = s.params.costs;
    const full = listOverheadBytes('json') + Math.round(s.cluster.totalBytes);
    const listClient = p.listRttSeconds + full / p.listBytesPerSecond;
    expect(client.orphanObjectSeconds).toBeCloseTo(PODS * listClient, 3);
    expect(client.duplicateObjectSeconds).toBe(0);
    expect(client.settleSeconds).toBeCloseTo(listClient, 9);
    // Server-side each replica lists a fifth: about PODS x (rtt + full / 5 / throughput).
    const listServer = p.listRttSeconds + full / 5 / p.listBytesPerSecond;
    expect(Math.abs(server.orphanObjectSeconds / (PODS * listServer) - 1)).toBeLessThan(0.03);
    expect(server.settleSeconds).toBeLessThan(client.settleSeconds / 3);
  });

  it('a pod that takes P seconds to stop and start again adds P to every orphan window (StatefulSet restart)', () => {
    const P = 8;
    const base = reshard('equal-ranges', { kind: 'all-at-once' });
    const slow = reshard('equal-ranges', { kind: 'all-at-once' }, { replicas: { initialList: 'list', podRestartSeconds: P } });
    // Every object is orphaned from its old owner's restart until its new owner has restarted and synced.
    expect(slow.client.orphanObjectSeconds - base.client.orphanObjectSeconds).toBeCloseTo(PODS * P, 3);
    expect(slow.client.settleSeconds - base.client.settleSeconds).toBeCloseTo(P, 9);
    for (const r of slow.server.replicas) if (r.restartAt !== null) expect(r.listAt! - r.restartAt).toBeCloseTo(P, 9);
    // The relist is counted when the informer lists, P seconds after the restart.
    const sim = createSimulation({ ...still, replicas: { initialList: 'list', podRestartSeconds: P }, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] });
    sim.step(AT + P - 0.5);
    expect(sim.snapshot().modes.server.lifecycle.relists.reshard).toBe(0);
    sim.step(1);
    expect(sim.snapshot().modes.server.lifecycle.relists.reshard).toBe(5);
  });

  it('with a streaming list, a relist carries each item in its watch envelope and an end BOOKMARK, as the informer counts it', () => {
    const { s, client } = reshard('equal-ranges', { kind: 'all-at-once' }, { replicas: { initialList: 'watch-list', podRestartSeconds: 0 } });
    const sizes = s.params.sizes;
    const items = PODS * (eventEnvelopeBytes(sizes.encoding)) + bookmarkBytes(sizes.encoding);
    // Client-side every relist is the whole collection: the objects' wire bytes plus an envelope each and the end bookmark.
    for (const r of client.replicas) if (r.restartAt !== null) expect(r.listBytes - items).toBeGreaterThan(s.cluster.totalBytes - PODS);
    for (const r of client.replicas) if (r.restartAt !== null) expect(r.listBytes - items).toBeLessThan(s.cluster.totalBytes + PODS);
    const last = s.modes.client.replicas[0]!;
    expect(last.counters.listBytes).toBe(client.replicas[0]!.listBytes * 2);
  });

  it('one by one every 20 s: orphan and duplicate object-seconds match the closed form over range overlaps', () => {
    const { client, s } = reshard('equal-ranges', { kind: 'one-by-one', everySeconds: 20 }, { seriesCapacity: 400 });
    const p = s.params.costs;
    const L = p.listRttSeconds + (listOverheadBytes('json') + Math.round(s.cluster.totalBytes)) / p.listBytesPerSecond;
    // Order: the new replica 4, then 3, 2, 1, 0; each lets go when it restarts and owns again L later.
    const restart = [80, 60, 40, 20, 0];
    let orphans = 0;
    let dups = 0;
    for (let a = 0; a < 4; a++) {
      for (let b = 0; b < 5; b++) {
        const gap = restart[b]! + L - restart[a]!;
        orphans += overlap(a, b) * Math.max(0, gap);
        dups += overlap(a, b) * Math.max(0, -gap);
      }
    }
    expect(Math.abs(client.orphanObjectSeconds / (PODS * orphans) - 1)).toBeLessThan(0.02);
    expect(Math.abs(client.duplicateObjectSeconds / (PODS * dups) - 1)).toBeLessThan(0.02);
    expect(dups).toBeGreaterThan(1);
    expect(client.settleSeconds).toBeCloseTo(80 + L, 9);
  });

  it('new replicas first, make before break: no orphan client-side, duplicates instead', () => {
    const { client } = reshard('equal-ranges', { kind: 'new-first' });
    expect(client.orphanObjectSeconds).toBe(0);
    expect(client.duplicateObjectSeconds).toBeGreaterThan(0);
    expect(client.peakDuplicates).toBeGreaterThan(0.2 * PODS);
  });

  it('client-side relists carry N times the bytes of server-side ones (every LIST is the whole collection)', () => {
    const { client, server, s } = reshard('equal-ranges', { kind: 'all-at-once' });
    const full = listOverheadBytes('json') + Math.round(s.cluster.totalBytes);
    expect(client.relists).toBe(5);
    expect(client.relistBytes).toBe(5 * full);
    // The five server-side shares add up to one collection (plus five list envelopes).
    expect(Math.abs(server.relistBytes - full) / full).toBeLessThan(0.001);
    expect(client.relistBytes / server.relistBytes).toBeCloseTo(5, 2);
  });

  it('shows the hand-off in the audit and the series while it lasts, then every object has one owner', () => {
    const sim = createSimulation({ ...still, sampleSeconds: 0.5, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] });
    sim.step(AT + 0.5);
    const during = sim.snapshot();
    expect(during.modes.client.audit.gaps).toBe(PODS);
    expect(during.handoff.now.client.orphans).toBe(PODS);
    expect(during.modes.client.series.gaps.at(-1)).toBe(PODS);
    expect(during.modes.client.replicas).toHaveLength(5);
    sim.step(40);
    const after = sim.snapshot();
    expect(after.modes.client.audit.gaps).toBe(0);
    expect(after.modes.server.audit.exact).toBe(PODS);
    const relist = after.modes.client.series.relistBytes.reduce((a, b) => a + b, 0);
    expect(relist).toBe(after.handoff.reshards[0]!.relistBytes);
  });

  it('is deterministic, and a seek back across the reshard equals a replay', () => {
    const input: SimParamsInput = { cluster: { pods: 20_000 }, schedule: [{ kind: 'reshard', at: 3, to: 6, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 1 } }] };
    const a = createSimulation(input);
    a.step(12);
    const b = createSimulation(input);
    b.step(12);
    expect(b.snapshot().handoff).toEqual(a.snapshot().handoff);
    a.seek(6);
    const fresh = createSimulation(input);
    fresh.step(6);
    const sa = a.snapshot();
    const sf = fresh.snapshot();
    expect(sa.handoff).toEqual(sf.handoff);
    expect(sa.modes.server.audit).toEqual(sf.modes.server.audit);
    expect(sa.modes.client.series).toEqual(sf.modes.client.series);
    a.seek(1);
    expect(a.snapshot().handoff.reshards).toEqual([]);
    expect(a.snapshot().modes.server.replicas).toHaveLength(4);
  });

  it('a schedule given mid-run never resumes from a checkpoint taken under the old schedule', () => {
    // 150 s at 5,000 quiet objects: checkpoints at 0, 60 and 120 s, before the new reshard at 100 s and after it.
    const input: SimParamsInput = { cluster: { pods: 5_000 }, churn: { burst: { enabled: false } } };
    const schedule: SimParamsInput['schedule'] = [{ kind: 'reshard', at: 100, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }];
    const sim = createSimulation(input);
    sim.step(150);
    expect(sim.checkpointStats().count).toBeGreaterThan(2);
    sim.reconfigure({ schedule });
    const fresh = createSimulation({ ...input, schedule });
    fresh.step(150);
    const s = sim.snapshot();
    const f = fresh.snapshot();
    expect(s.handoff).toEqual(f.handoff);
    expect(s.modes.server.replicas).toHaveLength(5);
    expect(s.modes.server.audit).toEqual(f.modes.server.audit);
  });

  it('a schedule given mid-run replays the run under it', () => {
    const sim = createSimulation({ cluster: { pods: 5_000 } });
    sim.step(10);
    sim.reconfigure({ schedule: [{ kind: 'reshard', at: 4, to: 3, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] });
    expect(sim.time).toBe(10);
    const s = sim.snapshot();
    expect(s.handoff.reshards.map((h) => h.from + '->' + h.to)).toEqual(['4->3', '4->3']);
    expect(s.modes.client.replicas).toHaveLength(3);
    // Changing something else keeps the reshard's layout.
    sim.reconfigure({ sizes: { encoding: 'protobuf' } });
    expect(sim.snapshot().modes.client.replicas).toHaveLength(3);
  });
});

describe('schedule validation', () => {
  const bad = (schedule: unknown) => {
    const r = validateParams({ schedule } as SimParamsInput);
    return r.ok ? [] : r.issues;
  };
  it('says jump hash and mod N are client-side only where a server-side strategy is asked for', () => {
    const issues = bad([{ kind: 'reshard', at: 1, to: 5, strategy: 'jump-hash', serverStrategy: 'hash-mod', rollout: { kind: 'all-at-once' } }]);
    expect(issues[0]!.path).toBe('schedule[0].serverStrategy');
    expect(issues[0]!.message).toMatch(/client-side only: their buckets are not hash ranges/);
  });
  it('names the path of each bad field', () => {
    const issues = bad([{ kind: 'reshard', at: -1, to: 65, strategy: 'ring', rollout: { kind: 'one-by-one' } }, { kind: 'restart' }]);
    expect(issues.map((i) => i.path)).toEqual(['schedule[0].at', 'schedule[0].to', 'schedule[0].strategy', 'schedule[0].rollout.everySeconds', 'schedule[1].kind']);
  });
  it('refuses a reshard to the replica count it already has', () => {
    const issues = bad([
      { kind: 'reshard', at: 10, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } },
      { kind: 'reshard', at: 20, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } },
    ]);
    expect(issues.map((i) => i.path)).toEqual(['schedule[1].to']);
  });
});
