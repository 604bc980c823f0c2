/**
 * What the model may do on the page's own thread. The model normally runs in a Web Worker,
 * where no amount of work can block the page. When a worker cannot start (a host's
 * Content-Security-Policy blocks workers, or the browser has none) the model runs on the
 * page's thread instead, and then only up to these limits, which keep every task of the page
 * short (the work is cut into tasks of at most {@link EVENTS_PER_TASK} events, see
 * `paced.ts`) and leave most of each second to drawing.
 *
 * Measured in Node on the CI machine: a 0.25 s step with its snapshot takes 2-7 ms at 20,000
 * objects and default churn, adds and deletes cost about 4 µs each, modifications under 1 µs;
 * building 20,000 objects takes 65-95 ms (once, when the cluster is generated).
 */
import { SPEEDS, type SimParams } from './params';

/** The most the page's own thread runs. */
export const MAIN_THREAD_LIMITS = {
  /** Live objects (at the start, and as the cluster grows). */
  objects: 20_000,
  /** Changes (adds + modifications + deletions) per second of playback: churn × speed. */
  changesPerSecond: 20_000,
} as const;

/** Most events one task of the page's thread applies to the model (see `paced.ts`). */
export const EVENTS_PER_TASK = 2_000;

/** Why a run does not fit the page's own thread. */
export type BudgetExcess =
  /** More objects than the limit: the cluster is not generated. */
  | { readonly kind: 'objects'; readonly objects: number; readonly max: number }
  /** Churn × speed over the limit: the run does not play. `fitSpeed` is the fastest speed that fits, if any. */
  | { readonly kind: 'changes'; readonly churn: number; readonly speed: number; readonly perSecond: number; readonly max: number; readonly fitSpeed: number | null }
  /** The cluster has grown past the limit while adds outpace deletes: it stops growing. */
  | { readonly kind: 'grown'; readonly live: number; readonly max: number };

/** Changes per simulated second the parameters ask for. */
export function churnOf(params: SimParams): number {
  return params.addedPerSec + params.modifiedPerSec + params.deletedPerSec;
}

/**
 * Why these parameters, at this speed and with this many live objects, do not fit the page's
 * own thread, or null when they do.
 */
export function mainThreadExcess(params: SimParams, speed: number, live: number | null): BudgetExcess | null {
  const max = MAIN_THREAD_LIMITS;
  if (params.objects > max.objects) return { kind: 'objects', objects: params.objects, max: max.objects };
  const churn = churnOf(params);
  const perSecond = churn * speed;
  if (perSecond > max.changesPerSecond) {
    const fit = [...SPEEDS].reverse().find((v) => churn * v <= max.changesPerSecond) ?? null;
    return { kind: 'changes', churn, speed, perSecond, max: max.changesPerSecond, fitSpeed: fit };
  }
  if (live !== null && live > max.objects && params.addedPerSec > params.deletedPerSec) {
    return { kind: 'grown', live, max: max.objects };
  }
  return null;
}
