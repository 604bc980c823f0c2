/**
 * Generation and step-back benchmarks, each against a reference timed in the same run:
 *
 * 1. generate a 1,000,000-object cluster vs the reference generator
 *    (bench/reference-cluster.ts: uid text built and hashed as a string per object, six-pass
 *    LSD radix sort); target: under 1 s here, and faster than the reference;
 * 2. step back at 1,000,000 objects: seek to an earlier time by restoring the nearest
 *    checkpoint and replaying from it vs a full replay from t = 0 (a run without
 *    checkpoints); target under 100 ms for every seek, after a 20 s and a 120 s run, and for
 *    single jumps back from 900 s as far as the oldest checkpoint held;
 * 3. checkpoint bytes: the most the checkpoints held during the 120 s run, against the
 *    budget; the stretch of run the budget covers at that run's rate, and the stretch the
 *    checkpoints actually hold at the end of the 900 s run.
 *
 * Times are CPU time of this process (process.cpuUsage), with wall time in the row's name:
 * on a shared machine wall time mostly measures the other processes.
 */
import { Cluster } from '../src/sim/cluster';
import { resolveParams } from '../src/sim/params';
import { createPrng } from '../src/sim/cluster';
import { CHECKPOINT_BUDGET_BYTES } from '../src/sim/time';
import { createSimulation, TICK_SECONDS } from '../src/sim/engine';
import { ReferenceCluster } from './reference-cluster';
import { BENCH_CHURN } from './churn';
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
    name: `sim: generate a 1,000,000-object cluster, CPU time (best wall ${oursWall.toFixed(0)} ms)`,
    value: ours,
    unit: 'ms',
    reference: { name: 'the reference generator (uid text hashed per object, LSD sort), CPU time', value: ref, unit: 'ms' },
    ratio: ref / ours,
    target: '< 1000 ms, faster than the reference',
    pass: ours < 1000 && ours < ref,
  };
}

/** Seeks `sim` to each target in turn; CPU and wall milliseconds per seek. */
function seekAll(sim: ReturnType<typeof createSimulation>, targets: readonly number[]): { times: number[]; walls: number[] } {
  const times: number[] = [];
  const walls: number[] = [];
  for (const t of targets) {
    const c0 = cpuMs();
    const t0 = performance.now();
    sim.seek(t);
    times.push(cpuMs() - c0);
    walls.push(performance.now() - t0);
  }
  return { times, walls };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * 2 and 3. Step back at a million objects: run to 20 s, then seek to earlier times one after
 * another (as ArrowLeft presses do, and jumps further back, one of them into a rolling-update
 * burst's start), with checkpoints and with a zero checkpoint budget (every seek rebuilds and
 * replays from t = 0). The target holds for the WORST seek. Then a longer
 * run (120 s) and seeks spread over all of it, and what the checkpoints cost per second of run:
 * the stretch of the run that the budget covers at this churn.
 */
export function benchStepBack(): BenchResult[] {
  const params = { cluster: { pods: MILLION }, churn: BENCH_CHURN };
  const targets = [19, 18, 17, 15.5, 12.25, 7, 3, 1];
  const run = (budget: number) => {
    const sim = createSimulation(params, { checkpointBudgetBytes: budget });
    for (let i = 0; i < 20; i++) sim.step(1);
    return { ...seekAll(sim, targets), stats: sim.checkpointStats() };
  };
  const ours = run(CHECKPOINT_BUDGET_BYTES);
  const ref = run(0);
  const worst = Math.max(...ours.times);

  const LONG = 120;
  const long = createSimulation(params);
  const shadow = (() => {
    long.step(0.01);
    return long.checkpointStats().bytes; // the first checkpoint: the full copies
  })();
  for (let i = 0; i < LONG; i++) long.step(1);
  const held = long.checkpointStats(); // before the seeks drop the later ones
  const perSecond = (held.bytes - shadow) / LONG;
  const horizon = (CHECKPOINT_BUDGET_BYTES - shadow) / perSecond;
  const longTargets = [119, 104.3, 88.8, 61.7, 45.25, 30.1, 12.5, 5.5];
  const longSeeks = seekAll(long, longTargets);
  const longWorst = Math.max(...longSeeks.times);
  // A scrubber click far back: a 900 s run, then one seek to each target, running forward to
  // 900 s again between them, so that every seek goes the whole way back from the present.
  // The farthest target is the oldest time the checkpoints still hold: the budget's real
  // reach at 900 s (less than the estimate from the 120 s rate when the hash index has been
  // rebuilt, which replaces 28 MB of arrays whose old copies stay until their checkpoints go).
  const mb = (b: number) => b / 1e6;
  const FAR = 900;
  const farSim = createSimulation(params);
  const toFar = () => {
    while (farSim.time < FAR - 1e-9) farSim.step(Math.min(10, FAR - farSim.time));
  };
  toFar();
  const farHeld = farSim.checkpointStats();
  const oldest = farHeld.ticks[0]! * TICK_SECONDS;
  const farTargets = [750.37, 450.37, oldest + 0.37];
  const far = farTargets.map((t) => {
    toFar();
    return seekAll(farSim, [t]).times[0]!;
  });
  return [
    {
      name: `sim: step back at 1,000,000 objects, worst CPU time of seeks to ${targets.join(', ')} s after running to 20 s (median ${median(ours.times).toFixed(0)} ms; median wall ${median(ours.walls).toFixed(0)} ms)`,
      value: worst,
      unit: 'ms',
      reference: { name: 'full replay from t = 0 (no checkpoints), median CPU time', value: median(ref.times), unit: 'ms' },
      ratio: median(ref.times) / worst,
      target: '< 100 ms, every seek',
      pass: worst < 100,
    },
    {
      name: `sim: step back at 1,000,000 objects after a ${LONG} s run, worst CPU time of seeks to ${longTargets.join(', ')} s (median ${median(longSeeks.times).toFixed(0)} ms; ${held.count} checkpoints held)`,
      value: longWorst,
      unit: 'ms',
      reference: { name: 'the same seeks after a 20 s run, worst', value: worst, unit: 'ms' },
      ratio: worst / longWorst,
      target: '< 100 ms, every seek',
      pass: longWorst < 100,
    },
    ...farTargets.map((t, i) => ({
      name: `sim: one seek at 1,000,000 objects from ${FAR} s to ${t.toFixed(2)} s (${(FAR - t).toFixed(0)} s back${i === farTargets.length - 1 ? ': the oldest checkpoint held' : ''}; the checkpoints in between are rolled back), CPU time`,
      value: far[i]!,
      unit: 'ms',
      reference: { name: 'the worst step back after a 20 s run', value: worst, unit: 'ms' },
      ratio: worst / far[i]!,
      target: '< 100 ms',
      pass: far[i]! < 100,
    })),
    {
      // A figure: how far back the checkpoints actually reach at the end of the long run.
      name: `sim: stretch of run the checkpoints hold at 1,000,000 objects after a ${FAR} s run (${farHeld.count} checkpoints in ${mb(farHeld.bytes).toFixed(0)} MB, the oldest at ${oldest.toFixed(0)} s)`,
      value: (FAR - oldest) / 60,
      unit: 'min',
    },
    {
      name: `sim: checkpoint bytes at 1,000,000 objects (peak over the ${LONG} s run, ${held.count} checkpoints, one every ${(LONG / (held.count - 1)).toFixed(0)} s)`,
      value: mb(held.peakBytes),
      unit: 'MB',
      reference: { name: 'the budget', value: mb(held.budgetBytes), unit: 'MB' },
      ratio: held.budgetBytes / held.peakBytes,
      target: `<= ${mb(CHECKPOINT_BUDGET_BYTES).toFixed(0)} MB (200 MB)`,
      pass: held.peakBytes <= CHECKPOINT_BUDGET_BYTES,
    },
    {
      // A figure, not a target: how far back the budget reaches before times replay from t = 0.
      name: `sim: stretch of run the checkpoints cover at 1,000,000 objects and 600 changes a second (${mb(shadow).toFixed(0)} MB of full copies, then ${(perSecond / 1e3).toFixed(0)} kB of changes per simulated second, measured over ${LONG} s)`,
      value: horizon / 60,
      unit: 'min',
    },
  ];
}

export function runSeekGenBenchmarks(): BenchResult[] {
  return [benchGeneration(), ...benchStepBack()];
}
