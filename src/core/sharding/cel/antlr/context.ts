/**
 * ANTLR's prediction contexts: a graph of return states standing for the rule invocation
 * stacks a configuration may be in. `$` (the empty stack) is the return state
 * {@link EMPTY_RETURN_STATE}. Contexts are interned, so equal contexts are the same object
 * and compare by identity (and by `id` in keys), whatever the depth of the stack.
 */

export const EMPTY_RETURN_STATE = 0x7fffffff;

/** Interned contexts by their shape (return states and parent ids). */
let interned = new Map<string, Ctx>();
let nextId = 1;

export class Ctx {
  private constructor(
    readonly id: number,
    /** One parent per return state; null only for `$`. */
    readonly parents: readonly (Ctx | null)[],
    /** Sorted ascending, `$` last. */
    readonly returnStates: readonly number[],
  ) {}

  /** The interned context with these return states and parents. */
  static of(parents: readonly (Ctx | null)[], returnStates: readonly number[]): Ctx {
    let shape = '';
    for (let i = 0; i < returnStates.length; i++) shape += `${returnStates[i]}:${parents[i]?.id ?? 0},`;
    let ctx = interned.get(shape);
    if (ctx === undefined) {
      ctx = new Ctx(nextId++, parents, returnStates);
      interned.set(shape, ctx);
    }
    return ctx;
  }

  /** The empty stack. */
  static readonly EMPTY: Ctx = new Ctx(0, [null], [EMPTY_RETURN_STATE]);

  get size(): number {
    return this.returnStates.length;
  }

  isEmpty(): boolean {
    return this === EMPTY;
  }

  /** Whether one of the stacks is the empty stack. */
  hasEmptyPath(): boolean {
    return this.returnStates[this.returnStates.length - 1] === EMPTY_RETURN_STATE;
  }
}

export const EMPTY = Ctx.EMPTY;

/** Number of interned contexts (for tests and for bounding memory). */
export function internedContexts(): number {
  return interned.size;
}

/** Forgets every interned context; the caller must drop everything that refers to them. */
export function resetContexts(): void {
  interned = new Map();
}

/** The context `parent` with `returnState` pushed on top. */
export function push(parent: Ctx, returnState: number): Ctx {
  return Ctx.of([parent], [returnState]);
}

/**
 * Merges two contexts. With `rootIsWildcard` (SLL prediction) the empty stack stands for
 * "any stack" and swallows what it is merged with; in full-context prediction it is one
 * stack among the others.
 */
export function merge(a: Ctx, b: Ctx, rootIsWildcard: boolean): Ctx {
  // Stryker disable next-line ConditionalExpression: a shortcut; contexts are interned, so merging a context with itself builds the same one.
  if (a === b) return a;
  if (a.size === 1 && b.size === 1) return mergeSingletons(a, b, rootIsWildcard);
  if (rootIsWildcard) {
    if (a === EMPTY) return a;
    if (b === EMPTY) return b;
  }
  return mergeArrays(a, b, rootIsWildcard);
}

/**
 * Two one-stack contexts. In SLL the empty stack swallows the other. In full context, `$`
 * beside another stack needs no case of its own: `$` is the largest return state, so it goes
 * last, with no parent, as ANTLR's `mergeRoot` places it. Contexts are interned, so a merge
 * that changes nothing returns the very context it started from.
 */
function mergeSingletons(a: Ctx, b: Ctx, rootIsWildcard: boolean): Ctx {
  if (rootIsWildcard && (a === EMPTY || b === EMPTY)) return EMPTY;
  const ra = a.returnStates[0]!;
  const rb = b.returnStates[0]!;
  const pa = a.parents[0]!;
  const pb = b.parents[0]!;
  if (ra === rb) return Ctx.of([merge(pa, pb, rootIsWildcard)], [ra]);
  return ra < rb ? Ctx.of([pa, pb], [ra, rb]) : Ctx.of([pb, pa], [rb, ra]);
}

function mergeArrays(a: Ctx, b: Ctx, rootIsWildcard: boolean): Ctx {
  const parents: (Ctx | null)[] = [];
  const states: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.size && j < b.size) {
    const ap = a.parents[i]!;
    const bp = b.parents[j]!;
    const ra = a.returnStates[i]!;
    const rb = b.returnStates[j]!;
    if (ra === rb) {
      const same = ap === bp;
      parents.push(same ? ap : merge(ap!, bp!, rootIsWildcard));
      states.push(ra);
      i++;
      j++;
    } else if (ra < rb) {
      parents.push(ap);
      states.push(ra);
      i++;
    } else {
      parents.push(bp);
      states.push(rb);
      j++;
    }
  }
  for (; i < a.size; i++) {
    parents.push(a.parents[i]!);
    states.push(a.returnStates[i]!);
  }
  for (; j < b.size; j++) {
    parents.push(b.parents[j]!);
    states.push(b.returnStates[j]!);
  }
  // At least one side held two return states, so the result holds two or more: never `$`
  // alone, which needs no special case here.
  return Ctx.of(parents, states);
}
