import type { State } from './atn';
import { merge, type Ctx } from './context';

/**
 * ANTLR's ATN configurations: a state, the alternative of the decision it came from, the
 * stacks it may be in, and (only ever a precedence predicate in this grammar) the predicate
 * that must hold for it. `NO_PREDICATE` is ANTLR's `SemanticContext.NONE`.
 */

export const NO_PREDICATE = -1;

export class Config {
  constructor(
    readonly state: State,
    readonly alt: number,
    public ctx: Ctx,
    /** The precedence of a collected precedence predicate, or {@link NO_PREDICATE}. */
    readonly predicate: number,
    /** How far the closure went past the end of the decision's rule. */
    public outerDepth: number,
    public precedenceFilterSuppressed: boolean,
  ) {}

  /** A copy at another state (and possibly another context or predicate). */
  to(state: State, ctx: Ctx = this.ctx, predicate: number = this.predicate): Config {
    return new Config(state, this.alt, ctx, predicate, this.outerDepth, this.precedenceFilterSuppressed);
  }

  /** ANTLR's `ATNConfig.equals`, as a key. */
  get key(): string {
    return `${lookupKey(this) * 2 + (this.precedenceFilterSuppressed ? 1 : 0)}/${this.ctx.id}`;
  }
}

/** (state, alternative, predicate): what an `ATNConfigSet` merges configurations by. */
function lookupKey(c: Config): number {
  return (c.state.n * 32 + c.alt) * 16 + (c.predicate + 1);
}

/** ANTLR's `ATNConfigSet`: configurations merged by (state, alternative, predicate). */
export class ConfigSet {
  readonly configs: Config[] = [];
  private readonly index = new Map<number, Config>();
  hasSemanticContext = false;
  dipsIntoOuterContext = false;
  uniqueAlt = 0;
  conflictingAlts: number[] | null = null;

  constructor(readonly fullCtx: boolean) {}

  add(config: Config): void {
    if (config.predicate !== NO_PREDICATE) this.hasSemanticContext = true;
    if (config.outerDepth > 0) this.dipsIntoOuterContext = true;
    const key = lookupKey(config);
    const existing = this.index.get(key);
    if (existing === undefined) {
      this.index.set(key, config);
      this.configs.push(config);
      return;
    }
    existing.ctx = merge(existing.ctx, config.ctx, !this.fullCtx);
    existing.outerDepth = Math.max(existing.outerDepth, config.outerDepth);
    if (config.precedenceFilterSuppressed) existing.precedenceFilterSuppressed = true;
  }

  get size(): number {
    return this.configs.length;
  }

  /** ANTLR's `ATNConfigSet.equals` (configurations in order, and the flags), as a key. */
  key(): string {
    let key = `${this.fullCtx ? 1 : 0}${this.hasSemanticContext ? 1 : 0}${this.dipsIntoOuterContext ? 1 : 0}:${this.uniqueAlt}:${this.conflictingAlts?.join(',') ?? ''}:`;
    for (const c of this.configs) key += `${c.key},`;
    return key;
  }
}

/** The one alternative every configuration predicts, or 0. */
export function uniqueAlt(set: ConfigSet): number {
  let alt = 0;
  for (const c of set.configs) {
    if (alt === 0) alt = c.alt;
    else if (c.alt !== alt) return 0;
  }
  return alt;
}

/** ANTLR's `getConflictingAltSubsets`: alternatives grouped by (state, context). */
export function conflictingAltSubsets(set: ConfigSet): Set<number>[] {
  const groups = new Map<string, Set<number>>();
  for (const c of set.configs) {
    const key = `${c.state.n}:${c.ctx.id}`;
    let alts = groups.get(key);
    if (alts === undefined) {
      alts = new Set();
      groups.set(key, alts);
    }
    alts.add(c.alt);
  }
  return [...groups.values()];
}

function minOf(alts: Iterable<number>): number {
  let min = Infinity;
  for (const a of alts) if (a < min) min = a;
  return min;
}

/** ANTLR's `PredictionMode.hasSLLConflictTerminatingPrediction` in LL mode. */
export function hasSLLConflictTerminatingPrediction(set: ConfigSet, isRuleStop: (s: State) => boolean): boolean {
  if (set.configs.every((c) => isRuleStop(c.state))) return true;
  const subsets = conflictingAltSubsets(set);
  if (!subsets.some((s) => s.size > 1)) return false;
  const byState = new Map<number, Set<number>>();
  for (const c of set.configs) {
    let alts = byState.get(c.state.n);
    if (alts === undefined) {
      alts = new Set();
      byState.set(c.state.n, alts);
    }
    alts.add(c.alt);
  }
  for (const alts of byState.values()) if (alts.size === 1) return false;
  return true;
}

/** The union of the conflicting subsets, ascending. */
export function conflictingAlts(set: ConfigSet): number[] {
  const all = new Set<number>();
  for (const s of conflictingAltSubsets(set)) for (const a of s) all.add(a);
  return [...all].sort((a, b) => a - b);
}

/** ANTLR's `getSingleViableAlt`: the minimum alternative of every subset, if it is the same one. */
export function singleViableAlt(subsets: Set<number>[]): number {
  let viable = 0;
  for (const s of subsets) {
    const min = minOf(s);
    if (viable === 0) viable = min;
    else if (viable !== min) return 0;
  }
  return viable;
}

export { minOf };
