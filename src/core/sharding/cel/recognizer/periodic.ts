import type { Token } from '../tokens';
import type { FirstError } from './stop';
import { parseTokens } from './run';

/**
 * Long inputs are mostly repetition (`a || b || ...`, a list of 50,000 elements): a run of
 * the same token kinds, over and over. ANTLR's runtime spends microseconds per token and per
 * rule it enters, so a 100,000-character input with a syntax error at its end would take
 * seconds; the parser generated from the grammar is the source of truth, so instead of
 * reasoning about the grammar this file shows, by running that parser, that most copies of a
 * run can be left out without changing anything it does, and leaves them out.
 *
 * The argument. Take the tokens as X·U^k·Y, where U is one copy of the run, and parse
 * X·U^m·Y instead (m much smaller than k; the copies kept are the last m of the input, with
 * their own offsets and text, so nothing needs mapping back). Suppose that parse, when it
 * first stands at the start of the first copy kept and at the start of the second, is in the
 * same configuration (ATN state, rule invocations with their invoking states, precedence
 * stack, cel-go's nesting counts: all that ANTLR's generated code and runtime decide by, see
 * `run.ts`), and that by the second it had read no further than q copies past the first
 * (prediction reads ahead), with q < m. The parser decides from its configuration and the
 * tokens it reads, never from where it is; so on the whole input it goes through every copy
 * in that same configuration, each time reading only copies of U ahead (q of them), and
 * stands at the start of the m-1 last copies just as the shortened parse stands at its second
 * copy: from there both read the same tokens, so they report the same first error on the same
 * tokens. Before the second copy kept, the two inputs are the same as far as the shortened
 * parse read. When a condition does not hold (the configuration changes from copy to copy, as
 * in `((((...`, or a prediction reads across the whole run), the whole input is parsed.
 */

/** Periods tried, in tokens: a range call joined by `||` is 14. */
const MAX_PERIOD = 64;
/** Below this many tokens the whole input is parsed: it takes a few milliseconds at most. */
const MIN_TOKENS = 1_000;
/** Copies kept at the end of a run, unless the first parse shows that prediction reads further. */
const KEEP = 4;

/** `copies` copies of `period` tokens, from token `start`. */
export interface Run {
  readonly start: number;
  readonly period: number;
  readonly copies: number;
}

/** The run of repeated token kinds that leaves out the most tokens (null if none would). */
export function longestRun(tokens: readonly Token[]): Run | null {
  const n = tokens.length;
  const kinds = new Int8Array(n);
  const ids = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const kind = tokens[i]!.kind;
    let id = ids.get(kind);
    if (id === undefined) ids.set(kind, (id = ids.size));
    kinds[i] = id;
  }
  let best: Run | null = null;
  let bestSaved = 0;
  for (let period = 1; period <= MAX_PERIOD && 2 * period <= n; period++) {
    // `same` tokens in a row equal the token `period` further on: `same + period` tokens repeat.
    let same = 0;
    for (let i = 0; i + period < n; i++) {
      if (kinds[i] !== kinds[i + period]) {
        same = 0;
        continue;
      }
      same++;
      const copies = Math.floor((same + period) / period);
      const saved = (copies - 1 - KEEP) * period;
      if (saved > bestSaved) {
        bestSaved = saved;
        best = { start: i + 1 - same, period, copies };
      }
    }
  }
  return best;
}

/**
 * The first error of the whole parse, found on a shortened copy of `tokens` when the argument
 * above holds for it; undefined when it does not (or the input is short), and the whole input
 * must be parsed.
 */
export function firstErrorShortened(src: string, tokens: readonly Token[], lexerError: FirstError | null, maxRecursionDepth: number): FirstError | null | undefined {
  if (tokens.length < MIN_TOKENS) return undefined;
  const run = longestRun(tokens);
  if (run === null) return undefined;
  // The run's first copy joins X: the parser stands at the start of a copy only after a
  // token of its own has been consumed, so the first copy compared is the second of the run.
  const x = run.start + run.period;
  const copies = run.copies - 1;
  let keep = KEEP;
  for (let attempt = 0; attempt < 2 && keep + 2 <= copies; attempt++) {
    const u = run.period;
    const shortened = [...tokens.slice(0, x), ...tokens.slice(x + (copies - keep) * u)];
    const parsed = parseTokens(src, shortened, lexerError, maxRecursionDepth, new Set([x, x + u]));
    const first = parsed.snapshots.get(x);
    const second = parsed.snapshots.get(x + u);
    if (first === undefined || second === undefined || first.snapshot !== second.snapshot) return undefined;
    // Copies read past the first one kept by the time the parser stood at the second.
    const ahead = Math.ceil((second.tokensRead - x) / u);
    if (ahead < keep) return parsed.error;
    keep = ahead + 1;
  }
  return undefined;
}
