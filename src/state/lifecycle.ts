/**
 * The page's parameters for API servers over time and the watch lifecycle:
 * a rolling upgrade of the API servers, how the informer syncs (a streaming list, client-go's
 * default since v1.35, or LIST then WATCH), whether it sends `timeoutSeconds`, and how
 * requests reach the servers (one HTTP/2 connection through an L4 balancer, or each request
 * balanced by an L7 one; `--goaway-chance`). Optional in the page's parameters: absent means
 * these defaults, which are client-go v1.36 as shipped.
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
  readonly initialList: 'list' | 'watch-list';
  readonly watchTimeouts: boolean;
  readonly routing: 'l4' | 'l7';
  /** kube-apiserver's `--goaway-chance`, 0 to 0.02. */
  readonly goawayChance: number;
}

/** The defaults: no rollout, a streaming list, client-go's watch timeouts, an L4 balancer, no GOAWAY. */
export const DEFAULT_LIFECYCLE: LifecycleParams = { rollout: null, initialList: 'watch-list', watchTimeouts: true, routing: 'l4', goawayChance: 0 };

/**
 * What a version 1 link means by a missing field: LIST then WATCH, no watch timeouts (the
 * defaults of its time), so that such a link opens as it did.
 */
export const V1_LINK_LIFECYCLE: LifecycleParams = { ...DEFAULT_LIFECYCLE, initialList: 'list', watchTimeouts: false };

/** A rollout the page proposes when the upgrade is switched on: gate on from 20 s, every 10 s. */
export const DEFAULT_ROLLOUT: RolloutUiParams = { gate: true, at: 20, every: 10 };

/** Bounds of the rollout's numbers (seconds). */
export const ROLLOUT_LIMITS = { min: 0, max: 86_400, integer: false } as const;

/** Bounds of `--goaway-chance`. */
export const GOAWAY_LIMITS = { min: 0, max: 0.02, integer: false } as const;

/** The model's input for these parameters. */
export function lifecycleToSim(l: LifecycleParams | undefined): {
  readonly rollout: { readonly gate: boolean; readonly at: number; readonly everySeconds: number } | null;
  readonly initialList: LifecycleParams['initialList'];
  readonly routing: LifecycleParams['routing'];
  readonly goawayChance: number;
  readonly watch: NonNullable<SimParamsInput['watch']>;
} {
  const v = l ?? DEFAULT_LIFECYCLE;
  return {
    rollout: v.rollout ? { gate: v.rollout.gate, at: v.rollout.at, everySeconds: v.rollout.every } : null,
    initialList: v.initialList,
    routing: v.routing,
    goawayChance: v.goawayChance,
    watch: { timeouts: v.watchTimeouts },
  };
}
