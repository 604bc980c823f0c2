/**
 * Story links: `#story=<id>&step=<n>` (n 1-based), read with URLSearchParams so other
 * `&` parameters (a language, later) can sit beside them.
 */
import { storyById } from './index';
import type { StoryPosition } from './types';

/** Whether a fragment names a story (known or not). */
export function isStoryFragment(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has('story');
}

/**
 * The story position a fragment names, or null when it names no known story. A step out of
 * range (or not a number) is brought to the nearest step that exists.
 */
export function readStoryLink(hash: string): StoryPosition | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const story = storyById(q.get('story') ?? '');
  if (!story) return null;
  const n = Math.trunc(Number(q.get('step') ?? '1'));
  const step = Number.isFinite(n) ? Math.min(story.steps.length, Math.max(1, n)) : 1;
  return { id: story.id, step };
}

/** The fragment for a story position. */
export function storyLink(pos: { readonly id: string; readonly step: number }): string {
  return `#story=${encodeURIComponent(pos.id)}&step=${pos.step}`;
}
