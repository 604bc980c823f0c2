/**
 * Shows story steps in a store. A step is a state, not a moment in a run:
 * showing one builds a run of its own, afresh from t = 0, from the step's full state (the
 * defaults, the story's base and the step: seed, parameters, schedule, view), then goes to the
 * step's time. So previous, next, a link, the menu or a reload all show exactly the same step,
 * whatever ran before, and a step back on the timeline replays the story's run, never the run
 * shown before it. Leaving a story brings back the run the reader had before entering it.
 *
 * The theme, the language and presentation mode are the reader's: no step changes them, so a
 * speaker who turned presentation mode on keeps it through every step, story and exit.
 *
 * A talk (`talks.ts`) shows its slides here too: a step slide is the story's step, shown as
 * above; the other slides (title, agenda, section, end) show no story, and the run behind them
 * is paused. The clicker's next and previous go from slide to slide across the whole talk;
 * outside a talk they go from a story's last step to the next story's first, and back.
 */
import type { LinkState } from '../state/link';
import type { ShardScopeState, ShardScopeStore } from '../state/store';
import type { TalkPlace } from '../state/talkLink';
import { loadedStories, resolveStep, STORIES, storyById } from './index';
import { moveSlide, slideIndex, talkById, type TalkSlide } from './talks';

/** The run a story returns to: the reader's parameters and view, and whether it played. */
interface Return {
  readonly state: LinkState;
  readonly playing: boolean;
}

/**
 * The run each store showed before its story, kept beside the store (not in it: nothing on
 * screen depends on it, and a change to it must not rewrite the address bar).
 */
const returns = new WeakMap<ShardScopeStore, Return>();

/** A state with the reader's own settings (theme, language, presentation mode) kept from `s`. */
function readersView(state: LinkState, s: ShardScopeState): LinkState {
  return { params: state.params, view: { ...state.view, theme: s.view.theme, locale: s.view.locale, presentation: s.view.presentation } };
}

/**
 * Shows step `step` (1-based) of story `id`, clamped to the story's steps: a fresh run of the
 * step's state at the step's time. Returns false (and changes nothing) for an unknown story.
 */
export function showStoryStep(store: ShardScopeStore, id: string, step: number): boolean {
  if (!storyById(id)) return false;
  // A story opened on its own (the menu, a story link) ends the talk it was opened in.
  if (store.getState().talk) store.getState().setTalk(null);
  return showStep(store, id, step);
}

/**
 * Remembers the reader's run when the page enters a story or a talk from free play (between
 * stories and slides the first one is kept). Before the page has started (a link on load)
 * free play would have played. A story gives way to nothing: entering one leaves the lab.
 */
function enter(store: ShardScopeStore): void {
  const s = store.getState();
  if (s.exercise) s.setExercise(null);
  if (!s.story && !s.talk) returns.set(store, { state: { params: s.params, view: s.view }, playing: s.sim.snapshot === null ? !prefersReducedMotion() : s.playing });
}

/** {@link showStoryStep} without ending a talk: a talk's step slide. */
function showStep(store: ShardScopeStore, id: string, step: number): boolean {
  const story = storyById(id);
  if (!story) return false;
  const n = Math.min(story.steps.length, Math.max(1, Math.trunc(step) || 1));
  const r = resolveStep(story, n - 1)!;
  enter(store);
  const s = store.getState();
  // The position first, so the address bar names the step, not the state it sets. Until the
  // step's run is at the step's time the step is not ready: the page shows the run before it
  // (or the new run at 0 s) under the new caption, and says the step is being prepared.
  const place = { id: story.id, step: n };
  s.setStory(place);
  // A restart, not a reconfiguration: the step's run owns its whole history from t = 0, so a
  // rollout at 10 s happens at 10 s, a reshard lies ahead, and a step back replays this story.
  s.openLink(readersView({ params: r.params, view: { ...r.view, theme: s.view.theme, locale: s.view.locale } }, s), [], { restart: true });
  const play = r.playing && !prefersReducedMotion();
  // Paused while the new run is built (a step at 0 s starts playing once it is there), then
  // moved to its time (a seek is ignored while an apply is pending), unless the reader has
  // gone elsewhere meanwhile.
  s.setPlaying(false);
  const shown = store.getState().params;
  const here = (): boolean => {
    const now = store.getState();
    return now.params === shown && now.story === place;
  };
  const ready = (): void => {
    store.getState().markStoryReady(place);
    store.getState().setPlaying(play);
  };
  // The reader changed the step's parameters before it was ready: the run on screen is theirs
  // now, shown as it is (not moved, not played), and no longer "being set up".
  const yieldToReader = (): void => store.getState().markStoryReady(place);
  // A seek asked for while the new run is still being applied is ignored: check that the run
  // got there, and ask again (a few times) if it did not.
  const go = (tries = 0): void => {
    if (!here()) return yieldToReader();
    if (r.time <= 0) return ready();
    store.getState().seekTo(r.time);
    void store.getState().idle().then(() => {
      if (!here()) return yieldToReader();
      const t = store.getState().sim.snapshot?.time ?? 0;
      if (t < r.time - 0.01 && tries < 20) {
        setTimeout(() => go(tries + 1), 50);
        return;
      }
      ready();
    });
  };
  void s.idle().then(() => {
    // A story link on load: the page has not started its run yet, so there is nothing to seek;
    // go to the step's time once the run has started.
    if (store.getState().sim.snapshot !== null) return go();
    const stop = store.subscribe((x) => {
      if (x.sim.snapshot === null) return;
      stop();
      void x.idle().then(() => go());
    });
  });
  return true;
}

/**
 * Shows a slide of a talk: a step slide as its story's step, any other slide with no story
 * (the run behind it paused). Returns false (and changes nothing) for an unknown talk or a
 * slide the talk does not have.
 */
export function showTalkSlide(store: ShardScopeStore, talkId: string, slide: TalkSlide): boolean {
  const talk = talkById(talkId);
  if (!talk || slideIndex(talk, slide) < 0) return false;
  enter(store);
  const place: TalkPlace = { id: talk.id, slide };
  // The place first, so the address bar names the slide.
  store.getState().setTalk(place);
  if (slide.kind === 'step') return showStep(store, slide.story, slide.step);
  const s = store.getState();
  if (s.story) s.setStory(null);
  s.setPlaying(false);
  return true;
}

/**
 * The next (+1) or previous (-1) place: in a talk, its next or previous slide (nothing past
 * either end); in a story, its next or previous step, and past its last step the next story's
 * first step (before its first, the previous story's last), in menu order; nothing in free play.
 */
export function moveStory(store: ShardScopeStore, direction: 1 | -1): void {
  const s = store.getState();
  if (s.talk) {
    const talk = talkById(s.talk.id);
    const next = talk ? moveSlide(talk, s.talk.slide as TalkSlide, direction) : null;
    if (talk && next) showTalkSlide(store, talk.id, next);
    return;
  }
  const place = s.story;
  if (!place) return;
  const target = storyStepAfter(place, direction);
  if (target) showStoryStep(store, target.id, target.step);
}

/** The story step after (+1) or before (-1) `place`, across stories in menu order, or null at either end. */
export function storyStepAfter(place: { readonly id: string; readonly step: number }, direction: 1 | -1): { readonly id: string; readonly step: number } | null {
  const all = [...STORIES, ...loadedStories()];
  const i = all.findIndex((x) => x.id === place.id);
  const story = all[i];
  if (!story) return null;
  const next = place.step + direction;
  if (next >= 1 && next <= story.steps.length) return { id: story.id, step: next };
  const other = all[i + direction];
  if (!other) return null;
  return { id: other.id, step: direction === 1 ? 1 : other.steps.length };
}

/**
 * Leaves the story (or the talk) and brings back the run the reader had before it (its parameters and view,
 * afresh from t = 0, as its link would open it), keeping the reader's theme, language and
 * presentation mode as they are now.
 */
export function leaveStory(store: ShardScopeStore): void {
  const s = store.getState();
  if (!s.story && !s.talk) return;
  const back = returns.get(store);
  returns.delete(store);
  if (back) {
    // The run first, then the position: the address bar, rewritten when the story ends, then
    // names the restored run.
    s.openLink(readersView(back.state, s), [], { restart: true });
    s.setTalk(null);
    s.setStory(null);
    s.setPlaying(back.playing);
    return;
  }
  s.setTalk(null);
  s.setStory(null);
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
