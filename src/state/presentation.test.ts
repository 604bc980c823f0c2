import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, readLink } from './link';
import { createShardScopeStore } from './store';

const fragment = (raw: unknown): string => '#state=' + encodeURIComponent(JSON.stringify(raw));

describe('presentation mode in the link', () => {
  it('a fresh page is not in presentation mode', () => {
    expect(defaultViewParams().presentation).toBe(false);
  });

  it('round-trips presentation: true in the w block, so it survives a reload', () => {
    const view = { ...defaultViewParams(), presentation: true };
    const hash = encodeLink({ params: defaultSimParams(), view });
    expect(JSON.parse(decodeURIComponent(hash.slice('#state='.length))).w.presentation).toBe(true);
    expect(readLink(hash)).toEqual({ state: { params: defaultSimParams(), view }, issues: [] });
  });

  it('names a presentation value that is not a boolean and keeps the normal page', () => {
    for (const bad of ['true', 1, null, {}]) {
      const { state, issues } = readLink(fragment({ v: 1, w: { presentation: bad } }));
      expect(issues).toEqual([{ field: 'presentation', reason: 'invalid' }]);
      expect(state!.view.presentation).toBe(false);
    }
  });

  it('a link of the old format without presentation opens the normal page, with no notice', () => {
    const { state, issues } = readLink(fragment({ v: 1, w: { theme: 'dark' } }));
    expect(issues).toEqual([]);
    expect(state!.view.presentation).toBe(false);
  });

  it('togglePresentation switches the view flag both ways', () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 100 } });
    store.getState().togglePresentation();
    expect(store.getState().view.presentation).toBe(true);
    store.getState().togglePresentation();
    expect(store.getState().view.presentation).toBe(false);
    store.getState().setPresentation(true);
    expect(store.getState().view.presentation).toBe(true);
  });
});
