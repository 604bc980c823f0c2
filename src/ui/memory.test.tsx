import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, waitFor, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShardScopeStore, defaultSimParams } from '../state';
import { App } from './App';

// jsdom has no 2D canvas; the painters cope with null.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

async function setup() {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 500, namespaces: 8 } });
  render(<App store={store} />);
  await act(() => store.getState().start());
  return store;
}

describe('memory on the page', () => {
  it('the client panel sets the informer cache style, and the memory figures follow it', async () => {
    const user = userEvent.setup();
    const store = await setup();
    const figures = screen.getByTestId('memory-figures');
    expect(figures.dataset.style).toBe('owned');
    expect(within(figures).getByTestId('memory-cache-owned')).toHaveTextContent('Informer caches: filter before the cache (in use)');
    await user.click(screen.getByRole('radio', { name: /All it receives/ }));
    expect(store.getState().params.clientCache).toBe('all');
    await act(() => store.getState().idle());
    // The charts render the snapshot in a deferred (background) render: it may land a moment later.
    await waitFor(() => expect(screen.getByTestId('memory-figures').dataset.style).toBe('all'));
    const client = Number(screen.getByTestId('memory-cache-all-client').dataset.value);
    const server = Number(screen.getByTestId('memory-cache-all-server').dataset.value);
    expect(client / server).toBeCloseTo(4, 3);
    // The whole app mounts and renders here: 5 s is tight on a loaded 2-core machine.
  }, 20_000);

  it('each card shows its cache under both styles, its LIST peak and decode allocation, client- and server-side', async () => {
    const store = await setup();
    const card = screen.getAllByTestId('replica-card')[0]!;
    const table = within(card).getByTestId('card-memory');
    const snap = store.getState().sim.snapshot!;
    const c = snap.modes.client.replicas[0]!;
    const s = snap.modes.server.replicas[0]!;
    // The whole collection client-side under 'cache all'; its shard server-side.
    expect(c.memory.byStyle.all.cacheObjects).toBe(snap.cluster.live);
    expect(s.memory.byStyle.all.cacheObjects).toBe(s.cacheObjects);
    expect(within(table).getByTestId('card-memory-cache-owned-client').closest('tr')).toHaveTextContent('cache: filter first (in use)');
    for (const key of ['cache-owned', 'cache-all', 'list-peak']) {
      expect(within(table).getByTestId(`card-memory-${key}-client`).textContent).toMatch(/\d/);
      expect(within(table).getByTestId(`card-memory-${key}-server`).textContent).toMatch(/\d/);
    }
    // A rate needs time; before the run has measured any, no rate rather than 0 B/s.
    expect(within(table).getByTestId('card-memory-alloc-client').textContent).toBe('—');
    await act(async () => {
      store.getState().step(1);
      await store.getState().idle();
    });
    expect(within(table).getByTestId('card-memory-alloc-client').textContent).toMatch(/\d.*\/s$/);
    expect(within(table).getByTestId('card-memory-alloc-server').textContent).toMatch(/\d.*\/s$/);
    expect(c.memory.byStyle.owned.listPeakBytes).toBeGreaterThan(2 * s.memory.byStyle.owned.listPeakBytes);
  });
});
