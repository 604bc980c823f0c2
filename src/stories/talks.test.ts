import { describe, expect, it } from 'vitest';
import { STORIES, storyById } from './index';
import { moveSlide, SLIDE_KINDS, slideIndex, talkById, talkMinutes, talkProgress, talkSlides, TALKS, type TalkSlide } from './talks';

const talk = talkById('default')!;

describe('the talk table', () => {
  it('the default talk passes through all eight stories, in the menu order, in 20 minutes', () => {
    expect(talk.parts.map((p) => p.story)).toEqual(STORIES.map((s) => s.id));
    expect(talkMinutes(talk)).toBe(20);
  });

  it('every talk names stories that exist, each once, with minutes planned', () => {
    for (const t of TALKS) {
      expect(new Set(t.parts.map((p) => p.story)).size).toBe(t.parts.length);
      for (const p of t.parts) {
        expect(storyById(p.story), p.story).toBeDefined();
        expect(p.minutes).toBeGreaterThan(0);
      }
    }
  });

  it('its slides are the title, the agenda, a section before every story and each of its steps, then the end', () => {
    const slides = talkSlides(talk);
    expect(slides[0]).toEqual({ kind: 'title' });
    expect(slides[1]).toEqual({ kind: 'agenda' });
    expect(slides.at(-1)).toEqual({ kind: 'end' });
    const steps = STORIES.reduce((n, s) => n + s.steps.length, 0);
    expect(slides).toHaveLength(3 + STORIES.length + steps);
    for (const s of STORIES) {
      const i = slideIndex(talk, { kind: 'section', story: s.id });
      expect(slides.slice(i + 1, i + 1 + s.steps.length)).toEqual(s.steps.map((_, k) => ({ kind: 'step', story: s.id, step: k + 1 })));
    }
    // Every kind of slide occurs.
    expect(new Set(slides.map((s) => s.kind))).toEqual(new Set(SLIDE_KINDS));
  });
});

describe('moving through a talk', () => {
  it('next from every slide is the one after it, and previous from that one comes back exactly', () => {
    const slides = talkSlides(talk);
    for (let i = 0; i < slides.length - 1; i++) {
      expect(moveSlide(talk, slides[i]!, 1)).toEqual(slides[i + 1]);
      expect(moveSlide(talk, slides[i + 1]!, -1)).toEqual(slides[i]);
    }
  });

  it('a story’s last step goes on to the next section slide, and back', () => {
    const last = storyById('problem')!.steps.length;
    expect(moveSlide(talk, { kind: 'step', story: 'problem', step: last }, 1)).toEqual({ kind: 'section', story: 'mechanism' });
    expect(moveSlide(talk, { kind: 'section', story: 'mechanism' }, -1)).toEqual({ kind: 'step', story: 'problem', step: last });
    expect(moveSlide(talk, { kind: 'section', story: 'mechanism' }, 1)).toEqual({ kind: 'step', story: 'mechanism', step: 1 });
  });

  it('nothing is before the title or after the end, nor around a slide the talk does not have', () => {
    expect(moveSlide(talk, { kind: 'title' }, -1)).toBeNull();
    expect(moveSlide(talk, { kind: 'end' }, 1)).toBeNull();
    const missing = { kind: 'step', story: 'problem', step: 99 } as TalkSlide;
    expect(moveSlide(talk, missing, 1)).toBeNull();
    expect(slideIndex(talk, missing)).toBe(-1);
  });

  it('says where a slide stands: story i of n, step j of m', () => {
    expect(talkProgress(talk, { kind: 'title' })).toEqual({ part: 0, parts: 8, step: 0, steps: 0 });
    expect(talkProgress(talk, { kind: 'section', story: 'saving' })).toEqual({ part: 3, parts: 8, step: 0, steps: storyById('saving')!.steps.length });
    expect(talkProgress(talk, { kind: 'step', story: 'rollout', step: 2 })).toEqual({ part: 8, parts: 8, step: 2, steps: storyById('rollout')!.steps.length });
    expect(talkProgress(talk, { kind: 'end' })).toEqual({ part: 8, parts: 8, step: 0, steps: 0 });
  });
});
