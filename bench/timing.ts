/** Wall-clock helpers for benchmarks only (tests never time anything). */

import { mulberry32 } from '../tests/support/mulberry32';

/** Runs `fn` `rounds` times after one warm-up and returns the median time in ms. */
export function medianMs(fn: () => void, rounds = 5): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export { mulberry32 };

/** `count` UUIDv4 strings from a seed. */
export function uuids(count: number, seed: number): string[] {
  const rnd = mulberry32(seed);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const variant = '89ab'[Math.floor(rnd() * 4)]!;
    out[i] = `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
  }
  return out;
}
