/** Every guided story, in menu order. */
import { fallback } from './fallback';
import { hotNamespaces } from './hotNamespaces';
import { mechanism } from './mechanism';
import { problem } from './problem';
import { refused } from './refused';
import { resharding } from './resharding';
import { rollout } from './rollout';
import { saving } from './saving';
import type { Story } from './types';

export type { Story, StoryId, StoryStep, StoryPanel, StoryHighlight, StoryModelEvent, StoryPosition, StoryState, StoryShowItem, StoryChart, StoryCardField } from './types';
export { resolveStep, type ResolvedStep } from './resolve';

/** The stories, told in this order: the problem before the answer. */
export const STORIES: readonly Story[] = [problem, mechanism, saving, fallback, resharding, hotNamespaces, refused, rollout];

/** Stories opened from files in this page, after the built-in ones. */
const loaded: Story[] = [];

/** Adds a story opened from a file (one with the same id replaces the earlier one). */
export function registerStory(story: Story): void {
  const i = loaded.findIndex((s) => s.id === story.id);
  if (i >= 0) loaded[i] = story;
  else loaded.push(story);
}

/** The stories opened from files. */
export function loadedStories(): readonly Story[] {
  return loaded;
}

/** A story by id (built-in, or opened from a file), or undefined. */
export function storyById(id: string): Story | undefined {
  return STORIES.find((s) => s.id === id) ?? loaded.find((s) => s.id === id);
}
