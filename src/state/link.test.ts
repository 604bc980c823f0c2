import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { decodeLink, encodeLink, readLink } from './link';
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
      fallback: false,
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
    const hash = '#state=' + encodeURIComponent(JSON.stringify({ v: 1, p: { objects: 5_000_000, replicas: 3, namespaces: 'x', selectors: ['only one'] }, w: { speed: 3 } }));
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
      v: 1,
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

describe('a link over the range limit (issue 8, point 4)', () => {
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
