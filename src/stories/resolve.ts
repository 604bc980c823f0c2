/**
 * A step's full state: the defaults, then the story's base, then the step's overrides. Every
 * step is resolved from scratch, so any step can be shown from any other (or from a link).
 */
import { defaultSimParams, defaultViewParams } from '../state/defaults';
import type { SimParams, ViewParams } from '../state/params';
import { equalSplitSelectors } from '../state/selectors';
import { withObjects } from '../state/churn';
import type { ScheduledEvent } from '../state';
import type { Story, StoryModelEvent, StoryState, StoryStep } from './types';

/** A story's model event as the run schedules it (one kind so far: a reshard). */
function toScheduled(e: StoryModelEvent): ScheduledEvent {
  return { ...e };
}

/** What a step sets: parameters, the view (without theme and language, which stay the reader's) and playback. */
export interface ResolvedStep {
  readonly step: StoryStep;
  readonly params: SimParams;
  readonly view: Omit<ViewParams, 'theme' | 'locale'>;
  readonly playing: boolean;
  /** The simulated time (s) the step is shown at, in a run of its own state from t = 0. */
  readonly time: number;
}

function layer(params: SimParams, state: StoryState): SimParams {
  const p = state.params;
  if (!p) return params;
  // A new object count without churn rates: the churn scales with it (as the objects field does).
  const scaled = p.objects !== undefined && p.addedPerSec === undefined && p.modifiedPerSec === undefined && p.deletedPerSec === undefined ? withObjects(params, p.objects) : params;
  const next = { ...scaled, ...p };
  // A new replica count or key without selectors: every replica takes its equal share.
  if (p.selectors === undefined && (p.replicas !== undefined || p.shardKey !== undefined)) {
    return { ...next, selectors: equalSplitSelectors(next.replicas, next.shardKey) };
  }
  return next;
}

/** The state of step `index` (0-based) of a story, or null when there is no such step. */
export function resolveStep(story: Story, index: number): ResolvedStep | null {
  const step = story.steps[index];
  if (!step) return null;
  const layered = layer(layer(defaultSimParams(), story.base), step);
  // The schedule is the step's events, else the base's, else whatever the parameters say:
  // never the schedule of the step shown before.
  const events = step.events ?? story.base.events;
  const params = events ? { ...layered, schedule: events.map(toScheduled) } : layered;
  const { theme: _t, locale: _l, ...dv } = defaultViewParams();
  const view = { ...dv, ...story.base.view, ...step.view };
  // A time that is not a finite, non-negative number shows the run's start: bad data never throws.
  const time = typeof step.at === 'number' && Number.isFinite(step.at) && step.at > 0 ? step.at : 0;
  return { step, params, view, playing: step.playing, time };
}
