import { ATN_STATES, EOF, EPSILON, StateType, TransitionKind, type State } from './atn';
import { EMPTY, EMPTY_RETURN_STATE, push, type Ctx } from './context';

/**
 * ANTLR's LL(1) analysis over the ATN: the tokens that can come next from a state, with or
 * without the stack of rules that invoked it.
 */

/**
 * Collects the tokens reachable from `s`. `ctx` null: a rule end adds {@link EPSILON};
 * `ctx` empty and `addEOF`: a rule end adds EOF; `ctx` empty without `addEOF` (the tool's
 * view of a decision): a rule end goes on to every place the rule returns to.
 */
function look(
  s: State,
  ctx: Ctx | null,
  out: Set<number>,
  busy: Set<string>,
  calledRules: Set<number>,
  seeThruPreds: boolean,
  addEOF: boolean,
): void {
  const key = `${s.n}:${ctx === null ? -1 : ctx.id}`;
  if (busy.has(key)) return;
  busy.add(key);
  if (s.type === StateType.RuleStop) {
    if (ctx === null) {
      out.add(EPSILON);
      return;
    }
    if (ctx.isEmpty() && addEOF) {
      out.add(EOF);
      return;
    }
    if (!ctx.isEmpty()) {
      const removed = calledRules.delete(s.rule);
      for (let i = 0; i < ctx.size; i++) {
        const rs = ctx.returnStates[i]!;
        if (rs === EMPTY_RETURN_STATE) {
          if (addEOF) out.add(EOF);
          continue;
        }
        look(ATN_STATES[rs]!, ctx.parents[i]!, out, busy, calledRules, seeThruPreds, addEOF);
      }
      if (removed) calledRules.add(s.rule);
      return;
    }
  }
  for (const t of s.transitions) {
    switch (t.kind) {
      case TransitionKind.Rule: {
        const rule = t.target.rule;
        if (calledRules.has(rule)) continue;
        calledRules.add(rule);
        look(t.target, push(ctx ?? EMPTY, t.follow!.n), out, busy, calledRules, seeThruPreds, addEOF);
        calledRules.delete(rule);
        break;
      }
      case TransitionKind.Precedence:
        if (seeThruPreds) look(t.target, ctx, out, busy, calledRules, seeThruPreds, addEOF);
        else out.add(HIT_PRED);
        break;
      case TransitionKind.Epsilon:
      case TransitionKind.Action:
        look(t.target, ctx, out, busy, calledRules, seeThruPreds, addEOF);
        break;
      default:
        for (const tok of t.tokens!) out.add(tok);
    }
  }
}

const HIT_PRED = 0;

const nextTokensCache: (ReadonlySet<number> | undefined)[] = [];

/** ANTLR's `atn.nextTokens(s)`: what can follow `s` within its rule, EPSILON if the rule can end. */
export function nextTokens(s: State): ReadonlySet<number> {
  let set = nextTokensCache[s.n];
  // Stryker disable next-line ConditionalExpression: a cache; computing the set again gives the same set.
  if (set === undefined) {
    const out = new Set<number>();
    look(s, null, out, new Set(), new Set(), true, true);
    set = out;
    nextTokensCache[s.n] = set;
  }
  return set;
}

/** ANTLR's `atn.nextTokens(s, ctx)`: what can follow `s` given the invoking rules. */
export function nextTokensInContext(s: State, ctx: Ctx): ReadonlySet<number> {
  const out = new Set<number>();
  look(s, ctx, out, new Set(), new Set(), true, true);
  return out;
}

/**
 * The lookahead set of each alternative of a decision as the ANTLR tool computes it to
 * generate LL(1) code: through rule ends into every caller, predicates not seen through.
 */
function decisionLookahead(s: State): (ReadonlySet<number> | null)[] {
  return s.transitions.map((t) => {
    const out = new Set<number>();
    const ctx = EMPTY;
    look(t.target, ctx, out, new Set(), new Set(), false, false);
    return out.size === 0 || out.has(HIT_PRED) ? null : out;
  });
}

const decisionLookCache = new Map<number, (ReadonlySet<number> | null)[]>();

/** {@link decisionLookahead} of decision state `s`, computed once. */
export function altLookahead(s: State): (ReadonlySet<number> | null)[] {
  let look = decisionLookCache.get(s.n);
  // Stryker disable next-line ConditionalExpression: a cache; computing the sets again gives the same sets.
  if (look === undefined) {
    look = decisionLookahead(s);
    decisionLookCache.set(s.n, look);
  }
  return look;
}
