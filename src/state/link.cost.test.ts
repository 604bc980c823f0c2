import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { defaultSimParams, defaultViewParams } from './defaults';
import { readLink } from './link';
import { encodeShortLink } from './shortLink';
import { countRanges, rangeCountBound } from './selectors';

// Counts the selector parses a link's reading does.
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('../core/sharding', async (original) => {
  const mod = await original<typeof import('../core/sharding')>();
  return {
    ...mod,
    parseShardSelector: (text: string) => {
      parses.count++;
      return mod.parseShardSelector(text);
    },
  };
});

const hex = (i: bigint) => (i === 1n << 64n ? '0x10000000000000000' : `0x${i.toString(16).padStart(16, '0')}`);
/** Replica k's share of `per` interleaved ranges over `replicas`, as selector texts. */
function interleaved(replicas: number, per: number): string[] {
  const n = BigInt(replicas * per);
  return Array.from({ length: replicas }, (_, k) =>
    Array.from({ length: per }, (_, i) => {
      const j = BigInt(i * replicas + k);
      return `shardRange(object.metadata.uid, '${hex((j << 64n) / n)}', '${hex(((j + 1n) << 64n) / n)}')`;
    }).join(' || '),
  );
}

describe('reading a link costs no selector parse', () => {
  it('a link of 8 selectors of 1,000 ranges is read without parsing one (a quarter of a second of the page’s thread)', () => {
    const selectors = interleaved(8, 1_000);
    parses.count = 0;
    const { state, issues } = readLink(encodeShortLink({ ...defaultSimParams(), replicas: 8, selectors }, defaultViewParams()));
    expect(issues).toEqual([]);
    expect(state!.params.selectors).toEqual(selectors);
    expect(parses.count).toBe(0);
  });

  it('a link that might hold too many ranges is parsed to count them exactly, and refused when it does', () => {
    const selectors = interleaved(64, 129);
    parses.count = 0;
    const { state, issues } = readLink(encodeShortLink({ ...defaultSimParams(), replicas: 64, selectors }, defaultViewParams()));
    expect(issues).toEqual([{ field: 'selectors', reason: 'invalid', ranges: 64 * 129 }]);
    expect(state!.params.selectors).not.toEqual(selectors);
    expect(parses.count).toBe(64);
  });

  it('the name scan never counts fewer ranges than the parse', () => {
    const part = fc.constantFrom("shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')", ' || ', "'shardRange'", '// shardRange\n', 'x.shardRange(a, b, c)', 'shardRang', 'e', '(', ')');
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 8 }).map((a) => a.join('')), { maxLength: 4 }), (texts) => {
        expect(rangeCountBound(texts)).toBeGreaterThanOrEqual(countRanges(texts));
      }),
      { numRuns: 300 },
    );
  });
});
