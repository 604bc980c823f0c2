/**
 * Go's `strconv.ParseInt`, `ParseUint` and `ParseFloat` for the digit strings CEL's lexer
 * produces, which is how cel-go turns numeric tokens into values (and decides "invalid int
 * literal": any value outside the 64-bit range).
 */

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** Digits with leading zeros removed; Go accepts leading zeros in both bases. */
function significant(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  return digits.slice(i);
}

/**
 * The magnitude of `digits` in `base` (10 or 16), or `null` when it cannot fit 64 bits.
 * Long inputs are rejected by length first so a 100,000-digit literal costs nothing.
 */
function magnitude(digits: string, base: 10 | 16): bigint | null {
  const s = significant(digits);
  // Stryker disable next-line ConditionalExpression: only saves BigInt work; longer digits are at least 10^20 or 16^16, over 2^64 - 1, so the range check below gives null for them too
  if (s.length > (base === 10 ? 20 : 16)) return null;
  const v = BigInt(base === 10 ? s : '0x' + s);
  return v > UINT64_MAX ? null : v;
}

/** `strconv.ParseInt(digits, base, 64)` with an optional leading `-`; `null` on range error. */
export function parseGoInt(digits: string, base: 10 | 16, negative: boolean): bigint | null {
  const m = magnitude(digits, base);
  if (m === null) return null;
  const v = negative ? -m : m;
  return v < INT64_MIN || v > INT64_MAX ? null : v;
}

/** `strconv.ParseUint(digits, base, 64)`; `null` on range error. */
export function parseGoUint(digits: string, base: 10 | 16): bigint | null {
  return magnitude(digits, base);
}

/**
 * `strconv.ParseFloat(text, 64)` for CEL float syntax. Both Go and JavaScript round
 * correctly to nearest, so they agree on every value; Go reports a range error exactly when
 * the rounded value overflows to infinity (underflow to zero is not an error).
 */
export function parseGoFloat(text: string): number | null {
  const v = Number(text);
  return Number.isFinite(v) ? v : null;
}
