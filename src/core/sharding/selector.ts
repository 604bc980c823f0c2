import { hashFieldHigh, lastHashLow } from './hash';
import { hexLess, hexToParts } from './hex';
import { goQuote } from './quote';
import type { ShardKey, ShardRangeRequirement, ShardableObject } from './types';

/** A bound as the apiserver validates it: 16 lowercase hex digits, or the 17-digit 2^64. */
const WELL_FORMED_BOUND = /^0x[0-9a-f]{16}$|^0x10000000000000000$/;

/** Throws unless `key` is one of the two field paths the apiserver supports. */
function checkKey(key: string): asserts key is ShardKey {
  if (key !== 'object.metadata.uid' && key !== 'object.metadata.namespace') {
    throw new Error(`unsupported field path: ${goQuote(String(key))}`);
  }
}

/** Throws unless `bound` is written as the apiserver writes a bound. */
function checkBound(bound: string): void {
  if (typeof bound !== 'string' || !WELL_FORMED_BOUND.test(bound)) {
    throw new RangeError(`invalid shard range bound ${goQuote(String(bound))}: must be '0x' and 16 lowercase hex digits, or '0x10000000000000000'`);
  }
}

/**
 * Reads the shard key's value from an object; a missing field reads as "" (as the apiserver
 * does). Like the Go function, any other field path is an error, never a silent default.
 */
export function resolveFieldValue(obj: ShardableObject, key: ShardKey): string {
  checkKey(key);
  return (key === 'object.metadata.uid' ? obj.metadata.uid : obj.metadata.namespace) ?? '';
}

/**
 * Canonical text of one requirement, as the apiserver prints it. An empty or unsupported key
 * or a malformed bound is an error (no `shardRange(, ...)`); a start not below its end still
 * prints, since that text is for a server to reject.
 */
export function requirementToString(r: ShardRangeRequirement): string {
  checkKey(r.key);
  checkBound(r.start);
  checkBound(r.end);
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

  /**
   * Throws, as the parser would, on an empty or unsupported key, a malformed bound, a start
   * not below its end, or ranges on two different fields: a selector never holds a range the
   * apiserver would not have accepted.
   */
  constructor(requirements: readonly ShardRangeRequirement[]) {
    for (const r of requirements) {
      checkKey(r.key);
      checkBound(r.start);
      checkBound(r.end);
      if (!hexLess(r.start, r.end)) throw new RangeError(`shard range start ${r.start} must be less than end ${r.end}`);
      const first = requirements[0]!.key;
      if (r.key !== first) throw new Error(`all shard ranges must use the same field, got ${goQuote(first)} and ${goQuote(r.key)}`);
    }
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
