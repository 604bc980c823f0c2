import { describe, expect, it } from 'vitest';
import { createWorkerSimClient, serveSimulation, type MessageEndpoint, type WorkerPort } from '../sim/worker';
import { createClientEngine, type SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import { defaultSimParams, STEP_SECONDS } from './defaults';
import { createShardScopeStore } from './store';

/**
 * A worker over a message channel in this thread: the page's side and the worker's side of
 * the real protocol, with every message delivered in a later task, as a worker's would be.
 */
function channelWorker(): WorkerPort {
  const toWorker: ((e: { data: unknown }) => void)[] = [];
  const toPage: ((e: { data: unknown }) => void)[] = [];
  const later = (fn: () => void) => setTimeout(fn, 0);
  const scope: MessageEndpoint = {
    postMessage: (data) => later(() => toPage.forEach((l) => l({ data: structuredClone(data) }))),
    addEventListener: (_type, l) => toWorker.push(l),
  };
  serveSimulation(scope);
  return {
    postMessage: (data) => later(() => toWorker.forEach((l) => l({ data: structuredClone(data) }))),
    addEventListener: (_type, l) => toPage.push(l),
  };
}

const engines: [string, () => SimEngine][] = [
  ['the main-thread engine', () => createLocalEngine()],
  ['the worker engine', () => createClientEngine(createWorkerSimClient(channelWorker()), 'worker')],
];

describe.each(engines)('step-back presses with %s', (_name, make) => {
  it('ten seeks issued while one is in flight run at most two seeks, and the state ends at the last target', async () => {
    const inner = make();
    const seeks: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Counts the seeks that reach the engine, and holds the first one in flight.
    const engine: SimEngine = {
      ...inner,
      step: async (seconds, req) => {
        if (seconds < 0) {
          seeks.push(seconds);
          if (seeks.length === 1) await held;
        }
        return inner.step(seconds, req);
      },
    };
    const store = createShardScopeStore({
      params: { ...defaultSimParams(), objects: 400, namespaces: 8 },
      engineFactory: () => engine,
    });
    await store.getState().start();
    for (let i = 0; i < 40; i++) store.getState().step(1);
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.time).toBe(40 * STEP_SECONDS);

    store.getState().step(-1);
    // The first seek is now in flight; ten more presses arrive before it is answered.
    for (let i = 0; i < 10; i++) store.getState().step(-1);
    release();
    await store.getState().idle();

    expect(seeks.length).toBeLessThanOrEqual(2);
    expect(seeks.reduce((a, b) => a + b, 0)).toBeCloseTo(-11 * STEP_SECONDS, 9);
    expect(store.getState().sim.snapshot?.time).toBe(29 * STEP_SECONDS);
  });

  it('a step forward between step-back presses is kept in order, not merged away', async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 }, engineFactory: make });
    await store.getState().start();
    for (let i = 0; i < 8; i++) store.getState().step(1);
    await store.getState().idle();
    // From 2 s: back 1 s, forward 0.25 s, back 0.5 s.
    for (const d of [-1, -1, -1, -1, 1, -1, -1] as const) store.getState().step(d);
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.time).toBe(0.75);
  });
});

describe('a step back past the oldest checkpoint', () => {
  it('says on the page that the run replays from the start while it does, and not for a step back the checkpoints hold', async () => {
    const inner = createLocalEngine();
    let release: (() => void) | null = null;
    // The checkpoints hold only from 3 s on (as at a million objects after a long run), and
    // the next seek is held in flight so that the page's state can be read during it.
    const reach = (f: Awaited<ReturnType<SimEngine['step']>>) => ({ ...f, snapshot: { ...f.snapshot, stepBack: { ...f.snapshot.stepBack, quickFrom: 3 } } });
    const engine: SimEngine = {
      ...inner,
      step: async (seconds, req) => {
        if (seconds < 0) await new Promise<void>((r) => (release = r));
        return reach(await inner.step(seconds, req));
      },
    };
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 }, engineFactory: () => engine });
    await store.getState().start();
    for (let i = 0; i < 40; i++) store.getState().step(1);
    await store.getState().idle();
    const held = async () => {
      while (release === null) await new Promise((r) => setTimeout(r, 0));
      const during = store.getState().sim.replayingTo;
      release();
      release = null;
      await store.getState().idle();
      return during;
    };
    expect(store.getState().sim.replayingTo).toBeNull();
    store.getState().seekTo(5); // held by the checkpoints
    expect(await held()).toBeNull();
    store.getState().seekTo(1.5); // before the oldest one
    expect(await held()).toBe(1.5);
    expect(store.getState().sim.replayingTo).toBeNull();
    expect(store.getState().sim.snapshot?.time).toBe(1.5);
    store.getState().step(1);
    await store.getState().idle();
    store.getState().step(-1); // an arrow-key step back to 1.5 s
    expect(await held()).toBeCloseTo(1.5, 9);
    expect(store.getState().sim.replayingTo).toBeNull();
  });
});
