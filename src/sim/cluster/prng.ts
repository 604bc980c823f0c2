/**
 * A seeded pseudo-random generator (sfc32: Chris Doty-Humphrey's Small Fast Chaotic PRNG,
 * 128-bit state, passes PractRand far beyond what a simulation draws). The model never calls
 * `Math.random`: every draw comes from a generator created here, so a seed reproduces a run.
 */

/** A seeded random source. */
export interface Prng {
  /** A uniform 32-bit unsigned integer. */
  u32(): number;
  /**
   * Writes `to - from` consecutive {@link Prng.u32} draws to `out[from..to)`: the same values
   * as that many calls, in one loop over local state (for bulk generation).
   */
  fillU32(out: Uint32Array, from: number, to: number): void;
  /** A uniform float in [0, 1) with 32 bits of randomness. */
  float(): number;
  /** A uniform integer in [0, n) for 1 <= n <= 2^32. */
  int(n: number): number;
  /** A standard normal draw (Box-Muller; one value per call, for simplicity). */
  normal(): number;
  /** A Poisson draw with mean `lambda` (exact for small means, normal approximation above 64). */
  poisson(lambda: number): number;
  /** A generator derived from this one's seed and a label, independent of how much this one drew. */
  fork(label: string): Prng;
}

/** Mixes a string into four 32-bit words (cyrb128-style), so similar seeds diverge fully. */
function seedWords(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * sfc32 as a class: its state is four plain number fields and its methods live on the
 * prototype, so a generator is ordinary data that a checkpoint can copy (no closure holds
 * state), and the engine keeps the hot `u32` monomorphic.
 */
class Sfc32 implements Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(private readonly text: string) {
    [this.a, this.b, this.c, this.d] = seedWords(text);
    // Warm up: the first outputs of sfc32 still correlate with the seed words.
    for (let i = 0; i < 15; i++) this.u32();
  }

  u32(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    this.c = (r + t) | 0;
    return t >>> 0;
  }

  fillU32(out: Uint32Array, from: number, to: number): void {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = from; i < to; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      out[i] = t >>> 0;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  float(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  normal(): number {
    const u = 1 - this.float(); // (0, 1], so the log is finite
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  poisson(lambda: number): number {
    if (!(lambda > 0)) return 0;
    if (lambda > 64) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.normal()));
    // Knuth's product method: fine for small means.
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.float();
    while (p > limit) {
      k++;
      p *= this.float();
    }
    return k;
  }

  fork(label: string): Prng {
    return new Sfc32(`${this.text}\u0000${label}`);
  }
}

/** Creates a generator from a string or number seed. */
export function createPrng(seed: string | number): Prng {
  return new Sfc32(String(seed));
}
