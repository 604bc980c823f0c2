import { describe, expect, it } from 'vitest';
import { validateParams } from '../params';
import type { SimParamsInput } from '../params';
import { runCli } from './cli';
import { createSimulation } from '../engine';
import { JSON_LIST_OVERHEAD_BYTES } from '../cluster';

/**
 * Memory, the cost the blog post names: what the informer cache holds under each client
 * style, the transient allocation of decoding, and the peak of a LIST.
 *
 * Exact relations (up to floating-point summation order, hence 1e-9): the server-side shards
 * of an equal split are disjoint and cover the hash space, so with every gate on they
 * partition the live objects; a client-side replica receives every object. Statistical ones
 * get their tolerance from the spread of a shard (see `shareTolerance`).
 */
const N = 4;
const PODS = 5_000;
const SECONDS = 20;
const EXACT = 1e-9;
/** Closed form vs model per replica, as in closedform.test.ts (several standard errors). */
const PER_REPLICA = 0.05;

function run(extra: SimParamsInput = {}) {
  const sim = createSimulation({
    seed: 'memory',
    cluster: { pods: PODS, namespaces: 10 },
    replicas: { count: N },
    churn: { addsPerSecond: 100, modifiesPerSecond: 1_800, deletesPerSecond: 100, bookmarkIntervalSeconds: 2, burst: { enabled: false } },
    ...extra,
    ...(extra.replicas ? { replicas: { count: N, ...extra.replicas } } : {}),
  });
  sim.step(SECONDS);
  return sim.snapshot();
}

function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Four standard deviations of a shard's bytes relative to its mean: the count of objects in
 * a 1/N range is binomial (relative variance (1 - p) / (n p)) and each object's size is
 * log-normal (sigma 0.35: coefficient of variation sqrt(e^(0.35^2) - 1), about 0.36, per
 * object, so cv^2 / (n p) for the sum); a namespace factor (sigma 0.25) adds a little more,
 * covered by the margin.
 */
function shareTolerance(live: number, n: number): number {
  const p = 1 / n;
  const cv2 = Math.exp(0.35 ** 2) - 1;
  return 4 * Math.sqrt((1 - p) / (live * p) + cv2 / (live * p));
}

describe('informer cache memory under the two client styles', () => {
  it("with clientCache 'all', client-side replicas together cache N times what server-side ones do", () => {
    const s = run({ replicas: { clientCache: 'all' } });
    const client = s.modes.client;
    const server = s.modes.server;
    for (const r of client.replicas) {
      // Each client-side replica caches the whole collection...
      expect(r.memory.byStyle.all.cacheObjects).toBe(s.cluster.live);
      expect(r.cacheBytes).toBe(r.memory.byStyle.all.cacheBytes);
    }
    // ...and the server-side shards partition it.
    expect(sum(server.replicas.map((r) => r.memory.byStyle.all.cacheObjects))).toBe(s.cluster.live);
    expect(rel(client.totals.cacheBytes, N * server.totals.cacheBytes)).toBeLessThan(EXACT);
    expect(rel(client.totals.cacheBytesByStyle.all, N * server.totals.cacheBytesByStyle.all)).toBeLessThan(EXACT);
    // Caching everything does not change ownership: the audit still counts what each keeps.
    for (const m of [client, server]) {
      expect(m.audit.gaps).toBe(0);
      expect(m.audit.duplicates).toBe(0);
      expect(sum(m.audit.perReplica)).toBe(s.cluster.live);
      for (const r of m.replicas) expect(r.ownedShare).toBeLessThan(0.5);
    }
  });

  it("with clientCache 'owned', client-side and server-side caches are equal replica by replica", () => {
    const s = run();
    for (const [i, c] of s.modes.client.replicas.entries()) {
      const sv = s.modes.server.replicas[i]!;
      expect(c.memory.byStyle.owned.cacheBytes).toBe(c.cacheBytes);
      expect(rel(c.cacheBytes, sv.cacheBytes)).toBeLessThan(EXACT);
      // The other style is visible without flipping the switch: client-side it holds everything.
      expect(c.memory.byStyle.all.cacheObjects).toBe(s.cluster.live);
      expect(sv.memory.byStyle.all.cacheObjects).toBe(sv.cacheObjects);
    }
    const series = s.modes.client.series;
    expect(series.replicaCacheBytesByStyle.owned).toEqual(series.replicaCacheBytes);
    expect(series.replicaCacheBytesByStyle.all[0]!.at(-1)).toBeCloseTo(s.modes.client.replicas[0]!.memory.byStyle.all.cacheBytes, 3);
  });

  it("with the namespace key too (the per-replica path), server-side 'all' caches partition the collection", () => {
    const s = run({ replicas: { clientCache: 'all', key: 'object.metadata.namespace' } });
    expect(sum(s.modes.server.replicas.map((r) => r.memory.byStyle.all.cacheObjects))).toBe(s.cluster.live);
    for (const r of s.modes.server.replicas) expect(r.memory.byStyle.all.cacheObjects).toBe(r.cacheObjects);
    for (const r of s.modes.client.replicas) expect(r.memory.byStyle.all.cacheObjects).toBe(s.cluster.live);
  });

  it("server-side, a checking replica whose API server has the gate off caches the whole collection under 'all' but still owns only its shard", () => {
    const s = run({ apiServers: { count: 2, gates: [true, false] }, replicas: { clientCache: 'all', client: 'checked' } });
    const live = s.cluster.live;
    for (const r of s.modes.server.replicas) {
      if (r.apiServer === 1) {
        expect(r.memory.byStyle.all.cacheObjects).toBe(live);
        expect(r.filtering).toBe('local');
      } else {
        expect(r.memory.byStyle.all.cacheObjects).toBe(r.cacheObjects);
      }
      expect(r.cacheObjects).toBeLessThan(live / 2);
    }
    expect(s.modes.server.audit.gaps + s.modes.server.audit.duplicates).toBe(0);
  });
});

describe('transient decode allocation', () => {
  const factor = 2.5;
  const s = run({ costs: { decodeAllocBytesPerByte: factor } });

  it('is the bytes decoded per second times decodeAllocBytesPerByte, per replica and in total', () => {
    for (const m of [s.modes.client, s.modes.server]) {
      for (const r of m.replicas) expect(r.memory.decodeAllocBytesPerSec).toBeCloseTo(r.rates.bytesDecodedPerSec * factor, 6);
      expect(m.totals.decodeAllocBytesPerSec).toBeCloseTo(sum(m.replicas.map((r) => r.rates.bytesDecodedPerSec)) * factor, 3);
    }
  });

  it('agrees with the closed form: the whole stream client-side, about 1/N of it server-side', () => {
    for (const m of [s.modes.client, s.modes.server]) {
      for (const [i, r] of m.replicas.entries()) {
        const watchAlloc = ((r.counters.bytesDecoded - r.counters.listBytes) * factor) / SECONDS;
        expect(rel(watchAlloc, s.closedForm[m.mode].replicaAllocBytesPerSec[i]!)).toBeLessThan(PER_REPLICA);
      }
    }
    const clientTotal = sum(s.closedForm.client.replicaAllocBytesPerSec);
    const serverTotal = sum(s.closedForm.server.replicaAllocBytesPerSec);
    expect(rel(clientTotal / serverTotal, N)).toBeLessThan(0.05);
  });

  it('is rejected outside 0 to 100 like the other costs', () => {
    for (const v of [-1, 101, Number.NaN]) {
      const r = validateParams({ costs: { decodeAllocBytesPerByte: v } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues[0]!.message).toMatch(/^costs\.decodeAllocBytesPerByte must be a number from 0 to 100, got /);
    }
    expect(validateParams({ costs: { decodeAllocBytesPerByte: 0 } }).ok).toBe(true);
  });
});

describe('the LIST peak', () => {
  const factor = 3;
  const s = run({ costs: { decodeAllocBytesPerByte: factor } });
  const live = s.cluster.live;

  it('client-side, every replica decodes the whole collection before it filters', () => {
    for (const r of s.modes.client.replicas) {
      expect(r.memory.listBytes).toBe(JSON_LIST_OVERHEAD_BYTES + s.cluster.totalBytes);
      expect(r.memory.listDecodedBytes).toBe(r.memory.listBytes * factor);
      expect(r.memory.byStyle.owned.listPeakBytes).toBeCloseTo(r.memory.listDecodedBytes + r.memory.byStyle.owned.cacheBytes, 3);
      expect(r.memory.byStyle.all.listPeakBytes).toBeCloseTo(r.memory.listDecodedBytes + r.memory.byStyle.all.cacheBytes, 3);
    }
  });

  it('server-side, each replica decodes only its shard: about 1/N of the list', () => {
    const whole = s.modes.client.replicas[0]!.memory.listBytes;
    const shards = s.modes.server.replicas.map((r) => r.memory.listBytes);
    // The shards partition the collection, each list body carrying its own envelope.
    expect(sum(shards)).toBe(N * JSON_LIST_OVERHEAD_BYTES + s.cluster.totalBytes);
    const tol = shareTolerance(live, N);
    for (const b of shards) expect(rel(b, whole / N)).toBeLessThan(tol);
    // Same cache under `owned`, so the peaks differ by the decoded lists alone.
    const c = s.modes.client.replicas[0]!.memory;
    const sv = s.modes.server.replicas[0]!.memory;
    expect(rel(c.listDecodedBytes / sv.listDecodedBytes, N)).toBeLessThan(tol);
    expect(c.byStyle.owned.listPeakBytes - sv.byStyle.owned.listPeakBytes).toBeCloseTo(c.listDecodedBytes - sv.listDecodedBytes, 3);
  });

  it('agrees with the closed form', () => {
    for (const m of [s.modes.client, s.modes.server]) {
      for (const [i, r] of m.replicas.entries()) {
        expect(rel(r.memory.byStyle.owned.listPeakBytes, s.closedForm[m.mode].replicaListPeakBytes[i]!)).toBeLessThan(PER_REPLICA);
      }
    }
  });
});

describe('the closed form', () => {
  it(`agrees with the model on cache bytes under each client style, every replica, both modes, within ${PER_REPLICA * 100}%`, () => {
    for (const style of ['owned', 'all'] as const) {
      const s = run({ replicas: { clientCache: style } });
      for (const m of [s.modes.client, s.modes.server]) {
        for (const [i, r] of m.replicas.entries()) {
          expect(rel(r.cacheBytes, s.closedForm[m.mode].replicaCacheBytes[i]!)).toBeLessThan(PER_REPLICA);
        }
      }
      const ratio = sum(s.closedForm.client.replicaCacheBytes) / sum(s.closedForm.server.replicaCacheBytes);
      expect(ratio).toBeCloseTo(style === 'all' ? N : 1, 6);
    }
  });
});

describe('the command line prints the memory figures', () => {
  it('shows both client styles, decode allocation and the LIST peak, in the table and in JSON', () => {
    const args = ['--pods', '2000', '--replicas', String(N), '--seconds', '5'];
    const table = runCli(args);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('informer cache (owned) in use');
    expect(table.stdout).toContain('informer cache (all)');
    expect(table.stdout).toContain('decode allocation (watch)');
    expect(table.stdout).toContain('LIST peak (owned)');
    expect(table.stdout).toMatch(/all replicas: caches \(all\) +[\d.]+ [kMG]?B +[\d.]+ [kMG]?B +0\.25x/);
    const body = JSON.parse(runCli([...args, '--json']).stdout) as {
      modes: Record<'client' | 'server', { totalCacheBytesByStyle: { owned: number; all: number }; totalDecodeAllocBytesPerSec: number; replicas: { listPeakBytes: number }[] }>;
    };
    const { client, server } = body.modes;
    expect(rel(client.totalCacheBytesByStyle.all, N * server.totalCacheBytesByStyle.all)).toBeLessThan(EXACT);
    expect(rel(client.totalCacheBytesByStyle.owned, server.totalCacheBytesByStyle.owned)).toBeLessThan(EXACT);
    expect(rel(client.totalDecodeAllocBytesPerSec / server.totalDecodeAllocBytesPerSec, N)).toBeLessThan(0.1);
    expect(client.replicas[0]!.listPeakBytes).toBeGreaterThan(server.replicas[0]!.listPeakBytes);
  });
});
