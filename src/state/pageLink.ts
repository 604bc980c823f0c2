/**
 * The link that shares what the page shows. Inside a story that is the story's step
 * (`#story=<id>&step=<n>`, with `&present=1` while presenting), since a step is a state of its
 * own: a `#s=` link of the step's parameters would open free play, without the caption, and a
 * speaker's audience scanning the QR code would land outside the talk. In free play it is the
 * run's state link, as before. Inside a talk it is the talk's slide (`#talk=<id>&...`).
 */
import { linkFor, type LinkResult } from './link';
import type { ShardScopeState } from './storeState';
import { exerciseLink, storyLink } from './storyLink';
import { talkLink } from './talkLink';

/** The fragment that shares the page as shown: the story step, or the run's state link (when it fits). */
export function pageLinkFor(s: Pick<ShardScopeState, 'story' | 'params' | 'view'> & { readonly exercise?: string | null; readonly talk?: ShardScopeState['talk'] }): LinkResult {
  // In the lab, the exercise (a trainer's link opens the lab at that exercise).
  if (s.exercise) return { ok: true, hash: exerciseLink(s.exercise) };
  // In a talk, the talk's slide: a reload or a copy comes back to the same place in the talk.
  if (s.talk) return { ok: true, hash: talkLink(s.talk, s.view.presentation) };
  if (s.story) return { ok: true, hash: storyLink(s.story, s.view.presentation) };
  return linkFor({ params: s.params, view: s.view });
}
