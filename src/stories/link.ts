/**
 * Story links: `#story=<id>&step=<n>` (n 1-based), for the stories of this folder. The format
 * itself is `src/state/storyLink.ts`, shared with the URL sync; this module binds its reader
 * to the stories that exist.
 */
import { isStoryFragment, parseStoryLink, storyLink } from '../state/storyLink';
import { storyById } from './index';
import type { StoryPosition } from './types';

export { isStoryFragment, storyLink };

/**
 * The story position a fragment names, or null when it names no known story. A step out of
 * range (or not a number) is brought to the nearest step that exists.
 */
export function readStoryLink(hash: string): StoryPosition | null {
  return parseStoryLink(hash, storyById);
}
