/**
 * FNV-1a 64 of a uid's canonical text (8-4-4-4-12 lowercase hex, 36 bytes), straight from its
 * four words: no string is built and no byte buffer either. The hash is kept as four 16-bit
 * limbs (small integers, which the engine keeps unboxed); one FNV step is
 * `h ^= byte; h *= 2^40 + 0x1b3 (mod 2^64)`, and multiplying by 2^40 moves limb i to limb
 * i + 2, 8 bits up, so the 64-bit product is four small multiplies and two shifted adds with
 * every intermediate below 2^31. Same result as `hashFieldInto(formatUuid(words, offset))`,
 * pinned by a test.
 */

const DASH = 0x2d;

/**
 * For each of the 36 text positions: which word holds its hex digit (4 = a dash) and the
 * digit's shift in that word.
 */
const POS_WORD = new Uint8Array(36);
const POS_SHIFT = new Uint8Array(36);
{
  const layout: [number, number, number][] = [[0, 0, 8], [1, 0, 4], [1, 4, 8], [2, 0, 4], [2, 4, 8], [3, 0, 8]];
  let i = 0;
  layout.forEach(([w, from, to], g) => {
    if (g > 0 && g < 5) POS_WORD[i++] = 4; // dashes before groups 2..5 (group 6 joins group 5)
    for (let k = from; k < to; k++) {
      POS_WORD[i] = w;
      POS_SHIFT[i++] = 28 - 4 * k;
    }
  });
}

/** ASCII of each hex digit 0..15 (lowercase). */
const HEX_CODE = new Int32Array([0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66]);

/**
 * Writes the FNV-1a 64 of the text of the uid at `words[offset..offset+3]` to
 * `hiOut[at]` (high 32 bits) and `loOut[at]` (low 32 bits).
 */
export function hashUidWordsInto(words: Uint32Array, offset: number, hiOut: Uint32Array, loOut: Uint32Array, at: number): void {
  const w0 = words[offset]!;
  const w1 = words[offset + 1]!;
  const w2 = words[offset + 2]!;
  const w3 = words[offset + 3]!;
  // Offset basis 0xcbf29ce484222325 as 16-bit limbs, low first.
  let a0 = 0x2325;
  let a1 = 0x8422;
  let a2 = 0x9ce4;
  let a3 = 0xcbf2;
  for (let i = 0; i < 36; i++) {
    const w = POS_WORD[i]!;
    const byte = w === 4 ? DASH : HEX_CODE[((w === 0 ? w0 : w === 1 ? w1 : w === 2 ? w2 : w3) >>> POS_SHIFT[i]!) & 15]!;
    const x0 = a0 ^ byte;
    const t0 = x0 * 0x1b3;
    const t1 = a1 * 0x1b3 + (t0 >>> 16);
    const t2 = a2 * 0x1b3 + (x0 << 8) + (t1 >>> 16);
    const t3 = a3 * 0x1b3 + (a1 << 8) + (t2 >>> 16);
    a0 = t0 & 0xffff;
    a1 = t1 & 0xffff;
    a2 = t2 & 0xffff;
    a3 = t3 & 0xffff;
  }
  hiOut[at] = ((a3 << 16) | a2) >>> 0;
  loOut[at] = ((a1 << 16) | a0) >>> 0;
}
