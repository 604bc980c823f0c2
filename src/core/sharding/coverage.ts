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
  const cuts = new Set<bigint>([0n, HASH_SPACE]);
  const ranges: { owner: number; start: bigint; end: bigint }[] = [];
  owners.forEach((o, owner) => {
    const reqs = Array.isArray(o) ? (o as readonly ShardRangeRequirement[]) : (o as ShardSelector).requirements;
    for (const r of reqs) {
      const start = parseHex(r.start);
      const end = parseHex(r.end);
      if (start >= end) continue;
      ranges.push({ owner, start, end });
      cuts.add(start);
      cuts.add(end > HASH_SPACE ? HASH_SPACE : end);
    }
  });
  const points = [...cuts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const segments: CoverageSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const s = points[i]!;
    const e = points[i + 1]!;
    const set = new Set<number>();
    for (const r of ranges) if (r.start <= s && e <= r.end) set.add(r.owner);
    const prev = segments[segments.length - 1];
    const ownersHere = [...set].sort((a, b) => a - b);
    // Merge neighbours with the same owners so the report lists maximal stretches.
    if (prev && sameOwners(prev.owners, ownersHere)) {
      segments[segments.length - 1] = { ...prev, end: formatHex(e), size: prev.size + (e - s) };
    } else {
      segments.push({ start: formatHex(s), end: formatHex(e), size: e - s, owners: ownersHere });
    }
  }
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

function sameOwners(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
