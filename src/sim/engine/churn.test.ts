import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';

/**
 * Rolling updates must not favour any part of the hash space. The initial pods are laid out
 * in hash order, so taking a namespace's victims in slot order would delete the lowest-hash
 * pods first and make replica 0 look hot. Whole-run averages from the counters (not a rate
 * window), so the figures measure the bias rather than noise: at 16 replicas each replica
 * sees about 6,000 events and owns about 6,250 objects, a standard error near 1.3%.
 */
describe('rolling-update victims', () => {
  const SECONDS = 120;
  const sim = createSimulation({
    seed: 'victims',
    cluster: { pods: 100_000 },
    replicas: { count: 16, key: 'object.metadata.uid' },
    churn: { burst: { enabled: true } },
  });
  sim.step(SECONDS);
  const s = sim.snapshot();
  const server = s.modes.server;

  it('is a run with rolling updates in it (several thousand pods replaced)', () => {
    // 5 events per replaced pod on top of ordinary churn.
    const ordinary = (s.churn.rates.addsPerSecond + s.churn.rates.modifiesPerSecond + s.churn.rates.deletesPerSecond) * SECONDS;
    const total = s.churn.total.added + s.churn.total.modified + s.churn.total.deleted;
    expect(total - ordinary).toBeGreaterThan(10_000);
  });

  it('leaves the busiest replica receiving at most 1.10x the mean events per second', () => {
    const perSec = server.replicas.map((r) => r.counters.eventsReceived / SECONDS);
    const mean = perSec.reduce((a, b) => a + b, 0) / perSec.length;
    expect(Math.max(...perSec) / mean).toBeLessThanOrEqual(1.1);
  });

  it('leaves the busiest replica owning at most 1.10x the mean objects, and none under 0.90x', () => {
    // Deleting the lowest-hash pods first shows as replica 0 owning too few, not too many.
    const owned = server.replicas.map((r) => r.cacheObjects);
    const mean = owned.reduce((a, b) => a + b, 0) / owned.length;
    expect(Math.max(...owned) / mean).toBeLessThanOrEqual(1.1);
    expect(Math.min(...owned) / mean).toBeGreaterThanOrEqual(0.9);
  });

  it('is deterministic: the same seed replaces the same pods', () => {
    const again = createSimulation({
      seed: 'victims',
      cluster: { pods: 100_000 },
      replicas: { count: 16, key: 'object.metadata.uid' },
      churn: { burst: { enabled: true } },
    });
    again.step(SECONDS);
    const t = again.snapshot();
    expect(t.modes.server.replicas.map((r) => r.cacheObjects)).toEqual(server.replicas.map((r) => r.cacheObjects));
    expect(t.cluster.resourceVersion).toBe(s.cluster.resourceVersion);
  });
});
