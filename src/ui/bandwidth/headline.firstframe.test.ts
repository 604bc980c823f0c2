import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../sim';
import type { SimSnapshot } from '../../sim';
import { headlineOf } from './headline';

/** Client-side over server-side watch egress (LIST bodies left out) over the whole run. */
function wholeRunRatio(s: SimSnapshot): number {
  const watch = (m: SimSnapshot['modes']['client']) => m.totals.egressBytes - m.replicas.reduce((a, r) => a + r.counters.listBytes, 0);
  return watch(s.modes.client) / watch(s.modes.server);
}

describe('the headline on its first frame', () => {
  it('with gates on,off,on and 6 replicas, predicts the ratio a run then measures (about 2.2x, not 6x)', () => {
    // Two of the six replicas sit on the gate-off server and receive the whole stream.
    const sim = createSimulation({ apiServers: { count: 3, gates: [true, false, true] }, replicas: { count: 6 } });
    const first = headlineOf(sim.snapshot());
    expect(first.source).toBe('expected');
    sim.step(120);
    const s = sim.snapshot();
    const measured = headlineOf(s);
    expect(measured.source).toBe('measured');
    const run = wholeRunRatio(s);
    expect(Math.abs(first.ratio - run) / run).toBeLessThan(0.05);
    expect(Math.abs(first.ratio - measured.ratio) / measured.ratio).toBeLessThan(0.05);
    expect(first.ratio).toBeLessThan(3);
  });

  it('with the namespace key, predicts the ratio a run measures', () => {
    const sim = createSimulation({ replicas: { count: 4, key: 'object.metadata.namespace' } });
    const first = headlineOf(sim.snapshot());
    sim.step(120);
    const run = wholeRunRatio(sim.snapshot());
    expect(Math.abs(first.ratio - run) / run).toBeLessThan(0.05);
  });
});
