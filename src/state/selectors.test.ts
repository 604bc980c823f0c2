import { describe, expect, it } from 'vitest';
import { parseShardSelector, ShardSelectorError } from '../core/sharding';
import {
  applyQuickFix,
  boundaryHandles,
  equalSplitSelectors,
  fractionToBound,
  moveBoundary,
  parseSelectorText,
} from './selectors';
import { goQueryEscape, watchRequestUrl } from './artefacts';

const UID = 'object.metadata.uid' as const;

describe('equalSplitSelectors', () => {
  it('gives each replica its apimachinery equal-split range as canonical text', () => {
    expect(equalSplitSelectors(2, UID)).toEqual([
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')",
      "shardRange(object.metadata.uid, '0x8000000000000000', '0x10000000000000000')",
    ]);
  });
});

describe('parseSelectorText', () => {
  it('never throws, returning the apiserver error for bad text', () => {
    const r = parseSelectorText('shardRange(');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(ShardSelectorError);
      expect(r.error.message).toMatch(/^CEL parse error: /);
    }
  });
});

describe('boundaryHandles', () => {
  it('puts one handle on each shared boundary of an equal split, plus the two ends', () => {
    const handles = boundaryHandles(equalSplitSelectors(4, UID).map(parseSelectorText));
    expect(handles.map((h) => h.hex)).toEqual([
      '0x0000000000000000',
      '0x4000000000000000',
      '0x8000000000000000',
      '0xc000000000000000',
      '0x10000000000000000',
    ]);
    expect(handles[1]!.refs).toEqual([
      { replica: 0, range: 0, side: 'end' },
      { replica: 1, range: 0, side: 'start' },
    ]);
  });

  it('limits a shared boundary to between its neighbours', () => {
    const handles = boundaryHandles(equalSplitSelectors(4, UID).map(parseSelectorText));
    expect(handles[1]!.min).toBe(1n);
    expect(handles[1]!.max).toBe(0x8000000000000000n - 1n);
  });

  it('gives an invalid selector no handles', () => {
    expect(boundaryHandles([parseSelectorText('nope')])).toEqual([]);
  });
});

describe('moveBoundary', () => {
  it('moves both sides of a shared boundary, so no gap or overlap appears', () => {
    const texts = equalSplitSelectors(2, UID);
    const parsed = texts.map(parseSelectorText);
    const mid = boundaryHandles(parsed)[1]!;
    const next = moveBoundary(texts, parsed, mid, 0x6000000000000000n);
    expect(next).toEqual([
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x6000000000000000')",
      "shardRange(object.metadata.uid, '0x6000000000000000', '0x10000000000000000')",
    ]);
    // Both texts are valid selectors for the apiserver.
    for (const t of next) expect(() => parseShardSelector(t)).not.toThrow();
  });

  it('clamps so a range never becomes empty', () => {
    const texts = equalSplitSelectors(2, UID);
    const parsed = texts.map(parseSelectorText);
    const mid = boundaryHandles(parsed)[1]!;
    const next = moveBoundary(texts, parsed, mid, 0n);
    expect(next[0]).toBe("shardRange(object.metadata.uid, '0x0000000000000000', '0x0000000000000001')");
  });

  it('leaves untouched replicas exactly as typed', () => {
    const texts = [...equalSplitSelectors(2, UID), "  shardRange(object.metadata.uid,'0x0000000000000000','0x0000000000000010') // mine"];
    const parsed = texts.map(parseSelectorText);
    const mid = boundaryHandles(parsed).find((h) => h.hex === '0x8000000000000000')!;
    expect(moveBoundary(texts, parsed, mid, 0x9000000000000000n)[2]).toBe(texts[2]);
  });
});

describe('fractionToBound', () => {
  it('snaps to 1/65536 of the space for tidy hex', () => {
    expect(fractionToBound(0.5)).toBe(0x8000000000000000n);
    expect(fractionToBound(0.25001)).toBe(0x4000000000000000n + (1n << 48n));
    expect(fractionToBound(-1)).toBe(0n);
    expect(fractionToBound(2)).toBe(1n << 64n);
  });
});

describe('applyQuickFix', () => {
  it('replaces the short literal with the padded one, keeping the quotes', () => {
    const text = "shardRange(object.metadata.uid, '0x8', '0x10000000000000000')";
    const r = parseSelectorText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(applyQuickFix(text, r.error)).toBe("shardRange(object.metadata.uid, '0x0000000000000008', '0x10000000000000000')");
  });

  it('returns null when there is no suggestion', () => {
    const r = parseSelectorText('x');
    if (!r.ok) expect(applyQuickFix('x', r.error)).toBeNull();
  });
});

describe('request URL', () => {
  it("escapes the selector as Go's url.QueryEscape does (client-go)", () => {
    expect(goQueryEscape("shardRange(object.metadata.uid, '0x0', '0x8')")).toBe(
      'shardRange%28object.metadata.uid%2C+%270x0%27%2C+%270x8%27%29',
    );
    expect(goQueryEscape('a~b_c-d.e')).toBe('a~b_c-d.e');
    expect(goQueryEscape('é')).toBe('%C3%A9');
  });

  it('builds the watch URL and omits an empty selector', () => {
    expect(watchRequestUrl('')).toBe('/api/v1/pods?watch=true');
    expect(watchRequestUrl("shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')")).toBe(
      '/api/v1/pods?watch=true&shardSelector=shardRange%28object.metadata.uid%2C+%270x0000000000000000%27%2C+%270x8000000000000000%27%29',
    );
  });
});
