/**
 * Jump consistent hash (Lamping & Veach, "A Fast, Minimal Memory, Consistent Hash
 * Algorithm", 2014), the bucket function kube-state-metrics applies to FNV-1a 64 of a uid.
 *
 * The algorithm steps a 64-bit linear congruential generator,
 * `key = key * 2862933555777941757 + 1 (mod 2^64)`, and uses float64 arithmetic for the jump.
 * JavaScript numbers hold 53 bits, so the 64-bit multiply is done exactly on four 16-bit limbs
 * (each partial product < 2^32, every column sum < 2^35). The float part uses the same IEEE
 * doubles as Go, so buckets agree bit for bit.
 */

// 2862933555777941757 = 0x27bb2ee687b0b0fd, as 16-bit limbs, least significant first.
const C0 = 0xb0fd;
const C1 = 0x87b0;
const C2 = 0x2ee6;
const C3 = 0x27bb;
const TWO_POW_31 = 2147483648;

/**
 * The bucket in [0, buckets) for the 64-bit key given as two 32-bit halves.
 * `buckets` must be an integer >= 1.
 */
export function jumpHash(hi: number, lo: number, buckets: number): number {
  let k0 = lo & 0xffff;
  let k1 = lo >>> 16;
  let k2 = hi & 0xffff;
  let k3 = hi >>> 16;
  let b = -1;
  let j = 0;
  while (j < buckets) {
    b = j;
    // key = key * C + 1 mod 2^64, column by column.
    const t0 = k0 * C0 + 1;
    const t1 = k0 * C1 + k1 * C0 + Math.floor(t0 / 65536);
    const t2 = k0 * C2 + k1 * C1 + k2 * C0 + Math.floor(t1 / 65536);
    const t3 = k0 * C3 + k1 * C2 + k2 * C1 + k3 * C0 + Math.floor(t2 / 65536);
    k0 = t0 & 0xffff;
    k1 = t1 % 65536;
    k2 = t2 % 65536;
    k3 = t3 % 65536;
    // (key >> 33) + 1, as a float64 exactly as Go converts it.
    const shifted = (k3 * 65536 + k2) / 2 - ((k2 & 1) / 2) + 1;
    j = Math.floor((b + 1) * (TWO_POW_31 / shifted));
  }
  return b;
}

/** Reference implementation with BigInt (slow; for tests). */
export function jumpHashBigInt(key: bigint, buckets: number): number {
  const mask = (1n << 64n) - 1n;
  let k = key & mask;
  let b = -1;
  let j = 0;
  while (j < buckets) {
    b = j;
    k = (k * 2862933555777941757n + 1n) & mask;
    j = Math.floor((b + 1) * (TWO_POW_31 / Number((k >> 33n) + 1n)));
  }
  return b;
}
