import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { decodeLink, encodeLink, readLink } from './link';
import { SHARD_KEY_UID } from './params';
import { equalSplitSelectors } from './selectors';

describe('state in a link', () => {
  it('round-trips parameters and view, typed selectors included', () => {
    const params = {
      ...defaultSimParams(),
      objects: 250_000,
      replicas: 2,
      selectors: ["shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')", "nonsense // kept as typed"],
      apiServers: [{ gate: true }, { gate: false }],
      clientMode: 'jump' as const,
      client: 'checked' as const,
    };
    const view = { ...defaultViewParams(), view: 'ring' as const, theme: 'dark' as const, speed: 4 };
    expect(decodeLink(encodeLink({ params, view }))).toEqual({ params, view });
  });

  it('returns null for a fragment without state or with garbage', () => {
    expect(decodeLink('')).toBeNull();
    expect(decodeLink('#main')).toBeNull();
    expect(decodeLink('#state=%7Bnot json')).toBeNull();
    expect(decodeLink('#state=' + encodeURIComponent(JSON.stringify({ v: 99 })))).toBeNull();
  });

  it('replaces out-of-range or mistyped fields with defaults instead of failing', () => {
    const hash = '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 5_000_000, replicas: 3, namespaces: 'x', selectors: ['only one'] }, w: { speed: 3 } }));
    const s = decodeLink(hash)!;
    expect(s.params.objects).toBe(defaultSimParams().objects);
    expect(s.params.namespaces).toBe(defaultSimParams().namespaces);
    expect(s.params.replicas).toBe(3);
    // Selectors that do not match the replica count give way to an equal split.
    expect(s.params.selectors).toHaveLength(3);
    expect(s.view.speed).toBe(1);
  });
});

describe('a tampered link', () => {
  it('names every field it could not use and keeps the rest', async () => {
    const { readLink } = await import('./link');
    const hash = '#state=' + encodeURIComponent(JSON.stringify({
      v: 2,
      p: { objects: 5_000_000, replicas: 3, namespaces: 12, selectors: ['only one'], encoding: 'xml', apiServers: [] },
      w: { speed: 3 },
    }));
    const { state, issues } = readLink(hash);
    expect(issues.map((i) => i.field).sort()).toEqual(['apiServers', 'encoding', 'objects', 'selectors', 'speed']);
    expect(issues.every((i) => i.reason === 'invalid')).toBe(true);
    expect(state!.params.namespaces).toBe(12);
    expect(state!.params.replicas).toBe(3);
  });

  it('reports an unreadable or foreign-version fragment as a whole', async () => {
    const { readLink } = await import('./link');
    expect(readLink('#state=%7Bnot json').issues).toEqual([{ field: 'state', reason: 'unreadable' }]);
    expect(readLink('#state=' + encodeURIComponent('[1,2]')).issues).toEqual([{ field: 'state', reason: 'unreadable' }]);
    expect(readLink('#state=' + encodeURIComponent(JSON.stringify({ v: 99 }))).issues).toEqual([{ field: 'state', reason: 'version' }]);
    expect(readLink('#main')).toEqual({ state: null, issues: [] });
  });
});

/** A fragment carrying `raw` as its JSON, the way a person would tamper with a link. */
const fragment = (raw: unknown): string => '#state=' + encodeURIComponent(JSON.stringify(raw));

describe('links and their size limit', () => {
  it('round-trips a 133-range selector typed in the page (over 10,000 characters)', async () => {
    const { readLink } = await import('./link');
    const long = equalSplitSelectors(133, SHARD_KEY_UID).join(' || ');
    expect(long.length).toBeGreaterThan(10_000);
    const params = { ...defaultSimParams(), replicas: 1, selectors: [long] };
    const view = defaultViewParams();
    expect(readLink(encodeLink({ params, view }))).toEqual({ state: { params, view }, issues: [] });
  });

  it('linkFor gives the fragment while it fits, and the decoder accepts every fragment the encoder gives', async () => {
    const { linkFor, readLink, MAX_LINK_LENGTH } = await import('./link');
    const view = defaultViewParams();
    // Two selectors that together land just under the limit.
    const room = MAX_LINK_LENGTH - encodeLink({ params: { ...defaultSimParams(), replicas: 2, selectors: ['', ''] }, view }).length;
    const params = { ...defaultSimParams(), replicas: 2, selectors: ['a'.repeat(Math.floor(room / 2)), 'b'.repeat(room - Math.floor(room / 2))] };
    const fit = linkFor({ params, view });
    // The page writes the short form; the version 1 form of the same state just fits.
    expect(fit.ok && fit.hash.startsWith('#s=2.')).toBe(true);
    expect(fit.ok && readLink(fit.hash)).toEqual({ state: { params, view }, issues: [] });
    expect(encodeLink({ params, view }).length).toBe(MAX_LINK_LENGTH);
    expect(readLink(encodeLink({ params, view }))).toEqual({ state: { params, view }, issues: [] });
  });

  it('linkFor refuses a state one character over the limit and names the selector that takes most of it', async () => {
    const { linkFor, MAX_LINK_LENGTH } = await import('./link');
    const view = defaultViewParams();
    const room = MAX_LINK_LENGTH - encodeLink({ params: { ...defaultSimParams(), replicas: 3, selectors: ['', '', ''] }, view }).length;
    // Replica 1's selector takes two thirds; a space is 3 characters in a link (%20).
    const selectors = ['x'.repeat(Math.floor(room / 3)), ' '.repeat(Math.ceil(room / 3)), 'x'];
    const params = { ...defaultSimParams(), replicas: 3, selectors };
    const length = encodeLink({ params, view }).length;
    expect(length).toBeGreaterThan(MAX_LINK_LENGTH);
    expect(linkFor({ params, view })).toEqual({
      ok: false,
      length,
      limit: MAX_LINK_LENGTH,
      replica: 1,
      selectorLength: encodeURIComponent(JSON.stringify(selectors[1])).length,
    });
  });

  it('a megabyte pasted into a selector makes no link over Chromium\u2019s 2 MB URL limit', async () => {
    const { linkFor, MAX_LINK_LENGTH } = await import('./link');
    expect(MAX_LINK_LENGTH).toBeLessThan(2 * 1024 * 1024 - 1024);
    const params = { ...defaultSimParams(), selectors: ['\u00e9'.repeat(1_000_000), '', '', ''] };
    const r = linkFor({ params, view: defaultViewParams() });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.replica).toBe(0);
  });

  it('the decoder refuses a fragment longer than the limit the encoder keeps, without reading it', async () => {
    const { readLink, MAX_LINK_LENGTH } = await import('./link');
    const params = { ...defaultSimParams(), replicas: 1, selectors: ['a'.repeat(MAX_LINK_LENGTH)] };
    expect(readLink(encodeLink({ params, view: defaultViewParams() }))).toEqual({ state: null, issues: [{ field: 'state', reason: 'too-long' }] });
  });
});

describe('every field a link cannot use is named', () => {
  it('names a parameter block that is not an object, and view fields of the wrong type', async () => {
    const { readLink } = await import('./link');
    const { state, issues } = readLink(fragment({ v: 2, p: [1, 2], w: { view: 7, theme: [] } }));
    expect(issues.map((i) => i.field).sort()).toEqual(['p', 'theme', 'view']);
    expect(state!.params).toEqual(defaultSimParams());
  });

  it('names p or w when either is not an object at all', async () => {
    const { readLink } = await import('./link');
    expect(readLink(fragment({ v: 2, p: 'objects=5', w: null })).issues.map((i) => i.field)).toEqual(['p', 'w']);
  });

  it('names invalid view, theme and dotOwners values and keeps the defaults', async () => {
    const { readLink } = await import('./link');
    const { state, issues } = readLink(fragment({ v: 2, w: { view: 'globe', theme: 'sepia', dotOwners: 'both', speed: 2 } }));
    expect(issues.map((i) => i.field).sort()).toEqual(['dotOwners', 'theme', 'view']);
    expect(state!.view).toEqual({ ...defaultViewParams(), speed: 2 });
  });

  it('reads a feature gate only from a boolean: the string "false" is named, not taken as on', async () => {
    const { readLink } = await import('./link');
    const { state, issues } = readLink(fragment({ v: 2, p: { apiServers: [{ gate: 'false' }, { gate: false }] } }));
    expect(issues.map((i) => i.field)).toEqual(['apiServers[0].gate']);
    expect(state!.params.apiServers).toEqual([{ gate: true }, { gate: false }]);
  });

  it('names an API server that is not an object, and fields the link format does not have', async () => {
    const { readLink } = await import('./link');
    const { issues } = readLink(fragment({ v: 2, x: 1, p: { replica: 3, apiServers: [5, { gate: true, zone: 'a' }] }, w: { colour: 'red' } }));
    expect(issues.map((i) => i.field).sort()).toEqual(['apiServers[0]', 'apiServers[1].zone', 'colour', 'replica', 'x']);
  });
});

describe('a link over the range limit', () => {
  /** 64 selectors of 129 ranges each, written without spaces (under 10,000 characters each). */
  const compact = (per: number) => {
    const n = 64 * per;
    const hex = (i: number) => (i === n ? '0x10000000000000000' : '0x' + ((BigInt(i) << 64n) / BigInt(n)).toString(16).padStart(16, '0'));
    return Array.from({ length: 64 }, (_, k) =>
      Array.from({ length: per }, (_, i) => `shardRange(object.metadata.uid,'${hex(i * 64 + k)}','${hex(i * 64 + k + 1)}')`).join('||'),
    );
  };

  it('refuses selectors holding more than 8,192 ranges in all, says how many, and gives every replica its equal share', () => {
    const selectors = compact(129);
    expect(Math.max(...selectors.map((s) => s.length))).toBeLessThan(10_000);
    const { state, issues } = readLink(encodeLink({ params: { ...defaultSimParams(), replicas: 64, selectors }, view: defaultViewParams() }));
    expect(issues).toEqual([{ field: 'selectors', reason: 'invalid', ranges: 8_256 }]);
    expect(state!.params.selectors).toEqual(equalSplitSelectors(64, 'object.metadata.uid'));
  });

  it('keeps selectors holding 8,192 ranges or fewer', () => {
    const selectors = compact(128);
    const { state, issues } = readLink(encodeLink({ params: { ...defaultSimParams(), replicas: 64, selectors }, view: defaultViewParams() }));
    expect(issues).toEqual([]);
    expect(state!.params.selectors).toEqual(selectors);
  });
});
