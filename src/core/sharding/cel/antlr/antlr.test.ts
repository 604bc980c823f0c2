import { describe, expect, it } from 'vitest';
import { DECISION_STATES } from './atn';
import { ADAPTIVE_DECISIONS } from './atn-data';
import { EMPTY, EMPTY_RETURN_STATE, merge, push } from './context';
import { altLookahead, nextTokens } from './lookahead';
import { formatTokenSet } from './vocabulary';

describe('the CEL grammar as ANTLR builds it', () => {
  it('decides with one token exactly where the ANTLR tool generates LL(1) code (disjoint lookahead, no predicate)', () => {
    const adaptive: number[] = [];
    for (const s of DECISION_STATES) {
      const looks = altLookahead(s);
      let ll1 = looks.every((l) => l !== null);
      for (let i = 0; ll1 && i < looks.length; i++) {
        for (let j = i + 1; j < looks.length; j++) for (const t of looks[i]!) if (looks[j]!.has(t)) ll1 = false;
      }
      if (!ll1) adaptive.push(s.decision);
    }
    expect(adaptive).toEqual(ADAPTIVE_DECISIONS);
  });

  it('prints token sets in token-type order with literal names, as ANTLR does', () => {
    // The start of a unary expression.
    const unary = DECISION_STATES.find((s) => s.decision === 8)!;
    expect(formatTokenSet(nextTokens(unary))).toBe(
      "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}",
    );
    expect(formatTokenSet([-1])).toBe('<EOF>');
    expect(formatTokenSet([17, 13])).toBe("{'}', ','}");
  });
});

describe('prediction contexts', () => {
  it('are interned: equal stacks are the same object', () => {
    expect(push(push(EMPTY, 5), 7)).toBe(push(push(EMPTY, 5), 7));
    expect(push(EMPTY, 5)).not.toBe(push(EMPTY, 6));
  });

  it('merge as ANTLR merges: the empty stack is a wildcard in SLL and one stack among others in LL', () => {
    const a = push(EMPTY, 5);
    const b = push(EMPTY, 7);
    expect(merge(a, EMPTY, true)).toBe(EMPTY);
    const full = merge(a, EMPTY, false);
    expect(full.returnStates).toEqual([5, EMPTY_RETURN_STATE]);
    const both = merge(a, b, true);
    expect(both.returnStates).toEqual([5, 7]);
    expect(merge(both, merge(b, a, true), true)).toBe(both);
    expect(merge(push(a, 9), push(b, 9), true).returnStates).toEqual([9]);
  });
});
