/**
 * A step arrives at a moment when what it narrates is visible; when it
 * waits for an event (a reshard, an API server's restart), the caption counts down to it:
 * "reshard in 5 s". The events are the step's own schedule: its reshards and the first
 * restart of its rolling upgrade, read from the step's resolved parameters.
 */
import type { SimParams } from '../state/params';

/** How long a story's run may be shown (simulated seconds): every step's `at` is within it. */
export const STORY_RUN_SECONDS = 600;

/** A model event a step can wait for. */
export interface StepEvent {
  readonly kind: 'reshard' | 'restart';
  /** Simulated time (s). */
  readonly at: number;
}

/** The scheduled events of a step's run, in time order: its reshards and the first restart of its rollout. */
export function stepEvents(params: Pick<SimParams, 'schedule' | 'lifecycle'>): StepEvent[] {
  const out: StepEvent[] = params.schedule.filter((e) => e.kind === 'reshard').map((e) => ({ kind: 'reshard' as const, at: e.at }));
  const rollout = params.lifecycle?.rollout;
  if (rollout) out.push({ kind: 'restart', at: rollout.at });
  return out.sort((a, b) => a.at - b.at);
}

/** The next event still ahead at `time`, with the whole seconds left; null when none is ahead. */
export function countdown(events: readonly StepEvent[], time: number): { readonly kind: StepEvent['kind']; readonly seconds: number } | null {
  const next = events.find((e) => e.at > time);
  return next ? { kind: next.kind, seconds: Math.max(1, Math.ceil(next.at - time - 1e-9)) } : null;
}
