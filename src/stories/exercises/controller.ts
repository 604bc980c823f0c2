/**
 * Shows exercises in a store. Opening an exercise, and resetting it, builds a run
 * of its starting state afresh from t = 0 (as a story step does), so a reset, a link or a
 * reload give exactly the same start. Leaving the lab brings back the run the reader had
 * before it; the theme, the language and presentation mode stay the reader's.
 */
import type { LinkState } from '../../state/link';
import type { ShardScopeState, ShardScopeStore } from '../../state/store';
import { exerciseById, resolveSolution, resolveStart, type ResolvedExercise } from './index';

interface Return {
  readonly state: LinkState;
  readonly playing: boolean;
}

/** The run each store showed before the lab, beside the store (nothing on screen depends on it). */
const returns = new WeakMap<ShardScopeStore, Return>();

function show(store: ShardScopeStore, r: ResolvedExercise): void {
  const s: ShardScopeState = store.getState();
  s.openLink({ params: r.params, view: { ...r.view, theme: s.view.theme, locale: s.view.locale, presentation: s.view.presentation } }, [], { restart: true });
  s.setPlaying(r.playing && !prefersReducedMotion());
}

/** Opens exercise `id` at its starting state; false (nothing changes) for an unknown id. */
export function openExercise(store: ShardScopeStore, id: string): boolean {
  const ex = exerciseById(id);
  if (!ex) return false;
  const s = store.getState();
  if (!s.exercise && !s.story) {
    returns.set(store, { state: { params: s.params, view: s.view }, playing: s.sim.snapshot === null ? !prefersReducedMotion() : s.playing });
  }
  // A story gives way to the lab (the two never show at once).
  if (s.story) s.setStory(null);
  // The place first, so the address bar names the exercise, not the state it sets.
  s.setExercise(ex.id);
  show(store, resolveStart(ex));
  return true;
}

/** Starts the exercise shown again from its starting state. */
export function resetExercise(store: ShardScopeStore): void {
  const id = store.getState().exercise;
  if (id) openExercise(store, id);
}

/** Sets the exercise's solution state (the answer, when there is one, is the caller's to fill). */
export function applySolution(store: ShardScopeStore): void {
  const ex = exerciseById(store.getState().exercise ?? '');
  if (ex) show(store, resolveSolution(ex));
}

/** Leaves the lab and brings back the run the reader had before it. */
export function leaveExercise(store: ShardScopeStore): void {
  const s = store.getState();
  if (!s.exercise) return;
  const back = returns.get(store);
  returns.delete(store);
  if (back) {
    s.openLink({ params: back.state.params, view: { ...back.state.view, theme: s.view.theme, locale: s.view.locale, presentation: s.view.presentation } }, [], { restart: true });
    s.setExercise(null);
    s.setPlaying(back.playing);
    return;
  }
  s.setExercise(null);
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
