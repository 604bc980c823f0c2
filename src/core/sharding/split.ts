import { HASH_SPACE, formatHex } from './hex';

/** One contiguous range `[start, end)` of the hash space. */
export interface HexRange {
  readonly start: string;
  readonly end: string;
}

/** The largest replica count the equal split accepts here (ranges stay non-empty far beyond). */
export const MAX_SPLIT = 1_000_000;

/**
 * The apimachinery equal split: shard i of n owns `[floor(i*2^64/n), floor((i+1)*2^64/n))`,
 * printed `0x%016x`; the last end is `0x10000000000000000`. Exact (BigInt) for every n.
 */
export function splitHashSpace(n: number): HexRange[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SPLIT) {
    throw new RangeError(`shard count must be an integer from 1 to ${MAX_SPLIT}, got ${n}`);
  }
  const total = BigInt(n);
  const out: HexRange[] = new Array(n);
  let start = 0n;
  for (let i = 0; i < n; i++) {
    const end = (BigInt(i + 1) * HASH_SPACE) / total;
    out[i] = { start: formatHex(start), end: formatHex(end) };
    start = end;
  }
  return out;
}

/**
 * Shard `index` of an equal split into `n`: entry `index` of {@link splitHashSpace}, computed
 * alone. An index outside [0, n) is an error (never an undefined range).
 */
export function splitShard(index: number, n: number): HexRange {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SPLIT) {
    throw new RangeError(`shard count must be an integer from 1 to ${MAX_SPLIT}, got ${n}`);
  }
  if (!Number.isInteger(index) || index < 0 || index >= n) {
    throw new RangeError(`shard index must be an integer from 0 to ${n - 1}, got ${index}`);
  }
  const total = BigInt(n);
  const start = (BigInt(index) * HASH_SPACE) / total;
  const end = (BigInt(index + 1) * HASH_SPACE) / total;
  return { start: formatHex(start), end: formatHex(end) };
}
