import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translate';
import { slowStretch, timelineMarks, timelineSpan } from './Timeline';
import type { ScheduledEvent } from '../../state';

const t = createTranslator('en');

describe('the timeline', () => {
  it('marks scheduled reshards and rolling updates in time order, and any later kind generically', () => {
    const schedule = [
      { kind: 'reshard', at: 30, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } },
      { kind: 'api-server-restart', at: 12 } as unknown as ScheduledEvent,
    ] as ScheduledEvent[];
    const marks = timelineMarks(t, schedule, [{ start: 20, end: 25, namespace: 'shop' }]);
    expect(marks.map((m) => [m.kind, m.at])).toEqual([
      ['api-server-restart', 12],
      ['burst', 20],
      ['reshard', 30],
    ]);
    expect(marks[2]!.label).toBe('Reshard to 5 replicas at 30 s');
    expect(marks[1]!.label).toBe('Rolling update in shop at 20.0 s');
  });

  it('spans at least a minute, the run so far, and every event with room after it', () => {
    expect(timelineSpan(0, [])).toBe(60);
    expect(timelineSpan(100, [])).toBeCloseTo(105, 9);
    expect(timelineSpan(5, [{ kind: 'reshard', at: 90, label: '' }])).toBe(100);
  });

  it('hatches the stretch before the oldest checkpoint, and nothing while they reach back to the start', () => {
    expect(slowStretch(undefined, 50)).toBeNull();
    expect(slowStretch(0, 50)).toBeNull();
    expect(slowStretch(316, 900)).toBe(316);
    // No checkpoint at all (the present is the oldest quick time): everything before now.
    expect(slowStretch(12, 12)).toBe(12);
    expect(t('timeline.slow', { time: '5:16', budget: '200 MB' })).toBe(
      'Before 5:16 no checkpoint is left (their budget is 200 MB): going there replays the run from the start, which takes seconds at a million objects',
    );
  });
});
