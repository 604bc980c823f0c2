import { describe, expect, it } from 'vitest';
import { splitHashSpace } from '../../core/sharding';
import { MAX_TOTAL_RANGES } from '../params';
import { validateParams } from '../params';
import { createSimulation } from './simulation';

/** Replica k of `replicas` gets every replicas-th piece of an equal split into replicas x per. */
function interleaved(replicas: number, per: number) {
  const pieces = splitHashSpace(replicas * per);
  return Array.from({ length: replicas }, (_, k) => ({ kind: 'ranges' as const, ranges: Array.from({ length: per }, (_, i) => pieces[i * replicas + k]!) }));
}

const asText = (spec: { ranges: readonly { start: string; end: string }[] }) => ({
  kind: 'text' as const,
  text: spec.ranges.map((r) => `shardRange(object.metadata.uid, '${r.start}', '${r.end}')`).join(' || '),
});

describe(`the limit of ${MAX_TOTAL_RANGES.toLocaleString('en-US')} ranges across all replicas`, () => {
  it('accepts 64 replicas of 128 ranges, the limit exactly', () => {
    expect(validateParams({ replicas: { count: 64, selectors: interleaved(64, 128) } }).ok).toBe(true);
  });

  it('refuses one range more, naming the parameter, the total and the limit', () => {
    const selectors = interleaved(64, 128);
    selectors[5] = { kind: 'ranges', ranges: [...interleaved(64, 129)[5]!.ranges] };
    const r = validateParams({ replicas: { count: 64, selectors } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toEqual([
        { path: 'replicas.selectors', max: 8_192, message: 'replicas.selectors hold 8,193 ranges in all; at most 8,192 ranges across all replicas are simulated' },
      ]);
    }
  });

  it('counts the ranges a selector text parses to; a text the API server rejects holds none', () => {
    // 8 x 1,025 ranges: each text about 79,000 characters, under the parser's 100,000.
    const selectors = interleaved(8, 1_025).map(asText);
    expect(validateParams({ replicas: { count: 8, selectors } }).ok).toBe(false);
    selectors[7] = { kind: 'text', text: selectors[7]!.text + ' &&' };
    expect(validateParams({ replicas: { count: 8, selectors } }).ok).toBe(true);
  });

  it('is enforced by createSimulation and reconfigure, which keep the last good selectors', () => {
    expect(() => createSimulation({ cluster: { pods: 100 }, replicas: { count: 64, selectors: interleaved(64, 129) } })).toThrow(/8,256 ranges in all/);
    const sim = createSimulation({ cluster: { pods: 100 }, replicas: { count: 2 } });
    expect(() => sim.reconfigure({ replicas: { count: 2, selectors: interleaved(2, 4_097) } })).toThrow(/8,194 ranges in all; at most 8,192/);
    expect(sim.snapshot().modes.server.replicas.map((r) => r.ranges.length)).toEqual([1, 1]);
  });
});
