import * as CEL_DATA from './atn-data';

/**
 * The augmented transition network of ShardScope's CEL grammar (`../grammar/CEL.g4`), as
 * ANTLR builds it, in the shape ANTLR's runtime reasons about: states typed as ANTLR types
 * them (the type decides how the default error strategy resynchronizes), transitions with
 * their labels, and each rule's stop state linked to every place the rule returns to.
 */

export const StateType = {
  Basic: 1,
  RuleStart: 2,
  BlockStart: 3,
  PlusBlockStart: 4,
  StarBlockStart: 5,
  RuleStop: 7,
  BlockEnd: 8,
  StarLoopBack: 9,
  StarLoopEntry: 10,
  PlusLoopBack: 11,
  LoopEnd: 12,
} as const;

export const TransitionKind = { Epsilon: 0, Rule: 1, Precedence: 2, Atom: 3, Set: 4, Action: 5 } as const;

/** Token type of the end of input, as ANTLR numbers it. */
export const EOF = -1;
/** Not a token: "the rule can end here" in a lookahead set. */
export const EPSILON = -2;

export interface Transition {
  readonly kind: number;
  readonly target: State;
  /** For a rule transition: where the rule returns to. */
  readonly follow: State | null;
  /** Rule transitions and precedence predicates: the precedence. */
  readonly precedence: number;
  /** Atom and set transitions: the tokens matched. */
  readonly tokens: ReadonlySet<number> | null;
  /** Return edges of left-recursive rules entered at precedence 0: the rule, else -1. */
  readonly outermostPrecedenceReturn: number;
}

export interface State {
  readonly n: number;
  readonly type: number;
  readonly rule: number;
  readonly transitions: Transition[];
  /**
   * Whether the state has transitions and every one is an epsilon (rule, predicate, action or
   * plain epsilon). As ANTLR's `onlyHasEpsilonTransitions`, a state without transitions (the
   * start rule's stop state: nothing invokes that rule) is not: a configuration there is kept.
   */
  epsilonOnly: boolean;
  readonly decision: number;
  /** Whether the generated parser decides here with adaptivePredict (else by one token). */
  readonly adaptive: boolean;
  readonly precedenceDecision: boolean;
  /** For block starts: the block's end state. */
  end: State | null;
  /** For a star block start in a left-recursive rule's loop: the loop is a precedence loop. */
  inPrecedenceLoop: boolean;
}

/** Whether a transition of this kind consumes no token (ANTLR's `Transition.isEpsilon`). */
export function isEpsilon(kind: number): boolean {
  return kind === TransitionKind.Epsilon || kind === TransitionKind.Rule || kind === TransitionKind.Precedence || kind === TransitionKind.Action;
}

/** An ATN in the compact form `../grammar/generate-atn.mjs` writes (see `./atn-data.ts`). */
export interface AtnData {
  readonly RULE_START: readonly number[];
  readonly RULE_STOP: readonly number[];
  readonly DECISIONS: readonly number[];
  readonly ADAPTIVE_DECISIONS: readonly number[];
  readonly TOKEN_SETS: readonly (readonly number[])[];
  readonly STATES: readonly (readonly [number, number, number, number, number, readonly number[]])[];
}

/** An ATN's states, with each rule's stop state and each decision's state. */
export interface Atn {
  readonly states: readonly State[];
  readonly ruleStops: readonly State[];
  readonly decisions: readonly State[];
}

function buildStates({ ADAPTIVE_DECISIONS, STATES, TOKEN_SETS }: AtnData): State[] {
  const adaptive = new Set(ADAPTIVE_DECISIONS);
  const states: State[] = STATES.map(([type, rule, , decision, precedenceDecision], n) => ({
    n,
    type,
    rule,
    transitions: [],
    epsilonOnly: false,
    decision,
    adaptive: decision >= 0 && adaptive.has(decision),
    precedenceDecision: precedenceDecision === 1,
    end: null,
    inPrecedenceLoop: false,
  }));
  const sets = TOKEN_SETS.map((s) => new Set(s));
  STATES.forEach(([, , end, , , flat], n) => {
    const s = states[n]!;
    if (end >= 0) s.end = states[end]!;
    for (let i = 0; i < flat.length; ) {
      const kind = flat[i]!;
      const target = states[flat[i + 1]!]!;
      let follow: State | null = null;
      let precedence = 0;
      let tokens: ReadonlySet<number> | null = null;
      let opr = -1;
      switch (kind) {
        case TransitionKind.Epsilon:
          opr = flat[i + 2]!;
          i += 3;
          break;
        case TransitionKind.Rule:
          follow = states[flat[i + 2]!]!;
          precedence = flat[i + 3]!;
          i += 4;
          break;
        case TransitionKind.Precedence:
          precedence = flat[i + 2]!;
          i += 3;
          break;
        case TransitionKind.Atom:
          tokens = new Set([flat[i + 2]!]);
          i += 3;
          break;
        case TransitionKind.Set:
          tokens = sets[flat[i + 2]!]!;
          i += 3;
          break;
        default:
          i += 2;
      }
      s.transitions.push({ kind, target, follow, precedence, tokens, outermostPrecedenceReturn: opr });
    }
    s.epsilonOnly = s.transitions.length > 0 && s.transitions.every((t) => isEpsilon(t.kind));
  });
  for (const s of states) {
    if (s.type === StateType.StarLoopEntry && s.precedenceDecision) s.transitions[0]!.target.inPrecedenceLoop = true;
  }
  return states;
}

/** Builds an ATN from its compact form. Prediction runs on any; the parser's walk on CEL's. */
export function buildAtn(data: AtnData): Atn {
  const states = buildStates(data);
  return { states, ruleStops: data.RULE_STOP.map((n) => states[n]!), decisions: data.DECISIONS.map((n) => states[n]!) };
}

/** CEL's ATN. */
export const CEL_ATN: Atn = buildAtn(CEL_DATA);
export const ATN_STATES: readonly State[] = CEL_ATN.states;
export const RULE_START_STATES: readonly State[] = CEL_DATA.RULE_START.map((n) => ATN_STATES[n]!);
export const RULE_STOP_STATES: readonly State[] = CEL_ATN.ruleStops;
export const DECISION_STATES: readonly State[] = CEL_ATN.decisions;
export const LEFT_RECURSIVE_RULES: ReadonlySet<number> = new Set(CEL_DATA.LEFT_RECURSIVE);
