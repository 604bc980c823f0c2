import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, defaultViewParams, encodeLink, encodeShortLink, MAX_LINK_LENGTH, readLink } from '../state';
import { App } from './App';

// jsdom has no 2D canvas (it logs "not implemented"); the painters must cope with null.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const small = () => ({ ...defaultSimParams(), objects: 300, namespaces: 4 });

async function setup(options: Parameters<typeof createShardScopeStore>[0] = {}) {
  const store = createShardScopeStore({ params: small(), ...options });
  render(<App store={store} />);
  await act(() => store.getState().start());
  return store;
}

describe('the skip link', () => {
  it('focuses the simulation without replacing the #state= link in the address bar', async () => {
    const store = await setup();
    const hash = encodeLink({ params: store.getState().params, view: store.getState().view });
    history.replaceState(null, '', hash);
    fireEvent.click(screen.getByTestId('skip-link'));
    // A fragment navigation would land in a later task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(location.hash).toBe(hash);
    expect(document.activeElement).toBe(document.getElementById('main'));
    store.getState().dispose();
  });
});

describe('the link notice', () => {
  it('names every field of the opening link it could not use', async () => {
    const { issues } = readLink('#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: [1, 2], w: { view: 7, theme: [] } })));
    const store = await setup({ linkIssues: issues });
    expect(screen.getByTestId('link-notice').textContent).toMatch(/This link’s p, view, theme were not valid/);
    store.getState().dispose();
  });

  it('shows again for a link opened later in the same tab, after the first notice was dismissed', async () => {
    const store = await setup({ linkIssues: [{ field: 'objects', reason: 'invalid' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('link-notice')).toBeNull();
    act(() => store.getState().openLink(readLink('#state=' + encodeURIComponent(JSON.stringify({ v: 2, w: { dotOwners: 'both' } }))).state, [{ field: 'dotOwners', reason: 'invalid' }]));
    expect(screen.getByTestId('link-notice').textContent).toMatch(/This link’s dotOwners was not valid/);
    store.getState().dispose();
  });

  it('says when a link was too long to be read', async () => {
    const store = await setup({ linkIssues: [{ field: 'state', reason: 'too-long' }] });
    expect(screen.getByTestId('link-notice').textContent).toMatch(/longer than the 1,000,000 characters ShardScope writes/);
    store.getState().dispose();
  });
});

describe('a run too large for a link', () => {
  it('Copy link copies nothing and says which selector is too long, as the banner does', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const store = await setup();
    act(() => store.getState().setSelector(1, ' '.repeat(MAX_LINK_LENGTH / 2)));
    fireEvent.click(screen.getByTestId('copy-link'));
    const message = await screen.findByTestId('copy-link-message');
    // 500,000 spaces are %20 each (1,500,000 characters), and the JSON quotes %22 each (6).
    const length = encodeLink({ params: store.getState().params, view: store.getState().view }).length;
    expect(message.textContent).toBe(
      `This run is too large for a link: it would take ${length.toLocaleString('en')} characters, over the 1,000,000 a link may have, and replica-1’s selector takes 1,500,006 of them. The address bar keeps the last run that fit; shorten that selector to share this one.`,
    );
    expect(writeText).not.toHaveBeenCalled();
    // The banner says the same once the URL sync has found it (the store holds its finding).
    const { linkFor } = await import('../state');
    const r = linkFor({ params: store.getState().params, view: store.getState().view });
    act(() => store.getState().setLinkTooLong(r.ok ? null : r));
    expect(screen.getByTestId('link-too-long').textContent).toBe(message.textContent);
    store.getState().dispose();
  });

  it('Copy link copies the page address with this run\u2019s fragment when it fits', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const store = await setup();
    fireEvent.click(screen.getByTestId('copy-link'));
    await screen.findByText('Link copied');
    const { params, view } = store.getState();
    // The short form.
    expect(writeText).toHaveBeenCalledWith(location.href.split('#')[0] + encodeShortLink(params, view));
    expect(readLink(encodeShortLink(params, view)).state).toEqual({ params, view: { ...defaultViewParams(), ...view } });
    expect(readLink(encodeLink({ params, view })).state).toEqual({ params, view: { ...defaultViewParams(), ...view } });
    store.getState().dispose();
  });
});
