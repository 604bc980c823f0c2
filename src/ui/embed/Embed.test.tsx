import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, embedOf } from '../../state';
import { Embed } from './Embed';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('an embed link naming no panel', () => {
  it('shows the name as code, escaped and cut to 40 characters, never as the page’s own sentence', async () => {
    const lure = 'hash” has been retired. ShardScope moved to https://shardscope-evil.example';
    const name = `${lure}\u202e\u001b[2J${'x'.repeat(500_000)}`;
    const request = embedOf(`#embed=${encodeURIComponent(name)}`)!;
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 4 } });
    render(<Embed store={store} request={request} />);
    await act(() => store.getState().start());
    const error = screen.getByTestId('embed-error');
    const code = error.querySelector('code')!;
    expect(code.textContent).toBe(`${lure.slice(0, 39)}…`);
    expect(error.textContent!.length).toBeLessThan(150);
    expect(error.textContent).toMatch(/^There is no panel hash” has been retired\. ShardScope move… to embed: use hash, bandwidth, flow or card:N\.$/);
    expect(screen.getByTestId('embed-root').dataset.panel!.length).toBeLessThanOrEqual(40);
    const tail = embedOf(`#embed=${encodeURIComponent('\u202e\u0007x')}`)!;
    render(<Embed store={store} request={tail} />);
    expect(screen.getAllByTestId('embed-error')[1]!.querySelector('code')!.textContent).toBe('\\u202E\\u0007x');
    store.getState().dispose();
  });
});
