import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { defaultSimParams, defaultViewParams } from './defaults';
import { readLink } from './link';
import { encodeShortLink } from './shortLink';
import { countRanges, parseSelectorText, rangeCountBound } from './selectors';
import { loadSyntaxErrors, syntaxErrorsLoaded } from '../core/sharding';

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

  it('a syntax error is parsed once while cel-go’s model loads, then once more for its final wording', async () => {
    const bad = `${'('.repeat(300)}shardRange(object.metadata.uid, '0x0', '0x1')${')'.repeat(300)}`;
    expect(syntaxErrorsLoaded()).toBe(false);
    parses.count = 0;
    const early = parseSelectorText(bad);
    for (let i = 0; i < 10; i++) expect(parseSelectorText(bad)).toBe(early);
    expect(parses.count).toBe(1);
    expect(early.ok || early.error.final).toBe(false);
    await loadSyntaxErrors();
    const final = parseSelectorText(bad);
    expect(final.ok ? '' : final.error.message).toBe('CEL parse error: expression recursion limit exceeded: 250');
    expect(final.ok || final.error.final).toBe(true);
    expect(parseSelectorText(bad)).toBe(final);
    expect(parses.count).toBe(2);
  }, 30_000);
});
