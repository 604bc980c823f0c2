import { describe, expect, it } from 'vitest';
import { ATN_STATES, DECISION_STATES, EOF, EPSILON, RULE_STOP_STATES, TransitionKind, type State } from './atn';
import { EMPTY, merge, push, type Ctx } from './context';
import { altLookahead, nextTokens, nextTokensInContext } from './lookahead';

/**
 * The lookahead sets, by relations that follow from what they mean rather than by listing
 * them: a context is a set of stacks, so the tokens after a state in a merged context are the
 * union of those in each; without a context the end of the rule reads as EPSILON, with the
 * empty stack as EOF, and nothing else differs.
 */

const sorted = (s: ReadonlySet<number>) => [...s].sort((a, b) => a - b);
const union = (...sets: ReadonlySet<number>[]) => sorted(new Set(sets.flatMap((s) => [...s])));

/** Every state a rule returns to: the follow state of each rule transition. */
const RETURN_STATES: readonly State[] = [
  ...new Set(ATN_STATES.flatMap((s) => s.transitions.filter((t) => t.kind === TransitionKind.Rule).map((t) => t.follow!))),
];

/** A spread of contexts: one, two and three stacks deep, and merged ones with `$` among them. */
function contexts(): Ctx[] {
  const out: Ctx[] = [];
  for (let i = 0; i < RETURN_STATES.length; i += 3) {
    const a = push(EMPTY, RETURN_STATES[i]!.n);
    const b = push(push(EMPTY, RETURN_STATES[(i * 7 + 1) % RETURN_STATES.length]!.n), RETURN_STATES[(i + 2) % RETURN_STATES.length]!.n);
    out.push(a, b, merge(a, b, false), merge(a, EMPTY, false), merge(merge(b, EMPTY, false), a, false));
  }
  return out;
}

describe('lookahead over the CEL grammar', () => {
  it('has states of every kind to look from (the test covers them)', () => {
    expect(RETURN_STATES.length).toBeGreaterThan(20);
    expect(RULE_STOP_STATES.length).toBeGreaterThan(10);
  });

  it('without a context, the end of the rule reads EPSILON; with the empty stack, EOF; nothing else differs', () => {
    let ends = 0;
    for (const s of ATN_STATES) {
      const free = nextTokens(s);
      const atEnd = nextTokensInContext(s, EMPTY);
      expect(atEnd.has(EPSILON)).toBe(false);
      if (free.has(EPSILON)) {
        ends++;
        expect(sorted(atEnd)).toEqual(union(new Set([...free].filter((t) => t !== EPSILON)), new Set([EOF])));
      } else expect(sorted(atEnd)).toEqual(sorted(free));
    }
    // Every rule's stop state, and more, reaches the end of its rule.
    expect(ends).toBeGreaterThan(RULE_STOP_STATES.length);
    for (const stop of RULE_STOP_STATES) expect(sorted(nextTokens(stop))).toEqual([EPSILON]);
  });

  it('in a merged context, the tokens are the union of those in each context', () => {
    const ctxs = contexts();
    let withEof = 0;
    for (const stop of RULE_STOP_STATES) {
      for (let i = 0; i + 1 < ctxs.length; i++) {
        const a = ctxs[i]!;
        const b = ctxs[i + 1]!;
        const both = nextTokensInContext(stop, merge(a, b, false));
        expect(sorted(both)).toEqual(union(nextTokensInContext(stop, a), nextTokensInContext(stop, b)));
        if (both.has(EOF)) withEof++;
      }
    }
    expect(withEof).toBeGreaterThan(0);
  });

  it('at a rule end, a one-stack context continues where that stack returns to', () => {
    for (const stop of RULE_STOP_STATES) {
      for (const r of RETURN_STATES.slice(0, 40)) {
        expect(sorted(nextTokensInContext(stop, push(EMPTY, r.n)))).toEqual(sorted(nextTokensInContext(r, EMPTY)));
        // A stack two deep: the second return only matters if the first one can end its rule.
        const deeper = push(push(EMPTY, RETURN_STATES[0]!.n), r.n);
        const first = nextTokens(r);
        const want = first.has(EPSILON)
          ? union(new Set([...first].filter((t) => t !== EPSILON)), nextTokensInContext(RETURN_STATES[0]!, EMPTY))
          : sorted(first);
        expect(sorted(nextTokensInContext(stop, deeper))).toEqual(want);
      }
    }
  });

  it('holds the same sets when asked again (cached or not)', () => {
    for (const s of DECISION_STATES) {
      expect(altLookahead(s)).toBe(altLookahead(s));
      expect(nextTokens(s)).toBe(nextTokens(s));
    }
  });

  it("treats a decision over a precedence predicate as the tool does: not decidable by one token", () => {
    const precedence = DECISION_STATES.filter((s) => s.precedenceDecision);
    expect(precedence.length).toBeGreaterThan(0);
    for (const s of precedence) {
      const looks = altLookahead(s);
      expect(looks.some((l) => l === null), `decision ${s.decision}`).toBe(true);
      expect(s.adaptive).toBe(true);
    }
    // A decision at a rule's plain end: the tool follows the rule into every caller.
    for (const s of DECISION_STATES) {
      for (const l of altLookahead(s)) if (l !== null) expect(l.has(EPSILON)).toBe(false);
    }
  });
});
