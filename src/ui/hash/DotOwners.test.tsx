import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider } from '../../state';
import { HashSpaceView } from './HashSpaceView';
import { ownersDiffering } from './owners';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

async function setup() {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 800, namespaces: 6 } });
  render(
    <ShardScopeProvider store={store}>
      <HashSpaceView />
    </ShardScopeProvider>,
  );
  await act(() => store.getState().start());
  return store;
}

/** Objects whose two owners differ, counted straight from the model's arrays. */
function differing(store: ReturnType<typeof createShardScopeStore>): number {
  const v = store.data.hashSpace!;
  let n = 0;
  for (let i = 0; i < v.count; i++) if (v.ownerClient[i] !== v.ownerServer[i]) n++;
  return n;
}

describe('the "client-side owners" dot colouring', () => {
  it('is disabled, with the reason beside it, in the default client mode (hash ranges), where it would look identical', async () => {
    const store = await setup();
    expect(differing(store)).toBe(0);
    const client = screen.getByTestId('dotOwners-client');
    expect(client).toBeDisabled();
    expect(client).toHaveAccessibleDescription(/look the same here: with hash ranges each replica keeps exactly what the server would send it/);
    await userEvent.click(client);
    expect(store.getState().view.dotOwners).toBe('server');
  });

  it('is enabled with jump hash, and says for how many objects the owners differ', async () => {
    const store = await setup();
    act(() => store.getState().setClientMode('jump'));
    await act(() => store.getState().idle());
    const n = differing(store);
    // Jump hash and equal ranges agree on about 1 object in N (N = 4), not on all.
    expect(n).toBeGreaterThan(800 * 0.5);
    const client = screen.getByTestId('dotOwners-client');
    expect(client).toBeEnabled();
    expect(screen.getByTestId('dot-owners-note')).toHaveTextContent(`Client-side owners differ for ${n} objects`);
    await userEvent.click(client);
    expect(store.getState().view.dotOwners).toBe('client');
  });

  it('is enabled when server-side replicas trust a gate-off API server, so the owners differ even with hash ranges', async () => {
    const store = await setup();
    act(() => {
      store.getState().setClient('client-go');
      store.getState().setGate(0, false);
    });
    await act(() => store.getState().idle());
    expect(differing(store)).toBeGreaterThan(0);
    expect(screen.getByTestId('dotOwners-client')).toBeEnabled();
    expect(screen.getByTestId('dot-owners-note')).toHaveTextContent(/^Client-side owners differ for [\d,]+ objects/);
  });
});

describe('ownersDiffering', () => {
  it('counts objects whose client-side and server-side owners differ; null before the first view', () => {
    expect(ownersDiffering(null)).toBeNull();
    const view = {
      version: 1,
      key: 'object.metadata.uid' as const,
      count: 4,
      positions: new Float64Array([0.1, 0.2, 0.3, 0.4]),
      ownerClient: Int8Array.from([0, 1, -1, 2]),
      ownerServer: Int8Array.from([0, 1, 2, -2]),
      namespaces: [],
    };
    expect(ownersDiffering(view)).toBe(2);
  });
});
