/**
 * The caption bar of a guided story: title, narration, step n of m, the question
 * (and on the next step, the previous step's answer), previous / next / leave. It also brings
 * the step's panel into view and rings it, and marks what the step highlights: with a style
 * rule per `data-testid`, so elements that mount or re-render later are marked too.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useShardScope, useShardScopeStore, type ShardScopeState } from '../../state';
import { storyById } from '../../stories';
import { leaveStory, moveStory } from '../../stories/controller';
import { countdown, stepEvents } from '../../stories/countdown';
import { spaceBetween, useT } from '../i18n';

/** Keys by which a reader moves the page (PageUp, PageDown, Space and the side arrows step the story instead). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'Tab']);

export function StoryCaption() {
  const t = useT();
  const store = useShardScopeStore();
  const place = useShardScope((s) => s.story);
  const story = place ? storyById(place.id) : undefined;
  const step = story && place ? story.steps[place.step - 1] : undefined;
  const previous = story && place ? story.steps[place.step - 2] : undefined;
  // Until the step's run is at its time, the run on screen is the one before: no countdown from it.
  const ready = useShardScope((s) => s.storyReady);
  const cue = useCue(ready && step !== undefined);
  const top = useHeaderHeight(place !== null);
  const section = useRef<HTMLElement | null>(null);
  const body = useRef<HTMLDivElement | null>(null);
  const bodyId = useId();
  // Opened over the stage (a short screen in presentation mode): the bar keeps its folded
  // height, so the stage does not move; every step starts folded.
  const stepKey = place ? `${place.id}:${place.step}` : '';
  const { open, setOpen, held, setHeld } = useOpenCaption(stepKey);
  const folded = useFolded(body, stepKey + String(t('story.more')), open);
  // Before the scroll below, so the scroll margin applies.
  useStoryStyle(stepStyle(step));
  useBringIntoView(step?.focus, place, top);

  if (!story || !step || !place) return null;
  const n = place.step;
  const m = story.steps.length;
  return (
    <section
      className={open ? 'story-caption story-caption--open' : 'story-caption'}
      data-testid="story-caption"
      data-story={story.id}
      data-step={n}
      data-ready={ready}
      data-focus={step.focus}
      data-highlight={(step.highlight ?? []).join(' ')}
      aria-labelledby="story-caption-title"
      style={{ top, height: open ? held : undefined }}
      ref={(el) => {
        section.current = el;
        // The height of header and bar together, for the focused panel's scroll margin.
        if (el) document.documentElement.style.setProperty('--story-offset', `${top + el.offsetHeight + 12}px`);
      }}
    >
      <div className="story-caption__sheet">
        <div className="story-caption__head">
          <p className="story-caption__where">
            {t(story.title)}
            {spaceBetween(t(story.title), '·')}· <span data-testid="story-step-of">{t('story.stepOf', { n, m })}</span>
          </p>
          <h2 className="story-caption__title" id="story-caption-title">
            {t(step.title)}
          </h2>
          <CaptionStatus ready={ready} cue={cue} />
        </div>
        <div className="story-caption__body" id={bodyId} ref={body}>
          <p className="story-caption__narration" aria-live="polite">
            {t(step.narration)}
          </p>
          {previous?.answer ? (
            <p className="story-caption__answer" data-testid="story-answer">
              <strong>{t('story.answer')}</strong>
              {spaceBetween(t('story.answer'), t(previous.answer))}
              {t(previous.answer)}
            </p>
          ) : null}
          {step.question ? (
            <p className="story-caption__question" data-testid="story-question">
              <strong>{t('story.question')}</strong> {t(step.question)}
            </p>
          ) : null}
        </div>
        <div className="story-caption__nav">
          {/* Presentation mode on a short screen folds the caption to two lines; this opens it over the stage. */}
          <button
            type="button"
            className="button story-caption__more"
            data-testid="story-more"
            aria-expanded={open}
            aria-controls={bodyId}
            hidden={!folded && !open}
            onClick={() => {
              if (!open) setHeld(section.current?.getBoundingClientRect().height);
              setOpen(!open);
            }}
          >
            {open ? t('story.less') : step.question ? t('story.moreQuestion') : previous?.answer ? t('story.moreAnswer') : t('story.more')}
            <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
          </button>
          <StepButtons n={n} m={m} onMove={(by) => moveStory(store, by)} onLeave={() => leaveStory(store)} />
        </div>
      </div>
    </section>
  );
}

/** A countdown to the event the step waits for (a reshard, a restart). */
interface Cue {
  readonly kind: 'reshard' | 'restart';
  readonly seconds: number;
}

/**
 * When the step waits for an event of its run, the seconds left to it, once `active` (the
 * step's own run is on screen).
 */
function useCue(active: boolean): Cue | null {
  // A string, so that the caption renders again only when the whole seconds left change.
  const cueKey = useShardScope((s) => {
    const c = countdown(stepEvents(s.params), s.sim.snapshot?.time ?? 0);
    return c ? `${c.kind}:${c.seconds}` : '';
  });
  return active && cueKey ? { kind: cueKey.split(':')[0] as Cue['kind'], seconds: Number(cueKey.split(':')[1]) } : null;
}

/** Whether the caption is opened over the stage (for this step only), and the height it keeps meanwhile. */
function useOpenCaption(stepKey: string) {
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt !== null && openAt === stepKey;
  const setOpen = (on: boolean) => setOpenAt(on ? stepKey : null);
  const [held, setHeld] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    // Esc folds the opened caption, and only that (the page's Esc would leave the story).
    const fold = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      e.preventDefault();
      setOpenAt(null);
    };
    window.addEventListener('keydown', fold, true);
    return () => window.removeEventListener('keydown', fold, true);
  }, [open]);
  return { open, setOpen, held, setHeld };
}

/** The step's style rules: a ring round the panel it is about, a mark on what it highlights. */
function stepStyle(step: { readonly focus: string; readonly highlight?: readonly string[] } | undefined): string {
  // The panel scrolls to just below the sticky header and this bar (scroll-margin-top).
  const ring = step ? `[data-testid="${step.focus}"]{outline:3px solid var(--story-ring, #d55e00);outline-offset:3px;scroll-margin-top:var(--story-offset, 0px)}` : '';
  const marks = (step?.highlight ?? []).map((h) => `[data-testid="${h}"]`).join(',');
  const mark = marks ? `${marks}{box-shadow:0 0 0 3px var(--story-mark, #e69f00)}` : '';
  return ring + mark;
}

/**
 * Brings the step's panel (`focus`) into view, and keeps it there while the page above it
 * grows, until the reader scrolls. `place` and `top` scroll it again: a new step, a header
 * whose height is now known.
 */
function useBringIntoView(focus: string | undefined, place: ShardScopeState['story'], top: number): void {
  useEffect(() => {
    if (!focus) return;
    // The panel may mount a few frames later (the page mounts panels in stages).
    let tries = 0;
    let id = 0;
    const bring = () => {
      const panel = document.querySelector(`[data-testid="${focus}"]`);
      // In presentation mode a panel on the stage brings the whole stage (one screen) into
      // view, not its own top: the headline and the hash space stay on screen above it.
      const el = panel?.closest('[data-testid="stage"]') ?? panel;
      if (el) el.scrollIntoView?.({ block: 'start', behavior: 'auto' });
      else if (tries++ < 60) id = requestAnimationFrame(bring);
    };
    bring();
    // Panels above it may still grow while the step is shown: new replica cards mount after
    // the new parameters apply, the page mounts panels in stages, a step that opens at a later
    // time shows its run only once the run is rebuilt (seconds on a slow machine), and a step
    // that plays adds a card or a report at its reshard. However late that is, the panel stays
    // where the step put it, until the reader takes over: their own wheel, touch, click or
    // scroll key ends it, and the page never pulls them back.
    const main = document.getElementById('main');
    const ro = main && typeof ResizeObserver === 'function' ? new ResizeObserver(bring) : null;
    const onKey = (e: KeyboardEvent) => {
      if (SCROLL_KEYS.has(e.key)) release();
    };
    function release() {
      cancelAnimationFrame(id);
      ro?.disconnect();
      removeEventListener('wheel', release);
      removeEventListener('touchmove', release);
      removeEventListener('pointerdown', release, true);
      removeEventListener('keydown', onKey, true);
    }
    if (main) ro?.observe(main);
    addEventListener('wheel', release, { passive: true });
    addEventListener('touchmove', release, { passive: true });
    addEventListener('pointerdown', release, true);
    addEventListener('keydown', onKey, true);
    return release;
    // `top`: once the header's height is known the scroll margin is right; scroll again.
  }, [focus, place, top]);
}

/** "Preparing" until the step's run is ready, then the countdown to its event, if any. */
function CaptionStatus({ ready, cue }: { ready: boolean; cue: Cue | null }) {
  const t = useT();
  if (!ready) {
    return (
      <p className="story-caption__preparing" data-testid="story-preparing" aria-live="off">
        {t('story.preparing')}
      </p>
    );
  }
  return cue ? (
    <p className="story-caption__countdown" data-testid="story-countdown" data-kind={cue.kind} aria-live="off">
      {t(cue.kind === 'reshard' ? 'story.countdown.reshard' : 'story.countdown.restart', { s: cue.seconds })}
    </p>
  ) : null;
}

/** Previous, next and leave. */
function StepButtons({ n, m, onMove, onLeave }: { n: number; m: number; onMove: (by: -1 | 1) => void; onLeave: () => void }) {
  const t = useT();
  return (
    <>
      <button type="button" className="button" data-testid="story-prev" disabled={n <= 1} onClick={() => onMove(-1)} aria-label={t('story.prev')}>
        ‹<span className="story-caption__label"> {t('story.prev')}</span>
      </button>
      <button type="button" className="button button--primary" data-testid="story-next" disabled={n >= m} onClick={() => onMove(1)} aria-label={t('story.next')}>
        <span className="story-caption__label">{t('story.next')} </span>›
      </button>
      <button type="button" className="button" data-testid="story-exit" title={t('story.exitTitle')} onClick={onLeave} aria-label={t('story.exit')}>
        <span className="story-caption__label">{t('story.exit')}</span>
        <span className="story-caption__icon" aria-hidden="true">
          ✕
        </span>
      </button>
    </>
  );
}

/**
 * Whether the caption's body shows less than all of it (presentation mode on a short screen
 * folds it to the narration's first lines, the question and answer behind the "more" button),
 * followed as the window, the language and the step change.
 */
function useFolded(body: RefObject<HTMLDivElement | null>, key: string, open: boolean): boolean {
  const [folded, setFolded] = useState(false);
  useLayoutEffect(() => {
    const el = body.current;
    // Opened, all of it shows: it is still a folded caption (the button stays to fold it).
    if (!el || open) return;
    const read = () => {
      const cut = [el, ...el.children].some((c) => c.scrollHeight > c.clientHeight + 1 || (c instanceof HTMLElement && c.offsetParent === null && c.textContent !== ''));
      setFolded(cut && el.clientHeight > 0);
    };
    read();
    if (typeof ResizeObserver !== 'function') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [body, key, open]);
  return folded;
}

/** The sticky header's height (the bar sticks just below it), followed as it changes. */
function useHeaderHeight(active: boolean): number {
  const [h, setH] = useState(0);
  useEffect(() => {
    if (!active) return;
    const header = document.querySelector('[data-testid="header"]');
    if (!header) return;
    const read = () => setH(Math.round(header.getBoundingClientRect().height));
    read();
    if (typeof ResizeObserver !== 'function') return;
    const ro = new ResizeObserver(read);
    ro.observe(header);
    return () => ro.disconnect();
  }, [active]);
  return h;
}

/**
 * Style rules for the ring and the marks, as a constructed style sheet: the page's
 * Content-Security-Policy (style-src 'self') refuses inline <style> elements, not the CSSOM.
 */
function useStoryStyle(css: string): void {
  useEffect(() => {
    if (!css || typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [css]);
}
