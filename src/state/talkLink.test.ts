import { describe, expect, it } from 'vitest';
import { isTalkFragment, parseTalkLink, talkLink, type LinkableTalk, type TalkPlace } from './talkLink';

const talk: LinkableTalk = { id: 'default', stories: [{ id: 'problem', steps: { length: 3 } }, { id: 'saving', steps: { length: 4 } }] };
const lookup = (id: string) => (id === 'default' ? talk : undefined);

describe('talk links', () => {
  it('every place round-trips through its fragment, with or without presentation mode', () => {
    const places: TalkPlace[] = [
      { id: 'default', slide: { kind: 'title' } },
      { id: 'default', slide: { kind: 'agenda' } },
      { id: 'default', slide: { kind: 'section', story: 'saving' } },
      { id: 'default', slide: { kind: 'step', story: 'saving', step: 4 } },
      { id: 'default', slide: { kind: 'end' } },
    ];
    for (const place of places) {
      for (const present of [false, true]) {
        const hash = talkLink(place, present);
        expect(isTalkFragment(hash)).toBe(true);
        expect(parseTalkLink(hash, lookup)).toEqual({ place, issues: [] });
      }
    }
    expect(talkLink(places[0]!)).toBe('#talk=default');
    expect(talkLink(places[3]!, true)).toBe('#talk=default&story=saving&step=4&present=1');
  });

  it('reads a language beside it, and a fragment without talk= is no talk link', () => {
    expect(parseTalkLink('#talk=default&slide=agenda&lang=zh-CN', lookup).place).toEqual({ id: 'default', slide: { kind: 'agenda' } });
    expect(isTalkFragment('#story=saving&step=2')).toBe(false);
    expect(parseTalkLink('#story=saving&step=2', lookup)).toEqual({ place: null, issues: [] });
  });

  it('a talk that does not exist is named, and opens no place', () => {
    expect(parseTalkLink('#talk=keynote', lookup)).toEqual({ place: null, issues: [{ field: 'talk', reason: 'unknown-talk', value: 'keynote' }] });
  });

  it('a step out of range is brought to the nearest step, and named', () => {
    for (const [step, want] of [['99', 4], ['0', 1], ['-3', 1], ['2.5', 1], ['x', 1], ['', 1]] as const) {
      expect(parseTalkLink(`#talk=default&story=saving&step=${step}`, lookup), step).toEqual({
        place: { id: 'default', slide: { kind: 'step', story: 'saving', step: want } },
        issues: [{ field: 'step', reason: 'invalid' }],
      });
    }
  });

  it('a story the talk does not tell, or an unknown slide kind, opens the title slide, and is named', () => {
    expect(parseTalkLink('#talk=default&story=rollout&step=1', lookup)).toEqual({ place: { id: 'default', slide: { kind: 'title' } }, issues: [{ field: 'story', reason: 'invalid' }] });
    expect(parseTalkLink('#talk=default&slide=section', lookup)).toEqual({ place: { id: 'default', slide: { kind: 'title' } }, issues: [{ field: 'story', reason: 'invalid' }] });
    expect(parseTalkLink('#talk=default&slide=credits', lookup)).toEqual({ place: { id: 'default', slide: { kind: 'title' } }, issues: [{ field: 'slide', reason: 'invalid' }] });
  });
});
