/**
 * Applying parameters to a running model: what reconnects the replicas, what restarts the
 * rates, and what leaves the stream as it was.
 */
import type { Mode, SimParams } from '../params';
import { MODES, churnRates } from '../params';
import type { Handoff } from '../time';
import { TICK_SECONDS, TICKS_PER_SECOND } from './clock';
import type { Model } from './model';
import { deferRelists } from './relists';

/** Whether two values serialise alike (parameters are plain data). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether going from `a` to `b` changes what flows or what it costs, so that rates measured
 * before the change say nothing about after it (see `Model.changeTick`). Only the step size
 * and the rate window itself leave the measured stream as it was.
 */
export function changesRates(a: SimParams, b: SimParams): boolean {
  const strip = (p: SimParams) => ({ ...p, stepSeconds: 0, rateWindowSeconds: 0, schedule: [], retyped: [] });
  return !sameJson(strip(a), strip(b));
}

/** Parameters whose change means a new cluster (and time restarting at 0). */
export function needsRebuild(a: SimParams, b: SimParams): boolean {
  return (
    a.seed !== b.seed ||
    !sameJson(a.cluster, b.cluster) ||
    a.sizes.medianJsonBytes !== b.sizes.medianJsonBytes ||
    a.sizes.spread !== b.sizes.spread
  );
}

/**
 * Puts `next` in effect now. A change of replicas or API servers reconnects every replica (a
 * fresh LIST); `reshard`: a reshard's hand-offs, whose rollout sets when each replica's
 * relist counts.
 */
export function apply(m: Model, next: SimParams, reshard?: Record<Mode, Handoff | null>): void {
  const prev = m.params;
  m.params = next;
  m.servers.set(next);
  m.cluster.setSizes(next.sizes);
  m.churn.setParams(churnRates(next));
  const reconnect = !sameJson(prev.apiServers, next.apiServers) || !sameJson(prev.replicas, next.replicas);
  const reseries = prev.seriesCapacity !== next.seriesCapacity || prev.sampleSeconds !== next.sampleSeconds;
  const changed = reconnect || reseries || changesRates(prev, next);
  if (changed) m.changeTick = m.tick;
  for (const mode of MODES) {
    const e = m.modes[mode];
    if (reconnect) e.configure(next, m.tick, TICK_SECONDS, true, reshard !== undefined);
    const h = reshard?.[mode];
    if (reconnect && h) deferRelists(e, h, m.tick, TICKS_PER_SECOND, m.layout.relists);
    else e.setParams(next);
    if (reseries) e.resetSeries();
    // The first sample of the new state: after the reconnect's LISTs, so rates measured
    // from it are the watch stream.
    if (changed) e.sample(m.time);
  }
}
