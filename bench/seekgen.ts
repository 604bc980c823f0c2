/**
 * Issue 9 benchmarks (points 4 and 5), each against a reference timed in the same run:
 *
 * 1. generate a 1,000,000-object cluster vs the generator as it was before issue 9
 *    (bench/reference-cluster.ts: uid text built and hashed as a string per object, six-pass
 *    LSD radix sort); target: under 1 s here, and faster than the reference;
 * 2. step back at 1,000,000 objects: seek to an earlier time by restoring the nearest
 *    checkpoint and replaying from it vs a full replay from t = 0 (a run without
 *    checkpoints); target under 100 ms;
 * 3. checkpoint bytes: the most the checkpoints held during that run, against the budget.
 */
import { Cluster } from '../src/sim/cluster';
import { resolveParams } from '../src/sim/params';
import { createPrng } from '../src/sim/prng';
import { ReferenceCluster } from './reference-cluster';
import type { BenchResult } from './types';

const MILLION = 1_000_000;

/** 1. Generation of a million objects, ours and the reference alternating, best of each. */
export function benchGeneration(rounds = 3): BenchResult {
  const p = resolveParams({ cluster: { pods: MILLION } });
  let ours = Infinity;
  let ref = Infinity;
  let sink = 0;
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    sink += new Cluster(p.cluster, p.sizes, createPrng('bench-gen')).liveCount;
    ours = Math.min(ours, performance.now() - t);
    t = performance.now();
    sink += new ReferenceCluster(p.cluster, p.sizes, createPrng('bench-gen')).liveCount;
    ref = Math.min(ref, performance.now() - t);
  }
  if (sink === 42) console.log('');
  return {
    name: 'sim: generate a 1,000,000-object cluster (issue 9)',
    value: ours,
    unit: 'ms',
    reference: { name: 'the generator before issue 9 (uid text hashed per object, LSD sort)', value: ref, unit: 'ms' },
    ratio: ref / ours,
    target: '< 1000 ms, faster than the reference',
    pass: ours < 1000 && ours < ref,
  };
}

export function runSeekGenBenchmarks(): BenchResult[] {
  return [benchGeneration()];
}
