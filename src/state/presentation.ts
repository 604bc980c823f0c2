/**
 * The stage (presentation mode and guided stories), as the keys and the layout read
 * it. One small selector per question, so the keyboard, the help dialog and the layout agree.
 */
import type { ShardScopeState } from './store';

/** Whether a guided story is running (its steps take the clicker keys). */
export const selectStoryActive = (s: ShardScopeState): boolean => s.storyActive;

/** Whether the projector layout is on. */
export const selectPresentation = (s: ShardScopeState): boolean => s.view.presentation;

/** Which key bindings apply: free play, presentation mode, or a story (with or without presentation). */
export type KeyMode = 'free' | 'presentation' | 'story';

/** The key mode of a state: a story wins over presentation mode, which wins over free play. */
export function selectKeyMode(s: ShardScopeState): KeyMode {
  if (selectStoryActive(s)) return 'story';
  return selectPresentation(s) ? 'presentation' : 'free';
}
