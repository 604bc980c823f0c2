import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate';
import { timelineMarks, timelineSpan } from './Timeline';
import type { ScheduledEvent } from '../../state';

const t = createTranslator('en');

describe('the timeline (issue 9)', () => {
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
});
