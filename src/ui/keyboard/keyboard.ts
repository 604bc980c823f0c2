/**
 * Global keyboard shortcuts, the RaftScope set: Space and `.` (what a presentation clicker
 * sends) toggle play, arrows step, `+`/`-` change speed, `?` shows keys, `p` switches
 * presentation mode. PageUp/PageDown step only in presentation mode: in free play they
 * scroll the page, as everywhere else on the web.
 *
 * In presentation mode the audience's screen is a slide show's: Space, PageDown and → always
 * step, and `b` and `.` (a clicker's blank key) blank the screen black, as slide software does;
 * a second press, or any step key, brings it back (without stepping). Esc first shows the
 * header and the caption's buttons, hidden on the stage.
 *
 * In a story or a talk, PageDown, PageUp, Space, → and ← step the story wherever the focus is
 * (the timeline, a chart, a card, a radio): a speaker who clicked something on the stage must
 * not find the clicker scrubbing time or moving a boundary instead. In a text box only PageDown
 * and PageUp do, since Space and the arrows type there. Those keys are caught on the way down
 * (the capture phase), before the focused element's own handler sees them.
 */
import { useEffect } from 'react';
import { selectKeyMode, selectPresentation, type KeyMode, type ShardScopeStore } from '../../state';
import { leaveStory, moveStory } from '../../stories/controller';

/** What a key does, or null when the page should handle it normally. */
export type ShortcutAction =
  | 'toggle-play'
  | 'step-forward'
  | 'step-back'
  | 'faster'
  | 'slower'
  | 'help'
  | 'close'
  | 'toggle-presentation'
  | 'story-next'
  | 'story-prev'
  | 'blank';

/** The part of a keyboard event this module reads. */
export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly target: EventTarget | null;
}

/** Elements that take typed text (or, for a select, arrows): Space and the arrows are theirs. */
const TEXT_ENTRY =
  'textarea, select, [contenteditable="true"], input:not([type="radio"]):not([type="checkbox"]):not([type="range"]):not([type="button"]):not([type="submit"]):not([type="reset"])';

/**
 * The story step a key asks for while a story is shown, whatever has focus, or null.
 * A modal dialog (the keys, the QR code) keeps every key; a text box keeps Space and the arrows;
 * a focused button or link keeps Space, which presses it (an explanation's `(?)`, the caption's
 * "more"), so the page stays usable from the keyboard: a clicker's PageDown still steps.
 */
export function storyKeyFor(e: KeyLike, presenting = false): 'story-next' | 'story-prev' | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const paging = e.key === 'PageDown' ? 'story-next' : e.key === 'PageUp' ? 'story-prev' : null;
  const other = e.key === ' ' || e.key === 'ArrowRight' ? 'story-next' : e.key === 'ArrowLeft' ? 'story-prev' : null;
  if (paging === null && other === null) return null;
  const el = e.target as Element | null;
  if (el && typeof el.closest === 'function') {
    if (el.closest('[aria-modal="true"]')) return null;
    if (paging === null && el.closest(TEXT_ENTRY)) return null;
    // On the stage Space always steps: the buttons there are the speaker's, not the audience's.
    if (!presenting && e.key === ' ' && el.closest('button, a[href], summary, [role="button"], [role="switch"]')) return null;
  }
  return paging ?? other;
}

/** Keys that step on a stage (a clicker's), which also bring a blanked screen back. */
const STEP_KEYS = new Set(['PageDown', 'PageUp', ' ', 'ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']);

/**
 * What a key does to the audience's screen, before anything else sees it: `b` or `.` blanks
 * it in presentation mode; on a blanked screen they, Esc and the step keys bring it back
 * (and do nothing else). Null: the key goes on as usual.
 */
export function blankKeyFor(e: KeyLike, screen: { readonly presenting: boolean; readonly blanked: boolean }): 'blank' | 'unblank' | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const blankKey = e.key === 'b' || e.key === 'B' || e.key === '.';
  if (screen.blanked) return blankKey || e.key === 'Escape' || STEP_KEYS.has(e.key) ? 'unblank' : null;
  if (!screen.presenting || !blankKey) return null;
  const el = e.target as Element | null;
  if (el && typeof el.closest === 'function' && (el.closest(TEXT_ENTRY) || el.closest('[aria-modal="true"]'))) return null;
  return 'blank';
}

/** True when the key belongs to the focused element (typing, a slider, a button's Space). */
function ownedByTarget(e: KeyLike): boolean {
  const el = e.target as (Element & { isContentEditable?: boolean }) | null;
  if (!el || typeof el.closest !== 'function') return false;
  // Text boxes own every key; radios and checkboxes only their arrows and Space.
  if (el.closest('input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"]')) return true;
  if (el.matches('input[type="radio"], input[type="checkbox"]') && (e.key === ' ' || e.key.startsWith('Arrow'))) return true;
  const role = el.getAttribute('role');
  // Sliders and the object inspector use arrows and PageUp/PageDown themselves.
  if ((role === 'slider' || role === 'application') && /^(Arrow|Page|Home|End)/.test(e.key)) return true;
  // Space activates a focused button or link; keep that behaviour.
  if (e.key === ' ' && el.closest('button, a, summary, [role="button"], [role="switch"]')) return true;
  return false;
}

/**
 * Maps a key press to a shortcut in the given key mode (free play by default), or null.
 * `presenting`: presentation mode is on (in a story too), so the keys are a stage's.
 */
export function shortcutFor(e: KeyLike, mode: KeyMode = 'free', presenting = mode === 'presentation'): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'Escape') return 'close';
  // In a story, what a clicker sends moves between steps, from any focus.
  if (mode === 'story') {
    const story = storyKeyFor(e, presenting);
    if (story) return story;
  }
  if (ownedByTarget(e)) return null;
  switch (e.key) {
    // On a stage Space steps and `.` blanks, as a clicker expects; elsewhere both toggle play.
    case ' ':
      return presenting ? 'step-forward' : 'toggle-play';
    case '.':
      return presenting ? 'blank' : 'toggle-play';
    case 'b':
      return presenting ? 'blank' : null;
    case 'ArrowRight':
    case 'ArrowDown':
      return 'step-forward';
    case 'ArrowLeft':
    case 'ArrowUp':
      return 'step-back';
    // What a clicker sends. In free play the page scrolls; on stage they step.
    case 'PageDown':
      return mode === 'free' ? null : 'step-forward';
    case 'PageUp':
      return mode === 'free' ? null : 'step-back';
    case 'p':
      return 'toggle-presentation';
    case '+':
    case '=':
      return 'faster';
    case '-':
    case '_':
      return 'slower';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** Installs the shortcuts on `window` for the lifetime of the component. */
export function useGlobalShortcuts(store: ShardScopeStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const presenting = selectPresentation(s);
      const action = shortcutFor(e, selectKeyMode(s), presenting);
      if (!action) return;
      if (action === 'close') {
        // On the stage the first Esc shows the hidden header and buttons (as a video player's).
        if (presenting && !s.chromeShown && !s.helpOpen) {
          s.setChromeShown(true);
          e.preventDefault();
        } else if (s.helpOpen) {
          s.setHelpOpen(false);
          e.preventDefault();
        } else if (s.storyActive) {
          leaveStory(store);
          e.preventDefault();
        }
        return;
      }
      if (action === 'story-next' || action === 'story-prev') {
        e.preventDefault();
        moveStory(store, action === 'story-next' ? 1 : -1);
        return;
      }
      e.preventDefault();
      if (action === 'toggle-play') s.togglePlay();
      else if (action === 'step-forward') s.step(1);
      else if (action === 'step-back') s.step(-1);
      else if (action === 'faster') s.faster();
      else if (action === 'slower') s.slower();
      else if (action === 'help') s.toggleHelp();
      else if (action === 'toggle-presentation') s.togglePresentation();
      else if (action === 'blank') s.setBlanked(true);
    };
    // A story's keys, caught before the focused element (the timeline's own PageDown
    // scrubs time, a boundary handle's arrows move it, a button's Space clicks it).
    const onStoryKey = (e: KeyboardEvent) => {
      const s = store.getState();
      // A blanked screen comes back first, and the key does nothing else.
      const blank = blankKeyFor(e, { presenting: selectPresentation(s), blanked: s.blanked });
      if (blank) {
        e.preventDefault();
        e.stopPropagation();
        s.setBlanked(blank === 'blank');
        return;
      }
      if (!s.storyActive) return;
      const action = storyKeyFor(e, selectPresentation(s));
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      moveStory(store, action === 'story-next' ? 1 : -1);
    };
    window.addEventListener('keydown', onStoryKey, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onStoryKey, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [store]);
}
