/**
 * Going from N to M replicas under four strategies, and what it costs:
 *
 * - `equal-ranges`: re-split the hash space into M equal ranges (the project's own split:
 *   apimachinery has no such helper).
 *   N to N+1 moves about half of all objects: every boundary shifts.
 * - `range-splitting`: keep existing ranges and halve the widest one for each new replica
 *   (merge into a neighbour when shrinking). Moves little, at the price of uneven shares.
 * - `jump-hash`: kube-state-metrics' bucket function. N to N+1 moves about 1/(N+1).
 * - `hash-mod`: hash mod N (Prometheus `hashmod`, Argo CD's legacy sharder). Moves most.
 *
 * A replica keeps its index across the change. During a rolling transition some replicas run
 * the old configuration and some the new; an object is then owned by its old owner if that
 * replica still runs the old configuration, plus its new owner if that one runs the new: the
 * audit of each stage shows the duplicates and gaps of disagreement.
 */
import { HASH_SPACE, formatHex, splitHashSpace } from '../../core/sharding';
import { jumpHash } from '../cluster';
import type { ReshardStrategy } from '../params';

/** The strategies, in display order. */
export const RESHARD_STRATEGIES: readonly ReshardStrategy[] = ['equal-ranges', 'range-splitting', 'jump-hash', 'hash-mod'];

/** A contiguous piece of the hash space and its owner. */
export interface OwnedSegment {
  readonly start: bigint;
  readonly end: bigint;
  readonly owner: number;
}

/** The equal split of N as owned segments. */
export function equalSegments(n: number): OwnedSegment[] {
  return splitHashSpace(n).map((r, i) => ({ start: BigInt(r.start), end: BigInt(r.end), owner: i }));
}

/**
 * Range splitting from the equal split of `from` to `to` owners. Growing halves the widest
 * segment (lowest first on ties) and gives the upper half to the new replica. Shrinking hands
 * each removed replica's segments (highest index first) to the adjacent surviving owner that
 * owns the least so far.
 */
export function splitSegments(from: number, to: number): OwnedSegment[] {
  return splitSegmentsFrom(equalSegments(from), from, to);
}

/** Range splitting from any layout of `from` owners (e.g. one an earlier split left). */
export function splitSegmentsFrom(start: readonly OwnedSegment[], from: number, to: number): OwnedSegment[] {
  let segs: OwnedSegment[] = start.slice();
  if (to > from) {
    for (let k = from; k < to; k++) {
      let w = 0;
      for (let i = 1; i < segs.length; i++) if (segs[i]!.end - segs[i]!.start > segs[w]!.end - segs[w]!.start) w = i;
      const s = segs[w]!;
      const mid = s.start + (s.end - s.start) / 2n;
      segs.splice(w, 1, { start: s.start, end: mid, owner: s.owner }, { start: mid, end: s.end, owner: k });
    }
  } else if (to < from) {
    for (let r = from - 1; r >= to; r--) {
      const width = (o: number) => segs.reduce((a, s) => (s.owner === o ? a + (s.end - s.start) : a), 0n);
      segs = segs.map((s, i) => {
        if (s.owner !== r) return s;
        const cands = [segs[i - 1]?.owner, segs[i + 1]?.owner].filter((o): o is number => o !== undefined && o !== r && o < r);
        let best = cands[0] ?? 0;
        for (const c of cands) if (width(c) < width(best) || (width(c) === width(best) && c < best)) best = c;
        return { ...s, owner: best };
      });
    }
  }
  // Merge neighbours with the same owner.
  const out: OwnedSegment[] = [];
  for (const s of segs) {
    const last = out[out.length - 1];
    if (last && last.owner === s.owner && last.end === s.start) out[out.length - 1] = { ...last, end: s.end };
    else out.push(s);
  }
  return out;
}

/** Segments as numeric bounds for a fast lookup: starts (hi, lo) and owners, ascending. */
export interface SegmentTable {
  readonly hi: Float64Array;
  readonly lo: Float64Array;
  readonly owner: Int32Array;
}

export function segmentTable(segs: readonly OwnedSegment[]): SegmentTable {
  const hi = new Float64Array(segs.length);
  const lo = new Float64Array(segs.length);
  const owner = new Int32Array(segs.length);
  segs.forEach((s, i) => {
    hi[i] = Number(s.start >> 32n);
    lo[i] = Number(s.start & 0xffffffffn);
    owner[i] = s.owner;
  });
  return { hi, lo, owner };
}

export function ownerBySegments(t: SegmentTable, h: number, l: number): number {
  let a = 0;
  let b = t.hi.length - 1;
  while (a < b) {
    const m = (a + b + 1) >>> 1;
    if (t.hi[m]! < h || (t.hi[m] === h && t.lo[m]! <= l)) a = m;
    else b = m - 1;
  }
  return t.owner[a]!;
}

/** hash mod n for a 64-bit hash given as halves, exactly. */
export function hashMod(hi: number, lo: number, n: number): number {
  return ((hi % n) * (4294967296 % n) + (lo % n)) % n;
}

/** Owner function of a strategy for `n` replicas (range-splitting relative to `base` replicas). */
export function ownerFunction(strategy: ReshardStrategy, n: number, base: number): (hi: number, lo: number) => number {
  switch (strategy) {
    case 'equal-ranges': {
      const t = segmentTable(equalSegments(n));
      return (h, l) => ownerBySegments(t, h, l);
    }
    case 'range-splitting': {
      const t = segmentTable(splitSegments(base, n));
      return (h, l) => ownerBySegments(t, h, l);
    }
    case 'jump-hash':
      return (h, l) => jumpHash(h, l, n);
    case 'hash-mod':
      return (h, l) => hashMod(h, l, n);
  }
}

/**
 * Stages of a rolling transition from `from` to `to` replicas: growing starts the new
 * replicas first (new configuration) and then restarts the old ones from the highest index
 * down; shrinking restarts the survivors from the highest index down, then stops the extra
 * ones. Each stage: per replica, 0 stopped, 1 old configuration, 2 new configuration.
 */
export function transitionStages(from: number, to: number): { label: string; state: Uint8Array }[] {
  const n = Math.max(from, to);
  const stages: { label: string; state: Uint8Array }[] = [];
  const state = new Uint8Array(n);
  for (let i = 0; i < from; i++) state[i] = 1;
  stages.push({ label: `all ${from} on N=${from}`, state: state.slice() });
  if (to > from) {
    for (let i = from; i < to; i++) state[i] = 2;
    stages.push({ label: `replicas ${from}..${to - 1} started with N=${to}`, state: state.slice() });
    for (let i = from - 1; i >= 0; i--) {
      state[i] = 2;
      stages.push({ label: `replica ${i} restarted with N=${to}`, state: state.slice() });
    }
  } else {
    for (let i = to - 1; i >= 0; i--) {
      state[i] = 2;
      stages.push({ label: `replica ${i} restarted with N=${to}`, state: state.slice() });
    }
    if (to < from) {
      for (let i = to; i < from; i++) state[i] = 0;
      stages.push({ label: `replicas ${to}..${from - 1} stopped`, state: state.slice() });
    }
  }
  return stages;
}

/**
 * Reshards `count` objects (hashes as halves) from `from` to `to` replicas. O(count) owner
 * lookups for each configuration, then every stage of the transition from an
 * old-owner x new-owner histogram in O(from x to).
 */
export function reshardHashes(
  hi: Uint32Array,
  lo: Uint32Array,
  count: number,
  strategy: ReshardStrategy,
  from: number,
  to: number,
): ReshardReport {
  for (const [name, v] of [['from', from], ['to', to]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > 64) throw new RangeError(`${name} must be an integer from 1 to 64, got ${v}`);
  }
  if (!RESHARD_STRATEGIES.includes(strategy)) {
    throw new RangeError(`strategy must be one of ${RESHARD_STRATEGIES.map((s) => `'${s}'`).join(', ')}, got ${JSON.stringify(strategy)}`);
  }
  const before = ownerFunction(strategy, from, from);
  const after = ownerFunction(strategy, to, from);
  const pairs = new Float64Array(from * to);
  for (let i = 0; i < count; i++) {
    const h = hi[i]!;
    const l = lo[i]!;
    pairs[before(h, l) * to + after(h, l)]!++;
  }
  let moved = 0;
  const perReplicaAfter = new Array<number>(to).fill(0);
  for (let a = 0; a < from; a++) {
    for (let b = 0; b < to; b++) {
      const n = pairs[a * to + b]!;
      perReplicaAfter[b]! += n;
      if (a !== b) moved += n;
    }
  }
  const stages: ReshardStage[] = transitionStages(from, to).map(({ label, state }) => {
    let gaps = 0;
    let duplicates = 0;
    for (let a = 0; a < from; a++) {
      for (let b = 0; b < to; b++) {
        const n = pairs[a * to + b]!;
        if (n === 0) continue;
        const owners = a === b ? (state[a] !== 0 ? 1 : 0) : (state[a] === 1 ? 1 : 0) + (state[b] === 2 ? 1 : 0);
        if (owners === 0) gaps += n;
        else if (owners > 1) duplicates += n;
      }
    }
    let updated = 0;
    let running = 0;
    for (const s of state) {
      if (s === 2) updated++;
      if (s !== 0) running++;
    }
    return { label, updated, running, gaps, duplicates };
  });
  const max = perReplicaAfter.reduce((m, v) => Math.max(m, v), 0);
  return {
    strategy,
    from,
    to,
    live: count,
    moved,
    movedFraction: count > 0 ? moved / count : 0,
    perReplicaAfter,
    imbalanceAfter: count > 0 ? (max * to) / count : 0,
    stages,
  };
}

/** The ranges each replica owns under range splitting, as hex (for selectors). */
export function splitRanges(from: number, to: number): { start: string; end: string }[][] {
  const out: { start: string; end: string }[][] = Array.from({ length: to }, () => []);
  for (const s of splitSegments(from, to)) out[s.owner]!.push({ start: formatHex(s.start), end: formatHex(s.end > HASH_SPACE ? HASH_SPACE : s.end) });
  return out;
}

/** One stage of a rolling transition from N to M replicas. */
export interface ReshardStage {
  /** Human description, e.g. `replica 3 restarted with M=5`. */
  readonly label: string;
  /** Replicas running the new configuration. */
  readonly updated: number;
  /** Replicas running at this stage. */
  readonly running: number;
  /** Live objects no running replica owns at this stage. */
  readonly gaps: number;
  /** Live objects two running replicas own at this stage. */
  readonly duplicates: number;
}

/** The outcome of resharding N to M under one strategy. */
export interface ReshardReport {
  /** The strategy compared. */
  readonly strategy: ReshardStrategy;
  /** Replicas before. */
  readonly from: number;
  /** Replicas after. */
  readonly to: number;
  /** Live objects considered. */
  readonly live: number;
  /** Objects whose owner differs between the N and the M configuration. */
  readonly moved: number;
  /** `moved / live`. */
  readonly movedFraction: number;
  /** Per new replica, objects owned after the transition. */
  readonly perReplicaAfter: readonly number[];
  /** Largest share after, times `to` (1 = even). */
  readonly imbalanceAfter: number;
  /** Audit at each stage of a rolling transition, where replicas disagree on N. */
  readonly stages: readonly ReshardStage[];
}
