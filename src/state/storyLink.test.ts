import { describe, expect, it } from 'vitest';
import { createShardScopeStore } from './store';
import { isStoryFragment, parseStoryLink, storyLink, type LinkableStory, type StoryLinkPlace } from './storyLink';
import { syncUrl, type UrlHost } from './urlSync';

// Stand-ins for `src/stories`: the state layer only ever sees a lookup it is given.
const STORIES: readonly LinkableStory[] = [
  { id: 'alpha', steps: { length: 3 } },
  { id: 'two words', steps: { length: 1 } },
];
const byId = (id: string) => STORIES.find((s) => s.id === id);

describe('story links in the state layer', () => {
  it('reads a known story and clamps its step, whatever else the fragment holds', () => {
    expect(parseStoryLink('#story=alpha&step=2', byId)).toEqual({ id: 'alpha', step: 2 });
    expect(parseStoryLink('#lang=en&story=alpha', byId)).toEqual({ id: 'alpha', step: 1 });
    expect(parseStoryLink('#story=alpha&step=9', byId)).toEqual({ id: 'alpha', step: 3 });
    expect(parseStoryLink('#story=alpha&step=-4', byId)).toEqual({ id: 'alpha', step: 1 });
    expect(parseStoryLink('#story=alpha&step=x', byId)).toEqual({ id: 'alpha', step: 1 });
    expect(parseStoryLink('#story=nope&step=1', byId)).toBeNull();
    expect(parseStoryLink('#s=1.abc', byId)).toBeNull();
  });

  it('writes a link that reads back, and tells a story fragment from others', () => {
    const place = { id: 'two words', step: 1 };
    expect(storyLink(place)).toBe('#story=two%20words&step=1');
    expect(parseStoryLink(storyLink(place), byId)).toEqual(place);
    expect(isStoryFragment('#story=nope')).toBe(true);
    expect(isStoryFragment('#s=1.abc')).toBe(false);
  });

  it('the URL sync opens a story link only among the stories it is given', () => {
    let hash = '';
    const listeners = new Set<() => void>();
    const host: UrlHost = { hash: () => hash, replace: (h) => void (hash = h), onHashChange: (l) => (listeners.add(l), () => listeners.delete(l)) };
    const navigate = (h: string) => ((hash = h), listeners.forEach((l) => l()));
    const opened: StoryLinkPlace[] = [];
    const withStories = createShardScopeStore();
    const stop = syncUrl(withStories, host, { storyById: byId, openStory: (p) => opened.push(p) });
    navigate('#story=alpha&step=7');
    navigate('#story=nope&step=1');
    stop();
    const without = createShardScopeStore();
    syncUrl(without, host, { openStory: (p) => opened.push(p) });
    navigate('#story=alpha&step=2&lang=zh-CN');
    expect(opened).toEqual([{ id: 'alpha', step: 3 }]);
    // Still a story fragment: its language applies, and it is not read as a state link.
    expect(without.getState().view.locale).toBe('zh-CN');
    expect(without.getState().link.opened).toBe(0);
  });
});
