import { describe, expect, it } from 'vitest';
import { createSimulation } from '.';
import type { SimParamsInput } from '../params';
import { CHINESE, ENGLISH, handoffOf, verdictOf, verdictSentence } from '../report';

// No transient reads as a finding. A reshard 4 → 5 at 20 s, its pods
// restarted one by one; the headline says the hand-off while it is in progress, says when the
// ratio returns once it is done, and shows the ratio again only after a whole rate window.
const AT = 20;
const input: SimParamsInput = {
  seed: 'handoff-headline',
  cluster: { pods: 4_000, namespaces: 8 },
  replicas: { count: 4, podRestartSeconds: 4 },
  schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 2 } }],
};

describe('the headline through a reshard hand-off', () => {
  it('says the hand-off instead of a ratio while objects change owner, with the counts the audit shows; then when the ratio returns; then the ratio', () => {
    const sim = createSimulation(input);
    sim.step(AT - 0.5);
    const before = verdictOf(sim.snapshot());
    expect(before.handoff).toBeNull();
    expect(before.sentence).toMatch(/^4 replicas: server-side sends [\d.]+× less$/);

    // Two seconds in: the first pods restarted, their ranges without a running owner.
    sim.step(3.5);
    const during = sim.snapshot();
    const h = handoffOf(during)!;
    const summaries = during.handoff.reshards;
    expect(summaries.length).toBe(2);
    // It waits for both modes' hand-offs, and a whole rate window after.
    const settledAt = Math.max(...summaries.map((s) => s.at + s.settleSeconds));
    expect(h).toEqual({
      phase: 'active',
      from: 4,
      to: 5,
      orphans: during.handoff.now.server.orphans,
      duplicates: during.handoff.now.server.duplicates,
      settledAt,
      ratioAt: settledAt + during.params.rateWindowSeconds,
    });
    expect(h.orphans + h.duplicates).toBeGreaterThan(0);
    const v = verdictOf(during);
    expect(v.sentence.startsWith(`${during.modes.server.replicas.length} replicas: hand-off in progress (4 → 5 replicas): ${h.orphans.toLocaleString('en-US')} objects with no owner, ${h.duplicates.toLocaleString('en-US')} with two`)).toBe(true);
    // The hand-off's own orphans and duplicates are not failures as well (the audit still counts them).
    expect(during.modes.server.audit.gaps + during.modes.server.audit.duplicates).toBeGreaterThan(0);
    expect(v.failures.filter((f) => f.kind === 'gaps' || f.kind === 'duplicates')).toEqual([]);
    expect(v.sentence).not.toMatch(/less|owner;/);

    // Done, and a rate window not yet past: no ratio, the moment it returns.
    sim.step(settledAt + 0.5 - during.time);
    const done = verdictOf(sim.snapshot());
    expect(done.handoff?.phase).toBe('settling');
    const m = Math.floor(h.ratioAt / 60);
    const ss = String(Math.ceil(h.ratioAt) % 60).padStart(2, '0');
    expect(done.sentence).toBe(`5 replicas: hand-off 4 → 5 done; the ratio returns at ${m}:${ss}, a rate window later`);
    expect(done.failures).toEqual([]);

    // A whole window later: the ratio, measured, and near the closed form (no transient).
    sim.step(h.ratioAt + 0.5 - sim.snapshot().time);
    const after = sim.snapshot();
    const back = verdictOf(after);
    expect(back.handoff).toBeNull();
    expect(back.source).toBe('measured');
    const expected = after.closedForm.client.egressBytesPerSec / after.closedForm.server.egressBytesPerSec;
    expect(Math.abs(back.ratio / expected - 1)).toBeLessThan(0.25);
    expect(back.sentence).toMatch(/^5 replicas: server-side sends [\d.]+× less$/);
  });

  it('says it in Chinese with the same figures', () => {
    const sim = createSimulation(input);
    sim.step(AT + 3);
    const v = verdictOf(sim.snapshot());
    const zh = verdictSentence(v, CHINESE);
    expect(zh).toContain('正在交接（4 → 5 个副本）');
    expect(zh).toContain(`${CHINESE.count(v.handoff!.orphans)} 个对象没有负责副本`);
    expect(verdictSentence(v, ENGLISH)).toBe(v.sentence);
  });

  it('keeps a real fault stated during a hand-off: what client-go caches from a gate-off server is not the hand-off', () => {
    const sim = createSimulation({ ...input, apiServers: { count: 2, gates: [true, false] }, replicas: { ...input.replicas, client: 'client-go' } });
    sim.step(AT + 3);
    const snap = sim.snapshot();
    const v = verdictOf(snap);
    expect(v.handoff?.phase).toBe('active');
    // The duplicates beyond the hand-off's are named, and so is their cause.
    const dups = v.failures.find((f) => f.kind === 'duplicates' && f.mode === 'server');
    expect(dups).toBeDefined();
    expect(dups!.kind === 'duplicates' && dups!.count).toBe(snap.modes.server.audit.duplicates - snap.handoff.now.server.duplicates);
    expect(v.failures.map((f) => f.kind)).toContain('trust');
    expect(v.sentence).toMatch(/^\d replicas: hand-off in progress \(4 → 5 replicas\): [\d,]+ objects with no owner, [\d,]+ with two — but /);
  });
});
