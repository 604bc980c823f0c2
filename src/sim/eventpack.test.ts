import { describe, expect, it } from 'vitest';
import { splitHashSpace } from '../core/sharding';
import { createWorkerSimClient, type MessageEndpoint } from './workerClient';
import { createSimulation } from './engine';
import { serveSimulation } from './worker';

/** 64 replicas of `per` interleaved ranges. */
function interleaved(per: number) {
  const pieces = splitHashSpace(64 * per);
  return Array.from({ length: 64 }, (_, k) => ({ kind: 'ranges' as const, ranges: Array.from({ length: per }, (_, i) => pieces[i * 64 + k]!) }));
}

/** Objects in a structured-cloneable value (what the page's thread rebuilds on arrival). */
function objectCount(v: unknown): number {
  if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) return 0;
  return 1 + Object.values(v).reduce((n: number, x) => n + objectCount(x), 0);
}

/** A worker and its page connected in memory, as postMessage does; records each message and what it moved. */
function connect() {
  const toPage: ((e: { data: unknown }) => void)[] = [];
  const toWorker: ((e: { data: unknown }) => void)[] = [];
  const sent: { objects: number; moved: number }[] = [];
  const workerScope: MessageEndpoint = {
    postMessage: (m, transfer = []) => {
      sent.push({ objects: objectCount(m), moved: transfer.reduce((n, b) => n + b.byteLength, 0) });
      const data = structuredClone(m, { transfer });
      queueMicrotask(() => toPage.forEach((l) => l({ data })));
    },
    addEventListener: (_t, l) => toWorker.push(l),
  };
  serveSimulation(workerScope);
  const client = createWorkerSimClient({
    postMessage: (m) => {
      const data = structuredClone(m);
      queueMicrotask(() => toWorker.forEach((l) => l({ data })));
    },
    addEventListener: (_t, l) => toPage.push(l),
  });
  return { client, sent };
}

describe('recent events from the worker (many ranges stay responsive)', () => {
  it('arrive equal to the model’s own, fates included, through steps and a reconfiguration', async () => {
    const input = { seed: 'events', cluster: { pods: 2_000 }, replicas: { count: 8, selectors: interleaved(4).slice(0, 8) } };
    const local = createSimulation(input);
    const { client } = connect();
    await client.create(input);
    for (let i = 0; i < 4; i++) {
      local.step(0.5);
      await client.step(0.5);
      expect(await client.recentEvents(48)).toEqual(local.recentEvents(48));
    }
    const change = { apiServers: { count: 2, gates: [true, false] } };
    local.reconfigure(change);
    await client.reconfigure(change);
    local.step(0.5);
    await client.step(0.5);
    const events = await client.recentEvents(48);
    expect(events).toEqual(local.recentEvents(48));
    expect(events.some((e) => e.server.some((o) => o.sentAs === null)) && events.some((e) => e.server.some((o) => o.kept))).toBe(true);
  });

  it('carry their fates at 64 replicas in moved typed arrays, not thousands of objects', async () => {
    const { client, sent } = connect();
    // 600 events a second: 48 of them within half a second (2,000 pods' default churn is 14 a second).
    await client.create({ seed: 'events-size', cluster: { pods: 2_000 }, churn: { addsPerSecond: 50, modifiesPerSecond: 500, deletesPerSecond: 50 }, replicas: { count: 64, selectors: interleaved(2) } });
    await client.step(0.5);
    const events = await client.recentEvents(48);
    expect(events).toHaveLength(48);
    expect(events[0]!.server).toHaveLength(64);
    const message = sent.at(-1)!;
    // 48 events: the event, its object and the envelope, not 2 x 64 fates each.
    expect(message.objects).toBeLessThan(48 * 4);
    expect(message.moved).toBeGreaterThanOrEqual(48 * 2 * 64 * 4);
  });
});
