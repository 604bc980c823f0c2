import { CEL_ATN, StateType, type Atn, type State } from './atn';
import { ConfigSet } from './configs';
import { internedContexts, resetContexts } from './context';

/**
 * The caches of ANTLR's adaptive prediction: a DFA per decision, whose states are sets of ATN
 * configurations and whose edges are the tokens seen (SLL), and, per decision, the
 * full-context steps taken from each rule stack (ANTLR takes those again every time).
 */

/** Token types run from EOF (-1) to the last token type; edges are indexed by type + 1. */
const EDGE_SLOTS = 64;

export class DFAState {
  /** The state reached on each token type (at type + 1). */
  // Stryker disable next-line ArrayDeclaration: preallocated for a stable shape; an empty array reads undefined at every slot alike.
  readonly edges: (DFAState | undefined)[] = new Array<DFAState | undefined>(EDGE_SLOTS).fill(undefined);
  isAccept = false;
  prediction = 0;
  requiresFullContext = false;
  predicates: { precedence: number; alt: number }[] | null = null;
  constructor(readonly configs: ConfigSet) {}
}

export const ERROR = new DFAState(new ConfigSet(false));

export interface DFA {
  readonly decision: number;
  readonly start: State;
  readonly precedenceDfa: boolean;
  s0: DFAState | null;
  /** A precedence DFA's start state for each precedence (they are small numbers). */
  readonly s0ByPrecedence: (DFAState | undefined)[];
  /** DFA states by their configurations: an equal state is reused, as ANTLR's addDFAState does. */
  readonly states: Map<string, DFAState>;
  /**
   * Full-context prediction, cached per (rule stack, precedence): ANTLR recomputes it each
   * time; the result depends only on the stack, the precedence and the tokens ahead.
   */
  readonly full: Map<number, FullNode>;
}

export type FullEdge = { readonly alt: number } | FullNode | null;

export class FullNode {
  /** By token type + 1; undefined: not computed yet. */
  // Stryker disable next-line ArrayDeclaration: preallocated for a stable shape; an empty array reads undefined at every slot alike.
  readonly edges: (FullEdge | undefined)[] = new Array<FullEdge | undefined>(EDGE_SLOTS).fill(undefined);
  constructor(readonly configs: ConfigSet) {}
}

function newDfas(atn: Atn): DFA[] {
  return atn.decisions.map((s, decision) => ({
    decision,
    start: s,
    precedenceDfa: s.type === StateType.StarLoopEntry && s.precedenceDecision,
    s0: null,
    s0ByPrecedence: [],
    states: new Map(),
    full: new Map(),
  }));
}

/** Each ATN's DFAs, one per decision, built as predictions need them. */
let dfaCache = new WeakMap<Atn, DFA[]>();

export function dfasOf(atn: Atn): DFA[] {
  let dfas = dfaCache.get(atn);
  if (dfas === undefined) {
    dfas = newDfas(atn);
    dfaCache.set(atn, dfas);
  }
  return dfas;
}

/** A DFA state as tests read it: ANTLR's DFAState. */
export interface DfaStateView {
  readonly edges: readonly (DfaStateView | undefined)[];
  readonly isAccept: boolean;
  readonly prediction: number;
  readonly requiresFullContext: boolean;
  readonly predicates: readonly { readonly precedence: number; readonly alt: number }[] | null;
  readonly configs: ConfigSet;
}

/** The state a DFA edge leads to when no alternative can go on (ANTLR's `ATNSimulator.ERROR`). */
export const DFA_ERROR: DfaStateView = ERROR;

/**
 * For tests: a decision's DFA as cached so far, by its start states: at -1 for an ordinary
 * DFA, at each precedence for a precedence DFA.
 */
export function dfaStartStates(decision: number, atn: Atn = CEL_ATN): ReadonlyMap<number, DfaStateView> {
  const dfa = dfasOf(atn)[decision]!;
  const starts = new Map<number, DfaStateView>();
  if (dfa.s0 !== null) starts.set(-1, dfa.s0);
  dfa.s0ByPrecedence.forEach((s, precedence) => starts.set(precedence, s!));
  return starts;
}

/** Above this many interned contexts, caches and contexts start afresh (memory stays bounded). */
const CONTEXT_LIMIT = 200_000;

/** Drops the prediction caches if the contexts they hold have grown too many. */
export function boundCaches(): void {
  if (internedContexts() > CONTEXT_LIMIT) {
    dfaCache = new WeakMap();
    resetContexts();
  }
}
