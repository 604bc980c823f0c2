/** Every guided story, in menu order (issue 10). */
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

/** A story by id, or undefined. */
export function storyById(id: string): Story | undefined {
  return STORIES.find((s) => s.id === id);
}
