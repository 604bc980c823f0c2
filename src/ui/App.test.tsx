import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShardScopeStore, defaultSimParams } from '../state';
import { App } from './App';

// jsdom has no 2D canvas (it logs "not implemented"); the painters must cope with null.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

async function setup() {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 500, namespaces: 8 } });
  render(<App store={store} />);
  await act(() => store.getState().start());
  return store;
}

describe('App', () => {
  it('hatches the timeline before the oldest checkpoint, says so under it, and says when a step back replays from the start', async () => {
    const store = await setup();
    expect(screen.queryByTestId('timeline-slow')).toBeNull();
    expect(screen.queryByTestId('replaying')).toBeNull();
    const snap = store.getState().sim.snapshot!;
    act(() => store.setState((s) => ({ sim: { ...s.sim, snapshot: { ...snap, time: 700, stepBack: { ...snap.stepBack, quickFrom: 566 } } } })));
    expect(screen.getByTestId('timeline-slow').getAttribute('data-until')).toBe('566.00');
    expect(screen.getByTestId('timeline-slow-note').textContent).toBe('Hatched, before 9:26.0: no checkpoint left, a step back there replays from the start');
    // The hatching explained in the (?) beside its note.
    fireEvent.click(screen.getByTestId('explain-hatched'));
    expect(screen.getByTestId('explain-hatched-popover')).toHaveTextContent(/checkpoints of the run.*replays the run from its start/);
    expect(screen.getByRole('slider', { name: /Timeline/ })).toHaveAccessibleDescription(/^Before 9:26\.0 no checkpoint is left \(their budget is 200 MB\)/);
    act(() => store.setState((s) => ({ sim: { ...s.sim, replayingTo: 12.5 } })));
    expect(screen.getByTestId('replaying').textContent).toBe('Going back to 0:12.5: no checkpoint is left that far back, so the run replays from the start…');
  });

  it('shows the product name as the page heading', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: /ShardScope/ })).toBeInTheDocument();
  });

  it('shows one card and one band per replica, and follows the replica count', async () => {
    const store = await setup();
    expect(screen.getAllByTestId('replica-card')).toHaveLength(4);
    expect(screen.getAllByTestId('hash-band')).toHaveLength(4);
    act(() => store.getState().setReplicas(3));
    await act(() => store.getState().idle());
    expect(screen.getAllByTestId('replica-card')).toHaveLength(3);
    expect(screen.getAllByTestId('hash-band')).toHaveLength(3);
    expect(screen.queryAllByTestId('hash-gap')).toHaveLength(0);
  });

  it('the headline for 4 replicas on equal ranges reads about 4x, as expected while rates settle', async () => {
    await setup();
    const headline = screen.getByTestId('headline-ratio');
    // At the start no full rate window exists yet: the closed form's prediction, labelled so.
    expect(headline.textContent).toMatch(/^4 replicas: server-side should send [34]\.\d× less \(expected; rates settle in \d+ s\)$/);
    expect(Number(headline.dataset.ratio)).toBeGreaterThan(3.3);
    expect(Number(headline.dataset.ratio)).toBeLessThan(4.7);
  });

  it('each card shows the canonical selector, the URL-encoded watch request and shardInfo in the LIST', async () => {
    await setup();
    const card = screen.getAllByTestId('replica-card')[1]!;
    expect(within(card).getByTestId('selector-canonical')).toHaveTextContent(
      "shardRange(object.metadata.uid, '0x4000000000000000', '0x8000000000000000')",
    );
    expect(within(card).getByTestId('request-url')).toHaveTextContent(
      'GET /api/v1/pods?watch=true&shardSelector=shardRange%28object.metadata.uid%2C+%270x4000000000000000%27%2C+%270x8000000000000000%27%29',
    );
    await waitFor(() => expect(within(card).getByTestId('shardinfo-preview')).toBeInTheDocument());
    expect(within(card).getByTestId('badge-sharded')).toBeInTheDocument();
  });

  it('turning the gate off shows client-go caching everything, the selector not applied and a LIST without shardInfo', async () => {
    const user = userEvent.setup();
    const store = await setup();
    await user.click(screen.getByRole('switch', { name: /ShardedListAndWatch on apiserver-0/ }));
    await act(() => store.getState().idle());
    const card = screen.getAllByTestId('replica-card')[0]!;
    // The cards render the new snapshot in a deferred (background) render: it may land a moment
    // after the model is idle.
    await waitFor(() => expect(within(card).getByTestId('badge-trust')).toHaveTextContent('Gate off: caches everything'));
    expect(within(card).getByTestId('selector-ignored')).toBeInTheDocument();
    // The checked client filters what it is sent itself.
    await user.click(screen.getByRole('radio', { name: 'client-go + local check' }));
    await act(() => store.getState().idle());
    await waitFor(() => expect(within(card).getByTestId('badge-fallback')).toBeInTheDocument());
    await waitFor(() => expect(within(card).getByTestId('shardinfo-missing')).toBeInTheDocument());
    expect(within(card).queryByTestId('shardinfo-preview')).toBeNull();
  });

  it('an invalid selector shows the message in place and, once applied, the HTTP 500 badge', async () => {
    const store = await setup();
    const card = screen.getAllByTestId('replica-card')[2]!;
    const box = within(card).getByTestId('selector-input');
    fireEvent.change(box, { target: { value: "shardRange(object.metadata.uid, '0x8000000000000000', '0xC000000000000000')" } });
    expect(within(card).getByTestId('selector-error')).toHaveTextContent(
      'hexEnd: invalid hex character "C" in "0xC000000000000000"',
    );
    await act(() => store.getState().idle());
    expect(within(card).getByTestId('badge-rejected')).toHaveTextContent('HTTP 500');
    expect(within(card).getByTestId('rejection-message')).toHaveTextContent('invalid shard selector: hexEnd: invalid hex character');
    // The other replicas keep running; the rejected replica's range is now owned by nobody.
    expect(within(screen.getAllByTestId('replica-card')[0]!).queryByTestId('badge-rejected')).toBeNull();
    expect(screen.getByTestId('audit-server')).toHaveClass('audit__row--bad');
  });

  it('a boundary handle is a keyboard slider: arrows nudge it, counts follow, the selectors change', async () => {
    const store = await setup();
    const handle = screen.getAllByTestId('boundary-handle').find((h) => h.dataset.hex === '0x8000000000000000')!;
    expect(handle).toHaveAttribute('role', 'slider');
    expect(handle).toHaveAccessibleName(/replica-1, replica-2/);
    handle.focus();
    fireEvent.keyDown(handle, { key: 'PageUp' });
    await waitFor(() => expect(store.getState().sim.preview).not.toBeNull());
    expect(store.getState().sim.draftSelectors![1]).toBe("shardRange(object.metadata.uid, '0x4000000000000000', '0x8400000000000000')");
    expect(store.getState().sim.draftSelectors![2]).toBe("shardRange(object.metadata.uid, '0x8400000000000000', '0xc000000000000000')");
    fireEvent.keyDown(handle, { key: 'Enter' });
    await act(() => store.getState().idle());
    expect(store.getState().params.selectors[1]).toContain('0x8400000000000000');
  });

  it('keyboard shortcuts: . toggles play, ? opens the key list, Escape closes it', async () => {
    const store = await setup();
    fireEvent.keyDown(window, { key: '.' });
    expect(store.getState().playing).toBe(true);
    fireEvent.keyDown(window, { key: ' ' });
    expect(store.getState().playing).toBe(false);
    fireEvent.keyDown(window, { key: '?' });
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: '+' });
    expect(store.getState().view.speed).toBe(2);
  });

  it('shortcuts do not fire while typing in a selector', async () => {
    const store = await setup();
    const box = screen.getAllByTestId('selector-input')[0]!;
    fireEvent.keyDown(box, { key: '.' });
    expect(store.getState().playing).toBe(false);
  });
});
