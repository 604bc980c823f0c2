import { describe, expect, it } from 'vitest';
import { StateType, type State } from './atn';
import { EMPTY, EMPTY_RETURN_STATE, push } from './context';
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

/** A bare state: only its number and type matter to configurations. */
const state = (n: number, type: number = StateType.Basic): State => ({
  n,
  type,
  rule: 0,
  transitions: [],
  epsilonOnly: false,
  decision: -1,
  adaptive: false,
  precedenceDecision: false,
  end: null,
  inPrecedenceLoop: false,
});

const S = [state(0), state(1), state(2), state(3)];
const STOP = state(9, StateType.RuleStop);
const isRuleStop = (s: State) => s.type === StateType.RuleStop;
const cfg = (s: State, alt: number, ctx = EMPTY, predicate = NO_PREDICATE, outerDepth = 0, suppressed = false) =>
  new Config(s, alt, ctx, predicate, outerDepth, suppressed);

function setOf(fullCtx: boolean, ...configs: Config[]): ConfigSet {
  const set = new ConfigSet(fullCtx);
  for (const c of configs) set.add(c);
  return set;
}

describe('Config', () => {
  it('has one key per (state, alternative, predicate, suppressed filter, context), none shared', () => {
    const keys = new Map<string, string>();
    const ctxs = [EMPTY, push(EMPTY, 4)];
    for (const s of [...S, STOP]) {
      for (const alt of [1, 2, 3, 31]) {
        for (const predicate of [NO_PREDICATE, 0, 1, 14]) {
          for (const suppressed of [false, true]) {
            for (const ctx of ctxs) {
              const what = `${s.n}/${alt}/${predicate}/${suppressed}/${ctx.id}`;
              const key = cfg(s, alt, ctx, predicate, 0, suppressed).key;
              expect(keys.get(key), `${what} and ${keys.get(key)} share ${key}`).toBeUndefined();
              keys.set(key, what);
              // The depth past the rule's end is not part of what makes two configurations equal.
              expect(cfg(s, alt, ctx, predicate, 3, suppressed).key).toBe(key);
            }
          }
        }
      }
    }
  });

  it('moves to another state keeping alternative, depth and filter, with the context and predicate given or kept', () => {
    const c = cfg(S[0]!, 2, push(EMPTY, 5), 3, 1, true);
    const moved = c.to(S[1]!);
    expect([moved.state, moved.alt, moved.ctx, moved.predicate, moved.outerDepth, moved.precedenceFilterSuppressed]).toEqual([
      S[1],
      2,
      c.ctx,
      3,
      1,
      true,
    ]);
    const other = c.to(S[2]!, EMPTY, NO_PREDICATE);
    expect([other.ctx, other.predicate]).toEqual([EMPTY, NO_PREDICATE]);
  });
});

describe('ConfigSet', () => {
  it('merges configurations of the same state, alternative and predicate: contexts, depth, filter', () => {
    const sll = setOf(false, cfg(S[0]!, 1, push(EMPTY, 5), NO_PREDICATE, 0, false), cfg(S[0]!, 1, EMPTY, NO_PREDICATE, 2, true));
    expect(sll.size).toBe(1);
    // SLL: the empty stack is any stack.
    expect(sll.configs[0]!.ctx).toBe(EMPTY);
    expect(sll.configs[0]!.outerDepth).toBe(2);
    expect(sll.configs[0]!.precedenceFilterSuppressed).toBe(true);
    const ll = setOf(true, cfg(S[0]!, 1, push(EMPTY, 5), NO_PREDICATE, 3), cfg(S[0]!, 1, EMPTY, NO_PREDICATE, 1));
    expect(ll.configs[0]!.ctx.returnStates).toEqual([5, EMPTY_RETURN_STATE]);
    expect(ll.configs[0]!.outerDepth).toBe(3);
    expect(ll.configs[0]!.precedenceFilterSuppressed).toBe(false);
    // A merge never clears the filter flag.
    const kept = setOf(false, cfg(S[0]!, 1, EMPTY, NO_PREDICATE, 0, true), cfg(S[0]!, 1, EMPTY));
    expect(kept.configs[0]!.precedenceFilterSuppressed).toBe(true);
  });

  it('keeps configurations apart that differ in state, alternative or predicate, in the order added', () => {
    const set = setOf(false, cfg(S[0]!, 1), cfg(S[0]!, 2), cfg(S[1]!, 1), cfg(S[0]!, 1, EMPTY, 2), cfg(S[0]!, 1));
    expect(set.configs.map((c) => [c.state.n, c.alt, c.predicate])).toEqual([
      [0, 1, NO_PREDICATE],
      [0, 2, NO_PREDICATE],
      [1, 1, NO_PREDICATE],
      [0, 1, 2],
    ]);
  });

  it('notes a predicate and a dip past the rule end, and its key tells every difference apart', () => {
    const plain = setOf(false, cfg(S[0]!, 1));
    expect([plain.hasSemanticContext, plain.dipsIntoOuterContext]).toEqual([false, false]);
    const pred = setOf(false, cfg(S[0]!, 1, EMPTY, 0));
    expect([pred.hasSemanticContext, pred.dipsIntoOuterContext]).toEqual([true, false]);
    const dip = setOf(false, cfg(S[0]!, 1, EMPTY, NO_PREDICATE, 1));
    expect([dip.hasSemanticContext, dip.dipsIntoOuterContext]).toEqual([false, true]);

    const keys = new Set<string>();
    const variants: ConfigSet[] = [plain, setOf(true, cfg(S[0]!, 1)), dip, setOf(false, cfg(S[1]!, 1)), setOf(false, cfg(S[0]!, 1), cfg(S[1]!, 2))];
    const flagged = setOf(false, cfg(S[0]!, 1));
    flagged.hasSemanticContext = true;
    const unique = setOf(false, cfg(S[0]!, 1));
    unique.uniqueAlt = 1;
    const conflict = setOf(false, cfg(S[0]!, 1));
    conflict.conflictingAlts = [1, 2];
    const conflict2 = setOf(false, cfg(S[0]!, 1));
    conflict2.conflictingAlts = [1, 3];
    variants.push(flagged, unique, conflict, conflict2);
    for (const v of variants) keys.add(v.key());
    expect(keys.size).toBe(variants.length);
    expect(setOf(false, cfg(S[0]!, 1)).key()).toBe(plain.key());
  });
});

describe('conflict analysis', () => {
  const a = push(EMPTY, 5);
  const b = push(EMPTY, 6);

  it('finds the one alternative every configuration predicts, else 0', () => {
    expect(uniqueAlt(setOf(false, cfg(S[0]!, 2), cfg(S[1]!, 2)))).toBe(2);
    expect(uniqueAlt(setOf(false, cfg(S[0]!, 2), cfg(S[1]!, 3)))).toBe(0);
    expect(uniqueAlt(setOf(false, cfg(S[0]!, 2), cfg(S[1]!, 2), cfg(S[2]!, 1)))).toBe(0);
    expect(uniqueAlt(new ConfigSet(false))).toBe(0);
  });

  it('groups alternatives by state and context', () => {
    const set = setOf(true, cfg(S[0]!, 1, a), cfg(S[0]!, 2, a), cfg(S[0]!, 3, b), cfg(S[1]!, 1, a));
    expect(conflictingAltSubsets(set).map((s) => [...s])).toEqual([[1, 2], [3], [1]]);
    expect(conflictingAlts(setOf(true, cfg(S[0]!, 3, a), cfg(S[0]!, 1, b), cfg(S[1]!, 2, a), cfg(S[2]!, 10, a)))).toEqual([1, 2, 3, 10]);
  });

  it('takes the smallest alternative of each subset, and one only if all agree', () => {
    expect(minOf([3, 1, 2])).toBe(1);
    expect(minOf([4, 4])).toBe(4);
    expect(minOf([])).toBe(Infinity);
    expect(singleViableAlt([new Set([2, 3]), new Set([2])])).toBe(2);
    expect(singleViableAlt([new Set([3, 2]), new Set([1, 2])])).toBe(0);
    expect(singleViableAlt([new Set([1]), new Set([1, 2]), new Set([2])])).toBe(0);
    expect(singleViableAlt([])).toBe(0);
  });

  it('stops SLL prediction at a conflict in every state, or when all configurations are at a rule end', () => {
    // All at a rule's end: nothing more to look at.
    expect(hasSLLConflictTerminatingPrediction(setOf(false, cfg(STOP, 1), cfg(STOP, 2, a)), isRuleStop)).toBe(true);
    // No subset with two alternatives: no conflict.
    expect(hasSLLConflictTerminatingPrediction(setOf(false, cfg(S[0]!, 1, a), cfg(S[0]!, 2, b)), isRuleStop)).toBe(false);
    // A conflict, and every state predicts two or more alternatives.
    expect(hasSLLConflictTerminatingPrediction(setOf(false, cfg(S[0]!, 1, a), cfg(S[0]!, 2, a), cfg(S[1]!, 1, b), cfg(S[1]!, 3, b)), isRuleStop)).toBe(true);
    // A conflict, but one state predicts one alternative only: go on.
    expect(hasSLLConflictTerminatingPrediction(setOf(false, cfg(S[0]!, 1, a), cfg(S[0]!, 2, a), cfg(S[1]!, 1, b)), isRuleStop)).toBe(false);
    // One configuration at a rule end is not all of them.
    expect(hasSLLConflictTerminatingPrediction(setOf(false, cfg(STOP, 1), cfg(S[1]!, 1)), isRuleStop)).toBe(false);
  });
});
