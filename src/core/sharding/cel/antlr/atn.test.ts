import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInterp } from '../../../../../tests/support/antlrOracle';
import { ATN_STATES, TransitionKind, isEpsilon } from './atn';

/**
 * Our ATN against the one antlr4ng deserializes from antlr-ng's `CEL.interp` for the same
 * grammar: the same states, the same transitions in the same order, and the same answer to
 * "does this transition consume a token". Prediction closes over exactly the epsilon edges,
 * so a kind counted wrongly here changes which configurations a prediction reaches.
 */

const { atn: THEIRS } = readInterp(join(import.meta.dirname, '../../../../../tests/fixtures/antlr/CEL.interp'));

describe('the CEL ATN', () => {
  it('consumes a token on exactly the atom and set transitions, as ANTLR’s `Transition.isEpsilon` says', () => {
    const kinds = Object.entries(TransitionKind).map(([name, kind]) => [name, isEpsilon(kind)]);
    expect(kinds).toEqual([
      ['Epsilon', true],
      ['Rule', true],
      ['Precedence', true],
      ['Atom', false],
      ['Set', false],
      ['Action', true],
    ]);
  });

  it('has antlr4ng’s states, transitions and targets, and the same epsilon edges', () => {
    const theirs = THEIRS.states;
    expect(ATN_STATES.length).toBe(theirs.length);
    let compared = 0;
    for (const s of ATN_STATES) {
      const t = theirs[s.n];
      if (t === null || t === undefined) throw new Error(`state ${s.n} is missing from antlr4ng’s ATN`);
      expect(s.transitions.map((x) => x.target.n), `targets of state ${s.n}`).toEqual(t.transitions.map((x) => x.target.stateNumber));
      expect(s.transitions.map((x) => isEpsilon(x.kind)), `epsilon edges of state ${s.n}`).toEqual(t.transitions.map((x) => x.isEpsilon));
      expect(s.epsilonOnly, `state ${s.n} has only epsilon transitions`).toBe(t.epsilonOnlyTransitions);
      compared += s.transitions.length;
    }
    // The grammar uses every kind, so each kind's answer above was compared with ANTLR's.
    const used = new Set(ATN_STATES.flatMap((s) => s.transitions.map((x) => x.kind)));
    expect([...used].sort()).toEqual(Object.values(TransitionKind).sort());
    expect(compared).toBeGreaterThan(ATN_STATES.length / 2);
  });
});
