import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider } from '../../state';
import { QrButton } from './QrButton';
import { forgetForeignChoice, resolveBase } from './publicBase';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  forgetForeignChoice();
  history.replaceState(null, '', '/');
  localStorage.clear();
});

const EVIL = 'https://shardscope-evil.example/';

async function page(ui: React.ReactNode) {
  history.replaceState(null, '', `/?base=${encodeURIComponent(EVIL)}`);
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 4 } });
  render(<ShardScopeProvider store={store}>{ui}</ShardScopeProvider>);
  await act(() => store.getState().start());
  return store;
}

describe('a ?base= on another site', () => {
  it('is foreign only when it comes from the link and names another origin than the page', () => {
    expect(resolveBase(`http://localhost:5173/?base=${encodeURIComponent(EVIL)}`, null)).toMatchObject({ base: EVIL, foreign: true, own: 'http://localhost:5173/' });
    expect(resolveBase('https://talk.example/a/?base=https%3A%2F%2Ftalk.example%2Fb%2F', null)).toMatchObject({ base: 'https://talk.example/b/', foreign: false });
    // The setting is the speaker's own: never asked about.
    expect(resolveBase('http://localhost:5173/', EVIL)).toMatchObject({ base: EVIL, source: 'setting', foreign: false });
    expect(resolveBase(`file:///talk/shardscope.html?base=${encodeURIComponent(EVIL)}`, null)).toMatchObject({ foreign: true });
  });

  it('the QR code asks first, naming both sites; declined it uses the page; chosen it names the other site under the code', async () => {
    const user = userEvent.setup();
    await page(<QrButton />);
    await user.click(screen.getByTestId('qr-button'));
    expect(screen.queryByTestId('qr-code')).toBeNull();
    expect(screen.getByTestId('qr-foreign-site')).toHaveTextContent('shardscope-evil.example');
    expect(screen.getByTestId('qr-foreign')).toHaveTextContent(`not to this one, ${location.host}`);
    await user.click(screen.getByTestId('qr-foreign-own'));
    expect(screen.getByTestId('qr-url').textContent!.startsWith(`${location.origin}/#`)).toBe(true);
    expect(screen.getByTestId('qr-code').dataset.target).toBeUndefined();
    await user.click(screen.getByTestId('qr-close'));
    // The choice holds for the tab: no question on reopening.
    await user.click(screen.getByTestId('qr-button'));
    expect(screen.queryByTestId('qr-foreign')).toBeNull();
    await user.click(screen.getByTestId('qr-close'));
    forgetForeignChoice();
    await user.click(screen.getByTestId('qr-button'));
    await user.click(screen.getByTestId('qr-foreign-foreign'));
    expect(screen.getByTestId('qr-url').textContent!.startsWith(`${EVIL}#`)).toBe(true);
    expect(screen.getByTestId('qr-code').dataset.target).toBe('shardscope-evil.example');
    expect(screen.getByTestId('qr-base-foreign')).toHaveTextContent('Links and this QR code go to another site, shardscope-evil.example');
  });
});
