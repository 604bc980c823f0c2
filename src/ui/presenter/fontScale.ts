/**
 * The size of the stage's text in presentation mode, 100 %, 125 % or
 * 150 %, kept in localStorage (a setting of this screen, not of the run: no link carries it).
 */
import { useEffect, useSyncExternalStore } from 'react';

export const FONT_SCALES = [100, 125, 150] as const;
export type FontScale = (typeof FONT_SCALES)[number];

const KEY = 'shardscope.stageFontScale';
const listeners = new Set<() => void>();

/** A stored value as a scale (anything else, including nothing: 100). */
export function readScale(v: string | null): FontScale {
  const n = Number(v);
  return (FONT_SCALES as readonly number[]).includes(n) ? (n as FontScale) : 100;
}

function load(): FontScale {
  try {
    return readScale(localStorage.getItem(KEY));
  } catch {
    return 100;
  }
}

let current: FontScale | null = null;

/** The stage's text size now. */
export function fontScale(): FontScale {
  current ??= load();
  return current;
}

/** Sets the stage's text size and keeps it. */
export function setFontScale(scale: FontScale): void {
  current = scale;
  try {
    localStorage.setItem(KEY, String(scale));
  } catch {
    // A browser that keeps nothing (private mode): the size holds for this page.
  }
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The stage's text size, for a component. */
export function useFontScale(): FontScale {
  return useSyncExternalStore(subscribe, fontScale, () => 100);
}

/** The zoom step by which a stage too full for the window shrinks toward 100 %. */
const FIT_STEP = 0.05;

/** Whether the stage's content does not fit its box: the focus view scrolls, or an item's content overflows it. */
function stageOverflows(): boolean {
  const stage = document.querySelector<HTMLElement>('.app--presenting [data-testid="stage"]');
  if (!stage) return false;
  if (stage.scrollHeight > stage.clientHeight + 1) return true;
  if (stage.classList.contains('stage--focus')) {
    const body = stage.closest<HTMLElement>('.app__body');
    if (body && body.scrollHeight > body.clientHeight + 1) return true;
    for (const el of stage.querySelectorAll<HTMLElement>('[data-focus-item]')) if (el.scrollHeight > el.clientHeight + 1) return true;
  }
  return false;
}

/** Whether the stage has settled: no run loading or replaying, every item of the step mounted and laid out. */
function stageSettled(): boolean {
  if (!document.querySelector('.app--presenting [data-testid="stage"]')) return false;
  if (document.querySelector('[data-testid="loading"], [data-testid="replaying"]')) return false;
  for (const el of document.querySelectorAll<HTMLElement>('[data-focus-item]')) {
    if (el.firstElementChild === null || el.getBoundingClientRect().height === 0) return false;
  }
  return true;
}

/**
 * Mirrors the stage's text size onto the document, where the stylesheet reads it, and fits it:
 * the stage's zoom starts at the size chosen for each step (`fitKey`) and window size, then
 * shrinks in steps of 5 % (never below 100 %) while the stage's items do not fit, as content
 * arrives (panels mount a frame apart; a report appears when its event happens). Only a settled
 * stage that overflows twice in a row, 400 ms apart, starts to shrink (a frame in the middle of
 * mounting does not); then it shrinks a step a frame until it fits.
 */
export function useStageZoom(fitKey: string): void {
  const scale = useFontScale();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.stageScale = String(scale);
    const want = scale / 100;
    let zoom = want;
    const apply = (z: number) => {
      zoom = z;
      root.style.setProperty('--stage-zoom', String(z));
      root.dataset.stageZoom = String(Math.round(z * 100));
    };
    apply(want);
    if (want === 1) return;
    let frame = 0;
    let seen = false;
    const check = () => {
      frame = 0;
      if (zoom <= 1 || !stageSettled()) return;
      if (!stageOverflows()) {
        seen = false;
        return;
      }
      if (!seen) {
        seen = true;
        return;
      }
      // Confirmed: shrink a step, and go on at the next frame while it still overflows.
      apply(Math.max(1, Math.round((zoom - FIT_STEP) * 100) / 100));
      schedule();
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    const onResize = () => {
      seen = false;
      apply(want);
      schedule();
    };
    // Content changes size without a resize of the window: look again now and then.
    const timer = setInterval(schedule, 400);
    window.addEventListener('resize', onResize);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [scale, fitKey]);
}
