import { hashFieldHigh, lastHashLow } from './hash';
import { hexToParts } from './hex';
import type { ShardKey, ShardRangeRequirement, ShardableObject } from './types';

/** Reads the shard key's value from an object; a missing field reads as "" (as the apiserver does). */
export function resolveFieldValue(obj: ShardableObject, key: ShardKey): string {
  return (key === 'object.metadata.uid' ? obj.metadata.uid : obj.metadata.namespace) ?? '';
}

/** Canonical text of one requirement, as the apiserver prints it. */
export function requirementToString(r: ShardRangeRequirement): string {
  return `shardRange(${r.key}, '${r.start}', '${r.end}')`;
}

/**
 * A parsed shard selector: the union of its ranges. Built by `parseShardSelector` or from
 * requirements directly (for example an equal split).
 */
export class ShardSelector {
  readonly requirements: readonly ShardRangeRequirement[];
  /** Range bounds as numbers: [startHi, startLo, endHi, endLo] per range (endHi may be 2^32). */
  private readonly bounds: Float64Array;

  constructor(requirements: readonly ShardRangeRequirement[]) {
    this.requirements = Object.freeze(requirements.map((r) => Object.freeze({ ...r })));
    this.bounds = new Float64Array(requirements.length * 4);
    requirements.forEach((r, i) => {
      const s = hexToParts(r.start);
      const e = hexToParts(r.end);
      this.bounds.set([s.hi, s.lo, e.hi, e.lo], i * 4);
    });
  }

  /** The field every range hashes, or undefined for the empty selector (which matches all). */
  get key(): ShardKey | undefined {
    return this.requirements[0]?.key;
  }

  /** True for the selector with no ranges (apimachinery's `Everything()`). */
  empty(): boolean {
    return this.requirements.length === 0;
  }

  /** The canonical text, the one the apiserver echoes in `metadata.shardInfo.selector`. */
  toString(): string {
    return this.requirements.map(requirementToString).join(' || ');
  }

  /** Whether the apiserver would send this object to the selector's owner. */
  matches(obj: ShardableObject): boolean {
    const key = this.key;
    if (key === undefined) return true;
    const hi = hashFieldHigh(resolveFieldValue(obj, key));
    return this.matchesHash(hi, lastHashLow());
  }

  /** Whether a hash given as two 32-bit halves falls in any range `[start, end)`. */
  matchesHash(hi: number, lo: number): boolean {
    const b = this.bounds;
    if (b.length === 0) return true;
    for (let i = 0; i < b.length; i += 4) {
      const geStart = hi > b[i]! || (hi === b[i]! && lo >= b[i + 1]!);
      const ltEnd = hi < b[i + 2]! || (hi === b[i + 2]! && lo < b[i + 3]!);
      if (geStart && ltEnd) return true;
    }
    return false;
  }
}
