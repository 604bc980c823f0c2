import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommonToken, CommonTokenStream, ListTokenSource, NoViableAltException, ParserInterpreter, ParserRuleContext, RuleTransition, type ATNState } from 'antlr4ng';
import selectorFixtures from '../../../../../tests/fixtures/selector-cases-celgo.json';
import syntaxFixtures from '../../../../../tests/fixtures/syntax-errors-celgo.json';
import { corpus } from '../../../../../tests/support/celCorpus';
import { lex } from '../lexer';
import { dfaDifferences, readInterp, recordFullContextSteps } from '../../../../../tests/support/antlrOracle';
import { ATN_STATES, CEL_ATN } from './atn';
import { NoViableAlt, Predictor, predictionMode, predictionWork, type PredictionInput } from './predict';
import { firstParseError } from './recognizer';
import { tokenTypes } from './vocabulary';

/**
 * ANTLR's own runtime as the oracle for our prediction. Every `adaptivePredict` our model of
 * cel-go's parser makes (the decision, the token it starts at, the parser's precedence and
 * rule stack) is made again by antlr4ng's `ParserATNSimulator` over the same ATN (antlr-ng's
 * `CEL.interp` for `../grammar/CEL.g4`, in `tests/fixtures/antlr`), and the two must choose
 * the same alternative, or both report no viable alternative between the same two tokens.
 * A prediction that goes wrong only where the parse recovers to the same first error is
 * still caught here, one decision at a time.
 */

const { atn: ATN_DATA, vocabulary: VOCABULARY, ruleNames: RULE_NAMES } = readInterp(join(import.meta.dirname, '../../../../../tests/fixtures/antlr/CEL.interp'));

/**
 * A state whose rule transition returns to each follow state: ANTLR's rule context keeps the
 * invoking state, ours the follow state, and ANTLR reads only the follow state from it.
 */
const INVOKER = new Map<number, number>();
for (const s of ATN_DATA.states) {
  const t = s?.transitions[0];
  if (t instanceof RuleTransition && !INVOKER.has(t.followState.stateNumber)) INVOKER.set(t.followState.stateNumber, s!.stateNumber);
}

/**
 * Each full-context step as `configurations --token--> configurations` (or "none"), by runtime,
 * over the whole file: ours caches a step for the next tests, ANTLR takes it again.
 */
const ourSteps = new Set<string>();
const theirSteps = new Set<string>();

/** One prediction as our model made it. */
interface Call {
  readonly decision: number;
  readonly index: number;
  readonly precedence: number;
  /** The rule stack's return states, innermost first. */
  readonly stack: readonly number[];
  readonly alt?: number;
  readonly error?: readonly [number, number];
}

let calls: Call[] = [];
let PARSER: ParserInterpreter | undefined;
const original = Predictor.prototype.predict;
let recording: { stop(): void } | undefined;

beforeEach(() => {
  calls = [];
  recording = recordFullContextSteps(ourSteps, theirSteps);
  Predictor.prototype.predict = function (this: Predictor, decision: number): number {
    const input = (this as unknown as { input: PredictionInput }).input;
    const stack: number[] = [];
    for (let c = input.outerContext(); !c.isEmpty(); c = c.parents[0]!) {
      if (c.size !== 1) throw new Error('a parser’s rule stack is one path');
      stack.push(c.returnStates[0]!);
    }
    const at = { decision, index: input.index(), precedence: input.precedence(), stack };
    try {
      const alt = original.call(this, decision);
      calls.push({ ...at, alt });
      return alt;
    } catch (e) {
      if (e instanceof NoViableAlt) calls.push({ ...at, error: [e.startIndex, e.offendingIndex] });
      throw e;
    }
  };
});

afterEach(() => {
  Predictor.prototype.predict = original;
  recording?.stop();
  predictionMode.fullContextOnly = false;
});

/** The token types our lexer gives `src`, the predictions our model makes parsing them, and whether a lexer error cut them short. */
function ours(src: string): { types: number[]; calls: Call[]; trapped: boolean } {
  const { tokens, error } = lex(src);
  const kept = error !== undefined ? tokens.slice(0, -1) : tokens;
  calls = [];
  firstParseError(src, kept, error !== undefined, 250);
  const types = [...tokenTypes(kept)];
  return { types: error !== undefined ? types : types.slice(0, -1), calls, trapped: error !== undefined };
}

/** antlr4ng's prediction at each of `calls`, over the tokens `types` (then EOF), as our `Call`s. */
function antlrs(types: readonly number[], made: readonly Call[]): Call[] {
  const tokens = types.map((type, i) => {
    const t = CommonToken.fromType(type, String(type));
    t.tokenIndex = i;
    return t;
  });
  const stream = new CommonTokenStream(new ListTokenSource(tokens));
  stream.fill();
  // One parser for every input, as a generated parser shares its DFA cache across parses.
  const parser = (PARSER ??= new ParserInterpreter('CEL.g4', VOCABULARY, RULE_NAMES, ATN_DATA, stream));
  parser.tokenStream = stream;
  return made.map((c) => {
    stream.seek(c.index);
    (parser as unknown as { precedenceStack: number[] }).precedenceStack = [c.precedence];
    let ctx = new ParserRuleContext(null, -1);
    for (const follow of [...c.stack].reverse()) ctx = new ParserRuleContext(ctx, INVOKER.get(follow)!);
    const at = { decision: c.decision, index: c.index, precedence: c.precedence, stack: c.stack };
    try {
      const alt = parser.interpreter.adaptivePredict(stream, c.decision, ctx);
      expect(stream.index).toBe(c.index);
      return { ...at, alt };
    } catch (e) {
      if (!(e instanceof NoViableAltException)) throw e;
      return { ...at, error: [e.startToken!.tokenIndex, e.offendingToken!.tokenIndex] as const };
    }
  });
}

/** The predictions on which our model and antlr4ng differ, over `inputs`; and how many were compared. */
function compare(inputs: readonly string[]): { differ: { src: string; ours: Call; antlr: Call }[]; predictions: number; errors: number; fullContext: number } {
  const differ: { src: string; ours: Call; antlr: Call }[] = [];
  let predictions = 0;
  let errors = 0;
  const fullBefore = predictionWork.fullContext;
  for (const src of inputs) {
    const run = ours(src);
    // A lexer error stops the parse where the next token would be fetched; the predictions
    // made before it saw only tokens before it, which are the ones compared.
    const theirs = antlrs(run.types, run.calls);
    run.calls.forEach((c, i) => {
      predictions++;
      if (c.error) errors++;
      if (JSON.stringify(c) !== JSON.stringify(theirs[i])) differ.push({ src, ours: c, antlr: theirs[i]! });
    });
  }
  return { differ, predictions, errors, fullContext: predictionWork.fullContext - fullBefore };
}

/**
 * Beyond the answers, the work behind them: every decision's DFA holds the same states (the
 * same configurations, in the same order, with the same flags) and the same edges as ANTLR's,
 * and full-context prediction took the same steps (ours caches each step once; ANTLR takes it
 * again at every prediction, so the two are compared as sets).
 */
function expectSameCaches(): void {
  const { differ, lines } = dfaDifferences(CEL_ATN, PARSER);
  expect(differ).toEqual([]);
  expect(lines).toBeGreaterThan(300);
  expect(ourSteps.size).toBeGreaterThan(50);
  expect([...ourSteps].filter((x) => !theirSteps.has(x)).slice(0, 2)).toEqual([]);
  expect([...theirSteps].filter((x) => !ourSteps.has(x)).slice(0, 2)).toEqual([]);
}

describe('every prediction agrees with ANTLR’s own runtime (antlr4ng 3.0.16 over the same ATN)', () => {
  it('reads the same ATN as ./atn-data.ts: every state, type, rule and transition target', () => {
    expect(ATN_DATA.states.length).toBe(ATN_STATES.length);
    ATN_DATA.states.forEach((s, n) => {
      const ours = ATN_STATES[n]!;
      expect([(s!.constructor as typeof ATNState).stateType, s!.ruleIndex, s!.transitions.map((t) => t.target.stateNumber)]).toEqual([ours.type, ours.rule, ours.transitions.map((t) => t.target.n)]);
    });
  });

  it('on every selector and syntax-error vector', () => {
    const inputs = [...(selectorFixtures as { cases: { input: string }[] }).cases.map((c) => c.input), ...(syntaxFixtures as { cases: { input: string }[] }).cases.map((c) => c.input)];
    const { differ, predictions, errors, fullContext } = compare(inputs);
    expect(differ.slice(0, 3)).toEqual([]);
    // Alternatives, "no viable alternative" and full-context predictions are compared in numbers.
    expect(predictions).toBeGreaterThan(100_000);
    expect(errors).toBeGreaterThan(100);
    expect(fullContext).toBeGreaterThan(0);
    expectSameCaches();
  });

  it('on generated expressions over every rule, and each with one token deleted, doubled, inserted or swapped', () => {
    const { valid, broken } = corpus(36, 300);
    const { differ, predictions, errors, fullContext } = compare([...valid, ...broken]);
    expect(differ.slice(0, 3)).toEqual([]);
    expect(predictions).toBeGreaterThan(20_000);
    expect(errors).toBeGreaterThan(60);
    expect(fullContext).toBeGreaterThan(0);
    expectSameCaches();
  });

  it('with full-context prediction alone, on valid input (ANTLR guarantees its SLL-then-LL answer there)', () => {
    const { valid } = corpus(37, 300);
    predictionMode.fullContextOnly = true;
    const { differ, predictions, fullContext } = compare(valid);
    expect(differ.slice(0, 3)).toEqual([]);
    expect(predictions).toBeGreaterThan(8_000);
    expect(fullContext).toBe(predictions);
    // ANTLR went full-context only where SLL conflicted: every step it took, ours took too.
    expect(theirSteps.size).toBeGreaterThan(0);
    expect([...theirSteps].filter((x) => !ourSteps.has(x)).slice(0, 2)).toEqual([]);
    expect(ourSteps.size).toBeGreaterThan(theirSteps.size);
  });
});
