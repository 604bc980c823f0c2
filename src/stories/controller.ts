/**
 * Shows story steps in a store: every step sets its full state (parameters, view, playback)
 * resolved from the defaults, the story's base and the step, so previous, next, a link or a
 * reload all show exactly the same step. Leaving keeps the state for free play.
 */
import type { ShardScopeStore } from '../state/store';
import { resolveStep, storyById } from './index';

/**
 * Shows step `step` (1-based) of story `id`, clamped to the story's steps. Returns false
 * (and changes nothing) for an unknown story.
 */
export function showStoryStep(store: ShardScopeStore, id: string, step: number): boolean {
  const story = storyById(id);
  if (!story) return false;
  const n = Math.min(story.steps.length, Math.max(1, Math.trunc(step) || 1));
  const r = resolveStep(story, n - 1)!;
  const s = store.getState();
  // The position first, so the address bar names the step, not the state it sets.
  s.setStory({ id: story.id, step: n });
  s.openLink({ params: r.params, view: { ...r.view, theme: s.view.theme, locale: s.view.locale } }, []);
  s.setPlaying(r.playing && !prefersReducedMotion());
  // A step with scheduled events (a reshard) plays them in front of the audience: once its
  // state is applied, the run goes back to its start, so the events lie ahead whenever the
  // step is shown (also after a step back), not in a past the charts have scrolled away.
  if (r.params.schedule.length > 0) {
    const shown = store.getState().params;
    void s.idle().then(() => {
      const now = store.getState();
      if (now.params === shown && now.story?.id === story.id && now.story.step === n) now.seekTo(0);
    });
  }
  return true;
}

/** The next (+1) or previous (-1) step of the story shown; nothing at either end or in free play. */
export function moveStory(store: ShardScopeStore, direction: 1 | -1): void {
  const place = store.getState().story;
  if (!place) return;
  const story = storyById(place.id);
  const next = place.step + direction;
  if (!story || next < 1 || next > story.steps.length) return;
  showStoryStep(store, place.id, next);
}

/** Leaves the story: the state stays as it is, for free play. */
export function leaveStory(store: ShardScopeStore): void {
  store.getState().setStory(null);
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
