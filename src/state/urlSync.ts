/**
 * The address bar and the store, kept in step both ways:
 * - a change of parameters or view is written to the fragment (`history.replaceState`, after
 *   a pause, so typing does not rewrite the URL per keystroke), when it fits in a link; when
 *   it does not, the fragment keeps the last state that fit and the store says why;
 * - a new `#state=` link navigated to in the same tab (pasted, or Back) is read with the same
 *   validation as on load, applied, and its unusable fields are named again.
 * The page's own writes never come back as a new link: `replaceState` fires no `hashchange`,
 * and the fragment of the state already shown is ignored anyway.
 */
import { isStateFragment, linkFor, readLink, type LinkIssue, type LinkState, type LinkTooLong } from './link';
import { parseSelectorText } from './selectors';
import { langOfHash, withLang, withoutLangQuery } from './lang';
import type { ShardScopeStore, StoryPlace } from './store';
import { exerciseIdOf, exerciseLink, isStoryFragment, parseStoryLink, presentsOf, storyIdOf, storyLink, type StoryLookup } from './storyLink';
import { isTalkFragment, parseTalkLink, talkLink, type TalkLookup, type TalkPlace } from './talkLink';

/** The browser's address bar as the sync needs it (a fake in tests). */
export interface UrlHost {
  /** The fragment now in the address bar (`location.hash`). */
  hash(): string;
  /** Puts a fragment in the address bar without a history entry or a `hashchange`. */
  replace(hash: string): void;
  /** Calls `listener` when the fragment changes by navigation; returns the unsubscribe. */
  onHashChange(listener: () => void): () => void;
}

export interface UrlSyncOptions {
  /** Pause after the last change before the fragment is rewritten. */
  readonly delayMs?: number;
  readonly setTimeout?: (fn: () => void, ms: number) => unknown;
  readonly clearTimeout?: (handle: unknown) => void;
  /** Shows a story step navigated to (`#story=<id>&step=<n>`). */
  readonly openStory?: (place: StoryPlace) => void;
  /**
   * The stories a `#story=` link may name (`storyById` of `src/stories`), passed in
   * because the state sits below the stories. Without it no story link is opened (the
   * fragment's language still applies, and it is not read as a state link).
   */
  readonly storyById?: StoryLookup;
  /**
   * Opens the exercise a navigated `#exercise=<id>` names; returns false when there is
   * no such exercise (the page then says so and keeps the run shown).
   */
  readonly openExercise?: (id: string) => boolean;
  /** Shows a talk's slide navigated to (`#talk=<id>&...`). */
  readonly openTalk?: (place: TalkPlace) => void;
  /** The talks a `#talk=` link may name (`talkLink` of `src/stories`), passed in as `storyById` is. */
  readonly talkById?: TalkLookup;
}

/** Links longer than this (characters of the fragment) are read in pieces when navigated to in a running tab. */
export const SLICED_LINK_LENGTH = 8_192;

/** How long the sync waits after the last change before rewriting the fragment. */
export const URL_WRITE_DELAY_MS = 400;

/** The real address bar. */
export function browserUrlHost(win: Window = window): UrlHost {
  return {
    hash: () => win.location.hash,
    // A `?lang=` goes when the page writes its fragment (which carries the language from then on).
    replace: (hash) => {
      const search = withoutLangQuery(win.location.search);
      win.history.replaceState(win.history.state, '', search === win.location.search ? hash : `${win.location.pathname}${search}${hash}`);
    },
    onHashChange: (listener) => {
      win.addEventListener('hashchange', listener);
      return () => win.removeEventListener('hashchange', listener);
    },
  };
}

/** Starts keeping `host` and `store` in step; returns the function that stops it. */
export function syncUrl(store: ShardScopeStore, host: UrlHost, options: UrlSyncOptions = {}): () => void {
  const delayMs = options.delayMs ?? URL_WRITE_DELAY_MS;
  const setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  /** The fragment that stands for the state shown: the page's last write, or the link last opened (the page opened the one it loaded with). */
  let shown: string | null = host.hash();
  let opening = false;
  /** Navigations handled so far; a long link being read in pieces is opened only if it is still the last. */
  let opens = 0;
  /** A long link is being read in pieces: the address bar already holds it, so nothing is written. */
  let reading = false;
  const cancel = (): void => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const write = (): void => {
    timer = null;
    if (reading) return;
    // A link navigated to whose `hashchange` has not been handled yet (the event is queued; a
    // write came due first): the navigation wins, so it is read now rather than overwritten by
    // the state it replaces (else a story link set just after a step is put back to that step).
    const bar = host.hash();
    if (bar !== shown && (isStateFragment(bar) || isStoryFragment(bar) || isTalkFragment(bar) || exerciseIdOf(bar) !== null)) {
      onHashChange();
      return;
    }
    const s = store.getState();
    const place = placeFragment(s);
    if (place !== null) {
      if (host.hash() !== place) host.replace(place);
      shown = place;
      return;
    }
    const link = linkFor({ params: s.params, view: s.view });
    if (!link.ok) {
      if (!sameTooLong(s.link.tooLong, link)) s.setLinkTooLong(link);
      return;
    }
    if (s.link.tooLong) s.setLinkTooLong(null);
    const hash = withLang(link.hash, s.view.locale);
    if (host.hash() !== hash) host.replace(hash);
    shown = hash;
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.story !== prev.story || s.exercise !== prev.exercise || s.talk !== prev.talk) {
      // A step shown or a story left: the address bar follows at once.
      cancel();
      write();
      return;
    }
    if (s.params === prev.params && s.view === prev.view) return;
    // A state just read from the address bar: the bar already holds it.
    if (opening) return;
    cancel();
    timer = setTimer(write, delayMs);
  });

  const onHashChange = (): void => {
    const hash = host.hash();
    // The long link being read, again: it is opened once.
    if (reading && hash === shown) return;
    // Any other navigation: a long link still being read is not opened any more.
    opens++;
    reading = false;
    // A `lang=` in a navigated fragment switches the language; nothing restarts.
    const lang = langOfHash(hash);
    // An exercise, a talk's place or a story step: the page opens it (or names what it could not).
    const place = placeOpener(store, hash, options);
    if (place) {
      if (lang) store.getState().setLocale(lang);
      if (hash === shown || place.open === null) return;
      cancel();
      shown = hash;
      if (!place.open()) write();
      return;
    }
    // Another anchor (`#main`) is no link; the fragment of the state shown needs no reading.
    if (!isStateFragment(hash) || (hash === shown && timer === null)) {
      if (lang) store.getState().setLocale(lang);
      return;
    }
    // The new link wins over a change not yet written.
    cancel();
    if (hash.length > SLICED_LINK_LENGTH) return openSliced(hash, lang);
    const { state, issues } = readLink(hash);
    shown = hash;
    apply(state, issues, lang);
  };

  /**
   * A long link, read in pieces: the link in one task, then each of its selectors parsed in a
   * task of its own (the parse is kept, so the page's render finds it done), then the state
   * opened. A link of 8 selectors of 1,000 ranges held the page for a second in one task.
   * Meanwhile the run shown stays, and the address bar keeps the link being opened.
   */
  const openSliced = (hash: string, lang: ReturnType<typeof langOfHash>): void => {
    const mine = opens;
    shown = hash;
    reading = true;
    const later = (step: () => void) =>
      setTimer(() => {
        if (mine === opens) step();
      }, 0);
    later(() => {
      const { state, issues } = readLink(hash);
      const texts = [...new Set(state?.params.selectors ?? [])];
      const parseNext = (i: number): void => {
        if (i < texts.length) {
          parseSelectorText(texts[i]!);
          later(() => parseNext(i + 1));
          return;
        }
        reading = false;
        apply(state, issues, lang);
      };
      later(() => parseNext(0));
    });
  };

  /** Opens a link read: its state (or the run kept, when it could not be read) and its notice. */
  const apply = (state: LinkState | null, issues: LinkIssue[], lang: ReturnType<typeof langOfHash>): void => {
    opening = true;
    // A run's link opened during a story ends the story, and its run starts afresh,
    // so a step back does not replay the story's run under it.
    const inStory = state !== null && store.getState().story !== null;
    try {
      store.getState().openLink(state, issues, { restart: inStory });
      if (lang) store.getState().setLocale(lang);
    } finally {
      opening = false;
    }
    if (inStory) store.getState().setStory(null);
    // A run's link opened in the lab leaves the lab.
    if (state !== null && store.getState().exercise !== null) store.getState().setExercise(null);
    // A link that cannot be read leaves the run as it was; the address bar
    // goes back to that run's link, so a reload or a copy still reopens it.
    if (state === null) write();
  };
  const unlisten = host.onHashChange(onHashChange);

  return () => {
    cancel();
    opens++;
    unsubscribe();
    unlisten();
  };
}

/**
 * What opens the place a navigated fragment names, when it names one: an exercise (when the
 * page has a lab), a talk's place (a talk's fragment may name a story and a step too: it is the
 * talk's), or a story step. `open` is null when this page cannot open such a place (the
 * fragment is still no run's link); it returns false when the place does not exist, and the page
 * has said so.
 */
function placeOpener(store: ShardScopeStore, hash: string, options: UrlSyncOptions): { readonly open: (() => boolean) | null } | null {
  const exercise = exerciseIdOf(hash);
  const { openExercise, talkById } = options;
  if (exercise !== null && openExercise) {
    return {
      open: () => {
        if (openExercise(exercise)) return true;
        store.getState().openLink(null, [{ field: 'exercise', reason: 'unknown-exercise', value: exercise }]);
        return false;
      },
    };
  }
  if (isTalkFragment(hash)) return { open: talkById ? () => openTalkFragment(store, hash, talkById, options.openTalk) : null };
  if (isStoryFragment(hash)) return { open: options.storyById ? () => openStoryFragment(store, hash, options) : null };
  return null;
}

/**
 * The fragment that names the place shown, when the page shows one rather than a free run: the
 * exercise in the lab (a copy opens the lab there), the talk's slide (a reload comes back to
 * it), or the story's step (with presentation mode on the link says so, so a copy opens on the
 * stage). Null in free play, whose fragment is the state's link.
 */
function placeFragment(s: ReturnType<ShardScopeStore['getState']>): string | null {
  if (s.exercise) return withLang(exerciseLink(s.exercise), s.view.locale);
  if (s.talk) return withLang(talkLink(s.talk, s.view.presentation), s.view.locale);
  if (s.story) return withLang(storyLink(s.story, s.view.presentation), s.view.locale);
  return null;
}

/**
 * Opens the story step a navigated fragment names; `present=1` turns presentation mode on (a
 * link without it leaves it as it is). False when it names no story: the page says so and keeps
 * the run shown.
 */
function openStoryFragment(store: ShardScopeStore, hash: string, options: UrlSyncOptions): boolean {
  const place = options.storyById ? parseStoryLink(hash, options.storyById) : null;
  if (!place) {
    store.getState().openLink(null, [{ field: 'story', reason: 'unknown-story', value: storyIdOf(hash) ?? '' }]);
    return false;
  }
  if (presentsOf(hash)) store.getState().setPresentation(true);
  options.openStory?.(place);
  return true;
}

/**
 * Opens the talk place a navigated fragment names; what of it was brought to the nearest place
 * is named (the run is the slide's). False when it names no talk: the page says so and keeps
 * the run shown.
 */
function openTalkFragment(store: ShardScopeStore, hash: string, talkById: TalkLookup, openTalk: ((place: TalkPlace) => void) | undefined): boolean {
  const { place, issues } = parseTalkLink(hash, talkById);
  if (!place) {
    store.getState().openLink(null, issues);
    return false;
  }
  if (presentsOf(hash)) store.getState().setPresentation(true);
  openTalk?.(place);
  if (issues.length > 0) store.getState().openLink(null, issues);
  return true;
}

function sameTooLong(a: LinkTooLong | null, b: LinkTooLong): boolean {
  return a !== null && a.length === b.length && a.replica === b.replica && a.selectorLength === b.selectorLength;
}
