/**
 * A long command-line run: the simulation is stepped in slices, and once a
 * run has taken more than {@link PROGRESS_AFTER_MS} of wall-clock time it says how far it is on
 * stderr (never stdout, so `--json` output stays one JSON document), a line at a time.
 */
import type { Simulation } from '../engine';
import { clockText } from '../report';

/** Where progress goes and the wall clock it is measured by (main.ts: stderr and performance.now). */
export interface ProgressSink {
  write(line: string): void;
  now(): number;
  /** Overrides {@link PROGRESS_AFTER_MS} (main.ts: `SHARDSCOPE_PROGRESS_AFTER_MS`, so a test sees progress on any machine). */
  readonly afterMs?: number;
}

/** A run that has taken this long starts saying how far it is. */
export const PROGRESS_AFTER_MS = 2_000;
/** Then a line at most this often. */
const PROGRESS_EVERY_MS = 5_000;
/** Ticks per simulated second (the engine's clock: 0.01 s ticks). */
const TICKS_PER_SECOND = 100;
/** Slices per run: enough for a line every few seconds on the longest runs. */
const SLICES = 1_000;

function wall(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/**
 * Steps `sim` by `seconds` in whole-tick slices (the same run as one step: a run never depends on
 * how its steps are sliced), writing progress to `sink` once the run, begun at `started` (the
 * sink's clock, before the cluster was built), is slow.
 */
export function stepWithProgress(sim: Simulation, seconds: number, sink: ProgressSink | undefined, started = sink?.now() ?? 0): void {
  if (!sink) {
    sim.step(seconds);
    return;
  }
  const ticks = Math.floor(seconds * TICKS_PER_SECOND + 1e-6);
  const slice = Math.max(1, Math.ceil(ticks / SLICES));
  const after = sink.afterMs ?? PROGRESS_AFTER_MS;
  let said = started;
  let done = 0;
  while (done < ticks) {
    const n = Math.min(slice, ticks - done);
    sim.step(n / TICKS_PER_SECOND);
    done += n;
    const now = sink.now();
    if (done < ticks && now - started >= after && (said === started || now - said >= PROGRESS_EVERY_MS)) {
      said = now;
      const share = done / ticks;
      const left = ((now - started) * (1 - share)) / share;
      sink.write(
        `progress: ${clockText(done / TICKS_PER_SECOND)} of ${clockText(ticks / TICKS_PER_SECOND)} simulated (${Math.floor(share * 100)}%), ${wall(now - started)} so far, about ${wall(left)} left\n`,
      );
    }
  }
  // What `seconds` holds beyond whole ticks (as one step would leave it).
  const rest = seconds - ticks / TICKS_PER_SECOND;
  if (rest > 0) sim.step(rest);
}
