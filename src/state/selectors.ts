/**
 * Replica selectors as the UI handles them: texts (what each replica sends), their parse
 * results from the core, and the draggable boundaries between ranges.
 */
import {
  HASH_SPACE,
  ShardSelector,
  ShardSelectorError,
  formatHex,
  parseHex,
  parseShardSelector,
  requirementToString,
  splitHashSpace,
  syntaxErrorsLoaded,
  type ShardKey,
  type ShardRangeRequirement,
} from '../core/sharding';

/** A selector text after parsing: the selector, or the apiserver's verdict against it. */
export type ParsedSelector =
  | { readonly ok: true; readonly text: string; readonly selector: ShardSelector }
  | { readonly ok: false; readonly text: string; readonly error: ShardSelectorError };

const cache = new Map<string, ParsedSelector>();
const CACHE_LIMIT = 512;
/**
 * Syntax errors worded before the model that words them as cel-go does has loaded: kept until
 * it loads (a link's ten selectors were otherwise parsed again by every card on every render),
 * then dropped, so the next parse gives the final message.
 */
const pending = new Map<string, ParsedSelector>();

/**
 * Parses a selector with the core (the apiserver's rules). Never throws: anything the
 * parser throws that is not a `ShardSelectorError` is wrapped as one, so a parser bug
 * cannot take the page down. Results are memoised because every card and band asks; a
 * syntax error that is not final yet (the syntax-error model still loading) is not, so the
 * next parse after the model arrives words it as the apiserver does.
 */
export function parseSelectorText(text: string): ParsedSelector {
  const hit = cache.get(text);
  if (hit) return hit;
  if (pending.size > 0) {
    if (syntaxErrorsLoaded()) pending.clear();
    else {
      const early = pending.get(text);
      if (early) return early;
    }
  }
  let result: ParsedSelector;
  try {
    result = { ok: true, text, selector: parseShardSelector(text) };
  } catch (e) {
    const error =
      e instanceof ShardSelectorError
        ? e
        : new ShardSelectorError(String((e as Error)?.message ?? e), 'syntax', { offset: 0, length: text.length, line: 1, column: 1 });
    result = { ok: false, text, error };
  }
  if (!result.ok && !result.error.final) {
    if (pending.size >= CACHE_LIMIT) pending.clear();
    pending.set(text, result);
    return result;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}

/**
 * Ranges the texts hold in all (a text the API server rejects holds none), to compare with
 * `MAX_TOTAL_RANGES`, the most the model simulates.
 */
export function countRanges(texts: readonly string[]): number {
  let total = 0;
  for (const text of texts) {
    const p = parseSelectorText(text);
    if (p.ok) total += p.selector.requirements.length;
  }
  return total;
}

/**
 * At least as many ranges as the texts hold, without parsing them: each range is a
 * `shardRange(...)` call, and CEL writes that name only one way (no escapes in identifiers, no
 * block comments), so the name's occurrences bound the ranges from above. A scan of a megabyte
 * takes a millisecond, where parsing it took a quarter of a second on the page's thread.
 */
export function rangeCountBound(texts: readonly string[]): number {
  let total = 0;
  for (const text of texts) for (let i = text.indexOf('shardRange'); i >= 0; i = text.indexOf('shardRange', i + 10)) total++;
  return total;
}

/** The apimachinery equal split of the hash space into `n` ranges, as selector texts. */
export function equalSplitSelectors(n: number, key: ShardKey): string[] {
  return splitHashSpace(n).map((r) => requirementToString({ key, start: r.start, end: r.end }));
}

/** One end of one range of one replica's selector. */
export interface BoundRef {
  readonly replica: number;
  readonly range: number;
  readonly side: 'start' | 'end';
}

/**
 * A draggable boundary: every range end that sits at the same hash moves together, so the
 * shared edge of two neighbouring replicas stays shared (no gap, no overlap) as it moves.
 */
export interface BoundaryHandle {
  /** The bound, `0x` + 16 hex digits (or 2^64). */
  readonly hex: string;
  readonly value: bigint;
  readonly refs: readonly BoundRef[];
  /** The range the handle may move in and keep every touched range non-empty. */
  readonly min: bigint;
  readonly max: bigint;
}

/** The boundaries of all valid selectors, in hash order. Invalid selectors have none. */
export function boundaryHandles(parsed: readonly ParsedSelector[]): BoundaryHandle[] {
  const byValue = new Map<bigint, BoundRef[]>();
  const reqs: (readonly ShardRangeRequirement[] | null)[] = parsed.map((p) => (p.ok ? p.selector.requirements : null));
  reqs.forEach((list, replica) => {
    list?.forEach((r, range) => {
      for (const side of ['start', 'end'] as const) {
        const v = parseHex(side === 'start' ? r.start : r.end);
        let refs = byValue.get(v);
        if (!refs) byValue.set(v, (refs = []));
        refs.push({ replica, range, side });
      }
    });
  });
  const out: BoundaryHandle[] = [];
  for (const [value, refs] of byValue) {
    let min = 0n;
    let max = HASH_SPACE;
    for (const ref of refs) {
      const r = reqs[ref.replica]![ref.range]!;
      // A range's start must stay below its end: a handle moving an end stops one above the
      // start, one moving a start stops one below the end.
      if (ref.side === 'end') min = bigMax(min, parseHex(r.start) + 1n);
      else max = bigMin(max, parseHex(r.end) - 1n);
    }
    out.push({ hex: formatHex(value), value, refs, min, max });
  }
  return out.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/**
 * Moves a boundary to `to` (clamped to the handle's bounds) and returns the new selector
 * texts. Only the replicas the handle touches change; their text becomes canonical.
 */
export function moveBoundary(
  texts: readonly string[],
  parsed: readonly ParsedSelector[],
  handle: BoundaryHandle,
  to: bigint,
): string[] {
  const target = formatHex(bigMin(handle.max, bigMax(handle.min, to)));
  const next = texts.slice();
  const touched = new Map<number, ShardRangeRequirement[]>();
  for (const ref of handle.refs) {
    const p = parsed[ref.replica];
    if (!p || !p.ok) continue;
    let list = touched.get(ref.replica);
    if (!list) touched.set(ref.replica, (list = p.selector.requirements.slice()));
    const r = list[ref.range]!;
    list[ref.range] = ref.side === 'start' ? { ...r, start: target } : { ...r, end: target };
  }
  for (const [replica, list] of touched) next[replica] = list.map(requirementToString).join(' || ');
  return next;
}

/** A hash-space fraction in [0, 1] as an exact bound, snapped to 1/65536 for tidy hex. */
export function fractionToBound(fraction: number): bigint {
  const clamped = Math.min(1, Math.max(0, fraction));
  return BigInt(Math.round(clamped * 65536)) << 48n;
}

/** Keyboard steps for a boundary handle: 1/1024 of the space, or 1/64 with PageUp/PageDown. */
export const NUDGE_SMALL = 1n << 54n;
export const NUDGE_LARGE = 1n << 58n;

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
function bigMin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * Applies the apiserver's "did you mean" to the text: the offending literal (the error's
 * span) gets the zero-padded value, keeping its quote style (and raw prefix) when the span
 * covers the quotes. Returns null when the error offers no suggestion.
 */
export function applyQuickFix(text: string, error: ShardSelectorError): string | null {
  if (!error.suggestion) return null;
  const suggestion = error.suggestion.replace(/^(["'])(.*)\1$/, '$2');
  const { offset, length } = error.span;
  if (offset < 0 || offset + length > text.length) return null;
  const slice = text.slice(offset, offset + length);
  const quoted = /^([rR]?)('''|"""|'|")[\s\S]*\2$/.exec(slice);
  const replacement = quoted ? `${quoted[1]}${quoted[2]}${suggestion}${quoted[2]}` : suggestion;
  return text.slice(0, offset) + replacement + text.slice(offset + length);
}
