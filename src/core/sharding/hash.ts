/**
 * 64-bit FNV-1a, bit for bit what Go's `hash/fnv.New64a` gives for the UTF-8 bytes of a
 * string. The apiserver hashes the shard key's value with it and prints `%016x`.
 *
 * JavaScript has no fast 64-bit integer, and BigInt arithmetic allocates on every step, so
 * the state is kept as four 16-bit limbs in plain numbers. The FNV prime is 2^40 + 0x1b3,
 * which turns the 64-bit multiply into one small multiply per limb plus a shifted add.
 * Strings are UTF-8 encoded on the fly from UTF-16 code units; a lone surrogate encodes as
 * U+FFFD, exactly as `TextEncoder` (and Go's conversion of invalid UTF-16) does.
 */

const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

// Offset basis 0xcbf29ce484222325 as 16-bit limbs, least significant first.
const BASIS0 = 0x2325;
const BASIS1 = 0x8422;
const BASIS2 = 0x9ce4;
const BASIS3 = 0xcbf2;

// The result of the last run, as 16-bit limbs (module state so callers allocate nothing).
let h0 = 0;
let h1 = 0;
let h2 = 0;
let h3 = 0;

/**
 * Runs FNV-1a over the UTF-8 encoding of `value`, leaving the result in h0..h3.
 * One function with local limbs: V8 keeps them in registers, which module-level variables
 * (context slots) would not allow. Multi-byte characters go through a small byte queue.
 */
function run(value: string): void {
  let a0 = BASIS0;
  let a1 = BASIS1;
  let a2 = BASIS2;
  let a3 = BASIS3;
  const n = value.length;
  let pending = 0; // up to 3 continuation bytes packed little-end first
  let pendingCount = 0;
  for (let i = 0; i < n || pendingCount > 0; ) {
    let byte: number;
    if (pendingCount > 0) {
      byte = pending & 0xff;
      pending >>>= 8;
      pendingCount--;
    } else {
      let c = value.charCodeAt(i++);
      if (c < 0x80) {
        byte = c;
      } else if (c < 0x800) {
        byte = 0xc0 | (c >> 6);
        pending = 0x80 | (c & 0x3f);
        pendingCount = 1;
      } else {
        if (c >= 0xd800 && c <= 0xdfff) {
          // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end charCodeAt gives NaN, which fails the low-surrogate test below exactly as 0 does
          const next = i < n ? value.charCodeAt(i) : 0;
          if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
            i++;
            byte = 0xf0 | (c >> 18);
            pending = (0x80 | ((c >> 12) & 0x3f)) | ((0x80 | ((c >> 6) & 0x3f)) << 8) | ((0x80 | (c & 0x3f)) << 16);
            pendingCount = 3;
          } else {
            byte = 0xef; // a lone surrogate encodes as U+FFFD (EF BF BD)
            pending = 0xbf | (0xbd << 8);
            pendingCount = 2;
          }
        } else {
          byte = 0xe0 | (c >> 12);
          pending = (0x80 | ((c >> 6) & 0x3f)) | ((0x80 | (c & 0x3f)) << 8);
          pendingCount = 2;
        }
      }
    }
    // (a3,a2,a1,a0) ^= byte; then * (2^40 + 0x1b3) mod 2^64. 2^40 moves limb i to limb i+2,
    // 8 bits up, so the 64-bit multiply is four small multiplies and two shifted adds.
    a0 ^= byte;
    const t0 = a0 * 0x1b3;
    const t1 = a1 * 0x1b3 + (t0 >>> 16);
    const t2 = a2 * 0x1b3 + (a0 << 8) + (t1 >>> 16);
    const t3 = a3 * 0x1b3 + (a1 << 8) + (t2 >>> 16);
    a0 = t0 & 0xffff;
    a1 = t1 & 0xffff;
    a2 = t2 & 0xffff;
    a3 = t3 & 0xffff;
  }
  h0 = a0;
  h1 = a1;
  h2 = a2;
  h3 = a3;
}

/**
 * FNV-1a 64 of the UTF-8 bytes of `value` as 16 lowercase hex digits (Go's `%016x`),
 * without the `0x` prefix. `hashField('')` is `cbf29ce484222325`.
 */
export function hashField(value: string): string {
  run(value);
  return (
    HEX_BYTE[h3 >>> 8]! + HEX_BYTE[h3 & 0xff]! + HEX_BYTE[h2 >>> 8]! + HEX_BYTE[h2 & 0xff]! +
    HEX_BYTE[h1 >>> 8]! + HEX_BYTE[h1 & 0xff]! + HEX_BYTE[h0 >>> 8]! + HEX_BYTE[h0 & 0xff]!
  );
}

/**
 * The numeric form for bulk work: writes the high 32 bits of the hash to `out[offset]` and
 * the low 32 bits to `out[offset + 1]`. No string or object is allocated.
 */
export function hashFieldInto(value: string, out: Uint32Array, offset: number): void {
  run(value);
  out[offset] = ((h3 << 16) | h2) >>> 0;
  out[offset + 1] = ((h1 << 16) | h0) >>> 0;
}

/** The low half of the last {@link hashFieldHigh} result. */
let lastLow = 0;

/**
 * Hashes `value` and returns the high 32 bits; the low 32 bits are then available from
 * {@link lastHashLow}. For loops that want two numbers without an output array.
 */
export function hashFieldHigh(value: string): number {
  run(value);
  lastLow = ((h1 << 16) | h0) >>> 0;
  return ((h3 << 16) | h2) >>> 0;
}

/** The low 32 bits of the hash computed by the last {@link hashFieldHigh} call. */
export function lastHashLow(): number {
  return lastLow;
}

/** FNV-1a 64 of raw bytes as a BigInt (for tools and tests; slower than the string form). */
export function fnv1a64Bytes(bytes: Uint8Array): bigint {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < bytes.length; i++) h = ((h ^ BigInt(bytes[i]!)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
}

/** The hash of the empty string, which every cluster-scoped object gets for its namespace. */
export const EMPTY_STRING_HASH = 'cbf29ce484222325';
