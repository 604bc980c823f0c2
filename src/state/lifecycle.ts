/**
 * The page's parameters for API servers over time and the watch lifecycle (issue 9): a
 * rolling upgrade of the API servers, the watch policy after a LIST with `shardInfo`, the
 * initial list mode and watch timeouts. Optional in the page's parameters: absent means these
 * defaults, which keep the model's behaviour as before.
 */
import type { SimParamsInput } from '../sim';

/** A rolling upgrade as the page sets it: gate, first restart and interval, seconds. */
export interface RolloutUiParams {
  readonly gate: boolean;
  readonly at: number;
  readonly every: number;
}

/** The page's lifecycle parameters. */
export interface LifecycleParams {
  readonly rollout: RolloutUiParams | null;
  readonly watchPolicy: 'trust-stream' | 'check-locally';
  readonly initialList: 'list' | 'watch-list';
  readonly watchTimeouts: boolean;
}

/** The defaults: no rollout, trust the stream (today's behaviour), LIST+WATCH, no timeouts. */
export const DEFAULT_LIFECYCLE: LifecycleParams = { rollout: null, watchPolicy: 'trust-stream', initialList: 'list', watchTimeouts: false };

/** A rollout the page proposes when the upgrade is switched on: gate on from 20 s, every 10 s. */
export const DEFAULT_ROLLOUT: RolloutUiParams = { gate: true, at: 20, every: 10 };

/** Bounds of the rollout's numbers (seconds). */
export const ROLLOUT_LIMITS = { min: 0, max: 86_400, integer: false } as const;

/** The model's input for these parameters. */
export function lifecycleToSim(l: LifecycleParams | undefined): {
  readonly rollout: { readonly gate: boolean; readonly at: number; readonly everySeconds: number } | null;
  readonly watchPolicy: LifecycleParams['watchPolicy'];
  readonly initialList: LifecycleParams['initialList'];
  readonly watch: NonNullable<SimParamsInput['watch']>;
} {
  const v = l ?? DEFAULT_LIFECYCLE;
  return {
    rollout: v.rollout ? { gate: v.rollout.gate, at: v.rollout.at, everySeconds: v.rollout.every } : null,
    watchPolicy: v.watchPolicy,
    initialList: v.initialList,
    watch: { timeouts: v.watchTimeouts },
  };
}
