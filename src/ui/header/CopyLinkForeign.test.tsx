import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider } from '../../state';
import { CopyLinkButton } from './CopyLinkButton';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  history.replaceState(null, '', '/');
});

const EVIL = 'https://shardscope-evil.example/';

async function page(ui: React.ReactNode) {
  history.replaceState(null, '', `/?base=${encodeURIComponent(EVIL)}`);
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 4 } });
  render(<ShardScopeProvider store={store}>{ui}</ShardScopeProvider>);
  await act(() => store.getState().start());
  return store;
}

describe('Copy link with a ?base= on another site', () => {
  it('Copy link copies nothing until the reader chose, then the chosen site', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await page(<CopyLinkButton />);
    await user.click(screen.getByTestId('copy-link'));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByTestId('copy-link-foreign-site')).toHaveTextContent('shardscope-evil.example');
    await user.click(screen.getByTestId('copy-link-foreign-foreign'));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect((writeText.mock.calls[0] as unknown as [string])[0].startsWith(`${EVIL}#`)).toBe(true);
    expect(screen.queryByTestId('copy-link-foreign')).toBeNull();
  });
});
