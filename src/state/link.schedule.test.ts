import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, readLink } from './link';
import type { ScheduledEvent } from '../sim/params';
import { toSimInput } from './toSim';

const reshard: ScheduledEvent = { kind: 'reshard', at: 30, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 5 } };
const link = (p: Record<string, unknown>) => `#state=${encodeURIComponent(JSON.stringify({ v: 1, p }))}`;

describe('a schedule in #state= links', () => {
  it('round-trips and reaches the model', () => {
    const state = { params: { ...defaultSimParams(), schedule: [reshard] }, view: defaultViewParams() };
    const back = readLink(encodeLink(state));
    expect(back.issues).toEqual([]);
    expect(back.state!.params.schedule).toEqual([reshard]);
    expect(toSimInput(back.state!.params).schedule).toEqual([reshard]);
  });

  it('leaves an empty schedule out of the link, and reads a link without one as none', () => {
    const hash = encodeLink({ params: defaultSimParams(), view: defaultViewParams() });
    expect(decodeURIComponent(hash)).not.toContain('schedule');
    expect(readLink(hash).state!.params.schedule).toEqual([]);
  });

  it('names each bad field and keeps the good events', () => {
    const { state, issues } = readLink(
      link({
        schedule: [
          reshard,
          { kind: 'reshard', at: 40, to: 6, strategy: 'ring', rollout: { kind: 'all-at-once' } },
          { kind: 'reshard', at: 50, to: 7, strategy: 'jump-hash', serverStrategy: 'hash-mod', rollout: { kind: 'new-first' } },
        ],
      }),
    );
    expect(issues.map((i) => i.field)).toEqual(['schedule[1].strategy', 'schedule[2].serverStrategy']);
    expect(state!.params.schedule).toEqual([reshard]);
  });

  it('refuses a schedule that is not a list, and one whose reshard keeps the count', () => {
    expect(readLink(link({ schedule: 'soon' })).issues.map((i) => i.field)).toEqual(['schedule']);
    const same = readLink(link({ replicas: 5, schedule: [reshard] }));
    expect(same.issues.map((i) => i.field)).toEqual(['schedule[0].to']);
    expect(same.state!.params.schedule).toEqual([]);
  });
});
