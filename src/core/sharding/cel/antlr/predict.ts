import { CEL_ATN, EOF, StateType, TransitionKind, isEpsilon, type Atn, type State, type Transition } from './atn';
import {
  Config,
  ConfigSet,
  NO_PREDICATE,
  conflictingAltSubsets,
  conflictingAlts,
  hasSLLConflictTerminatingPrediction,
  minOf,
  singleViableAlt,
  uniqueAlt,
} from './configs';
import { EMPTY, EMPTY_RETURN_STATE, push, type Ctx } from './context';
import { DFAState, ERROR, FullNode, dfasOf, type DFA, type FullEdge } from './dfa';

export { DFA_ERROR, boundCaches, dfaStartStates, type DfaStateView } from './dfa';

/**
 * ANTLR 4's adaptive LL(*) prediction (ALL(*)), as its runtime runs it in the default
 * prediction mode: first SLL, where a rule's end leads to every place the rule is used and
 * the results are cached in a DFA per decision; on an SLL conflict, full-context LL from the
 * parser's actual rule stack. Where no alternative can go on, the decision reports "no viable
 * alternative", unless an alternative had already finished the decision's rule (then that one
 * is taken and the error comes later, where the parser notices it).
 *
 * Only what this grammar needs is here: its only predicates are precedence predicates.
 */

/** What prediction needs from the parser. */
export interface PredictionInput {
  /** Token type `k` tokens ahead of the prediction cursor (1 = current); fetches as ANTLR does. */
  la(k: number): number;
  index(): number;
  seek(index: number): void;
  /** Moves the cursor one token on (fetching the next token). */
  consume(): void;
  /** The parser's current precedence (the innermost left-recursive invocation's). */
  precedence(): number;
  /** The parser's rule stack as a prediction context. */
  outerContext(): Ctx;
}

/** Thrown when no alternative is viable: ANTLR's NoViableAltException. */
export class NoViableAlt {
  constructor(
    readonly startIndex: number,
    readonly offendingIndex: number,
  ) {}
}

/**
 * Work counters, for tests that bound the work done without timing it: predictions made,
 * DFA edges computed (SLL cache misses), full-context predictions and their computed steps.
 */
export const predictionWork = { predictions: 0, dfaMisses: 0, fullContext: 0, fullMisses: 0 };

/** For tests: predict every decision with full context, no SLL first (ANTLR's result must not change). */
export const predictionMode = { fullContextOnly: false };

const RULE_STOP = StateType.RuleStop;
const EOF_TYPE = EOF;
const RULE = TransitionKind.Rule;
const PRECEDENCE = TransitionKind.Precedence;
const EPSILON_KIND = TransitionKind.Epsilon;
const ACTION = TransitionKind.Action;

function isRuleStop(s: State): boolean {
  return s.type === RULE_STOP;
}

/** ANTLR's ParserATNSimulator for one parse: `predict` is its adaptivePredict. */
export class Predictor {
  private dfa!: DFA;
  private readonly dfas: DFA[];

  /** Predicts over `atn` (CEL's unless a test gives another), with that ATN's cached DFAs. */
  constructor(
    private readonly input: PredictionInput,
    private readonly atn: Atn = CEL_ATN,
  ) {
    this.dfas = dfasOf(atn);
  }

  predict(decision: number): number {
    predictionWork.predictions++;
    const dfa = this.dfas[decision]!;
    if (predictionMode.fullContextOnly) {
      this.dfa = dfa;
      const index = this.input.index();
      try {
        return this.execATNWithFullContext(index);
      } finally {
        this.input.seek(index);
      }
    }
    let s0 = dfa.precedenceDfa ? dfa.s0ByPrecedence[this.input.precedence()] : dfa.s0;
    // Stryker disable next-line ConditionalExpression,BlockStatement: a shortcut; without it execATN takes the same cached edge and returns the same prediction.
    if (s0 !== undefined && s0 !== null) {
      // Most decisions are settled by the current token: a cached accepting edge, nothing to evaluate.
      const d = s0.edges[this.input.la(1) + 1];
      if (d !== undefined && d.isAccept && d.predicates === null && !d.requiresFullContext) return d.prediction;
    }
    this.dfa = dfa;
    const index = this.input.index();
    try {
      if (s0 === undefined || s0 === null) {
        let closure = this.startState(dfa.start, EMPTY, false);
        if (dfa.precedenceDfa) {
          closure = this.applyPrecedenceFilter(closure);
          s0 = new DFAState(closure);
          dfa.s0ByPrecedence[this.input.precedence()] = s0;
        } else {
          s0 = new DFAState(closure);
          dfa.s0 = s0;
        }
      }
      return this.execATN(s0, index);
    } finally {
      this.input.seek(index);
    }
  }

  private execATN(s0: DFAState, startIndex: number): number {
    let previous = s0;
    let t = this.input.la(1);
    for (;;) {
      let d = previous.edges[t + 1];
      if (d === undefined) {
        predictionWork.dfaMisses++;
        d = this.computeTarget(previous, t);
      }
      if (d === ERROR) {
        const error = new NoViableAlt(startIndex, this.input.index());
        this.input.seek(startIndex);
        const alt = this.synValidOrSemInvalidAltThatFinishedDecisionEntryRule(previous.configs);
        if (alt !== 0) return alt;
        throw error;
      }
      // ANTLR seeks back to the decision's start to evaluate predicates; precedence predicates
      // read only the parser's precedence, full-context prediction seeks there itself and
      // `predict` seeks there on return, so no seek is needed here.
      if (d.requiresFullContext) {
        if (d.predicates !== null) {
          const alts = this.evalPredicates(d.predicates);
          if (alts.length === 1) return alts[0]!;
        }
        return this.execATNWithFullContext(startIndex);
      }
      if (d.isAccept) {
        if (d.predicates === null) return d.prediction;
        const alts = this.evalPredicates(d.predicates);
        // ANTLR builds this error after seeking back: it points at the decision's first token.
        if (alts.length === 0) throw new NoViableAlt(startIndex, startIndex);
        return alts[0]!;
      }
      previous = d;
      if (t !== EOF_TYPE) {
        this.input.consume();
        t = this.input.la(1);
      }
    }
  }

  private computeTarget(previous: DFAState, t: number): DFAState {
    const reach = this.computeReachSet(previous.configs, t, false);
    if (reach === null) {
      previous.edges[t + 1] = ERROR;
      return ERROR;
    }
    const d = new DFAState(reach);
    const predicted = uniqueAlt(reach);
    if (predicted !== 0) {
      d.isAccept = true;
      reach.uniqueAlt = predicted;
      d.prediction = predicted;
    } else if (hasSLLConflictTerminatingPrediction(reach, isRuleStop)) {
      reach.conflictingAlts = conflictingAlts(reach);
      d.requiresFullContext = true;
      d.isAccept = true;
      d.prediction = reach.conflictingAlts[0]!;
    }
    if (d.isAccept && reach.hasSemanticContext) this.predicateDFAState(d);
    const key = reach.key();
    const existing = this.dfa.states.get(key);
    // Stryker disable next-line ConditionalExpression,BlockStatement: reusing an equal state saves memory; a fresh copy of it predicts the same.
    if (existing !== undefined) {
      previous.edges[t + 1] = existing;
      return existing;
    }
    this.dfa.states.set(key, d);
    previous.edges[t + 1] = d;
    return d;
  }

  private predicateDFAState(d: DFAState): void {
    const nalts = this.dfa.start.transitions.length;
    const alts = d.configs.uniqueAlt !== 0 ? [d.configs.uniqueAlt] : d.configs.conflictingAlts!;
    const altToPred: (number | null)[] = new Array<number | null>(nalts + 1).fill(null);
    const seen = new Set<number>();
    for (const c of d.configs.configs) {
      if (!alts.includes(c.alt)) continue;
      // SemanticContext.or: NONE swallows a predicate; of two precedence predicates the
      // higher precedence stays.
      if (!seen.has(c.alt)) {
        seen.add(c.alt);
        altToPred[c.alt] = c.predicate;
      } else {
        const p = altToPred[c.alt]!;
        altToPred[c.alt] = p === NO_PREDICATE || c.predicate === NO_PREDICATE ? NO_PREDICATE : Math.max(p, c.predicate);
      }
    }
    let predAlts = 0;
    for (let i = 1; i <= nalts; i++) {
      if (altToPred[i] === null) altToPred[i] = NO_PREDICATE;
      else if (altToPred[i] !== NO_PREDICATE) predAlts++;
    }
    if (predAlts === 0) {
      d.prediction = minOf(alts);
      return;
    }
    const pairs: { precedence: number; alt: number }[] = [];
    let containsPredicate = false;
    for (let i = 1; i <= nalts; i++) {
      if (alts.includes(i)) pairs.push({ precedence: altToPred[i]!, alt: i });
      if (altToPred[i] !== NO_PREDICATE) containsPredicate = true;
    }
    if (!containsPredicate) {
      d.prediction = minOf(alts);
      return;
    }
    d.predicates = pairs;
    d.prediction = 0;
  }

  /** ANTLR's evalSemanticContext, complete (both its callers here ask for every alternative). */
  private evalPredicates(pairs: readonly { precedence: number; alt: number }[]): number[] {
    const out: number[] = [];
    for (const p of pairs) if (p.precedence === NO_PREDICATE || this.precpred(p.precedence)) out.push(p.alt);
    return out;
  }

  private precpred(precedence: number): boolean {
    return precedence >= this.input.precedence();
  }

  private execATNWithFullContext(startIndex: number): number {
    predictionWork.fullContext++;
    const outer = this.input.outerContext();
    const precedence = this.input.precedence();
    const key = outer.id * 16 + precedence;
    let node = this.dfa.full.get(key);
    if (node === undefined) {
      node = new FullNode(this.startState(this.dfa.start, outer, true));
      this.dfa.full.set(key, node);
    }
    this.input.seek(startIndex);
    let t = this.input.la(1);
    for (;;) {
      let edge: FullEdge | undefined = node.edges[t + 1];
      if (edge === undefined) {
        predictionWork.fullMisses++;
        edge = this.fullContextStep(node, t);
        node.edges[t + 1] = edge;
      }
      if (edge === null) {
        const error = new NoViableAlt(startIndex, this.input.index());
        this.input.seek(startIndex);
        const alt = this.synValidOrSemInvalidAltThatFinishedDecisionEntryRule(node.configs);
        if (alt !== 0) return alt;
        throw error;
      }
      if (!(edge instanceof FullNode)) return edge.alt;
      node = edge;
      if (t !== EOF_TYPE) {
        this.input.consume();
        t = this.input.la(1);
      }
    }
  }

  /** One token of full-context prediction: no alternative (null), one, or a new set. */
  private fullContextStep(node: FullNode, t: number): FullEdge {
    const reach = this.computeReachSet(node.configs, t, true);
    if (reach === null) return null;
    const unique = uniqueAlt(reach);
    if (unique !== 0) return { alt: unique };
    const single = singleViableAlt(conflictingAltSubsets(reach));
    if (single !== 0) return { alt: single };
    return new FullNode(reach);
  }

  private computeReachSet(closure: ConfigSet, t: number, fullCtx: boolean): ConfigSet | null {
    const intermediate = new ConfigSet(fullCtx);
    let skippedStopStates: Config[] | null = null;
    for (const c of closure.configs) {
      if (isRuleStop(c.state)) {
        if (fullCtx || t === EOF_TYPE) (skippedStopStates ??= []).push(c);
        continue;
      }
      for (const tr of c.state.transitions) {
        if (tr.tokens !== null && tr.tokens.has(t)) intermediate.add(c.to(tr.target));
      }
    }
    let reach: ConfigSet | null = null;
    if (skippedStopStates === null && t !== EOF_TYPE) {
      if (intermediate.size === 1 || uniqueAlt(intermediate) !== 0) reach = intermediate;
    }
    if (reach === null) {
      reach = new ConfigSet(fullCtx);
      const busy = new Set<string>();
      const eofAsEpsilon = t === EOF_TYPE;
      for (const c of intermediate.configs) this.closure(c, reach, busy, false, fullCtx, eofAsEpsilon);
    }
    if (t === EOF_TYPE) reach = removeAllConfigsNotInRuleStopState(reach);
    if (skippedStopStates !== null && (!fullCtx || !reach.configs.some((c) => isRuleStop(c.state)))) {
      for (const c of skippedStopStates) reach.add(c.to(c.state));
    }
    return reach.size === 0 ? null : reach;
  }

  private startState(p: State, ctx: Ctx, fullCtx: boolean): ConfigSet {
    const configs = new ConfigSet(fullCtx);
    p.transitions.forEach((t, i) => {
      const c = new Config(t.target, i + 1, ctx, NO_PREDICATE, 0, false);
      this.closure(c, configs, new Set(), true, fullCtx, false);
    });
    return configs;
  }

  private applyPrecedenceFilter(configs: ConfigSet): ConfigSet {
    const fromAlt1 = new Map<number, Ctx>();
    const out = new ConfigSet(configs.fullCtx);
    for (const c of configs.configs) {
      if (c.alt !== 1) continue;
      if (c.predicate !== NO_PREDICATE && !this.precpred(c.predicate)) continue;
      fromAlt1.set(c.state.n, c.ctx);
      out.add(c.predicate !== NO_PREDICATE ? c.to(c.state, c.ctx, NO_PREDICATE) : c);
    }
    for (const c of configs.configs) {
      if (c.alt === 1) continue;
      if (!c.precedenceFilterSuppressed) {
        const ctx = fromAlt1.get(c.state.n);
        if (ctx === c.ctx) continue;
      }
      out.add(c);
    }
    return out;
  }

  private closure(config: Config, configs: ConfigSet, busy: Set<string>, collectPredicates: boolean, fullCtx: boolean, eofAsEpsilon: boolean): void {
    this.closureCheckingStopState(config, configs, busy, collectPredicates, fullCtx, 0, eofAsEpsilon);
  }

  private closureCheckingStopState(
    config: Config,
    configs: ConfigSet,
    busy: Set<string>,
    collectPredicates: boolean,
    fullCtx: boolean,
    depth: number,
    eofAsEpsilon: boolean,
  ): void {
    if (isRuleStop(config.state)) {
      const ctx = config.ctx;
      if (!ctx.isEmpty()) {
        for (let i = 0; i < ctx.size; i++) {
          const rs = ctx.returnStates[i]!;
          if (rs === EMPTY_RETURN_STATE) {
            if (fullCtx) configs.add(config.to(config.state, EMPTY));
            else this.closureInner(config, configs, busy, collectPredicates, fullCtx, depth, eofAsEpsilon);
            continue;
          }
          // The Go runtime makes a fresh configuration here and copies only how far it went
          // past the decision's rule: "precedence filter suppressed" is not carried over.
          const c = new Config(this.atn.states[rs]!, config.alt, ctx.parents[i]!, config.predicate, config.outerDepth, false);
          this.closureCheckingStopState(c, configs, busy, collectPredicates, fullCtx, depth - 1, eofAsEpsilon);
        }
        return;
      }
      if (fullCtx) {
        configs.add(config);
        return;
      }
    }
    this.closureInner(config, configs, busy, collectPredicates, fullCtx, depth, eofAsEpsilon);
  }

  private closureInner(
    config: Config,
    configs: ConfigSet,
    busy: Set<string>,
    collectPredicates: boolean,
    fullCtx: boolean,
    depth: number,
    eofAsEpsilon: boolean,
  ): void {
    const p = config.state;
    if (!p.epsilonOnly) configs.add(config);
    const transitions = p.transitions;
    for (let i = 0; i < transitions.length; i++) {
      if (i === 0 && canDropLoopEntryEdge(config, this.atn.states)) continue;
      const t = transitions[i]!;
      const continueCollecting = t.kind !== ACTION && collectPredicates;
      const c = this.epsilonTarget(config, t, continueCollecting, depth === 0, fullCtx, eofAsEpsilon);
      if (c === null) continue;
      let newDepth = depth;
      if (isRuleStop(p)) {
        if (this.dfa.precedenceDfa && t.outermostPrecedenceReturn === this.dfa.start.rule) c.precedenceFilterSuppressed = true;
        c.outerDepth++;
        const key = c.key;
        if (busy.has(key)) continue;
        busy.add(key);
        configs.dipsIntoOuterContext = true;
        newDepth--;
      } else {
        if (t.tokens !== null) {
          const key = c.key;
          if (busy.has(key)) continue;
          busy.add(key);
        }
        if (t.kind === RULE && newDepth >= 0) newDepth++;
      }
      this.closureCheckingStopState(c, configs, busy, continueCollecting, fullCtx, newDepth, eofAsEpsilon);
    }
  }

  private epsilonTarget(config: Config, t: Transition, collectPredicates: boolean, inContext: boolean, fullCtx: boolean, eofAsEpsilon: boolean): Config | null {
    switch (t.kind) {
      case RULE:
        return config.to(t.target, push(config.ctx, t.follow!.n));
      case PRECEDENCE:
        if (collectPredicates && inContext) {
          if (fullCtx) {
            // Evaluated at the decision's start, where the parser is.
            return this.precpred(t.precedence) ? config.to(t.target) : null;
          }
          // SemanticContext.and(NONE, p) is p; of two precedence predicates the lower stays.
          const p = config.predicate === NO_PREDICATE ? t.precedence : Math.min(config.predicate, t.precedence);
          return config.to(t.target, config.ctx, p);
        }
        return config.to(t.target);
      case EPSILON_KIND:
      case ACTION:
        return config.to(t.target);
      default:
        return eofAsEpsilon && t.tokens!.has(EOF_TYPE) ? config.to(t.target) : null;
    }
  }

  private synValidOrSemInvalidAltThatFinishedDecisionEntryRule(configs: ConfigSet): number {
    const valid: Config[] = [];
    const invalid: Config[] = [];
    for (const c of configs.configs) {
      if (c.predicate !== NO_PREDICATE && !this.precpred(c.predicate)) invalid.push(c);
      else valid.push(c);
    }
    const alt = altThatFinishedDecisionEntryRule(valid);
    if (alt !== 0) return alt;
    return invalid.length > 0 ? altThatFinishedDecisionEntryRule(invalid) : 0;
  }
}

/**
 * ANTLR's `canDropLoopEntryEdgeInLeftRecursiveRule` (on by default in the Go runtime v4.13
 * that cel-go uses, and in antlr4ng): at a left-recursive rule's precedence loop entry, the
 * edge into the loop is not followed when every stack the configuration may be in returns,
 * within the same rule and through epsilon edges only, to this same loop (the operand of an
 * operator or a prefix: the loop is taken from there anyway). It changes no prediction, only
 * how many configurations and contexts prediction builds.
 */
function canDropLoopEntryEdge(config: Config, states: readonly State[]): boolean {
  const p = config.state;
  if (p.type !== StateType.StarLoopEntry || !p.precedenceDecision) return false;
  const ctx = config.ctx;
  if (ctx.isEmpty() || ctx.hasEmptyPath()) return false;
  for (const rs of ctx.returnStates) if (states[rs]!.rule !== p.rule) return false;
  const blockEnd = p.transitions[0]!.target.end;
  for (const rs of ctx.returnStates) {
    const returnState = states[rs]!;
    if (returnState.transitions.length !== 1 || !isEpsilon(returnState.transitions[0]!.kind)) return false;
    const target = returnState.transitions[0]!.target;
    if (returnState.type === StateType.BlockEnd && target === p) continue;
    if (returnState === blockEnd || target === blockEnd) continue;
    if (target.type === StateType.BlockEnd && target.transitions.length === 1 && isEpsilon(target.transitions[0]!.kind) && target.transitions[0]!.target === p) continue;
    return false;
  }
  return true;
}

/**
 * ANTLR's `removeAllConfigsNotInRuleStopState` after a step on EOF: only configurations at a
 * rule's end are kept. (ANTLR also passes `lookToEndOfRule`, true only when the step reused
 * the configurations it moved (`reach === intermediate`); a step on EOF never does, so that
 * branch never runs and is not here.)
 */
function removeAllConfigsNotInRuleStopState(set: ConfigSet): ConfigSet {
  if (set.configs.every((c) => isRuleStop(c.state))) return set;
  const result = new ConfigSet(set.fullCtx);
  for (const c of set.configs) if (isRuleStop(c.state)) result.add(c);
  return result;
}

function altThatFinishedDecisionEntryRule(configs: readonly Config[]): number {
  const alts: number[] = [];
  for (const c of configs) {
    if (c.outerDepth > 0 || (isRuleStop(c.state) && c.ctx.hasEmptyPath())) alts.push(c.alt);
  }
  return alts.length === 0 ? 0 : minOf(alts);
}

