import { describe, expect, it } from 'vitest';
import { createShardScopeStore } from '../state/store';
import { defaultViewParams } from '../state/defaults';
import { syncUrl, type UrlHost } from '../state/urlSync';
import { linkFor, readLink } from '../state/link';
import { pageLinkFor } from '../state/pageLink';
import type { SimParams } from '../state/params';
import { leaveStory, moveStory, showStoryStep } from './controller';
import { resolveStep, storyById } from './index';
import { smallEngineFactory } from '../../tests/support/smallEngine';

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

describe('story steps in the store', () => {
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
    // Step 3 of resharding, played past its hand-off (at 5 s) to 40 s.
    showStoryStep(store, 'resharding', 3);
    await store.getState().idle();
    store.getState().seekTo(40);
    await store.getState().idle();
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(40, 5);
    expect(store.getState().sim.snapshot!.handoff.reshards).toHaveLength(2);
    // Step 4 has the same parameters and schedule, yet its run starts again: the reshard is ahead.
    showStoryStep(store, 'resharding', 4);
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

  it('does not move past either end, and leaving brings back the run from before the story', () => {
    const store = createShardScopeStore();
    showStoryStep(store, 'saving', 1);
    moveStory(store, -1);
    expect(store.getState().story?.step).toBe(1);
    showStoryStep(store, 'saving', 99);
    expect(store.getState().story?.step).toBe(4);
    moveStory(store, 1);
    expect(store.getState().story?.step).toBe(4);
    const before = createShardScopeStore().getState().params;
    leaveStory(store);
    expect(store.getState().storyActive).toBe(false);
    expect(store.getState().story).toBeNull();
    // The store started on the defaults: those come back, not the last step's 16 replicas.
    expect(store.getState().params).toEqual(before);
  });

  it('refuses an unknown story and changes nothing', () => {
    const store = createShardScopeStore();
    expect(showStoryStep(store, 'nope', 1)).toBe(false);
    expect(store.getState().story).toBeNull();
  });
});

describe('the address bar in a story', () => {
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
    // The link of the run from before the story (here the defaults), not of the step.
    expect(readLink(url.current()).state!.params).toEqual(createShardScopeStore().getState().params);
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

/**
 * A store 30 s into another run of the same seed and cluster (3 replicas, a slower churn): the
 * model takes such a change without a rebuild, so a step that did not build its own run would
 * continue this one.
 */
async function elsewhere() {
  const store = createShardScopeStore();
  await store.getState().start();
  const s = store.getState();
  s.setReplicas(3);
  s.setScalar('modifiedPerSec', 100);
  await store.getState().idle();
  store.getState().seekTo(30);
  await store.getState().idle();
  expect(store.getState().sim.snapshot!.time).toBeCloseTo(30, 5);
  return store;
}

/** The run of `params` alone, from a store of its own, at `t`: what a step of them must show. */
async function reference(params: SimParams, t: number) {
  const store = createShardScopeStore({ params });
  await store.getState().start();
  if (t > 0) store.getState().seekTo(t);
  await store.getState().idle();
  const snap = store.getState().sim.snapshot!;
  store.getState().dispose();
  return snap;
}

/** The parts of a snapshot that say which run it is: its parameters, cluster and stream. */
const runOf = (s: { params: unknown; cluster: unknown; churn: unknown; time: number }) => ({ params: s.params, cluster: s.cluster, churn: s.churn, time: s.time });

describe('a step is a state, not a moment in a run', () => {
  it('opens a step as a fresh run of its own seed, parameters and schedule, at its time, whatever ran before', async () => {
    const store = await elsewhere();
    const before = store.getState().params;
    showStoryStep(store, 'rollout', 3);
    await store.getState().idle();
    // The controller goes to the step's time (45 s) once the new run is built.
    await new Promise((r) => setTimeout(r, 0));
    await store.getState().idle();
    const want = resolveStep(storyById('rollout')!, 2)!;
    expect(before.replicas).toBe(3);
    expect(store.getState().params).toEqual(want.params);
    expect(runOf(store.getState().sim.snapshot!)).toEqual(runOf(await reference(want.params, want.time)));
    store.getState().dispose();
  }, 60_000);

  it('a step back on the timeline replays the story’s run, not the run shown before it', async () => {
    const store = await elsewhere();
    showStoryStep(store, 'rollout', 3);
    await store.getState().idle();
    store.getState().seekTo(20);
    await store.getState().idle();
    // Back to 5 s: a replay of the step's own run from the start, not of the other run's first 30 s.
    store.getState().seekTo(5);
    await store.getState().idle();
    expect(runOf(store.getState().sim.snapshot!)).toEqual(runOf(await reference(resolveStep(storyById('rollout')!, 2)!.params, 5)));
    store.getState().dispose();
  }, 60_000);

  it('leaving brings back the run from before the story, and re-entering restarts the story’s run', async () => {
    const store = await elsewhere();
    const before = store.getState().params;
    showStoryStep(store, 'saving', 1);
    await store.getState().idle();
    moveStory(store, 1);
    showStoryStep(store, 'fallback', 2);
    await store.getState().idle();
    store.getState().seekTo(12);
    await store.getState().idle();
    leaveStory(store);
    await store.getState().idle();
    expect(store.getState().story).toBeNull();
    expect(store.getState().params).toEqual(before);
    expect(runOf(store.getState().sim.snapshot!)).toEqual(runOf(await reference(before, 0)));
    // Re-entering: the story's run from its start, not where it was left.
    showStoryStep(store, 'fallback', 2);
    await store.getState().idle();
    expect(runOf(store.getState().sim.snapshot!)).toEqual(runOf(await reference(resolveStep(storyById('fallback')!, 1)!.params, 0)));
    store.getState().dispose();
  }, 60_000);

  it('is ready only once its own run is at its time: the run before, shown under its caption meanwhile, is never marked as the step', async () => {
    // CI runs 17 and 18: resharding step 6 (at 0 s, its reshard 5 s ahead) read while step 5's
    // run (at 120 s, past its reshard) was still on screen.
    const story = storyById('resharding')!;
    // Times, steps and parameters, not figures: runs of 2,000 pods, not the story's 100,000.
    const store = createShardScopeStore({ engineFactory: smallEngineFactory() });
    await store.getState().start();
    // Every moment the store says "ready": which run, at what time, for which step.
    const marks: { step: number; time: number; params: SimParams }[] = [];
    store.subscribe((x, prev) => {
      if (x.storyReady && !prev.storyReady) marks.push({ step: x.story!.step, time: x.sim.snapshot!.time, params: x.sim.applied! });
    });
    // Bounded by the test's time-out, not by a count of short sleeps: a busy machine may take
    // seconds to build a run.
    const untilReady = async () => {
      while (!store.getState().storyReady) {
        await store.getState().idle();
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    showStoryStep(store, 'resharding', 5);
    expect(store.getState().storyReady).toBe(false);
    await untilReady();
    const five = resolveStep(story, 4)!;
    expect(marks).toEqual([{ step: 5, time: expect.closeTo(five.time, 5) as number, params: five.params }]);
    expect(store.getState().sim.snapshot!.handoff.reshards.length).toBeGreaterThan(0);
    // Step 6: at once, the caption is step 6's and the run on screen still step 5's, past its
    // reshard. That run is not the step's: the step is not ready.
    showStoryStep(store, 'resharding', 6);
    expect(store.getState().story).toEqual({ id: 'resharding', step: 6 });
    expect(store.getState().sim.snapshot!.time).toBeCloseTo(five.time, 5);
    expect(store.getState().storyReady).toBe(false);
    await untilReady();
    const six = resolveStep(story, 5)!;
    expect(marks.slice(1)).toEqual([{ step: 6, time: 0, params: six.params }]);
    // Ready: paused while it was prepared, it now plays, its reshard still ahead.
    expect(store.getState().playing).toBe(six.playing);
    expect(store.getState().sim.snapshot!.handoff.reshards).toHaveLength(0);
    // A step left before it was ready never marks the next one: 2 then 3 at once, one mark.
    showStoryStep(store, 'resharding', 2);
    showStoryStep(store, 'resharding', 3);
    await untilReady();
    expect(marks.slice(2)).toEqual([{ step: 3, time: 0, params: resolveStep(story, 2)!.params }]);
    store.getState().dispose();
  }, 60_000);

  it('is ready, as the reader left it, when the reader changes the step’s parameters before it is ready; a step left stays unmarked', async () => {
    const store = createShardScopeStore({ engineFactory: smallEngineFactory() });
    await store.getState().start();
    // Rollout step 3 goes to 45 s; the reader adds a replica while its run is being built.
    showStoryStep(store, 'rollout', 3);
    store.getState().setReplicas(store.getState().params.replicas + 1);
    // Not stuck "setting up": ready (the wait is bounded by the test's time-out), on the
    // reader's run, which was neither moved nor played.
    while (!store.getState().storyReady) {
      await store.getState().idle();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(store.getState().story).toEqual({ id: 'rollout', step: 3 });
    expect(store.getState().playing).toBe(false);
    expect(store.getState().sim.snapshot!.time).toBeLessThan(resolveStep(storyById('rollout')!, 2)!.time);
    // A story left before its step was ready: nothing is marked on free play.
    showStoryStep(store, 'rollout', 2);
    leaveStory(store);
    await store.getState().idle();
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().story).toBeNull();
    expect(store.getState().storyReady).toBe(false);
    store.getState().dispose();
  }, 60_000);

  it('resolves a step’s time: its `at`, else the run’s start; a bad time shows the start', () => {
    const story = storyById('saving')!;
    const at = (x: unknown) => resolveStep({ ...story, steps: [{ ...story.steps[0]!, at: x as number }] }, 0)!.time;
    expect(at(undefined)).toBe(0);
    expect(resolveStep(story, 0)!.time).toBe(story.steps[0]!.at);
    expect(at(12.5)).toBe(12.5);
    for (const bad of [Number.NaN, -3, Number.POSITIVE_INFINITY, '9']) expect(at(bad)).toBe(0);
  });
});

describe('presentation mode in a story', () => {
  it('stays on across steps, another story and leaving, until it is turned off', () => {
    const store = createShardScopeStore();
    store.getState().setPresentation(true);
    showStoryStep(store, 'saving', 1);
    moveStory(store, 1);
    moveStory(store, 1);
    moveStory(store, -1);
    expect(store.getState().view.presentation).toBe(true);
    showStoryStep(store, 'rollout', 2);
    expect(store.getState().view.presentation).toBe(true);
    store.getState().setLocale('zh-CN');
    moveStory(store, 1);
    expect(store.getState().view.presentation).toBe(true);
    leaveStory(store);
    expect(store.getState().view.presentation).toBe(true);
    store.getState().togglePresentation();
    showStoryStep(store, 'saving', 1);
    expect(store.getState().view.presentation).toBe(false);
  });

  it('the address bar carries &present=1 while presenting, and a link with it turns presentation on', () => {
    const t = timers();
    const store = createShardScopeStore({ setTimeout: t.setTimeout, clearTimeout: t.clearTimeout });
    const url = host();
    syncUrl(store, url.h, { storyById, openStory: (p) => showStoryStep(store, p.id, p.step), setTimeout: t.setTimeout, clearTimeout: t.clearTimeout });
    showStoryStep(store, 'saving', 2);
    expect(url.current()).toBe('#story=saving&step=2');
    store.getState().setPresentation(true);
    t.flush();
    expect(url.current()).toBe('#story=saving&step=2&present=1');
    moveStory(store, 1);
    expect(url.current()).toBe('#story=saving&step=3&present=1');
    expect(pageLinkFor(store.getState())).toEqual({ ok: true, hash: '#story=saving&step=3&present=1' });
    store.getState().setPresentation(false);
    leaveStory(store);
    url.navigate('#story=refused&step=2&present=1');
    expect(store.getState().story).toEqual({ id: 'refused', step: 2 });
    expect(store.getState().view.presentation).toBe(true);
  });
});

describe('a run’s link opened during a story', () => {
  it('ends the story and opens the link’s run, with the link in the address bar', () => {
    const t = timers();
    const store = createShardScopeStore({ setTimeout: t.setTimeout, clearTimeout: t.clearTimeout });
    const url = host();
    syncUrl(store, url.h, { storyById, openStory: (p) => showStoryStep(store, p.id, p.step), setTimeout: t.setTimeout, clearTimeout: t.clearTimeout });
    showStoryStep(store, 'saving', 4);
    const other = { ...store.getState().params, replicas: 3, selectors: store.getState().params.selectors.slice(0, 3) };
    const link = linkFor({ params: other, view: defaultViewParams() });
    if (!link.ok) throw new Error('the link does not fit');
    url.navigate(link.hash);
    t.flush();
    expect(store.getState().story).toBeNull();
    expect(store.getState().params).toEqual(other);
    expect(readLink(url.current()).state!.params).toEqual(other);
  });
});
