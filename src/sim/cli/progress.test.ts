import { describe, expect, it, vi } from 'vitest';
import type { Simulation } from '../engine';
import { runCli } from './cli';
import { PROGRESS_AFTER_MS, stepWithProgress, type ProgressSink } from './progress';

/**
 * A long command-line run's progress and memory, in this process with a simulated clock: what
 * the lines say depends on how far the run is, never on how fast the machine is.
 * tests/cli/run-budget.test.ts runs the real command line once at a million pods.
 */

// Every simulation the command line builds, to read its checkpoints after the run.
const built = vi.hoisted(() => [] as Simulation[]);
vi.mock('../engine', async (importOriginal) => {
  const engine = await importOriginal<typeof import('../engine')>();
  return {
    ...engine,
    createSimulation: (...args: Parameters<typeof engine.createSimulation>) => {
      const sim = engine.createSimulation(...args);
      built.push(sim);
      return sim;
    },
  };
});

/** A sink whose clock moves `msPerRead` each time it is read (one read per slice, one at the start). */
function clockSink(msPerRead: number, afterMs?: number): ProgressSink & { readonly lines: string[] } {
  let now = 0;
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line), now: () => (now += msPerRead), ...(afterMs === undefined ? {} : { afterMs }) };
}

/** A stand-in simulation that only counts the time it is stepped by. */
function steppedSim(): Simulation & { readonly stepped: number[] } {
  const stepped: number[] = [];
  return { stepped, step: (s: number) => void stepped.push(s) } as unknown as Simulation & { readonly stepped: number[] };
}

const LINE = /^progress: [\d:]+ of 24:00:00 simulated \(\d+%\), [\dmin ]+ s so far, about .* left\n$/;

describe('progress of a slow run', () => {
  it('says nothing before the run has taken 2 s, then a line every 5 s, each saying how far the run is', () => {
    // 1,000 slices of a day at 50 ms each: 50 s of run, lines at 2 s, then every 5 s.
    const sink = clockSink(50);
    const sim = steppedSim();
    stepWithProgress(sim, 86_400, sink);
    expect(PROGRESS_AFTER_MS).toBe(2_000);
    expect(sim.stepped.reduce((a, b) => a + b, 0)).toBeCloseTo(86_400, 6);
    expect(sim.stepped).toHaveLength(1_000);
    expect(sink.lines).toHaveLength(10);
    for (const line of sink.lines) expect(line).toMatch(LINE);
    // The first after 40 slices (2 s), the next 100 slices (5 s) later.
    expect(sink.lines[0]).toMatch(/^progress: 57:36 of 24:00:00 simulated \(4%\), 2 s so far, about 48 s left\n$/);
    expect(sink.lines[1]).toMatch(/\(14%\), 7 s so far/);
  });

  it('says nothing for a fast run, and from the first slice with a threshold of 0', () => {
    const fast = clockSink(1);
    stepWithProgress(steppedSim(), 86_400, fast);
    expect(fast.lines).toEqual([]);
    const eager = clockSink(1, 0);
    stepWithProgress(steppedSim(), 86_400, eager);
    expect(eager.lines).toHaveLength(1);
    expect(eager.lines[0]).toMatch(/^progress: 1:26 of 24:00:00 simulated \(0%\), 0 s so far/);
  });
});

describe('the command line keeps no step-back checkpoints', () => {
  it('a run over many checkpoint intervals holds none at its end', () => {
    built.length = 0;
    const r = runCli(['--pods', '2000', '--replicas', '4', '--seconds', '60', '--json']);
    expect(r.code).toBe(0);
    expect(built).toHaveLength(1);
    const stats = built[0]!.checkpointStats();
    expect(stats.budgetBytes).toBe(0);
    expect(stats.peakBytes).toBe(0);
  });
});
