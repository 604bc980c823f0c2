import { describe, expect, it } from 'vitest';
import { EMPTY_PRESENTER, Freshness, PRESENTER_PROTOCOL, presenterHref, presenterSessionOf, readMessage, receiveState, Sender, stepToAsk, type StageView } from './sync';
import { elapsed, STOPPED, timerText, toggle } from './timer';

const view = (step: number, steps = 4, id = 'saving'): StageView => ({
  locale: 'en',
  theme: 'dark',
  story: {
    id,
    title: 'The saving',
    step,
    steps,
    current: { title: `Step ${step}`, narration: 'Text.' },
    notes: 'Point at the headline.',
    question: null,
    next: step < steps ? { title: `Step ${step + 1}`, narration: 'Next.' } : null,
  },
});

describe('presenter messages', () => {
  it('round-trip through readMessage, as structured clone delivers them', () => {
    const s = new Sender('stage-a');
    for (const m of [s.state(view(2)), s.hello(), s.go('saving', 3), s.state({ locale: 'zh-CN', theme: 'light', story: null })]) {
      expect(readMessage(structuredClone(m))).toEqual(m);
    }
  });

  it('number each sender’s messages upward from 1', () => {
    const s = new Sender('p');
    expect([s.hello().seq, s.go('x', 1).seq, s.state(view(1)).seq]).toEqual([1, 2, 3]);
  });

  it('refuse anything else posted on the channel: another version, a bad shape, a step out of range', () => {
    const ok = new Sender('a').state(view(2));
    expect(readMessage(null)).toBeNull();
    expect(readMessage('state')).toBeNull();
    expect(readMessage({ ...ok, v: PRESENTER_PROTOCOL + 1 })).toBeNull();
    expect(readMessage({ ...ok, from: '' })).toBeNull();
    expect(readMessage({ ...ok, seq: -1 })).toBeNull();
    expect(readMessage({ ...ok, seq: 1.5 })).toBeNull();
    expect(readMessage({ ...ok, kind: 'jump' })).toBeNull();
    expect(readMessage({ ...ok, view: { ...ok.kind === 'state' && ok.view, theme: 'blue' } })).toBeNull();
    expect(readMessage({ ...ok, view: { ...view(5, 4) } })).toBeNull();
    expect(readMessage({ v: 1, from: 'p', seq: 1, kind: 'go', story: 'saving', step: 0 })).toBeNull();
    expect(readMessage({ v: 1, from: 'p', seq: 1, kind: 'go', story: 7, step: 1 })).toBeNull();
  });
});

describe('Freshness', () => {
  it('drops a duplicate and a stale message from the same sender, and takes a new sender at once', () => {
    const f = new Freshness();
    const stage = new Sender('stage-1');
    const m1 = stage.state(view(1));
    const m2 = stage.state(view(2));
    expect(f.take(m1)).toBe(true);
    expect(f.take(m1)).toBe(false); // delivered twice
    expect(f.take(m2)).toBe(true);
    expect(f.take(m1)).toBe(false); // overtaken
    // The stage reloads: a new sender, whose numbers start again at 1.
    const reloaded = new Sender('stage-2');
    expect(f.take(reloaded.state(view(1)))).toBe(true);
    // Senders are counted apart.
    expect(f.take(new Sender('presenter').hello())).toBe(true);
  });
});

describe('the presenter model', () => {
  it('asks for the next step from the step shown, and for the one after that before the stage has answered', () => {
    let m = receiveState(EMPTY_PRESENTER, 'stage', view(2));
    const first = stepToAsk(m, 1)!;
    expect(first).toEqual({ story: 'saving', step: 3 });
    m = { ...m, asked: first };
    expect(stepToAsk(m, 1)).toEqual({ story: 'saving', step: 4 });
    // The stage shows step 3: the request is answered, the next one counts from there.
    m = receiveState({ ...m, asked: { story: 'saving', step: 4 } }, 'stage', view(3));
    expect(m.asked).toEqual({ story: 'saving', step: 4 });
    m = receiveState(m, 'stage', view(4));
    expect(m.asked).toBeNull();
  });

  it('asks for nothing past either end, or in free play', () => {
    expect(stepToAsk(receiveState(EMPTY_PRESENTER, 's', view(4)), 1)).toBeNull();
    expect(stepToAsk(receiveState(EMPTY_PRESENTER, 's', view(1)), -1)).toBeNull();
    expect(stepToAsk(receiveState(EMPTY_PRESENTER, 's', { locale: 'en', theme: 'dark', story: null }), 1)).toBeNull();
    expect(stepToAsk(EMPTY_PRESENTER, 1)).toBeNull();
  });

  it('forgets a step asked for when the stage shows another story', () => {
    const m = receiveState({ ...receiveState(EMPTY_PRESENTER, 's', view(2)), asked: { story: 'saving', step: 3 } }, 's', view(1, 3, 'problem'));
    expect(m.asked).toBeNull();
    expect(stepToAsk(m, 1)).toEqual({ story: 'problem', step: 2 });
  });
});

describe('presenter links', () => {
  it('open the same page, from a sub-path or a file, with the session in the fragment', () => {
    expect(presenterHref('https://x.org/tools/shardscope/?lang=zh-CN#story=saving&step=2', 'ab12')).toBe('https://x.org/tools/shardscope/?lang=zh-CN#presenter=ab12');
    expect(presenterHref('file:///home/me/shardscope.html', 'ab12')).toBe('file:///home/me/shardscope.html#presenter=ab12');
    expect(presenterSessionOf('#presenter=ab12')).toBe('ab12');
    expect(presenterSessionOf('#story=saving&step=2')).toBeNull();
    expect(presenterSessionOf('#presenter=%3Cscript%3E')).toBeNull();
  });
});

describe('the talk timer', () => {
  it('counts while running, holds while paused, and starts again from where it stopped', () => {
    let t = toggle(STOPPED, 1000);
    expect(elapsed(t, 61_000)).toBe(60_000);
    t = toggle(t, 61_000);
    expect(elapsed(t, 500_000)).toBe(60_000);
    t = toggle(t, 500_000);
    expect(elapsed(t, 505_500)).toBe(65_500);
    expect(timerText(65_500)).toBe('01:05');
    expect(timerText(3_725_000)).toBe('1:02:05');
    expect(timerText(0)).toBe('00:00');
  });
});
