import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortedHashIndex } from '../cluster';
import { createSimulation } from './simulation';

// At 64 replicas x 126 ranges a snapshot would read each range's objects and bytes with four
// binary searches, so the sorted positions of the bounds are kept until the index is rebuilt.
// The figures must stay exactly the same.

/** Replica k of 64 gets every 64th of 64 x `per` equal pieces of the hash space. */
function interleaved(per: number): { kind: 'text'; text: string }[] {
  const n = 64 * per;
  const hex = (i: number) => (i === n ? '0x10000000000000000' : '0x' + ((BigInt(i) << 64n) / BigInt(n)).toString(16).padStart(16, '0'));
  return Array.from({ length: 64 }, (_, k) => ({
    kind: 'text' as const,
    text: Array.from({ length: per }, (_, i) => `shardRange(object.metadata.uid, '${hex(i * 64 + k)}', '${hex(i * 64 + k + 1)}')`).join(' || '),
  }));
}

const PARAMS = {
  cluster: { pods: 3_000 },
  // Many adds (1,000 a step): the index's pending list outgrows its limit (2,048) and is rebuilt during the run.
  churn: { addsPerSecond: 4_000, modifiesPerSecond: 500, deletesPerSecond: 1_500 },
  replicas: { count: 64, selectors: interleaved(126) },
  stepSeconds: 0.25,
};

describe('closed form at many ranges', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the same figures whether a snapshot follows every step or only the last one, across index rebuilds and a seek', () => {
    const every = createSimulation(PARAMS);
    const forms = [every.snapshot().closedForm];
    for (let i = 0; i < 8; i++) {
      every.step();
      forms.push(every.snapshot().closedForm);
    }
    for (const steps of [3, 8]) {
      const once = createSimulation(PARAMS);
      for (let i = 0; i < steps; i++) once.step();
      expect(once.snapshot().closedForm).toEqual(forms[steps]);
    }
    // A seek restores an earlier index (new arrays): positions found before it are not reused.
    every.seek(1);
    expect(every.snapshot().closedForm).toEqual(forms[4]);
    every.seek(2);
    expect(every.snapshot().closedForm).toEqual(forms[8]);
  }, 60_000);

  it('a snapshot between rebuilds of the index does no binary search per range', () => {
    const sim = createSimulation({ ...PARAMS, churn: { addsPerSecond: 50, modifiesPerSecond: 500, deletesPerSecond: 50 } });
    sim.step();
    sim.snapshot();
    sim.step();
    const search = vi.spyOn(SortedHashIndex.prototype, 'lowerBound');
    sim.snapshot();
    // 64 x 126 ranges: four searches per range (count and bytes at both ends) made 32,256.
    expect(search.mock.calls.length).toBeLessThan(126);
  }, 30_000);
});
