import { beforeAll, describe, expect, it } from 'vitest';
import { loadSyntaxErrors } from '../../core/sharding';
import { createSimulation, type SimSnapshot } from '../../sim';
import { STEP_SECONDS } from '../../state/defaults';
import type { SimParams } from '../../state/params';
import { toSimInput } from '../../state/toSim';
import { EXERCISES, evaluateCheck, resolveSolution, resolveStart, type Exercise } from './index';
import { OWNER_UID } from './catalogue';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

/** The real model on these parameters (its seed), run for `seconds` of simulated time. */
function run(params: SimParams, seconds: number): SimSnapshot {
  const sim = createSimulation(toSimInput(params));
  for (let t = 0; t < seconds - 1e-9; t += STEP_SECONDS) sim.step();
  return sim.snapshot();
}

const seconds = (ex: Exercise) => ex.settleSeconds ?? 8;

describe('the built-in exercises', () => {
  it('are at least ten, with unique ids and at most three hints each', () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(EXERCISES.map((e) => e.id)).size).toBe(EXERCISES.length);
    for (const ex of EXERCISES) expect(ex.hints.length, ex.id).toBeLessThanOrEqual(3);
  });

  for (const ex of EXERCISES) {
    it(`${ex.id}: the check fails on the starting state and passes on the solution (real model, seed ${resolveStart(ex).params.seed})`, () => {
      const start = resolveStart(ex).params;
      const before = evaluateCheck(ex.check, { params: start, snapshot: run(start, seconds(ex)), fresh: true, answer: '' });
      expect(before.every((v) => v.ok), `${ex.id} start: ${JSON.stringify(before)}`).toBe(false);
      const sol = resolveSolution(ex).params;
      const after = evaluateCheck(ex.check, { params: sol, snapshot: run(sol, seconds(ex)), fresh: true, answer: ex.solution.answer ?? '' });
      expect(after.map((v) => v.ok), `${ex.id} solution: ${JSON.stringify(after)}`).toEqual(ex.check.map(() => true));
    });
  }

  it('owner-of-uid names an object of its cluster, whose hash the check recomputes', () => {
    const ex = EXERCISES.find((e) => e.id === 'owner-of-uid')!;
    const sim = createSimulation(toSimInput(resolveStart(ex).params));
    sim.step();
    expect(sim.objectJson(OWNER_UID)?.metadata.uid).toBe(OWNER_UID);
  });
});
