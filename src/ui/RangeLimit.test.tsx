import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider, type ShardScopeStore } from '../state';
import { LinkNotice } from './App';
import { ReplicaCard } from './cards';

/** Replica k's share of `per` interleaved ranges each, over 64 replicas, as compact text. */
function texts(per: number): string[] {
  const n = 64 * per;
  const hex = (i: number) => (i === n ? '0x10000000000000000' : '0x' + ((BigInt(i) << 64n) / BigInt(n)).toString(16).padStart(16, '0'));
  return Array.from({ length: 64 }, (_, k) =>
    Array.from({ length: per }, (_, i) => `shardRange(object.metadata.uid,'${hex(i * 64 + k)}','${hex(i * 64 + k + 1)}')`).join('||'),
  );
}

describe('the range limit on the page', () => {
  it('says at the selector that went over 8,192 ranges that the run keeps the last selectors that fit', { timeout: 20_000 }, async () => {
    const at128 = texts(128);
    const store: ShardScopeStore = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 4, replicas: 64, selectors: at128 } });
    render(
      <ShardScopeProvider store={store}>
        <ReplicaCard replica={3} />
        <ReplicaCard replica={4} />
      </ShardScopeProvider>,
    );
    await act(() => store.getState().start());
    const [card3, card4] = screen.getAllByTestId('replica-card');
    expect(within(card3!).queryByTestId('range-limit')).toBeNull();
    expect(store.getState().sim.snapshot!.modes.server.replicas[3]!.ranges).toHaveLength(128);
    // Two more ranges for replica 3: 8,194 in all.
    const more = at128[3] + "||shardRange(object.metadata.uid,'0x0000000000000000','0x0000000000000001')||shardRange(object.metadata.uid,'0x0000000000000001','0x0000000000000002')";
    await act(async () => {
      store.getState().setSelectors(at128.map((t, i) => (i === 3 ? more : t)));
      await store.getState().idle();
    });
    expect(within(card3!).getByTestId('range-limit')).toHaveTextContent(
      'All selectors together would hold 8,194 ranges; ShardScope simulates at most 8,192 across all replicas, so the run keeps the last selectors that fit.',
    );
    expect(within(card4!).queryByTestId('range-limit')).toBeNull();
    // The model refused them and kept running with the last good ones.
    expect(store.getState().sim.error).toMatch(/8,194 ranges in all; at most 8,192/);
    expect(store.getState().sim.snapshot!.modes.server.replicas[3]!.ranges).toHaveLength(128);
  });

  it('the link notice says how many ranges a link held and what the page did instead', () => {
    const store = createShardScopeStore({ linkIssues: [{ field: 'selectors', reason: 'invalid', ranges: 8_256 }] });
    render(
      <ShardScopeProvider store={store}>
        <LinkNotice />
      </ShardScopeProvider>,
    );
    expect(screen.getByTestId('link-notice')).toHaveTextContent(
      'This link’s selectors was not valid, so its default is used; everything else in the link was applied. Its selectors hold 8,256 ranges in all; ShardScope simulates at most 8,192, so every replica takes its equal share.',
    );
  });
});
