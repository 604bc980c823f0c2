import { describe, expect, it } from 'vitest';
import { parseCel } from '../parse';
import { EMPTY, internedContexts, push } from './context';
import { boundCaches, predictionWork } from './predict';

function resetWork(): void {
  predictionWork.predictions = 0;
  predictionWork.dfaMisses = 0;
  predictionWork.fullContext = 0;
  predictionWork.fullMisses = 0;
}

// `-1-1...` needs full-context prediction at every minus (is it a sign or an operator?).
const NEGATIVES = '-1-1-1-1--';

describe('prediction caches', () => {
  it('count what they compute cold, compute nothing again warm, and start afresh above 200,000 contexts', () => {
    const first = parseCel(NEGATIVES);
    expect(first.ok).toBe(false);
    // Warm: every prediction is answered from the caches.
    resetWork();
    expect(parseCel(NEGATIVES)).toEqual(first);
    expect(predictionWork.predictions).toBeGreaterThan(0);
    expect(predictionWork.fullContext).toBeGreaterThan(0);
    expect([predictionWork.dfaMisses, predictionWork.fullMisses]).toEqual([0, 0]);

    // Below the limit nothing is dropped.
    const before = internedContexts();
    boundCaches();
    expect(internedContexts()).toBe(before);
    for (let i = 0; internedContexts() <= 200_000; i++) push(EMPTY, 1_000_000 + i);
    boundCaches();
    expect(internedContexts()).toBe(0);

    // Cold again: the same answer, computed anew.
    resetWork();
    expect(parseCel(NEGATIVES)).toEqual(first);
    expect(predictionWork.dfaMisses).toBeGreaterThan(0);
    expect(predictionWork.fullMisses).toBeGreaterThan(0);
    expect(predictionWork.fullContext).toBeGreaterThan(0);
    expect(predictionWork.predictions).toBeGreaterThanOrEqual(predictionWork.fullContext);
  });
});
