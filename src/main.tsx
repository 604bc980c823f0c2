import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { browserEngineFactory, browserUrlHost, createShardScopeStore, defaultViewParams, embedOf, engineKindFor, exerciseIdOf, initialLocale, isStoryFragment, isTalkFragment, presentsOf, readLink, storyIdOf, syncUrl } from './state';
import { storyById } from './stories';
import { readStoryLink } from './stories/link';
import { presenterSessionOf } from './ui/presenter/sync';
import { showStoryStep, showTalkSlide } from './stories/controller';
import { linkableTalk, readTalkLink } from './stories/talkLink';
import type { TalkSlide } from './stories/talks';
import { exerciseById } from './stories/exercises';
import { openExercise } from './stories/exercises/controller';
import './styles/app.css';
import './styles/stories.css';
import './styles/stage-story.css';
import './styles/lab.css';
import './styles/focus.css';

// `#presenter=<session>` opens this page as the presenter view of a stage:
// no model, no address-bar sync, only the notes, the next step and a timer.
const presenterSession = presenterSessionOf(location.hash);
const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
// A shared link (#state=...) restores the whole run: parameters, selectors, view.
// A tampered or outdated link keeps what it can and says what it could not use.
const { state: linked, issues: linkIssues } = readLink(presenterSession ? '' : location.hash);
// A story link (#story=<id>&step=<n>) opens that step exactly; one naming no story is said so.
// `#embed=<panel>` (beside the run's `s=`) shows one panel alone, for an iframe.
const embed = presenterSession ? null : embedOf(location.hash);
// A talk link (#talk=<id>&...) opens that slide of the talk; its story and step are the talk's.
const talkRead = embed || presenterSession ? null : readTalkLink(location.hash);
const talkPlace = talkRead?.place ?? null;
if (talkRead) linkIssues.push(...talkRead.issues);
const storyPlace = embed || presenterSession || isTalkFragment(location.hash) ? null : readStoryLink(location.hash);
// `#exercise=<id>` opens the lab at that exercise; one that does not exist is said so.
const exerciseId = exerciseIdOf(location.hash);
const exercise = exerciseId !== null && !embed && !presenterSession ? exerciseById(exerciseId) : undefined;
if (exerciseId !== null && !exercise && !embed) linkIssues.push({ field: 'exercise', reason: 'unknown-exercise', value: exerciseId });
if (!storyPlace && !isTalkFragment(location.hash) && isStoryFragment(location.hash)) linkIssues.push({ field: 'story', reason: 'unknown-story', value: storyIdOf(location.hash) ?? '' });
const store = createShardScopeStore({
  params: linked?.params,
  // The language: `lang=` in the fragment or the query, else the browser's.
  // A story link with `&present=1` opens on the stage.
  view: {
    ...(linked?.view ?? defaultViewParams(prefersDark)),
    locale: initialLocale(location.search, location.hash, navigator.languages ?? [navigator.language]),
    ...((storyPlace || talkPlace) && presentsOf(location.hash) ? { presentation: true } : {}),
  },
  linkIssues,
  engineFactory: browserEngineFactory,
  engineKind: engineKindFor,
});
if (talkPlace) showTalkSlide(store, talkPlace.id, talkPlace.slide);
else if (storyPlace) showStoryStep(store, storyPlace.id, storyPlace.step);
else if (exercise) openExercise(store, exercise.id);
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
// Start playing so the page is alive on first sight; Space pauses. Not for people who asked
// for less motion.
if (!presenterSession) void store
  .getState()
  .start()
  .then(() => {
    // A story step says itself whether it plays.
    if (!reducedMotion && !storyPlace && !talkPlace && !exercise) store.getState().setPlaying(true);
  });

// Keep the address bar in step with the state, so copying it shares this exact run, and
// open a new link pasted into this tab.
// An embed keeps its address as given (its iframe's src names the panel).
if (!embed && !presenterSession) syncUrl(store, browserUrlHost(), { storyById, openStory: (place) => showStoryStep(store, place.id, place.step), openExercise: (id) => openExercise(store, id), talkById: linkableTalk, openTalk: (place) => showTalkSlide(store, place.id, place.slide as TalkSlide) });

// The UI is a separate chunk: the browser evaluates it in its own task, after the model has
// been asked to start in its worker, instead of one long script evaluation. A transition
// makes the first render interruptible (React yields every few milliseconds), and `staged`
// mounts the heavy panels one per frame so no single commit, layout or paint runs long.
const root = createRoot(document.getElementById('root')!);
// The first Intl.NumberFormat of a page loads ICU's number data: 20-50 ms. Pay for it in a
// task of its own while the UI chunk downloads, not inside the first render.
setTimeout(() => new Intl.NumberFormat(store.getState().view.locale).format(1), 0);
if (presenterSession) {
  const locale = store.getState().view.locale;
  void import('./ui/presenter/PresenterView').then(({ PresenterWindow }) => {
    root.render(<PresenterWindow session={presenterSession} fallbackLocale={locale} />);
  });
} else if (embed) {
  void import('./ui/embed/Embed').then(({ Embed }) => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <Embed store={store} request={embed} />
        </StrictMode>,
      );
    });
  });
} else void import('./ui/App').then(({ App }) => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} staged />
      </StrictMode>,
    );
  });
});
