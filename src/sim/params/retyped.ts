/**
 * Running layouts typed after a reshard: `SimParams.retyped`.
 *
 * Once a scheduled reshard has fired, the replicas run the reshard's layout, not the start
 * layout the parameters describe. A controller author who then edits a replica's selector
 * edits what runs. Each such edit is an entry "from `at` seconds, the running replicas send
 * these selectors". Like the schedule, the list belongs to the run from its start: a seek
 * back before an entry and forward again passes it again and re-applies it, and a link
 * that carries the list restores the run exactly.
 *
 * An entry applies only when a reshard has fired by then and its selector count is the
 * running replica count (otherwise it is ignored: the run it was typed for has another
 * layout now). A later reshard replaces it with its own layout.
 */
import type { ParamIssue, RetypedLayout } from './types';
import { MAX_TOTAL_RANGES } from './defaults';
import { totalRanges } from './ranges';
import { preview } from './preview';

/** Entries a run holds at most. */
export const MAX_RETYPED = 256;
/** Latest time an entry may be at (as a scheduled event). */
const MAX_AT = 86_400;

function show(v: unknown): string {
  return preview(v);
}

/**
 * Checks a list of typed running layouts; every issue names its path (`retyped[0].at`).
 * Entries must be in time order; each holds 1 to 64 selector texts (any text: an invalid one
 * is sent as typed and answered by the API server), at most {@link MAX_TOTAL_RANGES} ranges.
 */
export function checkRetyped(list: unknown, path = 'retyped'): ParamIssue[] {
  const issues: ParamIssue[] = [];
  if (list === undefined) return issues;
  if (!Array.isArray(list)) {
    issues.push({ path, message: `${path} must be an array of {"at": seconds, "selectors": [...]}, got ${show(list)}` });
    return issues;
  }
  if (list.length > MAX_RETYPED) {
    issues.push({ path, max: MAX_RETYPED, message: `${path} holds ${list.length} entries; at most ${MAX_RETYPED}` });
    return issues;
  }
  let last = -Infinity;
  list.forEach((raw: unknown, i) => {
    const at = `${path}[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      issues.push({ path: at, message: `${at} must be an object such as {"at": 30, "selectors": ["shardRange(...)"]}, got ${show(raw)}` });
      return;
    }
    const e = raw as Record<string, unknown>;
    if (typeof e.at !== 'number' || !Number.isFinite(e.at) || e.at < 0 || e.at > MAX_AT) {
      issues.push({ path: `${at}.at`, min: 0, max: MAX_AT, message: `${at}.at must be a number from 0 to 86,400, got ${show(e.at)}` });
    } else if (e.at < last) {
      issues.push({ path: `${at}.at`, message: `${at}.at is ${e.at}, before the entry above it (${last}): entries must be in time order` });
    } else {
      last = e.at;
    }
    const sel = e.selectors;
    if (!Array.isArray(sel) || sel.length < 1 || sel.length > 64) {
      issues.push({ path: `${at}.selectors`, min: 1, max: 64, message: `${at}.selectors must be an array of 1 to 64 selector texts, got ${show(sel)}` });
      return;
    }
    const bad = sel.findIndex((s) => typeof s !== 'string');
    if (bad >= 0) {
      issues.push({ path: `${at}.selectors[${bad}]`, message: `${at}.selectors[${bad}] must be a selector text (a string), got ${show(sel[bad])}` });
      return;
    }
    const ranges = totalRanges(
      (sel as string[]).map((text) => ({ kind: 'text' as const, text })),
      sel.length,
    );
    if (ranges > MAX_TOTAL_RANGES) {
      issues.push({ path: `${at}.selectors`, max: MAX_TOTAL_RANGES, message: `${at}.selectors hold ${ranges} ranges; at most ${MAX_TOTAL_RANGES} in all` });
    }
  });
  return issues;
}

/** The tick of an entry. */
export function retypedTick(e: RetypedLayout, ticksPerSecond: number): number {
  return Math.round(e.at * ticksPerSecond);
}

/** The entry that applies at `tick` (the last of those at that tick), or null. */
export function retypedAt(list: readonly RetypedLayout[] | undefined, tick: number, ticksPerSecond: number): RetypedLayout | null {
  let found: RetypedLayout | null = null;
  for (const e of list ?? []) if (retypedTick(e, ticksPerSecond) === tick) found = e;
  return found;
}

/** Index of the first entry at or after `tick` (entries are in time order). */
export function firstRetypedFrom(list: readonly RetypedLayout[] | undefined, tick: number, ticksPerSecond: number): number {
  const l = list ?? [];
  let i = 0;
  while (i < l.length && retypedTick(l[i]!, ticksPerSecond) < tick) i++;
  return i;
}

/** Whether the entries before `tick` differ between two lists (then the run so far changes). */
export function retypedPastDiffers(a: readonly RetypedLayout[] | undefined, b: readonly RetypedLayout[] | undefined, tick: number, ticksPerSecond: number): boolean {
  const past = (l: readonly RetypedLayout[] | undefined) => (l ?? []).filter((e) => retypedTick(e, ticksPerSecond) < tick);
  return JSON.stringify(past(a)) !== JSON.stringify(past(b));
}
