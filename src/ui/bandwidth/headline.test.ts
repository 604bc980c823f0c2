import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../sim';
import { headlineOf } from './headline';

describe('headlineOf', () => {
  it('uses the closed form before any time has passed: about N for N equal ranges', () => {
    const sim = createSimulation({ cluster: { pods: 2000 }, replicas: { count: 4 } });
    const h = headlineOf(sim.snapshot());
    expect(h.source).toBe('expected');
    expect(h.replicas).toBe(4);
    expect(h.ratio).toBeGreaterThan(3.5);
    expect(h.ratio).toBeLessThan(4.5);
  });

  it('uses the measured egress once the stream has run', () => {
    const sim = createSimulation({ cluster: { pods: 2000 }, replicas: { count: 2 } });
    sim.step(12); // past one rate window (10 s): no longer settling
    const h = headlineOf(sim.snapshot());
    expect(h.source).toBe('measured');
    expect(h.ratio).toBeGreaterThan(1.6);
    expect(h.ratio).toBeLessThan(2.4);
  });
});
