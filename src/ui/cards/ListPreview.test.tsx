import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LIFECYCLE, ShardScopeProvider, createShardScopeStore, defaultSimParams, equalSplitSelectors, type ListResponse, type SimParams } from '../../state';
import { current } from './ListPreview';
import { ReplicaCard } from './ReplicaCard';

// What a replica's LIST preview says.

async function setup(params: Partial<SimParams>, replica: number) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 600, namespaces: 6, ...params } });
  render(
    <ShardScopeProvider store={store}>
      <ReplicaCard replica={replica} />
    </ShardScopeProvider>,
  );
  await act(() => store.getState().start());
  await act(() => store.getState().idle());
  return store;
}

/** Integer in a text like "2,495 pods". */
const int = (s: string | null | undefined) => Number((s ?? '').replace(/[^0-9]/g, ''));

describe('the LIST preview of a replica whose API server has the gate off', () => {
  it('shows the whole collection as sent, then what the checked client keeps, and closes the items array on its own line', async () => {
    const store = await setup({ apiServers: [{ gate: true }, { gate: false }], client: 'checked', lifecycle: { ...DEFAULT_LIFECYCLE, initialList: 'list' } }, 1);
    const snap = store.getState().sim.snapshot!;
    const stats = snap.modes.server.replicas[1]!;
    expect(stats.filtering).toBe('local');
    const preview = screen.getByTestId('list-preview');
    const sent = await within(preview).findByTestId('list-sent');
    // The server ignored the selector: every live object is in the body.
    expect(Number(sent.dataset.count)).toBe(snap.cluster.live);
    expect(int(sent.textContent?.split(' pods')[0])).toBe(snap.cluster.live);
    expect(Number(sent.dataset.bytes)).toBe(stats.counters.listBytes);
    const kept = within(preview).getByTestId('list-kept');
    expect(kept.dataset.filtering).toBe('local');
    expect(Number(kept.dataset.count)).toBe(stats.cacheObjects);
    expect(Number(kept.dataset.count)).toBeLessThan(snap.cluster.live / 2);
    expect(kept.textContent).toMatch(/its own check/);
    expect(kept.textContent).toContain(`keeps ${stats.cacheObjects.toLocaleString('en')} pods`);
    // No comment swallows the closing bracket: `]` stands on its own line.
    const lines = (preview.textContent ?? '').split('\n');
    expect(lines).toContain('  ]');
    for (const line of lines.filter((l) => l.includes('//'))) expect(line.slice(line.indexOf('//'))).not.toContain(']');
  });

  it('says a client-go replica caches everything it was sent', async () => {
    const store = await setup({ apiServers: [{ gate: false }], client: 'client-go' }, 2);
    const snap = store.getState().sim.snapshot!;
    const kept = await within(screen.getByTestId('list-preview')).findByTestId('list-kept');
    expect(kept.dataset.filtering).toBe('trust');
    expect(Number(kept.dataset.count)).toBe(snap.cluster.live);
    expect(kept.textContent).toMatch(/no check: replica-2 caches all/);
  });

  it('says a checked replica that cannot parse its own selector decoded everything and keeps nothing', async () => {
    const bad = 'shardRange(object.metadata.uid,';
    const store = await setup({ apiServers: [{ gate: false }], client: 'checked', selectors: [...defaultSimParams().selectors.slice(0, 3), bad] }, 3);
    const snap = store.getState().sim.snapshot!;
    expect(snap.modes.server.replicas[3]!.error?.httpStatus).toBeNull();
    const preview = screen.getByTestId('list-preview');
    expect(Number((await within(preview).findByTestId('list-sent')).dataset.count)).toBe(snap.cluster.live);
    const kept = within(preview).getByTestId('list-kept');
    expect(kept.dataset.filtering).toBe('none');
    expect(Number(kept.dataset.count)).toBe(0);
    expect(kept.textContent).toContain(`decoded all ${snap.cluster.live.toLocaleString('en')} and keeps none`);
  });

  it('says a sharded LIST sent only the replica\'s shard, with no separate kept line', async () => {
    const store = await setup({}, 0);
    const snap = store.getState().sim.snapshot!;
    const sent = await within(screen.getByTestId('list-preview')).findByTestId('list-sent');
    expect(Number(sent.dataset.count)).toBe(snap.modes.server.replicas[0]!.cacheObjects);
    expect(screen.queryByTestId('list-kept')).toBeNull();
  });
});

describe('the LIST preview of a rejected selector', () => {
  it('shows the HTTP 500 body exactly: no reason, no details', async () => {
    const store = await setup({ selectors: [...defaultSimParams().selectors.slice(0, 3), 'shardRange(object.metadata.uid,'] }, 3);
    await waitFor(() => expect(store.getState().sim.snapshot!.modes.server.replicas[3]!.status).toBe('error'));
    const message = store.getState().sim.snapshot!.modes.server.replicas[3]!.error!.message;
    const body = await screen.findByTestId('list-status-body');
    expect(JSON.parse(body.textContent!)).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
    expect(Object.keys(JSON.parse(body.textContent!))).toEqual(['kind', 'apiVersion', 'metadata', 'status', 'message', 'code']);
  });
});

describe('the LIST preview with a long selector: many ranges stay responsive', () => {
  it('quotes the shardInfo selector once per selector, not once per snapshot', async () => {
    const selectors = equalSplitSelectors(64, 'object.metadata.uid');
    // Replica 0 holds 40 ranges: a canonical text of several kB.
    const text = Array.from({ length: 40 }, (_, i) => selectors[i]!).join(' || ');
    const store = await setup({ replicas: 2, selectors: [text, selectors.slice(40).join(' || ')] }, 0);
    const canonical = screen.getByTestId('selector-canonical').textContent!;
    expect(canonical.length).toBeGreaterThan(3_000);
    await within(screen.getByTestId('list-preview')).findByTestId('shardinfo-preview');
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (let k = 0; k < 3; k++) {
        await act(async () => {
          store.getState().step(1);
          await store.getState().idle();
        });
      }
      const quoted = stringify.mock.calls.filter(([v]) => v === canonical).length;
      expect(quoted).toBeLessThanOrEqual(1);
    } finally {
      stringify.mockRestore();
    }
    expect(within(screen.getByTestId('list-preview')).getByTestId('shardinfo-preview').textContent).toContain(JSON.stringify(canonical));
  }, 30_000);
});

describe('the LIST preview as v1.36 sends and answers it', () => {
  it('says a replica that syncs by streaming list never receives this page; one that lists does not say so', async () => {
    const store = await setup({}, 0);
    expect(store.getState().sim.snapshot!.modes.server.replicas[0]!.syncStreaming).toBe(true);
    expect(screen.getByTestId('list-preview-streaming')).toHaveTextContent('replica-0 syncs by streaming list');
    // The page a LIST would get still carries shardInfo: the server filters.
    await within(screen.getByTestId('list-preview')).findByTestId('shardinfo-preview');
  });

  it('a LIST-then-WATCH client has no streaming note', async () => {
    await setup({ client: 'shardinfo' }, 0);
    await within(screen.getByTestId('list-preview')).findByTestId('shardinfo-preview');
    expect(screen.queryByTestId('list-preview-streaming')).toBeNull();
  });

  it("a sharded first page of 500 carries v1.36's unfiltered remainingItemCount, with a note; an unsharded one, the same count without it", async () => {
    const objects = 2_000;
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects, namespaces: 6 } });
    render(
      <ShardScopeProvider store={store}>
        <ReplicaCard replica={0} />
      </ShardScopeProvider>,
    );
    await act(() => store.getState().start());
    await act(() => store.getState().idle());
    const preview = screen.getByTestId('list-preview');
    expect(within(preview).queryByTestId('remaining-item-count')).toBeNull();
    fireEvent.click(screen.getByTestId('list-preview-kind-0-paged'));
    const count = await within(preview).findByTestId('remaining-item-count');
    const live = store.getState().sim.snapshot!.cluster.live;
    // v1.36.0-3 (remainingItemCount when SelectionPredicate.Empty(), which ignores the shard
    // selector): every stored object from the page's start, matching or not, less the limit.
    expect(Number(count.dataset.count)).toBe(live - 500);
    // What the shard really has left: about a quarter of the live objects, less the page.
    const own = store.getState().sim.snapshot!.modes.server.replicas[0]!.cacheObjects;
    expect(Number(count.dataset.count)).toBeGreaterThan(3 * (own - 500));
    expect(within(preview).getByTestId('remaining-note')).toHaveTextContent('v1.36.0 to v1.36.3');
    expect(preview.dataset.kind).toBe('paged');
    expect(preview.textContent).toContain('"continue": "');
    // Back to the informer's LIST: one page, no continuation.
    fireEvent.click(screen.getByTestId('list-preview-kind-0-informer'));
    await waitFor(() => expect(within(preview).queryByTestId('remaining-item-count')).toBeNull());
    // Without a selector, the count is right, and no note.
    await act(async () => {
      store.getState().setSelector(0, '');
      await store.getState().idle();
    });
    fireEvent.click(screen.getByTestId('list-preview-kind-0-paged'));
    await waitFor(() => expect(Number(within(preview).getByTestId('remaining-item-count').dataset.count)).toBe(store.getState().sim.snapshot!.cluster.live - 500));
    expect(within(preview).queryByTestId('remaining-note')).toBeNull();
  });
});

describe('the LIST preview follows the gate its API server has now', () => {
  it('shows shardInfo once the server has the gate, though the replica’s last LIST (before the rollout) had none', async () => {
    const store = await setup({ apiServers: [{ gate: false }], client: 'shardinfo', lifecycle: { ...DEFAULT_LIFECYCLE, initialList: 'list' } }, 0);
    const stats = store.getState().sim.snapshot!.modes.server.replicas[0]!;
    expect(stats.shardInfoSeen).toBe(false);
    // What the model answers for a LIST once a rollout restarted the server with the gate on.
    const withInfo: ListResponse = {
      status: 200,
      request: { verb: 'LIST', url: stats.listUrl, shardSelector: stats.selectorSent, apiServer: 0 },
      body: { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '7', shardInfo: { selector: stats.selector! } }, items: [] },
      totalItems: 0,
      itemsShown: 0,
      bodyBytes: 0,
      kept: { items: 0, bytes: 0, filtering: stats.filtering },
    };
    const now = current(withInfo, stats, '7', true);
    expect(now.pending).toBe(false);
    expect(now.response.status === 200 && now.response.body.metadata.shardInfo).toBeTruthy();
    // With the gate off now, the same body is stale: a pending body without shardInfo.
    const off = current(withInfo, stats, '7', false);
    expect(off.pending).toBe(true);
    expect(off.response.status === 200 && off.response.body.metadata.shardInfo).toBeFalsy();
  });
});
