import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, readLink } from './link';
import { DEFAULT_LIFECYCLE } from './lifecycle';

describe('links carry the lifecycle parameters (issue 10, for the rollout story)', () => {
  it('reads back a rolling upgrade and a watch policy exactly', () => {
    const params = { ...defaultSimParams(), lifecycle: { ...DEFAULT_LIFECYCLE, rollout: { gate: true, at: 10, every: 10 }, watchPolicy: 'check-locally' as const } };
    const { state, issues } = readLink(encodeLink({ params, view: defaultViewParams() }));
    expect(issues).toEqual([]);
    expect(state!.params).toEqual(params);
  });

  it('leaves lifecycle out when the link has none, and names a field it cannot use', () => {
    const { state } = readLink(encodeLink({ params: defaultSimParams(), view: defaultViewParams() }));
    expect('lifecycle' in state!.params).toBe(false);
    const bad = { ...defaultSimParams(), lifecycle: { ...DEFAULT_LIFECYCLE, watchPolicy: 'maybe' } } as never;
    const read = readLink(encodeLink({ params: bad, view: defaultViewParams() }));
    expect(read.issues.map((i) => i.field)).toEqual(['lifecycle.watchPolicy']);
    expect(read.state!.params.lifecycle).toEqual(DEFAULT_LIFECYCLE);
  });
});
