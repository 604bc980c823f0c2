/**
 * Talk links: `#talk=<id>&...` (the format is `src/state/talkLink.ts`, shared with the URL
 * sync); this module binds its reader to the talks and stories that exist.
 */
import { parseTalkLink, type LinkableTalk, type TalkPlace } from '../state/talkLink';
import type { LinkIssue } from '../state/link';
import { storyById } from './index';
import { talkById, type TalkSlide } from './talks';

/** A talk as the link reader needs it: its id and its stories, in order. */
export function linkableTalk(id: string): LinkableTalk | undefined {
  const talk = talkById(id);
  if (!talk) return undefined;
  return { id: talk.id, stories: talk.parts.flatMap((p) => storyById(p.story) ?? []) };
}

/** The talk place a fragment names (null when it names no talk), and what of it could not be used. */
export function readTalkLink(hash: string): { place: (TalkPlace & { readonly slide: TalkSlide }) | null; issues: LinkIssue[] } {
  // The reader only gives slides of the talk's own stories, so its story ids are StoryIds.
  return parseTalkLink(hash, linkableTalk) as { place: (TalkPlace & { readonly slide: TalkSlide }) | null; issues: LinkIssue[] };
}
