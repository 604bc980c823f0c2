/**
 * A step's full state: the defaults, then the story's base, then the step's overrides. Every
 * step is resolved from scratch, so any step can be shown from any other (or from a link).
 */
import { defaultSimParams, defaultViewParams } from '../state/defaults';
import type { SimParams, ViewParams } from '../state/params';
import { equalSplitSelectors } from '../state/selectors';
import type { Story, StoryState, StoryStep } from './types';

/** What a step sets: parameters, the view (without theme and language, which stay the reader's) and playback. */
export interface ResolvedStep {
  readonly step: StoryStep;
  readonly params: SimParams;
  readonly view: Omit<ViewParams, 'theme' | 'locale'>;
  readonly playing: boolean;
}

function layer(params: SimParams, state: StoryState): SimParams {
  const p = state.params;
  if (!p) return params;
  const next = { ...params, ...p };
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
  const params = layer(layer(defaultSimParams(), story.base), step);
  const { theme: _t, locale: _l, ...dv } = defaultViewParams();
  const view = { ...dv, ...story.base.view, ...step.view };
  return { step, params, view, playing: step.playing };
}
