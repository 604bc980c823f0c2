import { describe, expect, it } from 'vitest';
import { createShardScopeStore } from '../state/store';
import { syncUrl, type UrlHost } from '../state/urlSync';
import { pageLinkFor } from '../state/pageLink';
import { leaveStory, moveStory, showStoryStep, showTalkSlide } from './controller';
import { STORIES, storyById } from './index';
import { linkableTalk, readTalkLink } from './talkLink';
import { talkById, talkSlides, type TalkSlide } from './talks';

const talk = talkById('default')!;

function host(initial = '') {
  let hash = initial;
  const listeners = new Set<() => void>();
  const h: UrlHost = {
    hash: () => hash,
    replace: (x) => void (hash = x),
    onHashChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { h, current: () => hash, navigate: (x: string) => ((hash = x), listeners.forEach((l) => l())) };
}

/** The slide the store shows, as the talk names it. */
const shown = (store: ReturnType<typeof createShardScopeStore>) => store.getState().talk?.slide;

describe('a talk in the store', () => {
  it('next from the title slide goes through every slide to the end, previous comes back through each, step slides showing their story step', () => {
    const store = createShardScopeStore();
    const slides = talkSlides(talk);
    showTalkSlide(store, 'default', { kind: 'title' });
    for (let i = 1; i < slides.length; i++) {
      moveStory(store, 1);
      const want = slides[i]!;
      expect(shown(store)).toEqual(want);
      // A step slide is the story's step; the talk's own slides show no story.
      expect(store.getState().story).toEqual(want.kind === 'step' ? { id: want.story, step: want.step } : null);
      expect(store.getState().storyActive).toBe(true);
    }
    moveStory(store, 1);
    expect(shown(store)).toEqual({ kind: 'end' });
    for (let i = slides.length - 2; i >= 0; i--) {
      moveStory(store, -1);
      expect(shown(store)).toEqual(slides[i]);
    }
    moveStory(store, -1);
    expect(shown(store)).toEqual({ kind: 'title' });
  });

  it('a talk’s own slide pauses the run behind it', () => {
    const store = createShardScopeStore();
    store.getState().setPlaying(true);
    showTalkSlide(store, 'default', { kind: 'agenda' });
    expect(store.getState().playing).toBe(false);
  });

  it('refuses a talk or a slide that does not exist, and changes nothing', () => {
    const store = createShardScopeStore();
    expect(showTalkSlide(store, 'keynote', { kind: 'title' })).toBe(false);
    expect(showTalkSlide(store, 'default', { kind: 'step', story: 'problem', step: 99 } as TalkSlide)).toBe(false);
    expect(store.getState().talk).toBeNull();
  });

  it('leaving the talk, or opening a story on its own, ends it; leaving brings back the run from before the talk', () => {
    const store = createShardScopeStore();
    const before = store.getState().params;
    showTalkSlide(store, 'default', { kind: 'step', story: 'saving', step: 3 });
    moveStory(store, 1);
    leaveStory(store);
    expect(store.getState().talk).toBeNull();
    expect(store.getState().story).toBeNull();
    expect(store.getState().storyActive).toBe(false);
    expect(store.getState().params).toEqual(before);
    showTalkSlide(store, 'default', { kind: 'section', story: 'saving' });
    showStoryStep(store, 'rollout', 1);
    expect(store.getState().talk).toBeNull();
    expect(store.getState().story).toEqual({ id: 'rollout', step: 1 });
  });

  it('the address bar names the talk’s slide, so a reload reopens it; Copy link gives the same', () => {
    const store = createShardScopeStore();
    const bar = host('#talk=default');
    syncUrl(store, bar.h, { talkById: linkableTalk, openTalk: (p) => showTalkSlide(store, p.id, p.slide as TalkSlide), storyById });
    showTalkSlide(store, 'default', { kind: 'title' });
    const last = storyById('problem')!.steps.length;
    for (let i = 0; i < 2 + last; i++) moveStory(store, 1);
    expect(bar.current()).toBe(`#talk=default&story=problem&step=${last}`);
    moveStory(store, 1);
    expect(bar.current()).toBe('#talk=default&slide=section&story=mechanism');
    expect(pageLinkFor(store.getState())).toEqual({ ok: true, hash: '#talk=default&slide=section&story=mechanism' });
    // What the reload reads back.
    expect(readTalkLink(bar.current()).place).toEqual({ id: 'default', slide: { kind: 'section', story: 'mechanism' } });
  });

  it('a tampered talk link navigated to opens the nearest slide and says what it could not use', () => {
    const store = createShardScopeStore();
    const bar = host('');
    syncUrl(store, bar.h, { talkById: linkableTalk, openTalk: (p) => showTalkSlide(store, p.id, p.slide as TalkSlide), storyById });
    bar.navigate('#talk=default&story=saving&step=42&present=1');
    const steps = storyById('saving')!.steps.length;
    expect(shown(store)).toEqual({ kind: 'step', story: 'saving', step: steps });
    expect(store.getState().link.issues).toEqual([{ field: 'step', reason: 'invalid' }]);
    expect(store.getState().view.presentation).toBe(true);
    // The address bar now names the slide shown.
    expect(bar.current()).toBe(`#talk=default&story=saving&step=${steps}&present=1`);
    bar.navigate('#talk=nope');
    expect(store.getState().link.issues).toEqual([{ field: 'talk', reason: 'unknown-talk', value: 'nope' }]);
    expect(shown(store)).toEqual({ kind: 'step', story: 'saving', step: steps });
  });

  it('every story of the talk is one of the stories', () => {
    expect(linkableTalk('default')!.stories.map((s) => s.id)).toEqual(STORIES.map((s) => s.id));
  });
});
