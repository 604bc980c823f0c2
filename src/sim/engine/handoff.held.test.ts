import { describe, expect, it } from 'vitest';
import { analyzeCoverage, hexFraction } from '../../core/sharding';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';

// The hash strip hatches the stretches a hand-off leaves without an owner or
// with two, as they happen. The model says which ranges each replica holds at a moment; the
// objects in the gaps and overlaps of those ranges are exactly the hand-off's orphans and
// duplicates the audit counts (no churn, so no object is created during the window).
const AT = 5;
const still: SimParamsInput = {
  seed: 'held',
  cluster: { pods: 6_000 },
  replicas: { count: 4, initialList: 'list', podRestartSeconds: 2 },
  churn: { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } },
};

function objectsIn(stretches: readonly { start: string; end: string }[], positions: Float64Array): number {
  let n = 0;
  for (const s of stretches) {
    const a = hexFraction(s.start);
    const b = hexFraction(s.end);
    for (const p of positions) if (p >= a && p < b) n++;
  }
  return n;
}

describe('the ranges each replica holds during a hand-off', () => {
  for (const [name, strategy, rollout, to] of [
    ['equal ranges 4 → 5, one by one', 'equal-ranges', { kind: 'one-by-one', everySeconds: 1.5 }, 5],
    ['range splitting 4 → 6, all at once', 'range-splitting', { kind: 'all-at-once' }, 6],
    ['equal ranges 4 → 3, new first', 'equal-ranges', { kind: 'new-first', everySeconds: 1 }, 3],
  ] as const) {
    it(`${name}: the objects in their gaps and overlaps are the audit's orphans and duplicates, at every moment of the window`, () => {
      const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to, strategy, rollout }] });
      sim.step(AT - 1);
      expect(sim.snapshot().handoff.held.server).toBeNull();
      const positions = sim.hashSpace().positions;
      let seenGap = false;
      let checked = 0;
      for (let k = 0; k < 80; k++) {
        sim.step(0.25);
        const snap = sim.snapshot();
        const held = snap.handoff.held.server;
        const h = snap.handoff.reshards.find((r) => r.mode === 'server');
        if (!h || snap.time >= h.at + h.settleSeconds) {
          if (h) expect(held).toBeNull();
          continue;
        }
        expect(held).not.toBeNull();
        const cov = analyzeCoverage(held!.map((ranges) => ranges.map((r) => ({ key: 'object.metadata.uid' as const, ...r }))));
        const now = snap.handoff.now.server;
        expect(objectsIn(cov.gaps, positions)).toBe(now.orphans);
        expect(objectsIn(cov.overlaps, positions)).toBe(now.duplicates);
        if (now.orphans > 0) seenGap = true;
        checked++;
      }
      expect(checked).toBeGreaterThan(4);
      expect(seenGap || strategy === 'equal-ranges').toBe(true);
    });
  }

  it('is null where a layout is jump hash (client-side: no ranges to draw), and once the hand-off has settled', () => {
    const sim = createSimulation({ ...still, schedule: [{ kind: 'reshard', at: AT, to: 5, strategy: 'jump-hash', rollout: { kind: 'all-at-once' } }] });
    sim.step(AT + 0.5);
    const snap = sim.snapshot();
    expect(snap.handoff.now.client.orphans).toBeGreaterThan(0);
    expect(snap.handoff.held.client).toBeNull();
    // Server-side the replicas still hold ranges: all let go at once, none synced yet.
    expect(snap.handoff.held.server).toEqual([[], [], [], [], []]);
    sim.step(60);
    expect(sim.snapshot().handoff.held.server).toBeNull();
  });
});
