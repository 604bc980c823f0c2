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
 *
 * Times are CPU time of this process (process.cpuUsage), with wall time in the row's name:
 * on a shared machine wall time mostly measures the other processes.
 */
import { Cluster } from '../src/sim/cluster';
import { resolveParams } from '../src/sim/params';
import { createPrng } from '../src/sim/prng';
import { CHECKPOINT_BUDGET_BYTES } from '../src/sim/checkpoint';
import { createSimulation } from '../src/sim/simulation';
import { ReferenceCluster } from './reference-cluster';
import type { BenchResult } from './types';

const MILLION = 1_000_000;

/**
 * Milliseconds of CPU time this process has used (user + system). On a loaded machine wall
 * time counts the time other processes hold the CPU; CPU time does not (it does count the
 * engine's own helper threads, such as concurrent garbage collection).
 */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** 1. Generation of a million objects, ours and the reference alternating, best of each. */
export function benchGeneration(rounds = 3): BenchResult {
  const p = resolveParams({ cluster: { pods: MILLION } });
  let ours = Infinity;
  let ref = Infinity;
  let oursWall = Infinity;
  let sink = 0;
  for (let i = 0; i < rounds; i++) {
    let t = cpuMs();
    const w = performance.now();
    sink += new Cluster(p.cluster, p.sizes, createPrng('bench-gen')).liveCount;
    ours = Math.min(ours, cpuMs() - t);
    oursWall = Math.min(oursWall, performance.now() - w);
    t = cpuMs();
    sink += new ReferenceCluster(p.cluster, p.sizes, createPrng('bench-gen')).liveCount;
    ref = Math.min(ref, cpuMs() - t);
  }
  if (sink === 42) console.log('');
  return {
    name: `sim: generate a 1,000,000-object cluster, CPU time (issue 9; best wall ${oursWall.toFixed(0)} ms)`,
    value: ours,
    unit: 'ms',
    reference: { name: 'the generator before issue 9 (uid text hashed per object, LSD sort), CPU time', value: ref, unit: 'ms' },
    ratio: ref / ours,
    target: '< 1000 ms, faster than the reference',
    pass: ours < 1000 && ours < ref,
  };
}

/**
 * 2 and 3. Step back at a million objects: run to 20 s, then seek to earlier times one after
 * another (as ArrowLeft presses do, and a few jumps further back), with checkpoints and with
 * a zero checkpoint budget (every seek rebuilds and replays from t = 0, as before issue 9).
 */
export function benchStepBack(): BenchResult[] {
  const params = { cluster: { pods: MILLION } };
  const targets = [19, 18, 17, 15.5, 12.25, 7];
  const run = (budget: number) => {
    const sim = createSimulation(params, { checkpointBudgetBytes: budget });
    for (let i = 0; i < 20; i++) sim.step(1);
    const times: number[] = [];
    const walls: number[] = [];
    for (const t of targets) {
      const c0 = cpuMs();
      const t0 = performance.now();
      sim.seek(t);
      times.push(cpuMs() - c0);
      walls.push(performance.now() - t0);
    }
    return { times, walls, stats: sim.checkpointStats() };
  };
  const ours = run(CHECKPOINT_BUDGET_BYTES);
  const ref = run(0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const worst = Math.max(...ours.times);
  const mb = (b: number) => b / 1e6;
  return [
    {
      name: `sim: step back at 1,000,000 objects, CPU time (median of seeks to ${targets.join(', ')} s after running to 20 s; worst ${worst.toFixed(0)} ms; median wall ${median(ours.walls).toFixed(0)} ms)`,
      value: median(ours.times),
      unit: 'ms',
      reference: { name: 'full replay from t = 0 (no checkpoints), median CPU time', value: median(ref.times), unit: 'ms' },
      ratio: median(ref.times) / median(ours.times),
      target: '< 100 ms',
      pass: median(ours.times) < 100,
    },
    {
      name: `sim: checkpoint bytes at 1,000,000 objects (peak over that run; ${ours.stats.count} checkpoints held at the end)`,
      value: mb(ours.stats.peakBytes),
      unit: 'MB',
      reference: { name: 'the budget', value: mb(ours.stats.budgetBytes), unit: 'MB' },
      ratio: ours.stats.budgetBytes / ours.stats.peakBytes,
      target: `<= ${mb(CHECKPOINT_BUDGET_BYTES).toFixed(0)} MB (200 MB)`,
      pass: ours.stats.peakBytes <= CHECKPOINT_BUDGET_BYTES,
    },
  ];
}

export function runSeekGenBenchmarks(): BenchResult[] {
  return [benchGeneration(), ...benchStepBack()];
}
