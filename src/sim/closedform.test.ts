import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';

/**
 * Tolerances: about 40,000 events over 20 simulated seconds. A replica of four sees about a
 * quarter of them; counting noise on that share is under 1% and object sizes (log-normal,
 * sigma 0.35) add about as much again, so 5% per replica is several standard errors. Whole-
 * stream figures average over all events: 2%.
 */
const PER_REPLICA = 0.05;
const WHOLE_STREAM = 0.02;
const SECONDS = 20;

function run(encoding: 'json' | 'protobuf' = 'json') {
  const sim = createSimulation({
    seed: 'closed-form',
    cluster: { pods: 5_000, namespaces: 10 },
    sizes: { encoding },
    replicas: { count: 4 },
    churn: { addsPerSecond: 100, modifiesPerSecond: 1_800, deletesPerSecond: 100, bookmarkIntervalSeconds: 2, burst: { enabled: false } },
  });
  sim.step(SECONDS);
  return sim.snapshot();
}

function rel(a: number, b: number): number {
  return Math.abs(a - b) / b;
}

describe('the event-by-event model agrees with the closed form', () => {
  const s = run();

  it('client-side: every replica receives the whole stream', () => {
    for (const [i, r] of s.modes.client.replicas.entries()) {
      const watch = (r.counters.bytesReceived - r.counters.listBytes) / SECONDS;
      expect(rel(watch, s.closedForm.client.replicaBytesPerSec[i]!)).toBeLessThan(WHOLE_STREAM);
      expect(rel(r.counters.eventsReceived / SECONDS, s.closedForm.client.replicaEventsPerSec[i]!)).toBeLessThan(WHOLE_STREAM);
    }
  });

  it('server-side: each replica receives about 1/N of it, times the measured imbalance', () => {
    for (const [i, r] of s.modes.server.replicas.entries()) {
      const watch = (r.counters.bytesReceived - r.counters.listBytes) / SECONDS;
      expect(rel(watch, s.closedForm.server.replicaBytesPerSec[i]!)).toBeLessThan(PER_REPLICA);
    }
    const mean = s.closedForm.server.replicaBytesPerSec.reduce((a, b) => a + b, 0) / 4;
    expect(rel(mean, s.closedForm.client.replicaBytesPerSec[0]! / 4)).toBeLessThan(PER_REPLICA);
  });

  it('API-server egress: N times the stream client-side, about once server-side', () => {
    const listBytes = (m: typeof s.modes.client) => m.replicas.reduce((a, r) => a + r.counters.listBytes, 0);
    for (const m of [s.modes.client, s.modes.server]) {
      const watchEgress = (m.totals.egressBytes - listBytes(m)) / SECONDS;
      expect(rel(watchEgress, s.closedForm[m.mode].egressBytesPerSec)).toBeLessThan(WHOLE_STREAM);
    }
  });

  it('decode CPU follows the bytes at the configured ns/byte', () => {
    for (const m of [s.modes.client, s.modes.server]) {
      for (const [i, r] of m.replicas.entries()) {
        const cpu = ((r.counters.bytesDecoded - r.counters.listBytes) * s.params.costs.jsonDecodeNsPerByte * 1e-9) / SECONDS;
        expect(rel(cpu, s.closedForm[m.mode].replicaCpuCores[i]!)).toBeLessThan(PER_REPLICA);
      }
    }
  });

  it('API-server hashing: one check per event per sharded watcher, two per MODIFIED, exactly', () => {
    const live0 = 5_000;
    const watchHashes = s.modes.server.totals.apiServerHashes - 4 * live0; // the initial LISTs check every object once
    const t = s.churn.total;
    expect(watchHashes).toBe(4 * (t.added + t.deleted + 2 * t.modified));
    expect(rel(watchHashes / SECONDS, s.closedForm.server.hashesPerSec)).toBeLessThan(WHOLE_STREAM);
  });

  it('informer cache memory matches the owned share of the cluster', () => {
    for (const [i, r] of s.modes.server.replicas.entries()) {
      expect(rel(r.cacheBytes, s.closedForm.server.replicaCacheBytes[i]!)).toBeLessThan(PER_REPLICA);
    }
  });

  it('holds for protobuf too', () => {
    const p = run('protobuf');
    for (const [i, r] of p.modes.server.replicas.entries()) {
      const watch = (r.counters.bytesReceived - r.counters.listBytes) / SECONDS;
      expect(rel(watch, p.closedForm.server.replicaBytesPerSec[i]!)).toBeLessThan(PER_REPLICA);
    }
    expect(p.closedForm.meanEventBytes).toBeLessThan(s.closedForm.meanEventBytes * 0.6);
  });
});
