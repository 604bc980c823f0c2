import { describe, expect, it } from 'vitest';
import { createShardScopeStore } from '../state/store';
import { defaultViewParams } from '../state/defaults';
import { syncUrl, type UrlHost } from '../state/urlSync';
import { readLink } from '../state/link';
import { leaveStory, moveStory, showStoryStep } from './controller';
import { resolveStep, storyById } from './index';

const saving = storyById('saving')!;

function host(initial = '') {
  let hash = initial;
  const listeners = new Set<() => void>();
  const h: UrlHost = {
    hash: () => hash,
    replace: (x) => void (hash = x),
    onHashChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { h, current: () => hash, navigate: (x: string) => ((hash = x), listeners.forEach((l) => l())) };
}

function timers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void) => (pending.set(next, fn), next++),
    clearTimeout: (id: unknown) => void pending.delete(id as number),
    flush: () => [...pending].forEach(([id, fn]) => (pending.delete(id), fn())),
  };
}

describe('story steps in the store (issue 10)', () => {
  it('sets the full state of a step and marks the story active', () => {
    const store = createShardScopeStore({ view: { ...defaultViewParams(), theme: 'dark' } });
    expect(store.getState().storyActive).toBe(false);
    showStoryStep(store, 'saving', 3);
    const s = store.getState();
    expect(s.story).toEqual({ id: 'saving', step: 3 });
    expect(s.storyActive).toBe(true);
    expect(s.params).toEqual(resolveStep(saving, 2)!.params);
    // The reader's theme stays: a story never changes it.
    expect(s.view.theme).toBe('dark');
  });

  it('runs a step with a scheduled reshard from its start, so the hand-off lies ahead of the audience', async () => {
    const store = createShardScopeStore();
    await store.getState().start();
    // A step without a schedule keeps the run's time.
    store.getState().seekTo(12);
    await store.getState().idle();
    showStoryStep(store, 'saving', 1);
    await store.getState().idle();
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(12, 5);
    // Step 3 of resharding, played past its hand-off (at 5 s) to 40 s.
    showStoryStep(store, 'resharding', 3);
    await store.getState().idle();
    await store.getState().idle();
    store.getState().seekTo(40);
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(40, 5);
    expect(store.getState().sim.snapshot!.handoff.reshards).toHaveLength(2);
    // Step 4 has the same parameters and schedule, yet its run starts again: the reshard is ahead.
    showStoryStep(store, 'resharding', 4);
    await store.getState().idle();
    await store.getState().idle();
    const s = store.getState().sim.snapshot!;
    expect(s.params.schedule).toEqual(resolveStep(storyById('resharding')!, 3)!.params.schedule);
    expect(s.time).toBe(0);
    expect(s.handoff.reshards).toEqual([]);
    store.getState().dispose();
  }, 60_000);

  it('steps back to exactly the state of the earlier step, from the defaults, not as an undo', () => {
    const store = createShardScopeStore();
    showStoryStep(store, 'saving', 3);
    const atThree = store.getState().params;
    moveStory(store, 1);
    expect(store.getState().params.replicas).toBe(16);
    // A change in between (free play inside the story) does not leak into the earlier step.
    store.getState().setScalar('objects', 777);
    moveStory(store, -1);
    expect(store.getState().story).toEqual({ id: 'saving', step: 3 });
    expect(store.getState().params).toEqual(atThree);
  });

  it('does not move past either end, and leaving keeps the state for free play', () => {
    const store = createShardScopeStore();
    showStoryStep(store, 'saving', 1);
    moveStory(store, -1);
    expect(store.getState().story?.step).toBe(1);
    showStoryStep(store, 'saving', 99);
    expect(store.getState().story?.step).toBe(4);
    moveStory(store, 1);
    expect(store.getState().story?.step).toBe(4);
    const params = store.getState().params;
    leaveStory(store);
    expect(store.getState().storyActive).toBe(false);
    expect(store.getState().story).toBeNull();
    expect(store.getState().params).toBe(params);
  });

  it('refuses an unknown story and changes nothing', () => {
    const store = createShardScopeStore();
    expect(showStoryStep(store, 'nope', 1)).toBe(false);
    expect(store.getState().story).toBeNull();
  });
});

describe('the address bar in a story (issue 10)', () => {
  it('shows #story=<id>&step=<n> at once while a story is shown, and the state link (#s=) after leaving', () => {
    const t = timers();
    const store = createShardScopeStore({ setTimeout: t.setTimeout, clearTimeout: t.clearTimeout });
    const url = host();
    syncUrl(store, url.h, { setTimeout: t.setTimeout, clearTimeout: t.clearTimeout });
    showStoryStep(store, 'fallback', 2);
    expect(url.current()).toBe('#story=fallback&step=2');
    t.flush();
    expect(url.current()).toBe('#story=fallback&step=2');
    leaveStory(store);
    t.flush();
    expect(url.current()).toMatch(/^#s=2\./);
    expect(readLink(url.current()).state!.params).toEqual(resolveStep(storyById('fallback')!, 1)!.params);
  });

  it('opens a story link navigated to in the same tab', () => {
    const store = createShardScopeStore();
    const url = host();
    syncUrl(store, url.h, { storyById, openStory: (p) => showStoryStep(store, p.id, p.step) });
    url.navigate('#story=refused&step=2');
    expect(store.getState().story).toEqual({ id: 'refused', step: 2 });
    expect(store.getState().params.selectors[0]).toContain('start');
  });
});
