import { describe, expect, it } from 'vitest';
import type { SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import { defaultSimParams } from './defaults';
import { equalSplitSelectors } from './selectors';
import { createShardScopeStore, type ShardScopeOptions } from './store';
import { STEP_SECONDS } from './defaults';

/** A small cluster so each test runs in milliseconds. */
function small(options: Partial<ShardScopeOptions> = {}) {
  return createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 }, ...options });
}

describe('createShardScopeStore', () => {
  it('starts paused with four replicas on an equal split and no snapshot yet', () => {
    const store = small();
    const s = store.getState();
    expect(s.playing).toBe(false);
    expect(s.params.replicas).toBe(4);
    expect(s.params.selectors).toEqual(equalSplitSelectors(4, 'object.metadata.uid'));
    expect(s.sim.status).toBe('loading');
    expect(s.sim.snapshot).toBeNull();
  });

  it('start() runs the model and stores a snapshot, versions and the hash space beside the state', async () => {
    const store = small();
    await store.getState().start();
    const s = store.getState();
    expect(s.sim.status).toBe('ready');
    expect(s.sim.snapshot?.cluster.live).toBe(400);
    expect(s.sim.version).toBe(1);
    expect(s.sim.hashVersion).toBe(1);
    expect(store.data.hashSpace?.count).toBe(400);
    expect(s.sim.applied).toEqual(s.params);
  });

  it('keeps per-object data out of the state (only summaries and versions)', async () => {
    const store = small();
    await store.getState().start();
    const hasTypedArray = (v: unknown): boolean =>
      ArrayBuffer.isView(v) || (typeof v === 'object' && v !== null && Object.values(v).some(hasTypedArray));
    const { sim, params, view } = store.getState();
    expect(hasTypedArray({ sim, params, view })).toBe(false);
  });

  it('setReplicas gives every replica its share of a new equal split and reconfigures the model', async () => {
    const store = small();
    await store.getState().start();
    store.getState().setReplicas(3);
    await store.getState().idle();
    const s = store.getState();
    expect(s.params.selectors).toEqual(equalSplitSelectors(3, 'object.metadata.uid'));
    expect(s.sim.snapshot?.modes.server.replicas).toHaveLength(3);
  });

  it('clamps the replica count to 1-64', () => {
    const store = small();
    store.getState().setReplicas(100);
    expect(store.getState().params.replicas).toBe(64);
    store.getState().setReplicas(0);
    expect(store.getState().params.replicas).toBe(1);
  });

  it('a typed invalid selector makes a gate-on server answer HTTP 500 for that replica only', async () => {
    const store = small();
    await store.getState().start();
    store.getState().setSelector(1, "shardRange(object.metadata.uid, '0x1', '0x8000000000000000')");
    await store.getState().idle();
    const replicas = store.getState().sim.snapshot!.modes.server.replicas;
    expect(replicas[1]!.status).toBe('error');
    expect(replicas[1]!.error?.httpStatus).toBe(500);
    expect(replicas[1]!.error?.message).toContain('invalid shard selector: hexStart must be a 0x-prefixed 16-digit hex value');
    expect(replicas[0]!.status).toBe('ok');
  });

  it('with the gate off client-go caches what it is sent; the checked client filters it itself', async () => {
    const store = small();
    await store.getState().start();
    store.getState().setGate(0, false);
    await store.getState().idle();
    expect(store.getState().params.client).toBe('client-go');
    expect(store.getState().sim.snapshot!.modes.server.replicas[0]!.filtering).toBe('trust');
    expect(store.getState().sim.snapshot!.modes.server.replicas[0]!.shardInfoSeen).toBe(false);
    store.getState().setClient('checked');
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.modes.server.replicas[0]!.filtering).toBe('local');
  });

  it('a dragged boundary is a preview (counts follow, the model is unchanged) until committed', async () => {
    const store = small();
    await store.getState().start();
    const before = store.getState().params.selectors;
    const moved = equalSplitSelectors(2, 'object.metadata.uid').concat(before.slice(2));
    moved[0] = "shardRange(object.metadata.uid, '0x0000000000000000', '0x2000000000000000')";
    moved[1] = "shardRange(object.metadata.uid, '0x2000000000000000', '0x8000000000000000')";
    store.getState().previewSelectors(moved);
    await new Promise((r) => setTimeout(r, 0));
    let s = store.getState();
    expect(s.params.selectors).toEqual(before);
    expect(s.sim.draftSelectors).toEqual(moved);
    expect(s.sim.preview?.perReplica[0]).toBeLessThan(s.sim.snapshot!.modes.server.replicas[0]!.cacheObjects);
    store.getState().commitPreview();
    await store.getState().idle();
    s = store.getState();
    expect(s.params.selectors).toEqual(moved);
    expect(s.sim.draftSelectors).toBeNull();
    expect(s.sim.snapshot!.modes.server.replicas[0]!.selector).toBe(moved[0]);
  });

  it('step() advances simulated time by one step, and step(-1) rewinds it', async () => {
    const store = small();
    await store.getState().start();
    store.getState().step(1);
    store.getState().step(1);
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(2 * STEP_SECONDS);
    store.getState().step(-1);
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(STEP_SECONDS);
  });

  it('while playing, animation-frame ticks advance the model at the chosen speed', async () => {
    const store = small();
    await store.getState().start();
    store.getState().setSpeed(2);
    store.getState().setPlaying(true);
    store.getState().tick(1000);
    store.getState().tick(1500); // half a second at 2x: one simulated second owed
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(1);
  });

  it('faster and slower move through the speed ladder and stop at its ends', () => {
    const store = small();
    const s = store.getState();
    s.faster();
    expect(store.getState().view.speed).toBe(2);
    for (let i = 0; i < 10; i++) store.getState().faster();
    expect(store.getState().view.speed).toBe(16);
    for (let i = 0; i < 20; i++) store.getState().slower();
    expect(store.getState().view.speed).toBe(0.25);
  });

  it('when the model refuses parameters, the last good state keeps running and the error is reported', async () => {
    const local = createLocalEngine();
    const refusing: SimEngine = {
      ...local,
      reconfigure: () => Promise.reject(new Error('cluster.pods must be an integer from 1 to 1,000,000, got 0')),
    };
    const store = small({ engineFactory: () => refusing });
    await store.getState().start();
    const good = store.getState().sim.applied;
    store.getState().setScalar('objects', 0);
    await store.getState().idle();
    const s = store.getState();
    expect(s.sim.status).toBe('ready');
    expect(s.sim.error).toContain('cluster.pods');
    expect(s.sim.applied).toBe(good);
    expect(s.sim.snapshot?.cluster.live).toBe(400);
  });

  it('moves the model to another engine when the parameters need one', async () => {
    const kinds: string[] = [];
    const store = small({
      engineKind: (p) => (p.objects > 500 ? 'worker' : 'local'),
      engineFactory: (p) => {
        const kind = p.objects > 500 ? 'worker' : 'local';
        kinds.push(kind);
        return { ...createLocalEngine(), kind };
      },
    });
    await store.getState().start();
    store.getState().setScalar('objects', 600);
    await store.getState().idle();
    expect(kinds).toEqual(['local', 'worker']);
    expect(store.getState().sim.snapshot?.cluster.live).toBe(600);
  });
});
