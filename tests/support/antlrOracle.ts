import { readFileSync } from 'node:fs';
import {
  ATNDeserializer,
  ATNSimulator,
  ParserATNSimulator,
  PredictionContext,
  SemanticContext,
  Vocabulary,
  type ATN,
  type ATNConfigSet,
  type DFAState,
  type ParserInterpreter,
} from 'antlr4ng';
import { NO_PREDICATE, type ConfigSet } from '../../src/core/sharding/cel/antlr/configs';
import { EMPTY_RETURN_STATE, type Ctx } from '../../src/core/sharding/cel/antlr/context';
import { DFA_ERROR, Predictor, dfaStartStates, type DfaStateView } from '../../src/core/sharding/cel/antlr/predict';
import type { Atn } from '../../src/core/sharding/cel/antlr/atn';

/**
 * ANTLR's own runtime (antlr4ng) as the oracle for our prediction, beyond its answers: the
 * DFA states and full-context steps of both runtimes, written the same way so that they
 * compare as strings.
 */

/** An antlr-ng `.interp` file: its ATN as ANTLR's runtime reads it, its vocabulary and rule names. */
export function readInterp(path: string): { atn: ATN; vocabulary: Vocabulary; ruleNames: string[] } {
  const interp = readFileSync(path, 'utf8');
  const section = (name: string): string[] => interp.split(`${name}:\n`)[1]!.split('\n\n')[0]!.split('\n');
  const names = (name: string): (string | null)[] => section(name).map((x) => (x === 'null' ? null : x));
  return {
    atn: new ATNDeserializer().deserialize(JSON.parse(interp.split('atn:\n')[1]!.trim()) as number[]),
    vocabulary: new Vocabulary(names('token literal names'), names('token symbolic names')),
    ruleNames: section('rule names'),
  };
}

/**
 * Contexts are numbered by their shape (their return states and their parents' numbers), in
 * one numbering shared by both runtimes, so equal graphs get equal numbers.
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

/** A context's number, from its (return state, parent) pairs; `$` has no parent to number. */
function numberContext<C>(ctx: C, memo: Map<C, number>, pairs: (c: C) => [number, C][]): number {
  let n = memo.get(ctx);
  if (n === undefined) {
    let shape = '';
    for (const [rs, parent] of pairs(ctx)) shape += rs === EMPTY_RETURN_STATE ? '$,' : `${rs}:${numberContext(parent, memo, pairs)},`;
    n = numberShape(shape);
    memo.set(ctx, n);
  }
  return n;
}

const ourPairs = (c: Ctx): [number, Ctx][] => c.returnStates.map((rs, i) => [rs, c.parents[i]!]);
const theirPairs = (c: PredictionContext): [number, PredictionContext][] => Array.from({ length: c.length }, (_, i) => [c.getReturnState(i), c.getParent(i)!]);

export function ourContext(ctx: Ctx): number {
  return numberContext(ctx, ourContexts, ourPairs);
}

export function theirContext(ctx: PredictionContext): number {
  return numberContext(ctx, theirContexts, theirPairs);
}

/** ANTLR's semantic context as ours: NONE, or the precedence of a precedence predicate. */
function theirPredicate(p: SemanticContext): number {
  if (p === SemanticContext.NONE) return NO_PREDICATE;
  if (p instanceof SemanticContext.PrecedencePredicate) return p.precedence;
  throw new Error(`a predicate our model does not have: ${String(p)}`);
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

function theirDfa(parser: ParserInterpreter, decision: number): string[] {
  const dfa = parser.interpreter.decisionToDFA[decision]!;
  const starts = new Map<number, DFAState>();
  if (dfa.isPrecedenceDfa) dfa.s0?.edges.forEach((s, precedence) => starts.set(precedence, s));
  else if (dfa.s0 !== undefined) starts.set(-1, dfa.s0);
  return dfaLines<DFAState>(starts, (s) => s.edges, theirState, ATNSimulator.ERROR);
}

/**
 * Every decision's DFA where ours (over `atn`) and `parser`'s differ: the lines only one of
 * them has (the first three of each); and how many lines ours has in all.
 */
export function dfaDifferences(atn: Atn, parser: ParserInterpreter | undefined): { differ: { decision: number; onlyOurs: string[]; onlyTheirs: string[] }[]; lines: number } {
  const differ: { decision: number; onlyOurs: string[]; onlyTheirs: string[] }[] = [];
  let lines = 0;
  atn.decisions.forEach((_, decision) => {
    const ours = dfaLines<DfaStateView>(dfaStartStates(decision, atn), (s) => s.edges, ourState, DFA_ERROR);
    lines += ours.length;
    const theirs = parser === undefined ? [] : theirDfa(parser, decision);
    const onlyOurs = ours.filter((l) => !theirs.includes(l));
    const onlyTheirs = theirs.filter((l) => !ours.includes(l));
    if (onlyOurs.length > 0 || onlyTheirs.length > 0) differ.push({ decision, onlyOurs: onlyOurs.slice(0, 3), onlyTheirs: onlyTheirs.slice(0, 3) });
  });
  return { differ, lines };
}

type ReachSet<S> = (this: unknown, closure: S, t: number, fullCtx: boolean) => S | null;
const ourProto = Predictor.prototype as unknown as { computeReachSet: ReachSet<ConfigSet> };
const theirProto = ParserATNSimulator.prototype as unknown as { computeReachSet: ReachSet<ATNConfigSet> };
const ourReach = ourProto.computeReachSet;
const theirReach = theirProto.computeReachSet;
const step = (from: string, t: number, to: string | null): string => `${from} --${t}--> ${to ?? 'none'}`;

/**
 * Records each full-context step of both runtimes as `configurations --token--> configurations`
 * (or "none") into `ours` and `theirs`, until `stop()`.
 */
export function recordFullContextSteps(ours: Set<string>, theirs: Set<string>): { stop(): void } {
  ourProto.computeReachSet = function (closure, t, fullCtx) {
    const from = fullCtx ? ourSet(closure, false) : '';
    const reach = ourReach.call(this, closure, t, fullCtx);
    if (fullCtx) ours.add(step(from, t, reach && ourSet(reach, false)));
    return reach;
  };
  theirProto.computeReachSet = function (closure, t, fullCtx) {
    const from = fullCtx ? theirSet(closure, false) : '';
    const reach = theirReach.call(this, closure, t, fullCtx);
    if (fullCtx) theirs.add(step(from, t, reach && theirSet(reach, false)));
    return reach;
  };
  return {
    stop() {
      ourProto.computeReachSet = ourReach;
      theirProto.computeReachSet = theirReach;
    },
  };
}
