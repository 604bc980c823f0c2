import { hashFieldHigh, lastHashLow } from './hash';
import { hexLess, hexToParts } from './hex';
import { goQuote } from './quote';
import { shardKeyByPath, type ShardKey, type ShardableObject } from './keys';
import type { ShardRangeRequirement } from './types';

/** A bound as the apiserver's parser accepts it: 16 lowercase hex digits, or the 17-digit 2^64. */
const CANONICAL_BOUND = /^0x[0-9a-f]{16}$|^0x10000000000000000$/;

/**
 * Reads the shard key's value from an object with its entry's reader; a missing field reads
 * as "" (as the apiserver does). Like apimachinery's `ResolveFieldValue`, any field path that
 * is not in the table is an error.
 */
export function resolveFieldValue(obj: ShardableObject, key: ShardKey): string {
  const entry = shardKeyByPath(key);
  if (entry === undefined) throw new Error(`unsupported field path: ${goQuote(String(key))}`);
  return entry.read(obj) ?? '';
}

/**
 * One requirement as apimachinery's `String()` prints it: `shardRange(<key>, '<start>',
 * '<end>')`, whatever the bounds say (only the apiserver's parser checks them).
 */
export function requirementToString(r: ShardRangeRequirement): string {
  return `shardRange(${r.key}, '${r.start}', '${r.end}')`;
}

/** The hash of `hi`/`lo` as the selector compares it: `0x` and 16 lowercase hex digits. */
function hashHex(hi: number, lo: number): string {
  return '0x' + hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/**
 * A shard selector: the union of its ranges, as apimachinery's `pkg/sharding` Selector
 * (v0.36.3). Built by `parseShardSelector` (which enforces the canonical 16- or 17-digit
 * bounds, start below end and one field) or from requirements directly, which, like
 * `NewSelector`, checks nothing: it compares bounds with `HexLess` (a shorter string is
 * smaller, equal lengths compare byte by byte), so a non-canonical bound compares as text, not
 * as a number, and mixed keys fail when matching ("inconsistent shard keys").
 */
export class ShardSelector {
  readonly requirements: readonly ShardRangeRequirement[];
  /**
   * Range bounds as numbers, [startHi, startLo, endHi, endLo] per range (endHi may be 2^32),
   * when every bound is canonical (then numeric and `HexLess` order agree); else null.
   */
  private readonly bounds: Float64Array | null;

  constructor(requirements: readonly ShardRangeRequirement[]) {
    this.requirements = Object.freeze(requirements.map((r) => Object.freeze({ ...r })));
    const canonical = requirements.every((r) => CANONICAL_BOUND.test(r.start) && CANONICAL_BOUND.test(r.end));
    if (!canonical) {
      this.bounds = null;
      return;
    }
    this.bounds = new Float64Array(requirements.length * 4);
    requirements.forEach((r, i) => {
      const s = hexToParts(r.start);
      const e = hexToParts(r.end);
      this.bounds!.set([s.hi, s.lo, e.hi, e.lo], i * 4);
    });
  }

  /** The field every range hashes (the first range's), or undefined for the empty selector (which matches all). */
  get key(): ShardKey | undefined {
    return this.requirements[0]?.key;
  }

  /** True for the selector with no ranges (apimachinery's `Everything()`). */
  empty(): boolean {
    return this.requirements.length === 0;
  }

  /** The text apimachinery's `String()` gives: the apiserver echoes it in `metadata.shardInfo.selector`. */
  toString(): string {
    return this.requirements.map(requirementToString).join(' || ');
  }

  /**
   * Whether the apiserver would send this object to the selector's owner. Throws, as
   * `Matches` returns an error, when the ranges name different fields or an unsupported one.
   */
  matches(obj: ShardableObject): boolean {
    const key = this.key;
    if (key === undefined) return true;
    this.checkKeys();
    const hi = hashFieldHigh(resolveFieldValue(obj, key));
    return this.matchesHash(hi, lastHashLow());
  }

  /** Whether a hash given as two 32-bit halves falls in any range: `!HexLess(hash, start) && HexLess(hash, end)`. */
  matchesHash(hi: number, lo: number): boolean {
    const b = this.bounds;
    if (this.requirements.length === 0) return true;
    if (b === null) {
      this.checkKeys();
      const hash = hashHex(hi, lo);
      return this.requirements.some((r) => !hexLess(hash, r.start) && hexLess(hash, r.end));
    }
    for (let i = 0; i < b.length; i += 4) {
      const geStart = hi > b[i]! || (hi === b[i]! && lo >= b[i + 1]!);
      const ltEnd = hi < b[i + 2]! || (hi === b[i + 2]! && lo < b[i + 3]!);
      if (geStart && ltEnd) return true;
    }
    return false;
  }

  /** `Matches`' check that every range names the first range's field. */
  private checkKeys(): void {
    const key = this.requirements[0]!.key;
    for (const r of this.requirements) if (r.key !== key) throw new Error(`inconsistent shard keys: ${goQuote(key)} vs ${goQuote(r.key)}`);
  }
}
