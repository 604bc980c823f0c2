/**
 * An exercise's states, resolved from the defaults every time (as a story step is): the start,
 * and the solution on top of the start. Parameters a state sets replace the ones below; a new
 * replica count or shard key without selectors gives every replica its equal share; events
 * replace the schedule.
 */
import { defaultSimParams, defaultViewParams } from '../../state/defaults';
import type { SimParams, ViewParams } from '../../state/params';
import { equalSplitSelectors } from '../../state/selectors';
import { withObjects } from '../../state/churn';
import type { StoryState } from '../types';
import type { Exercise } from './types';

export interface ResolvedExercise {
  readonly params: SimParams;
  readonly view: Omit<ViewParams, 'theme' | 'locale'>;
  readonly playing: boolean;
}

function layer(params: SimParams, state: StoryState): SimParams {
  const p = state.params;
  // A new object count without churn rates: the churn scales with it (as the objects field does).
  const scaled = p?.objects !== undefined && p.addedPerSec === undefined && p.modifiedPerSec === undefined && p.deletedPerSec === undefined ? withObjects(params, p.objects) : params;
  let next = p ? { ...scaled, ...p } : params;
  if (p && p.selectors === undefined && (p.replicas !== undefined || p.shardKey !== undefined)) {
    next = { ...next, selectors: equalSplitSelectors(next.replicas, next.shardKey) };
  }
  if (state.events) next = { ...next, schedule: state.events.map((e) => ({ ...e })) };
  return next;
}

/** The state an exercise starts from. */
export function resolveStart(ex: Exercise): ResolvedExercise {
  const { theme: _t, locale: _l, ...dv } = defaultViewParams();
  return { params: layer(defaultSimParams(), ex.start), view: { ...dv, ...ex.start.view }, playing: ex.start.playing ?? true };
}

/** The state of an exercise's solution (its start, then the solution's own state). */
export function resolveSolution(ex: Exercise): ResolvedExercise {
  const start = resolveStart(ex);
  return { params: layer(start.params, ex.solution), view: { ...start.view, ...ex.solution.view }, playing: true };
}
