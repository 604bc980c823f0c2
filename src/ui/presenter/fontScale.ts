/**
 * Issue 21, section 2: the size of the stage's text in presentation mode, 100 %, 125 % or
 * 150 %, kept in localStorage (a setting of this screen, not of the run: no link carries it).
 */
import { useSyncExternalStore } from 'react';

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

/** The next size after `scale`, round: 100 → 125 → 150 → 100. */
export function nextScale(scale: FontScale): FontScale {
  return FONT_SCALES[(FONT_SCALES.indexOf(scale) + 1) % FONT_SCALES.length]!;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The stage's text size, for a component. */
export function useFontScale(): FontScale {
  return useSyncExternalStore(subscribe, fontScale, () => 100);
}
