import { describe, expect, it } from 'vitest';
import { createPrng } from '../cluster';
import { hashMod, reshardHashes, splitRanges, splitSegments } from './reshard';

const N = 100_000;
const p = createPrng('reshard');
const hi = new Uint32Array(N);
const lo = new Uint32Array(N);
for (let i = 0; i < N; i++) {
  hi[i] = p.u32();
  lo[i] = p.u32();
}

describe('resharding from 4 to 5 replicas', () => {
  it('equal ranges re-split moves about half of all objects', () => {
    expect(reshardHashes(hi, lo, N, 'equal-ranges', 4, 5).movedFraction).toBeCloseTo(0.5, 1);
  });
  it('jump hash moves about 1/5', () => {
    const r = reshardHashes(hi, lo, N, 'jump-hash', 4, 5);
    expect(Math.abs(r.movedFraction - 0.2)).toBeLessThan(0.01);
    expect(r.imbalanceAfter).toBeLessThan(1.03);
  });
  it('hash mod N moves about 4/5', () => {
    expect(Math.abs(reshardHashes(hi, lo, N, 'hash-mod', 4, 5).movedFraction - 0.8)).toBeLessThan(0.01);
  });
  it('range splitting moves about 1/8 (half of one range) but leaves shares uneven', () => {
    const r = reshardHashes(hi, lo, N, 'range-splitting', 4, 5);
    expect(Math.abs(r.movedFraction - 0.125)).toBeLessThan(0.01);
    expect(r.imbalanceAfter).toBeGreaterThan(1.2);
  });
  it('equal ranges move exactly the measure of the shifted boundaries (0.05 + 0.1 + 0.15 + 0.2)', () => {
    expect(Math.abs(reshardHashes(hi, lo, N, 'equal-ranges', 4, 5).movedFraction - 0.5)).toBeLessThan(0.01);
  });
});

describe('rolling transitions where replicas disagree on N', () => {
  it('equal ranges growing 4 -> 5 (new replica first, then restarts from the top) duplicate objects in between', () => {
    const r = reshardHashes(hi, lo, N, 'equal-ranges', 4, 5);
    const first = r.stages[0]!;
    const last = r.stages[r.stages.length - 1]!;
    expect([first.gaps, first.duplicates]).toEqual([0, 0]);
    expect([last.gaps, last.duplicates]).toEqual([0, 0]);
    expect(last.updated).toBe(5);
    const middle = r.stages.slice(1, -1);
    expect(middle.every((s) => s.duplicates > 0)).toBe(true);
    // New ranges start left of old ones, so restarting from the top overlaps rather than opens holes.
    expect(middle.every((s) => s.gaps === 0)).toBe(true);
  });
  it('equal ranges shrinking 5 -> 4 (restarts from the top) leave objects nobody owns in between', () => {
    const r = reshardHashes(hi, lo, N, 'equal-ranges', 5, 4);
    const middle = r.stages.slice(1, -1);
    expect(middle.some((s) => s.gaps > 0)).toBe(true);
    expect(Math.max(...middle.map((s) => s.gaps)) / N).toBeGreaterThan(0.1);
  });
  it('jump hash: starting the new replica first duplicates the moved fifth, never gaps', () => {
    const r = reshardHashes(hi, lo, N, 'jump-hash', 4, 5);
    expect(r.stages[1]!.label).toBe('replicas 4..4 started with N=5');
    expect(Math.abs(r.stages[1]!.duplicates / N - 0.2)).toBeLessThan(0.01);
    for (const s of r.stages) expect(s.gaps).toBe(0);
  });
  it('shrinking stops the extra replicas last and ends clean', () => {
    for (const strategy of ['equal-ranges', 'range-splitting', 'jump-hash', 'hash-mod'] as const) {
      const r = reshardHashes(hi, lo, N, strategy, 6, 4);
      const last = r.stages[r.stages.length - 1]!;
      expect(last.running).toBe(4);
      expect([last.gaps, last.duplicates]).toEqual([0, 0]);
      expect(r.perReplicaAfter.reduce((a, b) => a + b, 0)).toBe(N);
    }
  });
  it('rejects a replica count out of bounds, naming it', () => {
    expect(() => reshardHashes(hi, lo, N, 'jump-hash', 0, 5)).toThrow('from must be an integer from 1 to 64, got 0');
  });
});

describe('strategy helpers', () => {
  it('hash mod is exact on 64-bit values', () => {
    for (let i = 0; i < 200; i++) {
      const n = 1 + (i % 64);
      expect(hashMod(hi[i]!, lo[i]!, n)).toBe(Number(((BigInt(hi[i]!) << 32n) | BigInt(lo[i]!)) % BigInt(n)));
    }
  });
  it('range splitting halves the widest range for each new replica and covers the space once', () => {
    const segs = splitSegments(2, 4);
    expect(segs.map((s) => s.owner)).toEqual([0, 2, 1, 3]);
    expect(segs[0]!.start).toBe(0n);
    expect(segs[segs.length - 1]!.end).toBe(1n << 64n);
    for (let i = 1; i < segs.length; i++) expect(segs[i]!.start).toBe(segs[i - 1]!.end);
    expect(splitRanges(2, 3)[2]).toEqual([{ start: '0x4000000000000000', end: '0x8000000000000000' }]);
  });
});
