import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, linkFor, readLink } from './link';
import { DEFAULT_LIFECYCLE, type LifecycleParams } from './lifecycle';
import { toSimInput } from './toSim';

const link = (p: Record<string, unknown>) => `#state=${encodeURIComponent(JSON.stringify({ v: 1, p }))}`;
const upgrade: LifecycleParams = { rollout: { gate: true, at: 30, every: 15 }, watchPolicy: 'check-locally', initialList: 'watch-list', watchTimeouts: true };

describe('API servers over time and the watch lifecycle in links (issue 9)', () => {
  it('round-trip in both link formats and reach the model', () => {
    const state = { params: { ...defaultSimParams(), lifecycle: upgrade }, view: defaultViewParams() };
    for (const hash of [encodeLink(state), (linkFor(state) as { hash: string }).hash]) {
      const back = readLink(hash);
      expect(back.issues).toEqual([]);
      expect(back.state!.params.lifecycle).toEqual(upgrade);
      const sim = toSimInput(back.state!.params);
      expect(sim.apiServers?.rollout).toEqual({ gate: true, at: 30, everySeconds: 15 });
      expect(sim.replicas?.watchPolicy).toBe('check-locally');
    }
  });

  it('leave the defaults out, so links made before these settings stay the same', () => {
    const hash = encodeLink({ params: { ...defaultSimParams(), lifecycle: DEFAULT_LIFECYCLE }, view: defaultViewParams() });
    expect(hash).toBe(encodeLink({ params: defaultSimParams(), view: defaultViewParams() }));
  });

  it('name each field they cannot use and keep the others', () => {
    const r = readLink(link({ lifecycle: { rollout: { gate: 'yes', at: -1, every: 10 }, watchPolicy: 'check-locally', initialList: 'stream', watchTimeouts: 1, extra: true } }));
    expect(r.issues.map((i) => i.field).sort()).toEqual(['lifecycle.extra', 'lifecycle.initialList', 'lifecycle.rollout', 'lifecycle.watchTimeouts']);
    expect(r.state!.params.lifecycle).toEqual({ ...DEFAULT_LIFECYCLE, watchPolicy: 'check-locally' });
    expect(readLink(link({ lifecycle: [1] })).issues.map((i) => i.field)).toEqual(['lifecycle']);
  });
});
