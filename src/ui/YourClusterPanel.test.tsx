import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShardScopeStore, defaultSimParams } from '../state';
import { App } from './App';
import { setYourClusterOpen } from './yourcluster';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => act(() => setYourClusterOpen(false)));

async function setup(selectors?: string[]) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 500, namespaces: 8, ...(selectors ? { selectors } : {}) } });
  render(<App store={store} />);
  await act(() => store.getState().start());
  return store;
}

describe('the "your cluster" panel', () => {
  it('opens from the replica controls, looks up a value, marks its hash on the strip and says which replica owns it', async () => {
    const user = userEvent.setup();
    await setup();
    expect(screen.queryByTestId('your-cluster')).toBeNull();
    await user.click(screen.getByTestId('your-cluster-open'));
    // "a" hashes to 0xaf63dc4c8601ec8c: replica 2 of 4 equal ranges.
    await user.type(screen.getByTestId('owner-lookup-input'), 'a');
    await user.click(screen.getByTestId('owner-lookup-submit'));
    const result = await screen.findByTestId('owner-lookup-result');
    expect(within(result).getByTestId('owner-lookup-hash')).toHaveTextContent('0xaf63dc4c8601ec8c');
    expect(within(result).getByTestId('owner-lookup-server').dataset.owners).toBe('2');
    expect(within(result).getByTestId('owner-lookup-range')).toHaveTextContent("shardRange(object.metadata.uid, '0x8000000000000000', '0xc000000000000000')");
    expect(Number(screen.getByTestId('lookup-marker').dataset.position)).toBeCloseTo(Number(BigInt('0xaf63dc4c8601ec8c')) / 2 ** 64, 12);
  }, 20_000);

  it('says so at the field for empty input and keeps the page', async () => {
    const user = userEvent.setup();
    await setup();
    await user.click(screen.getByTestId('your-cluster-open'));
    await user.type(screen.getByTestId('owner-lookup-input'), '   ');
    await user.click(screen.getByTestId('owner-lookup-submit'));
    expect(await screen.findByTestId('owner-lookup-error')).toHaveTextContent('Type or paste a value first.');
    expect(screen.queryByTestId('lookup-marker')).toBeNull();
    expect(screen.getAllByTestId('replica-card')).toHaveLength(4);
  }, 20_000);

  it('generates no code for a layout with a rejected selector, and names the replica', async () => {
    const user = userEvent.setup();
    await setup(["shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')", "shardRange(object.metadata.uid, '0x8', '0x10000000000000000')", '', '']);
    await user.click(screen.getByTestId('your-cluster-open'));
    await user.click(screen.getByTestId('your-cluster-tab-code'));
    expect(screen.getByTestId('snippets-refused')).toHaveTextContent(/replica-1’s selector is rejected \(invalid shard selector: hexStart must be a 0x-prefixed 16-digit hex value/);
  }, 20_000);
});
