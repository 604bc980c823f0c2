import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, hexFraction, ShardScopeProvider } from '../../state';
import { HashSpaceView } from './HashSpaceView';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

// During a reshard's hand-off the strip hatches what is, at this moment,
// owned by no replica or by two, as it does for typed selectors; then it is clean again.
describe('the hash strip through a hand-off', () => {
  it('hatches the stretches no replica holds while the replicas restart one by one, and none once they have synced', async () => {
    const store = createShardScopeStore({
      params: { ...defaultSimParams(), objects: 2_000, namespaces: 6, schedule: [{ kind: 'reshard', at: 2, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 3 } }] },
    });
    render(
      <ShardScopeProvider store={store}>
        <HashSpaceView />
      </ShardScopeProvider>,
    );
    await act(() => store.getState().start());
    const strip = screen.getByTestId('hash-space');
    expect(strip.dataset['handoff']).toBe('false');
    expect(screen.queryAllByTestId('hash-gap')).toEqual([]);

    // While an old pod restarts: its old ranges let go, its new ones not yet synced.
    await act(() => store.getState().seekTo(6));
    await act(() => store.getState().idle());
    const snap = store.getState().sim.snapshot!;
    expect(snap.handoff.now.server.orphans).toBeGreaterThan(0);
    expect(strip.dataset['handoff']).toBe('true');
    const gaps = screen.getAllByTestId('hash-gap');
    expect(gaps.length).toBeGreaterThan(0);
    // The hatched share is the share of the space the held ranges leave out.
    const held = snap.handoff.held.server!;
    const heldShare = held.flat().reduce((a, r) => a + hexFraction(r.end) - hexFraction(r.start), 0);
    expect(heldShare).toBeLessThan(1);

    // Long after: every replica synced, nothing hatched.
    await act(() => store.getState().seekTo(60));
    await act(() => store.getState().idle());
    expect(store.getState().sim.snapshot!.handoff.held.server).toBeNull();
    expect(strip.dataset['handoff']).toBe('false');
    expect(screen.queryAllByTestId('hash-gap')).toEqual([]);
  });
});
