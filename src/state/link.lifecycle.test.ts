import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, linkFor, readLink } from './link';
import { DEFAULT_LIFECYCLE, V1_LINK_LIFECYCLE, type LifecycleParams } from './lifecycle';
import { toSimInput } from './toSim';
import { deflateSync } from 'fflate';
import { toBase64Url } from './shortLink';

const link = (p: Record<string, unknown>, v = 2) => `#state=${encodeURIComponent(JSON.stringify({ v, p }))}`;
const upgrade: LifecycleParams = { rollout: { gate: true, at: 30, every: 15 }, initialList: 'watch-list', watchTimeouts: true, routing: 'l7', goawayChance: 0.01 };

describe('API servers over time and the watch lifecycle in links', () => {
  it('round-trip in both link formats and reach the model', () => {
    const state = { params: { ...defaultSimParams(), client: 'checked' as const, lifecycle: upgrade }, view: defaultViewParams() };
    for (const hash of [encodeLink(state), (linkFor(state) as { hash: string }).hash]) {
      const back = readLink(hash);
      expect(back.issues).toEqual([]);
      expect(back.state!.params.lifecycle).toEqual(upgrade);
      expect(back.state!.params.client).toBe('checked');
      const sim = toSimInput(back.state!.params);
      expect(sim.apiServers?.rollout).toEqual({ gate: true, at: 30, everySeconds: 15 });
      expect(sim.apiServers?.routing).toBe('l7');
      expect(sim.apiServers?.goawayChance).toBe(0.01);
      expect(sim.replicas?.client).toBe('checked');
    }
  });

  it('a client that needs LIST pages lists, whatever the lifecycle says', () => {
    for (const client of ['shardinfo', 'ksm-2.18'] as const) {
      expect(toSimInput({ ...defaultSimParams(), client, lifecycle: DEFAULT_LIFECYCLE }).replicas?.initialList).toBe('list');
    }
    expect(toSimInput({ ...defaultSimParams(), client: 'client-go' }).replicas?.initialList).toBe('watch-list');
  });

  it('leave the default lifecycle out, so that links stay short', () => {
    const hash = encodeLink({ params: { ...defaultSimParams(), lifecycle: DEFAULT_LIFECYCLE }, view: defaultViewParams() });
    expect(hash).toBe(encodeLink({ params: defaultSimParams(), view: defaultViewParams() }));
  });

  it('name each field they cannot use and keep the others', () => {
    const r = readLink(link({ client: 'client-go', lifecycle: { rollout: { gate: 'yes', at: -1, every: 10 }, routing: 'l3', goawayChance: 0.5, initialList: 'stream', watchTimeouts: 1, extra: true } }));
    expect(r.issues.map((i) => i.field).sort()).toEqual(['lifecycle.extra', 'lifecycle.goawayChance', 'lifecycle.initialList', 'lifecycle.rollout', 'lifecycle.routing', 'lifecycle.watchTimeouts']);
    expect(r.state!.params.lifecycle).toEqual(DEFAULT_LIFECYCLE);
    expect(readLink(link({ client: 'client-go', lifecycle: [1] })).issues.map((i) => i.field)).toEqual(['lifecycle']);
    // watchPolicy is a field of old links only.
    expect(readLink(link({ client: 'checked', lifecycle: { watchPolicy: 'check-locally' } })).issues.map((i) => i.field)).toEqual(['lifecycle.watchPolicy']);
    const c = readLink(link({ client: 'kubectl' }));
    expect(c.issues.map((i) => i.field)).toEqual(['client']);
    expect(c.state!.params.client).toBe('client-go');
  });
});

describe('version 1 links open as they did', () => {
  // What the model did then: `fallback` (default true) read shardInfo on LIST pages and filtered
  // without it, `watchPolicy` check-locally checked every watch event too, LIST then WATCH, no
  // watch timeouts.
  const cases: readonly [Record<string, unknown>, string, LifecycleParams][] = [
    [{}, 'shardinfo', V1_LINK_LIFECYCLE],
    [{ fallback: true }, 'shardinfo', V1_LINK_LIFECYCLE],
    [{ fallback: false }, 'client-go', V1_LINK_LIFECYCLE],
    [{ lifecycle: { rollout: null, watchPolicy: 'check-locally', initialList: 'list', watchTimeouts: false } }, 'checked', V1_LINK_LIFECYCLE],
    [{ fallback: false, lifecycle: { rollout: null, watchPolicy: 'check-locally', initialList: 'list', watchTimeouts: false } }, 'client-go', V1_LINK_LIFECYCLE],
    // A streaming list never carried shardInfo: filtering without it was a check of every object.
    [{ lifecycle: { rollout: null, watchPolicy: 'trust-stream', initialList: 'watch-list', watchTimeouts: true } }, 'checked', { ...V1_LINK_LIFECYCLE, initialList: 'watch-list', watchTimeouts: true }],
  ];
  for (const [p, client, lifecycle] of cases) {
    it(`${JSON.stringify(p)} is the ${client} client`, () => {
      const r = readLink(link({ replicas: 4, ...p }, 1));
      expect(r.issues).toEqual([]);
      expect(r.state!.params.client).toBe(client);
      expect(r.state!.params.lifecycle).toEqual(lifecycle);
      // And the BOOKMARK interval the page had then.
      expect(r.state!.params.bookmarkEverySec).toBe(10);
    });
  }

  it('names a fallback that is not a boolean, and keeps the rest', () => {
    const r = readLink(link({ fallback: 'yes', replicas: 3 }, 1));
    expect(r.issues.map((i) => i.field)).toEqual(['fallback']);
    expect(r.state!.params.replicas).toBe(3);
    expect(r.state!.params.client).toBe('shardinfo');
  });

  it('a version 1 short link is read with the defaults of its time too', () => {
    // #s=1. with {"p":{"replicas":3}}: raw DEFLATE, base64url.
    const payload = toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify({ p: { replicas: 3 } }))));
    const r = readLink(`#s=1.${payload}`);
    expect(r.issues).toEqual([]);
    expect(r.state!.params.client).toBe('shardinfo');
    expect(r.state!.params.lifecycle).toEqual(V1_LINK_LIFECYCLE);
    const now = readLink(`#s=2.${payload}`);
    expect(now.state!.params.client).toBe('client-go');
    expect(now.state!.params.lifecycle ?? DEFAULT_LIFECYCLE).toEqual(DEFAULT_LIFECYCLE);
    expect(readLink(`#s=3.${payload}`).issues).toEqual([{ field: 'state', reason: 'version' }]);
    // A fallback field in a version 2 link is named: it is a version 1 field.
    expect(readLink(link({ fallback: true })).issues.map((i) => i.field)).toEqual(['fallback']);
  });

  it('a link written today is version 2 and says only what differs, the client included', () => {
    const state = { params: { ...defaultSimParams(), client: 'ksm' as const }, view: defaultViewParams() };
    expect(encodeLink(state)).toContain(encodeURIComponent('"v":2'));
    expect((linkFor(state) as { hash: string }).hash).toMatch(/^#s=2\./);
    for (const hash of [encodeLink(state), (linkFor(state) as { hash: string }).hash]) {
      const back = readLink(hash);
      expect(back.state!.params.client).toBe('ksm');
      expect(back.state!.params.lifecycle ?? DEFAULT_LIFECYCLE).toEqual(DEFAULT_LIFECYCLE);
    }
  });
});
