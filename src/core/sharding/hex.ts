/**
 * Hex bounds as the apiserver writes and compares them: `0x` followed by 16 lowercase hex
 * digits, or the 17-digit `0x10000000000000000` (2^64) as the only end beyond 64 bits.
 */

/** 2^64, the exclusive end of the hash space. */
export const HASH_SPACE = 1n << 64n;
/** The hex spelling of 2^64, the end of the last range. */
export const HEX_SPACE_END = '0x10000000000000000';
export const HEX_SPACE_START = '0x0000000000000000';

const encoder = new TextEncoder();

// Stryker disable next-line BlockStatement: only selects hexLess's shortcut, see there.
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  // Stryker disable next-line BooleanLiteral: only selects hexLess's shortcut, see there.
  return true;
}

/**
 * The apiserver's `HexLess(a, b)`: the shorter string is smaller, otherwise byte-wise order.
 * It is only a numeric order because every bound has exactly 16 digits or is 2^64.
 * Lengths and order are those of the UTF-8 bytes, as in Go.
 */
export function hexLess(a: string, b: string): boolean {
  // A shortcut for the bounds and hashes of every match: ASCII strings are their own UTF-8
  // bytes, so the comparison below gives the same answer for them.
  // Stryker disable next-line BlockStatement: see above.
  if (isAscii(a) && isAscii(b)) {
    if (a.length !== b.length) return a.length < b.length;
    return a < b;
  }
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.length !== y.length) return x.length < y.length;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}

/** `0x` + `%016x` of a value in [0, 2^64]; 2^64 itself prints with 17 digits. */
export function formatHex(n: bigint): string {
  if (n < 0n || n > HASH_SPACE) throw new RangeError(`hash value out of range: ${n}`);
  return '0x' + n.toString(16).padStart(16, '0');
}

/** Parses a `0x`-prefixed hex bound into a BigInt. */
export function parseHex(hex: string): bigint {
  if (!/^0x[0-9a-fA-F]{1,17}$/.test(hex)) throw new RangeError(`not a hex bound: ${JSON.stringify(hex)}`);
  return BigInt(hex);
}

/** A 64-bit value as two 32-bit halves; `hi` is 2^32 for the bound 2^64. */
export interface HashParts {
  readonly hi: number;
  readonly lo: number;
}

/** Splits a hex bound into numeric halves, for comparisons without BigInt or strings. */
export function hexToParts(hex: string): HashParts {
  const n = parseHex(hex);
  return { hi: Number(n >> 32n), lo: Number(n & 0xffffffffn) };
}

/** The BigInt of a hash given as halves. */
export function partsToBigInt(hi: number, lo: number): bigint {
  return (BigInt(hi) << 32n) | BigInt(lo >>> 0);
}

/** The position of a hash in [0, 1), for drawing (loses bits below 2^-53). */
export function hashFraction(hi: number, lo: number): number {
  return (hi * 4294967296 + lo) / 18446744073709551616;
}

/** A bound as a fraction of 2^64 (for drawing and reporting). */
export function hexFraction(hex: string): number {
  return Number(parseHex(hex)) / 18446744073709551616;
}
