import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalSimClient } from '../sim/worker';
import { EVENTS_PER_TASK, MAIN_THREAD_LIMITS, mainThreadExcess } from './budget';
import type { EngineClient, SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import { defaultSimParams, STEP_SECONDS } from './defaults';
import { pacedClient } from './paced';
import type { SimParams } from './params';
import { budgetExcessOf, createShardScopeStore } from './store';
import { toSimInput } from './toSim';
import { createBrowserEngine, engineKindFor, type WorkerHandle } from './workerEngine';

const small = (over: Partial<SimParams> = {}): SimParams => ({ ...defaultSimParams(), objects: 400, namespaces: 8, ...over });

/** A worker that never starts: it answers nothing and reports an error, as a blocked worker does. */
function deadWorker(): WorkerHandle & { posted: number } {
  const errors: ((e: { message?: string }) => void)[] = [];
  const w = {
    posted: 0,
    postMessage: () => void w.posted++,
    addEventListener: (type: string, l: (e: never) => void) => {
      if (type === 'error') errors.push(l as (e: { message?: string }) => void);
    },
    terminate: () => undefined,
  };
  setTimeout(() => errors.forEach((l) => l({ message: '' })), 0);
  return w as WorkerHandle & { posted: number };
}

/** A store whose engine falls back to the page's thread: a CSP blocked the worker. */
function blockedStore(params: SimParams, speed = 1) {
  const violations = new EventTarget();
  const engines: SimEngine[] = [];
  const store = createShardScopeStore({
    params,
    view: { view: 'strip', dotOwners: 'server', theme: 'light', speed, locale: 'en', presentation: false },
    engineKind: engineKindFor,
    engineFactory: () => {
      const e = createBrowserEngine({
        hasWorkers: true,
        spawn: () => {
          setTimeout(() => violations.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'worker-src' })), 0);
          return deadWorker();
        },
        violations,
        local: () => createLocalEngine(),
      });
      engines.push(e);
      return e;
    },
  });
  return { store, engines };
}

afterEach(() => vi.unstubAllGlobals());

describe('where the model runs', () => {
  it('engineKindFor asks for the worker whatever the size: 1,000 objects with 1,000,000 adds/s included', () => {
    vi.stubGlobal('Worker', class {});
    expect(engineKindFor(small({ objects: 1000, addedPerSec: 1_000_000 }))).toBe('worker');
    expect(engineKindFor(small({ objects: 2000, addedPerSec: 20_000, deletedPerSec: 20_000 }))).toBe('worker');
    expect(engineKindFor(small({ objects: 1_000_000 }))).toBe('worker');
  });

  it('falls back to the page’s thread when a CSP blocks the worker, says so, and runs the model there', async () => {
    const { store, engines } = blockedStore(small());
    await store.getState().start();
    const s = store.getState();
    expect(s.sim.engine).toBe('local');
    expect(s.sim.fallback).toBe('blocked');
    expect(s.sim.status).toBe('ready');
    expect(s.sim.snapshot?.cluster.live).toBe(400);
    // One engine: the fallback is kept across reconfigurations (the worker is not retried).
    store.getState().setReplicas(3);
    await store.getState().idle();
    expect(engines).toHaveLength(1);
    expect(store.getState().sim.snapshot?.modes.server.replicas).toHaveLength(3);
    store.getState().setPlaying(true);
    expect(store.getState().playing).toBe(true);
  });

  it('says the worker failed (not blocked) when no CSP violation was reported', async () => {
    const engine = createBrowserEngine({ hasWorkers: true, spawn: deadWorker, violations: null, local: () => createLocalEngine() });
    await expect(engine.create(toSimInput(small()), { hashSpace: false, events: 0 })).rejects.toThrow(/could not start/);
    expect(engine.fallback).toBe('failed');
    expect(engine.kind).toBe('local');
    const frame = await engine.create(toSimInput(small()), { hashSpace: false, events: 0 });
    expect(frame.snapshot.cluster.live).toBe(400);
  });

  it('falls back at once when the browser refuses to construct the worker, or has none', () => {
    const refused = createBrowserEngine({
      hasWorkers: true,
      spawn: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      violations: null,
      local: () => createLocalEngine(),
    });
    expect([refused.kind, refused.fallback]).toEqual(['local', 'blocked']);
    const none = createBrowserEngine({ hasWorkers: false, violations: null, local: () => createLocalEngine() });
    expect([none.kind, none.fallback]).toEqual(['local', 'unsupported']);
  });
});

describe('the page thread’s limits', () => {
  it('mainThreadExcess: objects, churn × speed, and growth past the object limit', () => {
    const max = MAIN_THREAD_LIMITS;
    expect(mainThreadExcess(defaultSimParams(), 16, 10_000)).toBeNull();
    expect(mainThreadExcess(small({ objects: max.objects + 1 }), 1, null)).toMatchObject({ kind: 'objects', objects: max.objects + 1 });
    // 1,000,000 adds/s at speed 16: 16,000,000 changes per second of playback; no speed fits.
    expect(mainThreadExcess(small({ addedPerSec: 1_000_000, modifiedPerSec: 0, deletedPerSec: 0 }), 16, 400)).toEqual({
      kind: 'changes', churn: 1_000_000, speed: 16, perSecond: 16_000_000, max: max.changesPerSecond, fitSpeed: null,
    });
    // 3,000 changes/s fits at speed 4 (12,000/s), not at 8 (24,000/s).
    expect(mainThreadExcess(small({ addedPerSec: 1000, modifiedPerSec: 1000, deletedPerSec: 1000 }), 8, 400)).toMatchObject({ perSecond: 24_000, fitSpeed: 4 });
    expect(mainThreadExcess(small({ addedPerSec: 1000, modifiedPerSec: 1000, deletedPerSec: 1000 }), 4, 400)).toBeNull();
    // Grown past the limit: stops only while adds outpace deletes.
    expect(mainThreadExcess(small({ addedPerSec: 100, deletedPerSec: 50 }), 1, max.objects + 1)).toMatchObject({ kind: 'grown' });
    expect(mainThreadExcess(small({ addedPerSec: 50, deletedPerSec: 100 }), 1, max.objects + 1)).toBeNull();
  });

  it('does not play churn × speed over the limit, keeps the parameters, and plays once they fit', async () => {
    const { store } = blockedStore(small({ objects: 1000, addedPerSec: 1_000_000, modifiedPerSec: 0, deletedPerSec: 0, replicas: 3 }), 16);
    await store.getState().start();
    // The model is built (1,000 objects fit) with everything the link asked for...
    expect(store.getState().sim.snapshot?.modes.server.replicas).toHaveLength(3);
    expect(store.getState().sim.snapshot?.params.churn.addsPerSecond).toBe(1_000_000);
    // ...but it neither plays nor steps forward.
    store.getState().setPlaying(true);
    expect(store.getState().playing).toBe(false);
    store.getState().step(1);
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.time).toBe(0);
    expect(budgetExcessOf(store.getState())?.kind).toBe('changes');
    store.getState().setScalar('addedPerSec', 50);
    await store.getState().idle();
    expect(budgetExcessOf(store.getState())).toBeNull();
    store.getState().setPlaying(true);
    expect(store.getState().playing).toBe(true);
  });

  it('stops playing when the speed is raised past the limit', async () => {
    const { store } = blockedStore(small({ addedPerSec: 1000, modifiedPerSec: 1000, deletedPerSec: 1000 }), 4);
    await store.getState().start();
    store.getState().setPlaying(true);
    store.getState().tick(0);
    store.getState().faster();
    store.getState().tick(16);
    expect(store.getState().playing).toBe(false);
    expect(budgetExcessOf(store.getState())).toMatchObject({ kind: 'changes', speed: 8, fitSpeed: 4 });
  });

  it('does not generate more objects than the limit, and keeps the last good model', async () => {
    const { store, engines } = blockedStore(small({ objects: MAIN_THREAD_LIMITS.objects + 1 }));
    await store.getState().start();
    expect(store.getState().sim.snapshot).toBeNull();
    expect(budgetExcessOf(store.getState())?.kind).toBe('objects');
    store.getState().setScalar('objects', 500);
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(500);
    store.getState().setScalar('objects', 50_000);
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(500);
    expect(store.getState().sim.applied?.objects).toBe(500);
    expect(engines).toHaveLength(1);
  });

  it('leaves a worker-run model unlimited', async () => {
    const store = createShardScopeStore({ params: small({ addedPerSec: 1_000_000 }), view: { view: 'strip', dotOwners: 'server', theme: 'light', speed: 16, locale: 'en', presentation: false } });
    await store.getState().start();
    store.getState().setPlaying(true);
    expect(store.getState().playing).toBe(true);
    expect(budgetExcessOf(store.getState())).toBeNull();
  });
});

describe('the paced client on the page’s thread', () => {
  it('cuts a step into tasks of at most EVENTS_PER_TASK events and ends where one step ends', async () => {
    const params = small({ addedPerSec: 20_000, modifiedPerSec: 20_000, deletedPerSec: 20_000 });
    const plain = createLocalSimClient();
    await plain.create(toSimInput(params));
    const whole = await plain.step(1);

    const inner = createLocalSimClient();
    const stepped: number[] = [];
    const counting: EngineClient = { ...inner, step: (s) => (stepped.push(s!), inner.step(s)) };
    let tasks = 0;
    const paced = pacedClient(counting, async () => void tasks++);
    await paced.create(toSimInput(params));
    const sliced = await paced.step(1);

    expect(stepped.length).toBeGreaterThan(1);
    expect(tasks).toBeGreaterThanOrEqual(stepped.length);
    // Model events per slice (bursts included), within the budget.
    const rate = 60_000 + 2 * whole.churn.rates.burst.podsPerSecond;
    for (const s of stepped) expect(s * rate).toBeLessThanOrEqual(EVENTS_PER_TASK);
    expect(stepped.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(sliced.time).toBe(whole.time);
    expect(sliced.cluster).toEqual(whole.cluster);
    expect(sliced.churn).toEqual(whole.churn);
    expect(sliced.modes).toEqual(whole.modes);
  });

  it('answers commands in the order they were issued', async () => {
    const paced = pacedClient(createLocalSimClient());
    await paced.create(toSimInput(small({ addedPerSec: 20_000 })));
    const [snap, events] = await Promise.all([paced.step(STEP_SECONDS * 4), paced.recentEvents(5)]);
    expect(snap.time).toBe(1);
    // The events are those of the step, not of the state before it.
    expect(events.length).toBe(5);
    expect(Number(events[4]!.resourceVersion)).toBeGreaterThan(400);
  });
});
