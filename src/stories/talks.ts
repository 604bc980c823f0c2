/**
 * Talks: an ordered list of stories told one after the other from one clicker. A talk is
 * shown as slides of five kinds: its title, its agenda, a section slide before each story,
 * every step of that story, and an end slide ("Questions?" with the talk's link). The slides
 * are derived from the table, never stored, so a story that gains a step gains it in every
 * talk; moving on or back is moving one slide along that list.
 *
 * Text is not here: titles are message ids of the catalogue, as in stories.
 */
import type { MessageId } from '../i18n/en';
import { storyById } from './index';
import type { StoryId } from './types';

/** The ids of the built-in talks. */
export type TalkId = 'default';

/** One story in a talk, and the minutes the speaker plans for it. */
export interface TalkPart {
  readonly story: StoryId;
  readonly minutes: number;
}

export interface Talk {
  readonly id: TalkId;
  /** The title slide's heading. */
  readonly title: MessageId;
  /** The title slide's line under the heading. */
  readonly subtitle: MessageId;
  /** The stories, in the order told. */
  readonly parts: readonly TalkPart[];
}

/** The kinds of slide a talk has, in the order a talk shows them. */
export const SLIDE_KINDS = ['title', 'agenda', 'section', 'step', 'end'] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

/** One slide of a talk: a kind, and for a section or a step the story (and 1-based step) it belongs to. */
export type TalkSlide =
  | { readonly kind: 'title' }
  | { readonly kind: 'agenda' }
  | { readonly kind: 'section'; readonly story: StoryId }
  | { readonly kind: 'step'; readonly story: StoryId; readonly step: number }
  | { readonly kind: 'end' };

/** The 20-minute talk through all eight stories: the problem before the answer, the failures after it. */
const defaultTalk: Talk = {
  id: 'default',
  title: 'talk.default.title',
  subtitle: 'talk.default.subtitle',
  parts: [
    { story: 'problem', minutes: 3 },
    { story: 'mechanism', minutes: 3 },
    { story: 'saving', minutes: 3 },
    { story: 'fallback', minutes: 2 },
    { story: 'resharding', minutes: 3 },
    { story: 'hot-namespaces', minutes: 2 },
    { story: 'refused', minutes: 2 },
    { story: 'rollout', minutes: 2 },
  ],
};

/** Every built-in talk. */
export const TALKS: readonly Talk[] = [defaultTalk];

/** A talk by id, or undefined. */
export function talkById(id: string): Talk | undefined {
  return TALKS.find((t) => t.id === id);
}

/** The minutes a talk plans in all. */
export function talkMinutes(talk: Talk): number {
  return talk.parts.reduce((sum, p) => sum + p.minutes, 0);
}

/** How many steps a story of the talk has (0 for a story that does not exist). */
function stepsOf(story: StoryId): number {
  return storyById(story)?.steps.length ?? 0;
}

/** Every slide of a talk, in the order the clicker goes through them. */
export function talkSlides(talk: Talk): TalkSlide[] {
  const slides: TalkSlide[] = [{ kind: 'title' }, { kind: 'agenda' }];
  for (const part of talk.parts) {
    slides.push({ kind: 'section', story: part.story });
    for (let step = 1; step <= stepsOf(part.story); step++) slides.push({ kind: 'step', story: part.story, step });
  }
  slides.push({ kind: 'end' });
  return slides;
}

/** Whether two slides are the same slide. */
export function sameSlide(a: TalkSlide, b: TalkSlide): boolean {
  switch (a.kind) {
    case 'title':
    case 'agenda':
    case 'end':
      return b.kind === a.kind;
    case 'section':
      return b.kind === 'section' && b.story === a.story;
    case 'step':
      return b.kind === 'step' && b.story === a.story && b.step === a.step;
  }
}

/** The place of a slide in the talk's slides, or -1 when the talk has no such slide. */
export function slideIndex(talk: Talk, slide: TalkSlide): number {
  return talkSlides(talk).findIndex((s) => sameSlide(s, slide));
}

/**
 * The slide after (+1) or before (-1) `slide`, or null at either end of the talk (or for a
 * slide the talk does not have).
 */
export function moveSlide(talk: Talk, slide: TalkSlide, direction: 1 | -1): TalkSlide | null {
  const slides = talkSlides(talk);
  const i = slides.findIndex((s) => sameSlide(s, slide));
  if (i < 0) return null;
  return slides[i + direction] ?? null;
}

/**
 * Where a slide stands in the talk, for the presenter: its story's place among the talk's
 * stories (1-based; 0 before the first section) and the step of that story (0 on a section slide).
 */
export function talkProgress(talk: Talk, slide: TalkSlide): { readonly part: number; readonly parts: number; readonly step: number; readonly steps: number } {
  const parts = talk.parts.length;
  switch (slide.kind) {
    case 'title':
    case 'agenda':
      return { part: 0, parts, step: 0, steps: 0 };
    case 'end':
      return { part: parts, parts, step: 0, steps: 0 };
    case 'section':
    case 'step': {
      const part = talk.parts.findIndex((p) => p.story === slide.story) + 1;
      return { part, parts, step: slide.kind === 'step' ? slide.step : 0, steps: stepsOf(slide.story) };
    }
  }
}
