import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, isStateFragment, linkFor, readLink } from './link';
import { withObjects } from './churn';
import { encodeShortLink, fromBase64Url, toBase64Url } from './shortLink';

const short = (raw: unknown) => '#s=2.' + toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify(raw))));

describe('short links', () => {
  it('a default run is an 11-character fragment, and a story step link with a site address stays under 120 characters', () => {
    const hash = encodeShortLink(defaultSimParams(), defaultViewParams());
    expect(hash).toBe('#s=2.q64FAA');
    const onSlide = `https://example.github.io/shardscope/#story=resharding&step=3&${hash.slice(1)}`;
    expect(onSlide.length).toBeLessThan(120);
    expect(readLink(onSlide.slice(onSlide.indexOf('#')))).toEqual({ state: { params: defaultSimParams(), view: defaultViewParams() }, issues: [] });
  });

  it('the page writes the short form: over 8 times shorter than the #state= link for a run with five changed fields', () => {
    // 100,000 objects as the page sets them: the churn follows the objects, so the link leaves it out.
    const params = { ...withObjects(defaultSimParams(), 100_000), seed: 7, replicas: 5, apiServers: [{ gate: true }, { gate: false }] };
    const state = { params: { ...params, selectors: readLink(short({ p: { replicas: 5 } })).state!.params.selectors }, view: { ...defaultViewParams(), theme: 'dark' as const } };
    const r = linkFor(state);
    expect(r.ok && r.hash.startsWith('#s=2.')).toBe(true);
    const v1 = encodeLink(state).length;
    expect(v1).toBeGreaterThan(1000);
    expect(v1 / (r.ok ? r.hash.length : 1)).toBeGreaterThan(8);
    expect(r.ok && readLink(r.hash)).toEqual({ state, issues: [] });
  });

  it('encodes only what differs from the defaults, and selectors only when they are not the equal split', () => {
    const seedOnly = encodeShortLink({ ...defaultSimParams(), seed: 9 }, defaultViewParams());
    expect(seedOnly.length).toBeLessThan(40);
    const typed = { ...defaultSimParams(), selectors: ['a', 'b', 'c', 'd'] };
    expect(readLink(encodeShortLink(typed, defaultViewParams())).state!.params.selectors).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads a short link beside other hash parameters, before or after it', () => {
    const hash = encodeShortLink({ ...defaultSimParams(), seed: 3 }, defaultViewParams()).slice(1);
    for (const h of [`#${hash}&lang=zh-CN`, `#story=problem&step=2&${hash}`, `#lang=en&${hash}&x=1`]) {
      expect(isStateFragment(h)).toBe(true);
      expect(readLink(h).state!.params.seed).toBe(3);
    }
    expect(isStateFragment('#story=problem&step=2')).toBe(false);
    expect(isStateFragment('#sx=1')).toBe(false);
  });

  it('links in the #state= format keep opening exactly as before', () => {
    const params = { ...defaultSimParams(), seed: 5, replicas: 2, selectors: ['x', "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')"] };
    const view = { ...defaultViewParams(), view: 'ring' as const };
    expect(readLink(encodeLink({ params, view }))).toEqual({ state: { params, view }, issues: [] });
  });

  it('validates like the #state= format and names every field it could not use', () => {
    const { state, issues } = readLink(short({ p: { seed: -1, replicas: 3, selectors: ['a'], apiServers: [{ gate: 'no' }], color: 1 }, w: { theme: 'pink' }, v: 1 }));
    expect(issues.map((i) => i.field).sort()).toEqual(['apiServers[0].gate', 'color', 'seed', 'selectors', 'theme', 'v']);
    expect(state!.params.replicas).toBe(3);
    expect(state!.params.seed).toBe(defaultSimParams().seed);
    expect(state!.view.theme).toBe('light');
  });

  it('names the whole fragment when it cannot be read, is another version, or inflates past the limit', () => {
    const whole = (hash: string) => readLink(hash).issues;
    expect(whole('#s=2.!!!')).toEqual([{ field: 'state', reason: 'unreadable' }]);
    expect(whole('#s=2.')).toEqual([{ field: 'state', reason: 'unreadable' }]);
    expect(whole('#s=2.' + toBase64Url(new Uint8Array([1, 2, 3])))).toEqual([{ field: 'state', reason: 'unreadable' }]);
    expect(whole(short([1, 2]))).toEqual([{ field: 'state', reason: 'unreadable' }]);
    expect(whole('#s=3.q64FAA')).toEqual([{ field: 'state', reason: 'version' }]);
    expect(whole('#s=q64FAA')).toEqual([{ field: 'state', reason: 'unreadable' }]);
    // 5 MB of spaces deflate to about 5 kB: the decoder stops once past the 1,000,000 limit.
    const bomb = '#s=2.' + toBase64Url(deflateSync(new Uint8Array(5_000_000).fill(32)));
    expect(bomb.length).toBeLessThan(10_000);
    // Reported by the size it unpacks to (too-large, with the link's own length), not as a long link.
    expect(whole(bomb)).toEqual([{ field: 'state', reason: 'too-large', length: bomb.length }]);
  });

  it('base64url round-trips every length and refuses other spellings', () => {
    for (let n = 0; n < 10; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 255);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    expect(fromBase64Url('A')).toBeNull();
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
    expect(fromBase64Url('AB')).toBeNull();
    expect(fromBase64Url('AF')).toBeNull();
    expect(fromBase64Url('a+b/')).toBeNull();
  });
});
