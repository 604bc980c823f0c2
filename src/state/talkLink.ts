/**
 * Talk links: `#talk=<id>` and where in the talk the page stands, read with URLSearchParams
 * so a language (`lang=`) and `present=1` can sit beside them:
 * - `#talk=<id>`: the title slide;
 * - `&slide=agenda`, `&slide=end`: the agenda, the end slide;
 * - `&slide=section&story=<story>`: the section slide before a story;
 * - `&story=<story>&step=<n>`: a step of a story (n 1-based), as a story link names it.
 *
 * The format lives below the stories, as the story link's does: the reader is given a lookup
 * of the talks that exist. A place that cannot be used is brought to the nearest one that can
 * (a step out of range to the story's nearest step, anything else to the title slide) and
 * named, so the page can say what of the link it could not use.
 */
import type { LinkIssue } from './link';
import type { LinkableStory } from './storyLink';

/** What a talk link needs to know of a talk: its id and its stories, in order. */
export interface LinkableTalk {
  readonly id: string;
  readonly stories: readonly LinkableStory[];
}

/** Finds a talk by the id a link names, or undefined when there is no such talk. */
export type TalkLookup = (id: string) => LinkableTalk | undefined;

/** A slide of a talk as the state knows it (the stories' `TalkSlide`, with story ids as strings). */
export type TalkSlidePlace =
  | { readonly kind: 'title' }
  | { readonly kind: 'agenda' }
  | { readonly kind: 'section'; readonly story: string }
  | { readonly kind: 'step'; readonly story: string; readonly step: number }
  | { readonly kind: 'end' };

/** The talk shown and the slide it is at. */
export interface TalkPlace {
  readonly id: string;
  readonly slide: TalkSlidePlace;
}

const params = (hash: string) => new URLSearchParams(hash.replace(/^#/, ''));

/** Whether a fragment names a talk (known or not). A talk's fragment may name a story too: it is read as the talk's. */
export function isTalkFragment(hash: string): boolean {
  return params(hash).has('talk');
}

/** The fragment for a place in a talk; `present` adds `&present=1` (presentation mode). */
export function talkLink(place: TalkPlace, present = false): string {
  const s = place.slide;
  const where = (() => {
    switch (s.kind) {
      case 'title':
        return '';
      case 'agenda':
      case 'end':
        return `&slide=${s.kind}`;
      case 'section':
        return `&slide=section&story=${encodeURIComponent(s.story)}`;
      case 'step':
        return `&story=${encodeURIComponent(s.story)}&step=${s.step}`;
    }
  })();
  return `#talk=${encodeURIComponent(place.id)}${where}${present ? '&present=1' : ''}`;
}

/**
 * The place a talk fragment names, and what of it could not be used. A talk that does not
 * exist gives no place (and an `unknown-talk` issue); an unknown slide kind or a story the
 * talk does not tell opens the title slide, a step out of range (or not a number) the
 * story's nearest step, each named as an `invalid` field.
 */
export function parseTalkLink(hash: string, talkById: TalkLookup): { place: TalkPlace | null; issues: LinkIssue[] } {
  const q = params(hash);
  const id = q.get('talk');
  if (id === null) return { place: null, issues: [] };
  const talk = talkById(id);
  if (!talk) return { place: null, issues: [{ field: 'talk', reason: 'unknown-talk', value: id }] };
  const issues: LinkIssue[] = [];
  const title = (field: string) => {
    issues.push({ field, reason: 'invalid' });
    return { place: { id: talk.id, slide: { kind: 'title' as const } }, issues };
  };
  const storyId = q.get('story');
  const slide = q.get('slide') ?? (storyId !== null ? 'step' : 'title');
  switch (slide) {
    case 'title':
    case 'agenda':
    case 'end':
      return { place: { id: talk.id, slide: { kind: slide } }, issues };
    case 'section':
    case 'step': {
      const story = talk.stories.find((s) => s.id === storyId);
      if (!story) return title('story');
      if (slide === 'section') return { place: { id: talk.id, slide: { kind: 'section', story: story.id } }, issues };
      const text = q.get('step') ?? '1';
      const n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
      const step = Number.isFinite(n) ? Math.min(story.steps.length, Math.max(1, n)) : 1;
      if (step !== n) issues.push({ field: 'step', reason: 'invalid' });
      return { place: { id: talk.id, slide: { kind: 'step', story: story.id, step } }, issues };
    }
    default:
      return title('slide');
  }
}
