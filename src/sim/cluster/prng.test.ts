import { describe, expect, it } from 'vitest';
import { createPrng } from './prng';

describe('drawing 32-bit values in bulk', () => {
  it('fills exactly the values that as many single draws give, and leaves the generator where they would', () => {
    const bulk = createPrng('bulk');
    const one = createPrng('bulk');
    const out = new Uint32Array(1_010);
    bulk.fillU32(out, 10, 1_010);
    expect([...out.subarray(0, 10)]).toEqual(new Array(10).fill(0));
    const want = Array.from({ length: 1_000 }, () => one.u32());
    expect([...out.subarray(10)]).toEqual(want);
    expect([bulk.u32(), bulk.float(), bulk.normal()]).toEqual([one.u32(), one.float(), one.normal()]);
  });
});
