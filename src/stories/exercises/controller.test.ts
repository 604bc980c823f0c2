import { describe, expect, it } from 'vitest';
import { defaultSimParams } from '../../state/defaults';
import { pageLinkFor } from '../../state/pageLink';
import { createShardScopeStore } from '../../state/store';
import { syncUrl, type UrlHost } from '../../state/urlSync';
import { applySolution, leaveExercise, openExercise, resetExercise } from './controller';
import { exerciseById, resolveSolution, resolveStart } from './index';

function fakeHost(initial = '') {
  let hash = initial;
  const listeners = new Set<() => void>();
  const host: UrlHost = {
    hash: () => hash,
    replace: (h) => void (hash = h),
    onHashChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { host, navigate: (h: string) => ((hash = h), listeners.forEach((l) => l())), current: () => hash };
}

function setup() {
  const timers = { setTimeout: (fn: () => void) => (fn(), 0), clearTimeout: () => undefined };
  const mine = { ...defaultSimParams(), objects: 300, namespaces: 4, replicas: 2, selectors: defaultSimParams().selectors.slice(0, 2) };
  const store = createShardScopeStore({ params: mine, ...timers });
  const url = fakeHost();
  syncUrl(store, url.host, { ...timers, delayMs: 0, openExercise: (id) => openExercise(store, id) });
  return { store, url, mine };
}

describe('the lab controller and its links', () => {
  it('opens an exercise at its start; the address bar and a copied link name the exercise', () => {
    const { store, url } = setup();
    expect(openExercise(store, 'double-share')).toBe(true);
    const s = store.getState();
    expect(s.exercise).toBe('double-share');
    expect(s.params).toEqual(resolveStart(exerciseById('double-share')!).params);
    expect(url.current()).toBe('#exercise=double-share');
    expect(pageLinkFor(s)).toEqual({ ok: true, hash: '#exercise=double-share' });
    expect(openExercise(store, 'nope')).toBe(false);
    expect(store.getState().exercise).toBe('double-share');
  });

  it('opens a navigated #exercise= link, and names one that does not exist, keeping the run', () => {
    const { store, url } = setup();
    url.navigate('#exercise=refused-five');
    expect(store.getState().exercise).toBe('refused-five');
    expect(store.getState().params.replicas).toBe(5);
    url.navigate('#exercise=nope');
    expect(store.getState().exercise).toBe('refused-five');
    expect(store.getState().link.issues).toEqual([{ field: 'exercise', reason: 'unknown-exercise', value: 'nope' }]);
  });

  it('resets to the start, applies the solution, and leaves back to the reader’s own run', () => {
    const { store, mine } = setup();
    openExercise(store, 'cover-three');
    const start = store.getState().params;
    store.getState().setSelectors(['a', 'b', 'c']);
    expect(store.getState().params.selectors).toEqual(['a', 'b', 'c']);
    resetExercise(store);
    expect(store.getState().params).toEqual(start);
    applySolution(store);
    expect(store.getState().params).toEqual(resolveSolution(exerciseById('cover-three')!).params);
    leaveExercise(store);
    expect(store.getState().exercise).toBeNull();
    expect(store.getState().params).toEqual(mine);
  });

  it('leaves the lab when a run’s link is opened', () => {
    const { store, url } = setup();
    openExercise(store, 'cover-three');
    url.navigate('#s=2.q64FAA');
    expect(store.getState().exercise).toBeNull();
  });
});
