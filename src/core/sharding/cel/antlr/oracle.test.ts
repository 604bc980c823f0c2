import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ATNDeserializer,
  ATNSimulator,
  CommonToken,
  CommonTokenStream,
  ListTokenSource,
  NoViableAltException,
  ParserATNSimulator,
  ParserInterpreter,
  ParserRuleContext,
  PredictionContext,
  RuleTransition,
  SemanticContext,
  Vocabulary,
  type ATN,
  type ATNConfigSet,
  type ATNState,
  type DFAState,
} from 'antlr4ng';
import selectorFixtures from '../../../../../tests/fixtures/selector-cases-celgo.json';
import syntaxFixtures from '../../../../../tests/fixtures/syntax-errors-celgo.json';
import { corpus } from '../../../../../tests/support/celCorpus';
import { lex } from '../lexer';
import { ATN_STATES, DECISION_STATES } from './atn';
import { NO_PREDICATE, type ConfigSet } from './configs';
import { EMPTY_RETURN_STATE, type Ctx } from './context';
import { DFA_ERROR, NoViableAlt, Predictor, dfaStartStates, predictionMode, predictionWork, type DfaStateView, type PredictionInput } from './predict';
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

const interp = readFileSync(join(import.meta.dirname, '../../../../../tests/fixtures/antlr/CEL.interp'), 'utf8');
const section = (name: string): string[] => interp.split(`${name}:\n`)[1]!.split('\n\n')[0]!.split('\n');
const names = (name: string): (string | null)[] => section(name).map((x) => (x === 'null' ? null : x));
const ATN_DATA: ATN = new ATNDeserializer().deserialize(JSON.parse(interp.split('atn:\n')[1]!.trim()) as number[]);
const VOCABULARY = new Vocabulary(names('token literal names'), names('token symbolic names'));
const RULE_NAMES = section('rule names');

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
 * Contexts, configurations and DFA states of both runtimes, written the same way so that they
 * compare as strings. A context is numbered by its shape (its return states and its parents'
 * numbers), in one numbering shared by both sides, so equal graphs get equal numbers.
 */
const shapes = new Map<string, number>();
const ourContexts = new Map<Ctx, number>();
const theirContexts = new Map<PredictionContext, number>();

function numberShape(shape: string): number {
  let n = shapes.get(shape);
  if (n === undefined) {
    n = shapes.size + 1;
    shapes.set(shape, n);
  }
  return n;
}

function ourContext(ctx: Ctx): number {
  let n = ourContexts.get(ctx);
  if (n === undefined) {
    let shape = '';
    for (let i = 0; i < ctx.size; i++) {
      const rs = ctx.returnStates[i]!;
      shape += rs === EMPTY_RETURN_STATE ? '$,' : `${rs}:${ourContext(ctx.parents[i]!)},`;
    }
    n = numberShape(shape);
    ourContexts.set(ctx, n);
  }
  return n;
}

function theirContext(ctx: PredictionContext): number {
  let n = theirContexts.get(ctx);
  if (n === undefined) {
    let shape = '';
    for (let i = 0; i < ctx.length; i++) {
      const rs = ctx.getReturnState(i);
      shape += rs === PredictionContext.EMPTY_RETURN_STATE ? '$,' : `${rs}:${theirContext(ctx.getParent(i)!)},`;
    }
    n = numberShape(shape);
    theirContexts.set(ctx, n);
  }
  return n;
}

/** ANTLR's semantic context as ours: NONE, or the precedence of a precedence predicate. */
function theirPredicate(p: SemanticContext): number {
  if (p === SemanticContext.NONE) return NO_PREDICATE;
  if (p instanceof SemanticContext.PrecedencePredicate) return p.precedence;
  throw new Error(`a predicate CEL's grammar does not have: ${String(p)}`);
}

/** A configuration set: its flags, then every configuration in order (state, alternative, predicate, past the rule's end, filter suppressed, context). */
function ourSet(set: ConfigSet, withAlts: boolean): string {
  let out = `${set.fullCtx ? 1 : 0}${set.hasSemanticContext ? 1 : 0}${set.dipsIntoOuterContext ? 1 : 0}`;
  if (withAlts) out += `:${set.uniqueAlt}:${set.conflictingAlts?.join(',') ?? '-'}`;
  for (const c of set.configs) out += ` ${c.state.n}/${c.alt}/${c.predicate}/${c.outerDepth > 0 ? 1 : 0}/${c.precedenceFilterSuppressed ? 1 : 0}/${ourContext(c.ctx)}`;
  return out;
}

function theirSet(set: ATNConfigSet, withAlts: boolean): string {
  let out = `${set.fullCtx ? 1 : 0}${set.hasSemanticContext ? 1 : 0}${set.dipsIntoOuterContext ? 1 : 0}`;
  if (withAlts) out += `:${set.uniqueAlt}:${set.conflictingAlts?.values().join(',') ?? '-'}`;
  for (const c of set.configs) {
    out += ` ${c.state.stateNumber}/${c.alt}/${theirPredicate(c.semanticContext)}/${c.reachesIntoOuterContext ? 1 : 0}/${c.precedenceFilterSuppressed ? 1 : 0}/${theirContext(c.context!)}`;
  }
  return out;
}

/**
 * A DFA state: accepting, needing full context, its prediction (if it accepts: antlr4ng
 * starts other states at -1, ours at 0) and predicates, its configurations.
 */
function ourState(d: DfaStateView): string {
  const predicates = d.predicates?.map((p) => `${p.precedence}@${p.alt}`).join(' ') ?? '-';
  return `${d.isAccept ? 1 : 0}${d.requiresFullContext ? 1 : 0}:${d.isAccept ? d.prediction : '-'}:${predicates}|${ourSet(d.configs, true)}`;
}

function theirState(d: DFAState): string {
  const predicates = d.predicates?.map((p) => `${theirPredicate(p.pred)}@${p.alt}`).join(' ') ?? '-';
  return `${d.isAcceptState ? 1 : 0}${d.requiresFullContext ? 1 : 0}:${d.isAcceptState ? d.prediction : '-'}:${predicates}|${theirSet(d.configs, true)}`;
}

/**
 * A DFA as lines: where each start state leads, and for every state reached, its edges by
 * token type. States are named by their content, so a state that one runtime reuses and the
 * other builds twice reads the same.
 */
function dfaLines<S extends object>(starts: ReadonlyMap<number, S>, edges: (s: S) => readonly (S | undefined | null)[], name: (s: S) => string, error: S): string[] {
  const lines = new Set<string>();
  const seen = new Set<S>();
  const todo: S[] = [];
  const visit = (s: S): string => {
    if (!seen.has(s)) {
      seen.add(s);
      todo.push(s);
    }
    return s === error ? 'ERROR' : name(s);
  };
  for (const [precedence, s] of starts) lines.add(`start ${precedence} -> ${visit(s)}`);
  while (todo.length > 0) {
    const s = todo.pop()!;
    if (s === error) continue;
    const from = name(s);
    edges(s).forEach((to, slot) => {
      if (to !== undefined && to !== null) lines.add(`${from} --${slot - 1}--> ${visit(to)}`);
    });
  }
  return [...lines].sort();
}

function ourDfa(decision: number): string[] {
  return dfaLines<DfaStateView>(dfaStartStates(decision), (s) => s.edges, ourState, DFA_ERROR);
}

function theirDfa(parser: ParserInterpreter, decision: number): string[] {
  const dfa = parser.interpreter.decisionToDFA[decision]!;
  const starts = new Map<number, DFAState>();
  if (dfa.isPrecedenceDfa) dfa.s0?.edges.forEach((s, precedence) => starts.set(precedence, s));
  else if (dfa.s0 !== undefined) starts.set(-1, dfa.s0);
  return dfaLines<DFAState>(starts, (s) => s.edges, theirState, ATNSimulator.ERROR);
}

let dfaLinesCompared = 0;

/** Every decision's DFA where the two runtimes differ: the lines only one of them has. */
function dfaDifferences(): { decision: number; onlyOurs: string[]; onlyTheirs: string[] }[] {
  const out: { decision: number; onlyOurs: string[]; onlyTheirs: string[] }[] = [];
  dfaLinesCompared = 0;
  DECISION_STATES.forEach((_, decision) => {
    const ours = ourDfa(decision);
    dfaLinesCompared += ours.length;
    const theirs = PARSER === undefined ? [] : theirDfa(PARSER, decision);
    const onlyOurs = ours.filter((l) => !theirs.includes(l));
    const onlyTheirs = theirs.filter((l) => !ours.includes(l));
    if (onlyOurs.length > 0 || onlyTheirs.length > 0) out.push({ decision, onlyOurs: onlyOurs.slice(0, 3), onlyTheirs: onlyTheirs.slice(0, 3) });
  });
  return out;
}

/**
 * Each full-context step as `configurations --token--> configurations` (or "none"), by runtime,
 * over the whole file: ours caches a step for the next tests, ANTLR takes it again.
 */
const ourSteps = new Set<string>();
const theirSteps = new Set<string>();
const step = (from: string, t: number, to: string | null): string => `${from} --${t}--> ${to ?? 'none'}`;

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
type ReachSet<S> = (this: unknown, closure: S, t: number, fullCtx: boolean) => S | null;
const ourProto = Predictor.prototype as unknown as { computeReachSet: ReachSet<ConfigSet> };
const theirProto = ParserATNSimulator.prototype as unknown as { computeReachSet: ReachSet<ATNConfigSet> };
const ourReach = ourProto.computeReachSet;
const theirReach = theirProto.computeReachSet;

beforeEach(() => {
  calls = [];
  ourProto.computeReachSet = function (closure, t, fullCtx) {
    const from = fullCtx ? ourSet(closure, false) : '';
    const reach = ourReach.call(this, closure, t, fullCtx);
    if (fullCtx) ourSteps.add(step(from, t, reach && ourSet(reach, false)));
    return reach;
  };
  theirProto.computeReachSet = function (closure, t, fullCtx) {
    const from = fullCtx ? theirSet(closure, false) : '';
    const reach = theirReach.call(this, closure, t, fullCtx);
    if (fullCtx) theirSteps.add(step(from, t, reach && theirSet(reach, false)));
    return reach;
  };
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
  ourProto.computeReachSet = ourReach;
  theirProto.computeReachSet = theirReach;
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
  expect(dfaDifferences()).toEqual([]);
  expect(dfaLinesCompared).toBeGreaterThan(300);
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
