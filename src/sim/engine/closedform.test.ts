import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { ShardKey } from '../../core/sharding';
import type { Encoding, ClientFilter, SimParamsInput } from '../params';
import type { ClosedForm } from '../report';
import type { ModeSnapshot, SimSnapshot } from '../report';
import type { Simulation } from './api';

/**
 * The closed form against the event-by-event model, on steady-state watch traffic (counter
 * deltas after the initial LISTs, so no LIST bytes).
 *
 * How the runs are sized so that 5% measures the model and not sampling noise: a replica
 * receiving k object events of log-normal sizes (sigma 0.35, namespace factors on top) has a
 * relative standard error of about 1.07/sqrt(k) on its bytes. Each cell runs until the
 * replica with the smallest non-zero share has an expected 8,000 object events, a standard
 * error near 1.2%, so 5% is about 4 standard errors for the worst replica of the cell.
 * The closed form is averaged over the run (adds and deletes renew the population whose
 * shares it reads, so a replica's share drifts by a few per cent over a long run).
 *
 * Rolling updates are off in the matrix: a burst replaces pods of one namespace drawn at
 * random, so a run would need hundreds of bursts before the per-replica averages settle.
 * They are tested on their own below, over a long run with many short bursts.
 *
 * The namespace-key cluster has 8 namespaces with a mild Zipf exponent (0.6): their sizes
 * still differ threefold (and their object sizes by namespace factor), and the smallest one
 * still gets enough events in a short run.
 */
const TOLERANCE = 0.05;
const EVENTS_FOR_SMALLEST_SHARE = 10_000;
const MIN_SECONDS = 10;
const CHUNKS = 8;
const STREAM = { addsPerSecond: 50, modifiesPerSecond: 1_900, deletesPerSecond: 50, bookmarkIntervalSeconds: 1, burst: { enabled: false } };
/** Counters are all the matrix reads: keep the time series (and their per-second samples) small. */
const LEAN = { seriesCapacity: 2, sampleSeconds: 3_600 } as const;

function rel(a: number, b: number): number {
  if (a === 0 && b === 0) return 0;
  return Math.abs(a - b) / Math.abs(b);
}

function watchBytes(m: ModeSnapshot, i: number): number {
  const c = m.replicas[i]!.counters;
  return c.bytesReceived - c.listBytes;
}

function listBytes(m: ModeSnapshot): number {
  return m.replicas.reduce((a, r) => a + r.counters.listBytes, 0);
}

/**
 * Measured watch figures over a run of `seconds`, and the closed form averaged over the same
 * run (trapezoid over CHUNKS equal steps): adds and deletes renew the population whose shares
 * the closed form reads, so its value drifts a little during a long run.
 */
function measure(sim: Simulation, run: number) {
  const a = sim.snapshot();
  const forms: ClosedForm[] = [a.closedForm];
  let b = a;
  for (let k = 1; k <= CHUNKS; k++) {
    sim.step(run / CHUNKS);
    b = sim.snapshot();
    forms.push(b.closedForm);
  }
  const cf = (f: (c: ClosedForm) => number) => {
    let acc = 0;
    for (let k = 0; k < CHUNKS; k++) acc += (f(forms[k]!) + f(forms[k + 1]!)) / 2;
    return acc / CHUNKS;
  };
  const seconds = b.time - a.time;
  const mode = (m: 'client' | 'server') => {
    const ma = a.modes[m];
    const mb = b.modes[m];
    return {
      replicaBytes: mb.replicas.map((_, i) => (watchBytes(mb, i) - watchBytes(ma, i)) / seconds),
      replicaEvents: mb.replicas.map((r, i) => (r.counters.eventsReceived - ma.replicas[i]!.counters.eventsReceived) / seconds),
      localHashes: mb.replicas.map((r, i) => (r.counters.localHashes - ma.replicas[i]!.counters.localHashes) / seconds),
      egress: (mb.totals.egressBytes - listBytes(mb) - (ma.totals.egressBytes - listBytes(ma))) / seconds,
      serverEgress: mb.apiServers.map((s, i) => (s.egressBytes - ma.apiServers[i]!.egressBytes) / seconds),
      hashes: (mb.totals.apiServerHashes - ma.totals.apiServerHashes) / seconds,
      serverHashes: mb.apiServers.map((s, i) => (s.hashes - ma.apiServers[i]!.hashes) / seconds),
      cf: {
        replicaBytes: mb.replicas.map((_, i) => cf((c) => c[m].replicaBytesPerSec[i]!)),
        replicaEvents: mb.replicas.map((_, i) => cf((c) => c[m].replicaEventsPerSec[i]!)),
        localHashes: mb.replicas.map((_, i) => cf((c) => c[m].replicaLocalHashesPerSec[i]!)),
        egress: cf((c) => c[m].egressBytesPerSec),
        serverEgress: mb.apiServers.map((_, i) => cf((c) => c[m].apiServerEgressBytesPerSec[i]!)),
        hashes: cf((c) => c[m].hashesPerSec),
        serverHashes: mb.apiServers.map((_, i) => cf((c) => c[m].apiServerHashesPerSec[i]!)),
      },
    };
  };
  return { before: a, after: b, client: mode('client'), server: mode('server') };
}

/** Seconds for the smallest non-zero share to see EVENTS_FOR_SMALLEST_SHARE object events. */
function secondsFor(s: SimSnapshot): number {
  const bookmarks = 1 / s.params.churn.bookmarkIntervalSeconds;
  const rates = s.closedForm.server.replicaEventsPerSec.map((e) => e - bookmarks).filter((e) => e > 1e-9);
  const smallest = Math.min(...rates);
  // A whole number of seconds per chunk.
  return CHUNKS * Math.ceil(Math.max(MIN_SECONDS, EVENTS_FOR_SMALLEST_SHARE / smallest) / CHUNKS);
}

const KEYS: readonly [string, ShardKey][] = [
  ['uid', 'object.metadata.uid'],
  ['namespace', 'object.metadata.namespace'],
];
const GATES: readonly [string, boolean[]][] = [
  ['all on', [true, true, true]],
  ['on,off,on', [true, false, true]],
];
const ENCODINGS: readonly Encoding[] = ['json', 'protobuf'];
const FILTERS: readonly ClientFilter[] = ['ranges', 'jump'];

describe('closed form vs simulation: replicas x gates x key x encoding x client filter', () => {
  for (const replicas of [1, 2, 4, 16]) {
    for (const [keyName, key] of KEYS) {
      // One cluster per replica count and key; the cells reconfigure it (no rebuild).
      let sim: Simulation | null = null;
      const cluster = (): Simulation =>
        (sim ??= createSimulation({
          seed: `matrix-${replicas}-${keyName}`,
          cluster: { pods: 10_000, namespaces: 8, zipfExponent: 0.6 },
          replicas: { count: replicas, key },
          churn: STREAM,
          ...LEAN,
        }));
      for (const [gatesName, gates] of GATES) {
        for (const encoding of ENCODINGS) {
          for (const clientFilter of FILTERS) {
            it(`${replicas} replicas, ${keyName} key, gates ${gatesName}, ${encoding}, client filter ${clientFilter}`, { timeout: 60_000 }, () => {
              const s = cluster();
              const input: SimParamsInput = { apiServers: { count: 3, gates }, sizes: { encoding }, replicas: { clientFilter } };
              s.reconfigure(input);
              const r = measure(s, secondsFor(s.snapshot()));
              for (const m of [r.client, r.server]) {
                m.replicaBytes.forEach((v, i) => expect(rel(v, m.cf.replicaBytes[i]!), `replica ${i} bytes/s`).toBeLessThan(TOLERANCE));
                expect(rel(m.egress, m.cf.egress), 'API-server egress').toBeLessThan(TOLERANCE);
                expect(rel(m.hashes, m.cf.hashes), 'API-server hashes/s').toBeLessThan(TOLERANCE);
                m.serverHashes.forEach((v, i) => expect(rel(v, m.cf.serverHashes[i]!), `API server ${i} hashes/s`).toBeLessThan(TOLERANCE));
                m.localHashes.forEach((v, i) => expect(rel(v, m.cf.localHashes[i]!), `replica ${i} local hashes/s`).toBeLessThan(TOLERANCE));
              }
            });
          }
        }
      }
    }
  }
});

describe('closed form: rolling updates', () => {
  /**
   * Many short bursts (one a second, each cut short by the next at 200 pods; every namespace
   * holds more than 200), so 120 s hold 120 of them: uid-keyed shares then settle. With a
   * namespace key a replica's traffic depends on which namespaces the bursts happened to
   * draw, so only the whole-stream figures (egress, hashes) are compared there.
   */
  const BURSTY = { addsPerSecond: 25, modifiesPerSecond: 950, deletesPerSecond: 25, bookmarkIntervalSeconds: 1, burst: { enabled: true, everySeconds: 1, podsPerSecond: 200, maxSeconds: 2 } };
  const SECONDS = 120;
  const run = (key: ShardKey) => {
    const sim = createSimulation({
      seed: 'bursty',
      cluster: { pods: 10_000, namespaces: 8, zipfExponent: 0.6 },
      apiServers: { count: 3, gates: [true, false, true] },
      replicas: { count: 4, key },
      churn: BURSTY,
      ...LEAN,
    });
    return measure(sim, SECONDS);
  };

  it('counts five events per replaced pod, 200 pods per burst, in the stream rate', () => {
    const sim = createSimulation({ seed: 'bursty', cluster: { pods: 10_000, namespaces: 8, zipfExponent: 0.6 }, churn: BURSTY, ...LEAN });
    const s = sim.snapshot();
    expect(s.closedForm.streamEventsPerSec).toBeCloseTo(1_000 + 5 * 200, 6);
  });

  it('uid key: each replica, egress and hashes agree within 5% over 120 bursts', { timeout: 60_000 }, () => {
    const r = run('object.metadata.uid');
    const t = r.after.churn.total;
    expect(t.added + t.modified + t.deleted).toBeGreaterThan(SECONDS * 1_000 + 110 * 200 * 5);
    for (const m of [r.client, r.server]) {
      m.replicaBytes.forEach((v, i) => expect(rel(v, m.cf.replicaBytes[i]!), `replica ${i} bytes/s`).toBeLessThan(TOLERANCE));
      m.replicaEvents.forEach((v, i) => expect(rel(v, m.cf.replicaEvents[i]!), `replica ${i} events/s`).toBeLessThan(TOLERANCE));
      expect(rel(m.egress, m.cf.egress)).toBeLessThan(TOLERANCE);
      expect(rel(m.hashes, m.cf.hashes)).toBeLessThan(TOLERANCE);
    }
  });

  it('namespace key: egress and hashes agree within 5% over 120 bursts', { timeout: 60_000 }, () => {
    const r = run('object.metadata.namespace');
    for (const m of [r.client, r.server]) {
      expect(rel(m.egress, m.cf.egress)).toBeLessThan(TOLERANCE);
      expect(rel(m.hashes, m.cf.hashes)).toBeLessThan(TOLERANCE);
    }
  });
});

describe('closed form: what each replica and API server does', () => {
  const make = (input: SimParamsInput = {}) =>
    createSimulation({ seed: 'closed-form', cluster: { pods: 5_000, namespaces: 10 }, replicas: { count: 4 }, churn: STREAM, ...LEAN, ...input });

  it('a gate-off API server computes no hashes; its replicas receive the whole stream and, if their client checks, hash it themselves', () => {
    // client-go as shipped checks nothing: it keeps the whole stream and hashes nothing.
    const shipped = make({ apiServers: { count: 2, gates: [true, false] } }).snapshot().closedForm.server;
    expect(shipped.replicaLocalHashesPerSec).toEqual([0, 0, 0, 0]);
    expect(shipped.apiServerHashesPerSec[1]).toBe(0);
    const s = make({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, client: 'shardinfo', initialList: 'list' } }).snapshot();
    const cf = s.closedForm.server;
    expect(cf.apiServerHashesPerSec[1]).toBe(0);
    // Replicas 0 and 2 on the gate-on server, 1 and 3 on the gate-off one.
    expect(cf.apiServerHashesPerSec[0]).toBeCloseTo(2 * (50 + 2 * 1_900 + 50), 6);
    expect(cf.replicaBytesPerSec[1]).toBeCloseTo(s.closedForm.client.replicaBytesPerSec[1]!, 6);
    expect(cf.replicaLocalHashesPerSec[1]).toBeCloseTo(s.closedForm.streamEventsPerSec, 6);
    expect(cf.replicaLocalHashesPerSec[0]).toBe(0);
    expect(cf.replicaBytesPerSec[0]! * 2.5).toBeLessThan(cf.replicaBytesPerSec[1]!);
    // Client-side, every replica hashes every object event itself and no server hashes anything.
    expect(s.closedForm.client.hashesPerSec).toBe(0);
    for (const h of s.closedForm.client.replicaLocalHashesPerSec) expect(h).toBeCloseTo(s.closedForm.streamEventsPerSec, 6);
  });

  it('API-server hashes: one check per event per sharded watcher, two per MODIFIED, exactly as the model counts', () => {
    const sim = make();
    const before = sim.snapshot();
    sim.step(20);
    const s = sim.snapshot();
    const t = s.churn.total;
    const watchHashes = s.modes.server.totals.apiServerHashes - before.modes.server.totals.apiServerHashes;
    expect(watchHashes).toBe(4 * (t.added + t.deleted + 2 * t.modified));
    expect(rel(watchHashes / 20, s.closedForm.server.hashesPerSec)).toBeLessThan(0.02);
  });

  it('decode CPU follows the bytes at the configured ns/byte', () => {
    const s = make({ sizes: { encoding: 'protobuf' } }).snapshot();
    for (const m of ['client', 'server'] as const) {
      s.closedForm[m].replicaBytesPerSec.forEach((b, i) => expect(s.closedForm[m].replicaCpuCores[i]).toBeCloseTo(b * s.params.costs.protobufDecodeNsPerByte * 1e-9, 12));
    }
  });

  it('protobuf events are smaller than JSON ones by about the wire ratio', () => {
    const json = make().snapshot().closedForm.meanEventBytes;
    const proto = make({ sizes: { encoding: 'protobuf' } }).snapshot().closedForm.meanEventBytes;
    expect(proto).toBeLessThan(json * 0.6);
    expect(proto).toBeGreaterThan(json * 0.5);
  });

  it('informer caches: the closed form holds what each server-side replica holds, in both keys', () => {
    for (const key of ['object.metadata.uid', 'object.metadata.namespace'] as const) {
      const sim = make({ replicas: { count: 4, key } });
      sim.step(10);
      const s = sim.snapshot();
      s.modes.server.replicas.forEach((r, i) => expect(rel(r.cacheBytes, s.closedForm.server.replicaCacheBytes[i]!)).toBeLessThan(1e-9));
    }
  });

  it('imbalance agrees with the audit for the namespace key (default cluster: about 2.7, not 1.0)', () => {
    const sim = createSimulation({ replicas: { key: 'object.metadata.namespace' } });
    const s0 = sim.snapshot();
    expect(s0.modes.server.audit.imbalance).toBeGreaterThan(1.5);
    expect(s0.closedForm.imbalance).toBeCloseTo(s0.modes.server.audit.imbalance, 9);
    sim.step(40); // churn and a rolling update later
    const s1 = sim.snapshot();
    expect(s1.closedForm.imbalance).toBeCloseTo(s1.modes.server.audit.imbalance, 9);
  });

  it('imbalance agrees with the audit for the uid key, and shows naive trust owning everything', () => {
    const s = make().snapshot();
    expect(s.closedForm.imbalance).toBeCloseTo(s.modes.server.audit.imbalance, 9);
    const trust = make({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } }).snapshot();
    expect(trust.modes.server.audit.imbalance).toBeCloseTo(4, 9);
    expect(trust.closedForm.imbalance).toBeCloseTo(4, 9);
  });

  it('a replica whose requests fail (HTTP 500) receives nothing; its server sends it nothing', () => {
    const sim = make({ replicas: { count: 4, selectors: [{ kind: 'text', text: "shardRange(object.metadata.uid, '0x0', '0x8000000000000000')" }] } });
    const before = sim.snapshot();
    expect(before.modes.server.replicas[0]!.status).toBe('error');
    expect(before.closedForm.server.replicaBytesPerSec[0]).toBe(0);
    expect(before.closedForm.server.replicaEventsPerSec[0]).toBe(0);
    sim.step(10);
    const s = sim.snapshot();
    expect(s.modes.server.replicas[0]!.counters.bytesReceived - s.modes.server.replicas[0]!.counters.listBytes).toBe(0);
    // Client-side, the same text fails the controller's own check: it never lists either.
    expect(s.closedForm.client.replicaBytesPerSec[0]).toBe(0);
  });

  it('with the gate off the same bad selector is ignored: trust receives everything, the fallback stops', () => {
    const bad = [{ kind: 'text' as const, text: "shardRange(object.metadata.uid, '0x0', '0x8000000000000000')" }];
    const trust = make({ apiServers: { count: 1, gates: [false] }, replicas: { count: 4, selectors: bad, serverFallback: 'trust' } }).snapshot();
    expect(trust.closedForm.server.replicaBytesPerSec[0]).toBeCloseTo(trust.closedForm.client.replicaBytesPerSec[1]!, 6);
    const filter = make({ apiServers: { count: 1, gates: [false] }, replicas: { count: 4, selectors: bad, serverFallback: 'filter' } }).snapshot();
    expect(filter.modes.server.replicas[0]!.status).toBe('error');
    expect(filter.closedForm.server.replicaBytesPerSec[0]).toBe(0);
  });
});
