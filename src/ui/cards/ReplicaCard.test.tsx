import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider, STEP_SECONDS, toSimInput } from '../../state';
import { goQueryEscape } from '../../sim/apiserver';
import { ReplicaCard } from './ReplicaCard';

vi.mock('../../sim/apiserver/url', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../sim/apiserver/url')>();
  return { ...actual, goQueryEscape: vi.fn(actual.goQueryEscape) };
});

const WINDOW = toSimInput(defaultSimParams()).rateWindowSeconds!;

async function card(replica = 0, params: Partial<ReturnType<typeof defaultSimParams>> = {}) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8, ...params } });
  render(
    <ShardScopeProvider store={store}>
      <ReplicaCard replica={replica} />
    </ShardScopeProvider>,
  );
  await act(() => store.getState().start());
  const step = async (seconds: number) => {
    for (let k = 0; k < Math.round(seconds / STEP_SECONDS); k++) {
      await act(async () => {
        store.getState().step(1);
        await store.getState().idle();
      });
    }
  };
  const apply = async (fn: () => void) => {
    await act(async () => {
      fn();
      await store.getState().idle();
    });
  };
  return { store, step, apply, el: screen.getByTestId('replica-card') };
}

describe('ReplicaCard rates while settling', () => {
  it('greys the rates and says "settling, N s" until one rate window has passed since the change', async () => {
    const { step, el } = await card();
    expect(within(el).getByTestId('settling-badge')).toHaveTextContent(`settling, ${WINDOW} s`);
    expect(within(el).getByTestId('events-rate')).toHaveAttribute('data-settling', 'true');
    expect(within(el).getByTestId('bytes-rate')).toHaveAttribute('data-settling', 'true');
    await step(2);
    expect(within(el).getByTestId('settling-badge')).toHaveTextContent(`settling, ${WINDOW - 2} s`);
    await step(WINDOW);
    expect(within(el).queryByTestId('settling-badge')).toBeNull();
    expect(within(el).getByTestId('events-rate')).toHaveAttribute('data-settling', 'false');
  });

  it('starts settling again after a reconnect', async () => {
    const { store, step, apply, el } = await card();
    await step(WINDOW + 1);
    expect(within(el).queryByTestId('settling-badge')).toBeNull();
    await apply(() => store.getState().setGate(0, false));
    expect(within(el).getByTestId('settling-badge')).toHaveTextContent(`settling, ${WINDOW} s`);
  });
});

describe('ReplicaCard of a replica whose requests fail', () => {
  it('reads 0 events/s at once, not greyed as settling: nothing arrives', async () => {
    const { store, step, apply, el } = await card();
    await step(WINDOW + 1);
    await apply(() => store.getState().setSelector(0, "shardRange(object.metadata.uid, '0xFF', '0x4000000000000000')"));
    expect(within(el).getByTestId('badge-rejected')).toHaveTextContent('HTTP 500');
    expect(within(el).getByTestId('events-rate')).toHaveTextContent('0 received · 0 kept');
    expect(within(el).getByTestId('events-rate')).toHaveAttribute('data-settling', 'false');
    await step(1);
    expect(within(el).getByTestId('events-rate')).toHaveTextContent('0 received · 0 kept');
    expect(within(el).getByTestId('bytes-rate')).toHaveTextContent(/^0 B received · 0 B kept/);
  });

  it('says in words that an empty box sends no selector, and what follows', async () => {
    const { store, apply, el } = await card();
    expect(within(el).queryByTestId('no-selector-note')).toBeNull();
    await apply(() => store.getState().setSelector(0, ''));
    // The editor says no parameter is sent; the note says what follows.
    expect(el).toHaveTextContent('Empty: no shardSelector parameter is sent');
    const note = within(el).getByTestId('no-selector-note');
    expect(note).toHaveTextContent(
      'No selector, so the API server returns the whole collection, without shardInfo (client-go leaves out an empty parameter).',
    );
    expect(note).toHaveTextContent('client-go checks nothing: this replica keeps every object it is sent.');
    expect(within(el).getByTestId('owned-count')).toHaveTextContent(String(store.getState().sim.snapshot!.cluster.live));
    expect(within(el).getByTestId('request-url')).toHaveTextContent('GET /api/v1/pods?watch=true');
    expect(within(el).getByTestId('request-url').textContent).not.toContain('shardSelector');
  });

  it('with the checked client, says its check has nothing to filter by', async () => {
    const { store, apply, el } = await card(0, { client: 'checked' });
    await apply(() => store.getState().setSelector(0, ''));
    expect(within(el).getByTestId('no-selector-note')).toHaveTextContent('Its local check has nothing to filter by: this replica keeps every object.');
  });

  it('on a gate-off API server, says the selector is valid but not applied, whatever the client', async () => {
    for (const client of ['client-go', 'checked'] as const) {
      const { el, store } = await card(0, { client, apiServers: [{ gate: false }] });
      const note = within(el).getByTestId('selector-ignored');
      expect(note).toHaveTextContent('apiserver-0 has the ShardedListAndWatch gate off: it ignores this selector and sends the whole collection.');
      expect(within(el).getByTestId(client === 'client-go' ? 'badge-trust' : 'badge-fallback')).toBeInTheDocument();
      expect(Number(within(el).getByTestId('owned-count').textContent!.replace(/[^0-9]/g, ''))).toBe(
        client === 'client-go' ? store.getState().sim.snapshot!.cluster.live : store.getState().sim.snapshot!.modes.server.replicas[0]!.cacheObjects,
      );
      cleanup();
    }
    // With the gate on, no such note.
    const { el } = await card(0);
    expect(within(el).queryByTestId('selector-ignored')).toBeNull();
  });

  it('a whitespace-only box is sent as typed: no "no selector" note, but the server\'s HTTP 500', async () => {
    const { store, apply, el } = await card();
    await apply(() => store.getState().setSelector(0, '   '));
    expect(within(el).queryByTestId('no-selector-note')).toBeNull();
    expect(within(el).getByTestId('rejection-message')).toHaveTextContent(
      'HTTP 500 invalid shard selector: empty shard selector is not allowed; omit the parameter for unfiltered lists',
    );
  });
});

describe('ReplicaCard request URL', () => {
  it('escapes its selector once per text, not on every snapshot', async () => {
    const text = Array.from({ length: 60 }, (_, i) => `shardRange(object.metadata.uid, '0x${i.toString(16).padStart(16, '0')}', '0x${(i + 1).toString(16).padStart(16, '0')}')`).join(' || ');
    const { store, step, apply, el } = await card();
    await apply(() => store.getState().setSelector(0, text));
    expect(within(el).getByTestId('request-url')).toHaveTextContent('shardRange%28object.metadata.uid%2C+%270x0000000000000000%27');
    const escape = vi.mocked(goQueryEscape);
    escape.mockClear();
    const version = store.getState().sim.version;
    await step(3);
    expect(store.getState().sim.version).toBeGreaterThan(version);
    expect(escape.mock.calls.filter(([v]) => v === text)).toHaveLength(0);
  });
});

describe('ReplicaCard says what state it shows', () => {
  it('on a gate-off server, says the selector is valid but not applied, and names the server', async () => {
    const { el } = await card(1, { apiServers: [{ gate: true }, { gate: false }] });
    const valid = within(el).getByTestId('selector-valid');
    expect(valid).toHaveTextContent('Valid, but not applied: apiserver-1 has the ShardedListAndWatch gate off and ignores it');
    expect(valid).toHaveAttribute('data-applied', 'false');
    expect(valid).not.toHaveTextContent('Accepted by the apiserver parser');
    cleanup();
    const on = await card(0, { apiServers: [{ gate: true }, { gate: false }] });
    expect(within(on.el).getByTestId('selector-valid')).toHaveTextContent('Accepted by the apiserver parser');
    expect(within(on.el).getByTestId('selector-valid')).toHaveAttribute('data-applied', 'true');
  });

  it('shows the gate its server has now: the word beside the badge follows a gate toggled during the run', async () => {
    const { store, step, apply, el } = await card(0);
    await step(1);
    expect(within(el).getByTestId('card-gate')).toHaveAttribute('data-gate', 'true');
    expect(within(el).getByTestId('badge-sharded')).toBeInTheDocument();
    await apply(() => store.getState().setGate(0, false));
    expect(within(el).getByTestId('card-gate')).toHaveAttribute('data-gate', 'false');
    expect(within(el).queryByTestId('badge-sharded')).toBeNull();
  });

  it('shows no rate before the run has measured any time, and marks the last rates while paused', async () => {
    const { store, step, el } = await card(0);
    expect(store.getState().sim.snapshot!.time).toBe(0);
    expect(within(el).getByTestId('events-rate')).toHaveTextContent(/^—$/);
    expect(within(el).getByTestId('events-rate')).toHaveAttribute('data-rates', 'none');
    expect(within(el).getByTestId('card-memory-alloc-server')).toHaveTextContent(/^—$/);
    expect(within(el).getByTestId('card-memory-alloc-client')).toHaveTextContent(/^—$/);
    await step(2);
    expect(store.getState().playing).toBe(false);
    expect(within(el).getByTestId('events-rate')).toHaveAttribute('data-rates', 'paused');
    expect(within(el).getByTestId('events-rate')).toHaveTextContent(/received/);
    expect(within(el).getByTestId('paused-badge')).toHaveTextContent('paused');
    expect(within(el).getByTestId('card-memory-alloc-server')).toHaveTextContent(/\/s$/);
    expect(within(el).getByTestId('card-memory-alloc-server')).not.toHaveTextContent(/^0 B\/s$/);
    expect(within(el).getByTestId('card-memory')).toHaveTextContent('decode allocation (paused)');
  });
});
