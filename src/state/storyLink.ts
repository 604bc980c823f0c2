/**
 * Story links: `#story=<id>&step=<n>` (n 1-based), read with URLSearchParams so other
 * `&` parameters (a language) can sit beside them.
 *
 * The format lives here, below the stories, so the URL sync (`urlSync.ts`) and `src/stories`
 * read and write it with the same code without the state importing the stories (a layer
 * above it). Which stories exist is not known here: the reader is given a lookup (the
 * stories' `storyById`) by whoever calls it.
 */

/** What a story link needs to know of a story: its id and how many steps it has. */
export interface LinkableStory {
  readonly id: string;
  readonly steps: { readonly length: number };
}

/** Finds a story by the id a link names, or undefined when there is no such story. */
export type StoryLookup<S extends LinkableStory = LinkableStory> = (id: string) => S | undefined;

/** A story and a 1-based step of it, as a link names them. */
export interface StoryLinkPlace<Id extends string = string> {
  readonly id: Id;
  readonly step: number;
}

/** Whether a fragment names a story (known or not). */
export function isStoryFragment(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has('story');
}

/** The story id a fragment names (known or not), or null when it names none. */
export function storyIdOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('story');
}

/**
 * The story position a fragment names, or null when it names no story `storyById` knows. A
 * step out of range (or not a number) is brought to the nearest step that exists.
 */
export function parseStoryLink<S extends LinkableStory>(hash: string, storyById: StoryLookup<S>): StoryLinkPlace<S['id']> | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const story = storyById(q.get('story') ?? '');
  if (!story) return null;
  const n = Math.trunc(Number(q.get('step') ?? '1'));
  const step = Number.isFinite(n) ? Math.min(story.steps.length, Math.max(1, n)) : 1;
  return { id: story.id, step };
}

/**
 * Whether a story fragment asks for presentation mode (`&present=1`), so a speaker's
 * link opens on the stage. Any other value, or none, leaves the reader's mode as it is.
 */
export function presentsOf(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).get('present') === '1';
}

/** The exercise id a fragment names (`#exercise=<id>`, known or not), or null. */
export function exerciseIdOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('exercise');
}

/** The fragment that opens an exercise. */
export function exerciseLink(id: string): string {
  return `#exercise=${encodeURIComponent(id)}`;
}

/** The fragment for a story position; `present` adds `&present=1` (presentation mode). */
export function storyLink(pos: { readonly id: string; readonly step: number }, present = false): string {
  return `#story=${encodeURIComponent(pos.id)}&step=${pos.step}${present ? '&present=1' : ''}`;
}
