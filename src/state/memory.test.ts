import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, readLink } from './link';
import { createShardScopeStore } from './store';
import { toSimInput } from './toSim';

describe('the informer cache style', () => {
  it("defaults to 'owned' (filter before the cache) and reaches the model as replicas.clientCache", () => {
    expect(defaultSimParams().clientCache).toBe('owned');
    expect(toSimInput({ ...defaultSimParams(), clientCache: 'all' }).replicas?.clientCache).toBe('all');
  });

  it('travels in a link, and a mistyped value is named and replaced by the default', () => {
    const params = { ...defaultSimParams(), clientCache: 'all' as const };
    const view = defaultViewParams();
    expect(readLink(encodeLink({ params, view }))).toEqual({ state: { params, view }, issues: [] });
    const hash = '#state=' + encodeURIComponent(JSON.stringify({ v: 1, p: { clientCache: 'everything' } }));
    const { state, issues } = readLink(hash);
    expect(state!.params.clientCache).toBe('owned');
    expect(issues).toEqual([{ field: 'clientCache', reason: 'invalid' }]);
  });

  it("setClientCache('all') reconfigures the model: client-side caches become N times the server-side ones", async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 } });
    await store.getState().start();
    store.getState().setClientCache('all');
    await store.getState().idle();
    const snap = store.getState().sim.snapshot!;
    expect(store.getState().params.clientCache).toBe('all');
    expect(snap.params.replicas.clientCache).toBe('all');
    const { client, server } = snap.modes;
    expect(client.totals.cacheBytes / server.totals.cacheBytes).toBeCloseTo(4, 9);
  });
});
