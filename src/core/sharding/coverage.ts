import { HASH_SPACE, formatHex, parseHex } from './hex';
import type { ShardSelector } from './selector';
import type { ShardRangeRequirement } from './types';

/** A stretch of the hash space and the owners (indexes into the input) whose ranges hold it. */
export interface CoverageSegment {
  readonly start: string;
  readonly end: string;
  /** Width of the stretch, exact. */
  readonly size: bigint;
  readonly owners: readonly number[];
}

export interface CoverageReport {
  /** The whole space cut at every bound, in order; each stretch with its owners. */
  readonly segments: readonly CoverageSegment[];
  /** Stretches no selector owns. Objects hashing there are processed by no replica. */
  readonly gaps: readonly CoverageSegment[];
  /** Stretches two or more selectors own. Objects there are processed more than once. */
  readonly overlaps: readonly CoverageSegment[];
  /** Share of 2^64 in gaps, in overlaps, and owned exactly once. */
  readonly gapFraction: number;
  readonly overlapFraction: number;
  readonly exactFraction: number;
}

type Owner = ShardSelector | readonly ShardRangeRequirement[];

const SPACE = Number(HASH_SPACE);

/**
 * Which parts of `[0, 2^64)` are owned by no selector (gaps) and by more than one
 * (overlaps), exactly. A selector's own overlapping ranges count once for that selector.
 * An empty selector (no ranges) owns nothing here: it is not a sharded client.
 */
export function analyzeCoverage(owners: readonly Owner[]): CoverageReport {
  // Sweep line: +1 at a range's start, -1 at its end, per owner; O(E log E) in the bounds.
  const events: { at: bigint; owner: number; delta: 1 | -1 }[] = [];
  owners.forEach((o, owner) => {
    const reqs = Array.isArray(o) ? (o as readonly ShardRangeRequirement[]) : (o as ShardSelector).requirements;
    for (const r of reqs) {
      const start = parseHex(r.start);
      const end = minBig(parseHex(r.end), HASH_SPACE);
      if (start >= end) continue;
      events.push({ at: start, owner, delta: 1 }, { at: end, owner, delta: -1 });
    }
  });
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const depth = new Map<number, number>();
  const segments: CoverageSegment[] = [];
  let at = 0n;
  let i = 0;
  const emit = (until: bigint) => {
    if (until <= at) return;
    const here = [...depth.keys()].sort((a, b) => a - b);
    const prev = segments[segments.length - 1];
    // Merge neighbours with the same owners so the report lists maximal stretches.
    if (prev && sameOwners(prev.owners, here)) {
      segments[segments.length - 1] = { ...prev, end: formatHex(until), size: prev.size + (until - at) };
    } else {
      segments.push({ start: formatHex(at), end: formatHex(until), size: until - at, owners: here });
    }
    at = until;
  };
  while (i < events.length) {
    const pos = events[i]!.at;
    emit(pos);
    for (; i < events.length && events[i]!.at === pos; i++) {
      const e = events[i]!;
      const n = (depth.get(e.owner) ?? 0) + e.delta;
      if (n === 0) depth.delete(e.owner);
      else depth.set(e.owner, n);
    }
  }
  emit(HASH_SPACE);
  const gaps = segments.filter((g) => g.owners.length === 0);
  const overlaps = segments.filter((g) => g.owners.length > 1);
  const frac = (list: readonly CoverageSegment[]) => list.reduce((acc, g) => acc + Number(g.size), 0) / SPACE;
  const gapFraction = frac(gaps);
  const overlapFraction = frac(overlaps);
  return {
    segments,
    gaps,
    overlaps,
    gapFraction,
    overlapFraction,
    exactFraction: Math.max(0, 1 - gapFraction - overlapFraction),
  };
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function sameOwners(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
