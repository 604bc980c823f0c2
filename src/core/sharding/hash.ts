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

let h0 = 0;
let h1 = 0;
let h2 = 0;
let h3 = 0;

/** Folds one byte into the module-level state (h0..h3). */
function step(byte: number): void {
  const a0 = h0 ^ byte;
  // (a3,a2,a1,a0) * (2^40 + 0x1b3) mod 2^64; 2^40 shifts limb i to limb i+2, 8 bits up.
  const t0 = a0 * 0x1b3;
  const t1 = h1 * 0x1b3 + (t0 >>> 16);
  const t2 = h2 * 0x1b3 + (a0 << 8) + (t1 >>> 16);
  const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
  h0 = t0 & 0xffff;
  h1 = t1 & 0xffff;
  h2 = t2 & 0xffff;
  h3 = t3 & 0xffff;
}

/** Runs FNV-1a over the UTF-8 encoding of `value`, leaving the result in h0..h3. */
function run(value: string): void {
  h0 = BASIS0;
  h1 = BASIS1;
  h2 = BASIS2;
  h3 = BASIS3;
  const n = value.length;
  for (let i = 0; i < n; i++) {
    let c = value.charCodeAt(i);
    if (c < 0x80) {
      step(c);
      continue;
    }
    if (c < 0x800) {
      step(0xc0 | (c >> 6));
      step(0x80 | (c & 0x3f));
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? value.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        step(0xf0 | (c >> 18));
        step(0x80 | ((c >> 12) & 0x3f));
        step(0x80 | ((c >> 6) & 0x3f));
        step(0x80 | (c & 0x3f));
        continue;
      }
      c = 0xfffd; // lone surrogate
    }
    step(0xe0 | (c >> 12));
    step(0x80 | ((c >> 6) & 0x3f));
    step(0x80 | (c & 0x3f));
  }
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
  h0 = BASIS0;
  h1 = BASIS1;
  h2 = BASIS2;
  h3 = BASIS3;
  for (let i = 0; i < bytes.length; i++) step(bytes[i]!);
  return (BigInt((h3 << 16) | h2) & 0xffffffffn) << 32n | (BigInt((h1 << 16) | h0) & 0xffffffffn);
}

/** The hash of the empty string, which every cluster-scoped object gets for its namespace. */
export const EMPTY_STRING_HASH = 'cbf29ce484222325';
