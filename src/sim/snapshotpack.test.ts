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

/** A worker and its page connected in memory, messages structured-cloned as postMessage does; records each message's size. */
function connect() {
  const toPage: ((e: { data: unknown }) => void)[] = [];
  const toWorker: ((e: { data: unknown }) => void)[] = [];
  const sizes: number[] = [];
  const workerScope: MessageEndpoint = {
    postMessage: (m) => {
      sizes.push(JSON.stringify(m).length);
      const data = structuredClone(m);
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
  return { client, sizes };
}

describe('snapshots from the worker', () => {
  it('arrive equal to the model’s own, through steps, a new selector and a new replica count', async () => {
    const input = { seed: 'pack', cluster: { pods: 2_000 }, replicas: { count: 8, selectors: interleaved(4).slice(0, 8) } };
    const local = createSimulation(input);
    const { client } = connect();
    expect(await client.create(input)).toEqual(local.snapshot());
    for (let i = 0; i < 5; i++) {
      local.step(0.5);
      expect(await client.step(0.5)).toEqual(local.snapshot());
    }
    const change = { replicas: { count: 8, selectors: [{ kind: 'text' as const, text: 'nonsense' }] } };
    local.reconfigure(change);
    expect(await client.reconfigure(change)).toEqual(local.snapshot());
    local.step(0.5);
    expect(await client.step(0.5)).toEqual(local.snapshot());
    const fewer = { replicas: { count: 3, selectors: [] } };
    local.reconfigure(fewer);
    expect(await client.reconfigure(fewer)).toEqual(local.snapshot());
    local.seek(1);
    expect(await client.seek(1)).toEqual(local.snapshot());
  });

  it('leave out the selector-derived fields while they are unchanged: 64 x 126 ranges cost little per step', async () => {
    const { client, sizes } = connect();
    await client.create({ seed: 'pack-size', cluster: { pods: 2_000 }, replicas: { count: 64, selectors: interleaved(126) } });
    const full = sizes[0]!;
    const snap = await client.step(0.25);
    expect(snap.modes.server.replicas[63]!.ranges).toHaveLength(126);
    expect(snap.modes.server.replicas[63]!.listUrl).toContain('shardSelector=shardRange%28');
    expect(snap.params.replicas.selectors).toHaveLength(64);
    expect(sizes[1]!).toBeLessThan(full / 5);
  });
});
