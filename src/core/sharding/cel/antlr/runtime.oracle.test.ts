import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArrayPredictionContext, BitSet, EmptyPredictionContext, HashSet, IntervalSet, LL1Analyzer, SingletonPredictionContext, merge as theirMerge, type ATNState, type PredictionContext } from 'antlr4ng';
import { mulberry32 } from '../../../../../tests/support/mulberry32';
import { ourContext, readInterp, theirContext } from '../../../../../tests/support/antlrOracle';
import { ATN_STATES, DECISION_STATES, TransitionKind } from './atn';
import { EMPTY, EMPTY_RETURN_STATE, merge, push, type Ctx } from './context';
import { altLookahead, nextTokens, nextTokensInContext } from './lookahead';

/**
 * The building blocks of prediction against ANTLR's runtime (antlr4ng 3.0.16), over CEL's ATN
 * as antlr4ng reads it from `tests/fixtures/antlr/CEL.interp`: the tokens that can follow each
 * state (LL1Analyzer), each decision's LL(1) sets as the tool computes them to generate code,
 * and the merge of prediction contexts, with and without the SLL wildcard.
 */

const { atn } = readInterp(join(import.meta.dirname, '../../../../../tests/fixtures/antlr/CEL.interp'));
const analyzer = new LL1Analyzer(atn);
const state = (n: number): ATNState => atn.states[n]!;
const sorted = (s: Iterable<number>): number[] => [...s].sort((a, b) => a - b);

/** LL1Analyzer's own walk, from a prediction context (its public `look` takes only a parser's one stack). */
function theirLook(s: ATNState, ctx: PredictionContext | undefined): number[] {
  const out = new IntervalSet();
  const walk = (analyzer as unknown as { doLook: (...args: unknown[]) => void }).doLook.bind(analyzer);
  walk(s, undefined, ctx, out, new HashSet(), new BitSet(), true, true);
  return sorted(out.toArray());
}

/** Our context as antlr4ng's. */
function theirs(ctx: Ctx, memo = new Map<Ctx, PredictionContext>()): PredictionContext {
  let out = memo.get(ctx);
  if (out === undefined) {
    const parent = (i: number): PredictionContext | null => (ctx.returnStates[i] === EMPTY_RETURN_STATE ? null : theirs(ctx.parents[i]!, memo));
    if (ctx === EMPTY) out = EmptyPredictionContext.instance;
    else if (ctx.size === 1) out = new SingletonPredictionContext(parent(0)!, ctx.returnStates[0]!);
    else out = new ArrayPredictionContext(ctx.returnStates.map((_, i) => parent(i)), [...ctx.returnStates]);
    memo.set(ctx, out);
  }
  return out;
}

/** Every state a rule returns to: the follow state of each rule transition. */
const RETURN_STATES: readonly number[] = [...new Set(ATN_STATES.flatMap((s) => s.transitions.filter((t) => t.kind === TransitionKind.Rule).map((t) => t.follow!.n)))];

/** Contexts of one to four stacks up to four deep, merged with and without the wildcard, `$` among them. */
function contexts(seed: number, n: number): Ctx[] {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const stack = (): Ctx => {
    let c = EMPTY;
    const depth = Math.floor(rand() * 5);
    for (let i = 0; i < depth; i++) c = push(c, pick(RETURN_STATES));
    return c;
  };
  const out: Ctx[] = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.4 || out.length < 2) out.push(stack());
    else out.push(merge(pick(out), r < 0.7 ? stack() : pick(out), r < 0.55));
  }
  return out;
}

/** Whether `$` stands beside other stacks somewhere in `ctx`. */
function dollarAmongOthers(ctx: Ctx): boolean {
  if (ctx.size > 1 && ctx.hasEmptyPath()) return true;
  return ctx.parents.some((p) => p !== null && dollarAmongOthers(p));
}

describe('lookahead and contexts agree with ANTLR’s runtime (antlr4ng 3.0.16, CEL’s ATN)', () => {
  it('the tokens that can follow every state, with the end of the rule as EPSILON', () => {
    for (const s of ATN_STATES) expect([s.n, sorted(nextTokens(s))]).toEqual([s.n, theirLook(state(s.n), undefined)]);
  });

  it('the tokens that can follow every state in contexts of one stack and of several', () => {
    // ANTLR looks from a parser's stack, or from merged stacks without `$` among others (its
    // walk takes `$` there for a state number); ours also reads such a `$` as EOF, checked in
    // ./lookahead.test.ts.
    const ctxs = contexts(71, 400).filter((c) => !dollarAmongOthers(c)).slice(0, 120);
    expect(ctxs.filter((c) => c.size > 1).length).toBeGreaterThan(20);
    let compared = 0;
    ATN_STATES.forEach((s, i) => {
      for (let k = 0; k < 4; k++) {
        const ctx = ctxs[(i * 4 + k) % ctxs.length]!;
        expect([s.n, ctx.id, sorted(nextTokensInContext(s, ctx))]).toEqual([s.n, ctx.id, theirLook(state(s.n), theirs(ctx))]);
        compared++;
      }
    });
    expect(compared).toBe(ATN_STATES.length * 4);
  });

  it('each decision’s LL(1) sets as the tool computes them (none where a predicate is in the way)', () => {
    let withPredicate = 0;
    for (const s of DECISION_STATES) {
      const ours = altLookahead(s).map((set) => (set === null ? null : sorted(set)));
      const tool = Array.from(analyzer.getDecisionLookahead(state(s.n)), (set) => (set === undefined ? null : sorted(set.toArray())));
      expect([s.n, ours]).toEqual([s.n, tool]);
      if (ours.includes(null)) withPredicate++;
    }
    expect(withPredicate).toBeGreaterThan(0);
  });

  it('merges contexts as ANTLR does, with the SLL wildcard and without', () => {
    const ctxs = contexts(72, 400);
    const rand = mulberry32(73);
    let arrays = 0;
    for (let i = 0; i < 3000; i++) {
      const a = ctxs[Math.floor(rand() * ctxs.length)]!;
      const b = ctxs[Math.floor(rand() * ctxs.length)]!;
      for (const wildcard of [true, false]) {
        const ours = merge(a, b, wildcard);
        if (ours.size > 1) arrays++;
        expect([a.id, b.id, wildcard, ourContext(ours)]).toEqual([a.id, b.id, wildcard, theirContext(theirMerge(theirs(a), theirs(b), wildcard, null))]);
      }
    }
    expect(arrays).toBeGreaterThan(1000);
  });
});
