import { describe, expect, it } from 'vitest';
import { Ctx, EMPTY, EMPTY_RETURN_STATE, internedContexts, merge, push, resetContexts } from './context';
import { mulberry32 as prng } from '../../../../../tests/support/mulberry32';

/**
 * A prediction context stands for a set of rule-invocation stacks. Read back as that set, a
 * merge must be the union of what it merges: exactly in full-context prediction, and in SLL
 * prediction with `$` read as "any stack from here on". These tests read contexts back as
 * their stacks and compare, over contexts built at random from a fixed seed.
 */

/** Every stack a context stands for, top first, each ending in `$`: "5 7 $". */
function stacks(ctx: Ctx): string[] {
  const out: string[] = [];
  for (let i = 0; i < ctx.size; i++) {
    const state = ctx.returnStates[i]!;
    const parent = ctx.parents[i]!;
    if (state === EMPTY_RETURN_STATE) {
      expect(parent).toBeNull();
      out.push('$');
    } else for (const rest of stacks(parent!)) out.push(`${state} ${rest}`);
  }
  return out;
}

const set = (xs: string[]) => [...new Set(xs)].sort();

/** In SLL, `$` matches any rest: a stack is dropped when a shorter one already matches it. */
function wildcardSet(xs: string[]): string[] {
  const prefixes = set(xs).map((s) => s.slice(0, -1)); // "5 7 " for "5 7 $"
  return set(prefixes.filter((p) => !prefixes.some((q) => q !== p && p.startsWith(q))).map((p) => `${p}$`));
}

/** A random context built as prediction builds them: pushes, and merges in the same mode. */
function randomCtx(rand: () => number, depth: number, wildcard: boolean): Ctx {
  if (depth === 0 || rand() < 0.2) return EMPTY;
  const state = 1 + Math.floor(rand() * 5);
  let ctx = push(randomCtx(rand, depth - 1, wildcard), state);
  if (rand() < 0.5) ctx = merge(ctx, randomCtx(rand, depth, wildcard), wildcard);
  return ctx;
}

function checkShape(ctx: Ctx): void {
  // Return states ascending, `$` (the largest) last; the empty stack only as `$`.
  expect([...ctx.returnStates]).toEqual([...ctx.returnStates].sort((x, y) => x - y));
  expect(new Set(ctx.returnStates).size).toBe(ctx.size);
  expect(ctx.parents).toHaveLength(ctx.size);
  expect(ctx.hasEmptyPath()).toBe(ctx.returnStates.includes(EMPTY_RETURN_STATE));
  expect(ctx.isEmpty()).toBe(ctx === EMPTY);
  if (ctx !== EMPTY) expect(ctx.size === 1 && ctx.hasEmptyPath()).toBe(false);
}

describe('prediction contexts read as sets of stacks', () => {
  it('a pushed state goes on top of every stack of its parent', () => {
    const base = merge(push(EMPTY, 3), push(EMPTY, 4), false);
    expect(stacks(push(base, 9))).toEqual(['9 3 $', '9 4 $']);
    expect(stacks(EMPTY)).toEqual(['$']);
    expect(EMPTY.size).toBe(1);
    expect(EMPTY.hasEmptyPath()).toBe(true);
    expect(push(EMPTY, 3).hasEmptyPath()).toBe(false);
    expect(push(EMPTY, 3).isEmpty()).toBe(false);
  });

  it('full-context merge is the union of the stacks, commutative, and keeps each shape once', () => {
    const rand = prng(22);
    let arrays = 0;
    for (let n = 0; n < 250; n++) {
      const a = randomCtx(rand, 3, false);
      const b = randomCtx(rand, 3, false);
      const m = merge(a, b, false);
      expect(set(stacks(m))).toEqual(set([...stacks(a), ...stacks(b)]));
      expect(stacks(m)).toHaveLength(set(stacks(m)).length);
      expect(merge(b, a, false)).toBe(m);
      expect(merge(m, a, false)).toBe(m);
      checkShape(m);
      if (a.size > 1 || b.size > 1) arrays++;
    }
    // The merges of several stacks at once (not only of two single stacks) were exercised.
    expect(arrays).toBeGreaterThan(100);
  });

  it('SLL merge is the union with `$` as any stack, and commutative', () => {
    const rand = prng(5866);
    for (let n = 0; n < 250; n++) {
      const a = randomCtx(rand, 3, true);
      const b = randomCtx(rand, 3, true);
      const m = merge(a, b, true);
      expect(wildcardSet(stacks(m))).toEqual(wildcardSet([...stacks(a), ...stacks(b)]));
      // Nothing is kept that another stack already matches.
      expect(set(stacks(m))).toEqual(wildcardSet(stacks(m)));
      expect(merge(b, a, true)).toBe(m);
      checkShape(m);
    }
  });

  it('in SLL the empty stack swallows anything; in full context it is kept beside it', () => {
    const deep = merge(push(push(EMPTY, 1), 2), push(EMPTY, 4), true);
    expect(merge(deep, EMPTY, true)).toBe(EMPTY);
    expect(merge(EMPTY, deep, true)).toBe(EMPTY);
    expect(stacks(merge(deep, EMPTY, false))).toEqual(['2 1 $', '4 $', '$']);
    expect(stacks(merge(EMPTY, push(EMPTY, 4), false))).toEqual(['4 $', '$']);
    expect(merge(push(EMPTY, 4), EMPTY, false)).toBe(merge(EMPTY, push(EMPTY, 4), false));
    // Same top state: the parents merge, and a parent that already holds the other is kept.
    const a = push(EMPTY, 6);
    const withAlt = push(merge(push(EMPTY, 1), push(EMPTY, 2), false), 6);
    expect(merge(push(push(EMPTY, 1), 6), withAlt, false)).toBe(withAlt);
    expect(merge(withAlt, push(push(EMPTY, 2), 6), false)).toBe(withAlt);
    expect(stacks(merge(a, push(push(EMPTY, 1), 6), false))).toEqual(['6 1 $', '6 $']);
  });

  it('two stacks under one parent share it; under two parents, each keeps its own', () => {
    const p = push(EMPTY, 8);
    const shared = merge(push(p, 2), push(p, 1), true);
    expect(shared.returnStates).toEqual([1, 2]);
    expect(shared.parents[0]).toBe(p);
    expect(shared.parents[1]).toBe(p);
    const own = merge(push(push(EMPTY, 9), 2), push(p, 1), true);
    expect(stacks(own)).toEqual(['1 8 $', '2 9 $']);
  });
});

describe('interning', () => {
  it('counts the contexts it holds and forgets them on reset, after which equal shapes are new objects', () => {
    const before = push(push(EMPTY, 41), 42);
    const count = internedContexts();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(push(push(EMPTY, 41), 42)).toBe(before);
    expect(internedContexts()).toBe(count);
    push(push(EMPTY, 41), 43);
    expect(internedContexts()).toBe(count + 1);
    resetContexts();
    expect(internedContexts()).toBe(0);
    const after = push(push(EMPTY, 41), 42);
    expect(after).not.toBe(before);
    expect(stacks(after)).toEqual(stacks(before));
    expect(after.id).not.toBe(before.id);
    expect(internedContexts()).toBe(2);
  });
});
