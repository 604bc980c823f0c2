import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, readLink } from './link';
import { encodeShortLink } from './shortLink';
import { equalSplitSelectors } from './selectors';
import { createShardScopeStore, type ShardScopeStore } from './store';
import { selectRunningLayout } from './running';
import type { ScheduledEvent } from '../sim/params';
import type { SimParams } from './params';

const reshard: ScheduledEvent = { kind: 'reshard', at: 2, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } };
const typed = "shardRange(object.metadata.uid, '0xc000000000000000', '0x10000000000000000')";
const small: SimParams = { ...defaultSimParams(), objects: 2_000, namespaces: 8, schedule: [reshard] };

/** A store whose timers run at once (the typing delay is not waited for). */
async function started(params: SimParams = small): Promise<ShardScopeStore> {
  const store = createShardScopeStore({ params, setTimeout: (fn) => (fn(), 0), clearTimeout: () => undefined });
  await store.getState().start();
  return store;
}

const sent = (store: ShardScopeStore) => store.getState().sim.snapshot!.modes.server.replicas.map((r) => r.selectorSent);

async function pastTheReshard(store: ShardScopeStore, seconds = 3): Promise<void> {
  store.getState().seekTo(seconds);
  await store.getState().idle();
}

describe('replica editors after a scheduled reshard fired', () => {
  it('edit the running layout: replica 5 of 5 takes the typed selector, and the start layout of 4 is kept', async () => {
    const store = await pastTheReshard2();
    const before = sent(store);
    expect(before).toHaveLength(5);
    store.getState().setSelector(4, typed);
    await store.getState().idle();
    expect(sent(store)).toEqual([...before.slice(0, 4), typed]);
    expect(store.getState().params.selectors).toEqual(equalSplitSelectors(4, 'object.metadata.uid'));
    expect(store.getState().params.retyped).toEqual([{ at: 3, selectors: [...before.slice(0, 4), typed] }]);
    expect(selectRunningLayout(store.getState())!.texts[4]).toBe(typed);
  });

  it('an edit of replica 1 changes what replica 1 runs, not the start layout the schedule starts from', async () => {
    const store = await pastTheReshard2();
    const start = store.getState().params.selectors;
    const other = "shardRange(object.metadata.uid, '0x0000000000000000', '0x2000000000000000')";
    store.getState().setSelector(0, other);
    await store.getState().idle();
    expect(sent(store)[0]).toBe(other);
    expect(store.getState().params.selectors).toEqual(start);
  });

  it('step back before the reshard: the start layout is edited again; forward again: the typed layout is re-applied', async () => {
    const store = await pastTheReshard2();
    store.getState().setSelector(4, typed);
    await store.getState().idle();
    store.getState().seekTo(1);
    await store.getState().idle();
    expect(selectRunningLayout(store.getState())).toBeNull();
    expect(sent(store)).toHaveLength(4);
    store.getState().seekTo(6);
    await store.getState().idle();
    expect(sent(store)[4]).toBe(typed);
    expect(selectRunningLayout(store.getState())!.texts[4]).toBe(typed);
  });

  it('the equal-split reset and a dragged boundary apply to the running layout', async () => {
    const store = await pastTheReshard2();
    store.getState().setSelector(4, typed);
    await store.getState().idle();
    store.getState().resetSplit();
    await store.getState().idle();
    expect(sent(store)).toEqual(equalSplitSelectors(5, 'object.metadata.uid'));
    const dragged = equalSplitSelectors(5, 'object.metadata.uid');
    dragged[4] = typed;
    store.getState().previewSelectors(dragged);
    store.getState().commitPreview();
    await store.getState().idle();
    expect(sent(store)).toEqual(dragged);
    expect(store.getState().params.selectors).toHaveLength(4);
  });

  it('an invalid selector typed into a running editor is sent and answered with the apiserver message, nothing throws', async () => {
    const store = await pastTheReshard2();
    store.getState().setSelector(4, "shardRange(object.metadata.uid, '0xABC', '0x10000000000000000')");
    await store.getState().idle();
    store.getState().step(1);
    await store.getState().idle();
    const r = store.getState().sim.snapshot!.modes.server.replicas[4]!;
    expect(store.getState().sim.error).toBeNull();
    expect(r.error?.httpStatus).toBe(500);
    expect(r.error?.message).toBe('invalid shard selector: hexStart: invalid hex character "A" in "0xABC"');
  });

  it('a change of the schedule leaves the typed running layouts behind', async () => {
    const store = await pastTheReshard2();
    store.getState().setSelector(4, typed);
    await store.getState().idle();
    store.getState().removeScheduledEvent(0);
    await store.getState().idle();
    expect(store.getState().params.retyped).toBeUndefined();
  });
});

async function pastTheReshard2(): Promise<ShardScopeStore> {
  const store = await started();
  await pastTheReshard(store);
  expect(store.getState().sim.snapshot!.time).toBe(3);
  return store;
}

describe('a link carries the running layout typed after a reshard', () => {
  const retyped = [{ at: 3, selectors: [...equalSplitSelectors(5, 'object.metadata.uid').slice(0, 4), typed] }];
  const params: SimParams = { ...small, retyped };

  it('round-trips in #state= and #s= links, and a store opened from it runs it at its time', async () => {
    const back = readLink(encodeLink({ params, view: defaultViewParams() }));
    expect(back.issues).toEqual([]);
    expect(back.state!.params.retyped).toEqual(retyped);
    const short = readLink(encodeShortLink(params, defaultViewParams()));
    expect(short.issues).toEqual([]);
    expect(short.state!.params.retyped).toEqual(retyped);
    expect(encodeShortLink(params, defaultViewParams())).not.toBe(encodeShortLink(small, defaultViewParams()));
    const store = await started(back.state!.params);
    store.getState().seekTo(2.5);
    await store.getState().idle();
    expect(sent(store)[4]).not.toBe(typed);
    store.getState().seekTo(3.5);
    await store.getState().idle();
    expect(sent(store)[4]).toBe(typed);
  });

  it('keeps links without it unchanged', () => {
    const hash = encodeLink({ params: small, view: defaultViewParams() });
    expect(decodeURIComponent(hash)).not.toContain('retyped');
    expect(readLink(hash).state!.params.retyped).toBeUndefined();
    expect(encodeShortLink(small, defaultViewParams())).toBe(encodeShortLink({ ...small, retyped: undefined }, defaultViewParams()));
  });

  it('names bad values and leaves them out', () => {
    const link = (p: Record<string, unknown>) => `#state=${encodeURIComponent(JSON.stringify({ v: 1, p }))}`;
    const read = (r: unknown) => readLink(link({ schedule: [reshard], retyped: r }));
    expect(read('soon').issues.map((i) => i.field)).toEqual(['retyped']);
    expect(read('soon').state!.params.retyped).toBeUndefined();
    expect(read([{ at: -1, selectors: [''] }]).issues.map((i) => i.field)).toEqual(['retyped[0].at']);
    // 4 selectors where 5 replicas run after the reshard at 2 s; and one before any reshard.
    const four = retyped[0]!.selectors.slice(0, 4);
    const r = read([{ at: 1, selectors: four }, { at: 3, selectors: four }, retyped[0]]);
    expect(r.issues.map((i) => i.field)).toEqual(['retyped[0].selectors', 'retyped[1].selectors']);
    expect(r.state!.params.retyped).toEqual(retyped);
    expect(read([{ at: 3, selectors: [1, 2] }]).issues.map((i) => i.field)).toEqual(['retyped[0].selectors[0]']);
  });
});
