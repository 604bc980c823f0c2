/**
 * A step arrives at a moment when what it narrates is visible. Every step's
 * time lies within the story's run; an event the narration names has happened by then, or the
 * caption counts down to it; the controller opens the step's run at that time.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { createShardScopeStore } from '../state/store';
import { showStoryStep } from './controller';
import { STORY_RUN_SECONDS, countdown, stepEvents, type StepEvent } from './countdown';
import { STORIES, resolveStep, storyById } from './index';

const steps = STORIES.flatMap((s) => s.steps.map((step, i) => ({ id: s.id, n: i + 1, step, r: resolveStep(s, i)! })));

/** What an English narration says that names an event of each kind. */
const NAMES: Record<StepEvent['kind'], RegExp> = {
  reshard: /reshard|four replicas to five|fifth replica|new selector|restarted replica|rolling update|switch/i,
  restart: /restart|rollback/i,
};

describe('step times', () => {
  it('every step sets its time, within the story run', () => {
    for (const { id, n, step, r } of steps) {
      expect(step.at, `${id} step ${n}`).toBeTypeOf('number');
      expect(r.time, `${id} step ${n}`).toBeGreaterThanOrEqual(0);
      expect(r.time, `${id} step ${n}`).toBeLessThanOrEqual(STORY_RUN_SECONDS);
    }
  });

  it('a step that opens before a scheduled event of its run shows a countdown to it', () => {
    let named = 0;
    for (const { id, n, step, r } of steps) {
      const text = String(en[step.narration]);
      for (const e of stepEvents(r.params)) {
        if (!NAMES[e.kind].test(text)) continue;
        named++;
        if (e.at <= r.time) continue;
        const cue = countdown(stepEvents(r.params), r.time);
        expect(cue, `${id} step ${n}: its ${e.kind} at ${e.at} s is after the step's ${r.time} s and nothing counts down`).not.toBeNull();
      }
    }
    // The resharding story's six steps and the rollout's three steps with a rollout.
    expect(named).toBe(9);
  });

  it('counts whole seconds down to the next event, then stops', () => {
    const events: StepEvent[] = [
      { kind: 'reshard', at: 5 },
      { kind: 'restart', at: 10 },
    ];
    expect(countdown(events, 0)).toEqual({ kind: 'reshard', seconds: 5 });
    expect(countdown(events, 4.2)).toEqual({ kind: 'reshard', seconds: 1 });
    expect(countdown(events, 5)).toEqual({ kind: 'restart', seconds: 5 });
    expect(countdown(events, 10)).toBeNull();
    expect(countdown([], 0)).toBeNull();
  });

  it('reads a step’s reshards and its rollout’s first restart', () => {
    expect(stepEvents(resolveStep(storyById('resharding')!, 0)!.params)).toEqual([{ kind: 'reshard', at: 5 }]);
    expect(stepEvents(resolveStep(storyById('rollout')!, 1)!.params)).toEqual([{ kind: 'restart', at: 10 }]);
    expect(stepEvents(resolveStep(storyById('problem')!, 0)!.params)).toEqual([]);
  });

  it('opens a step’s run at its time: rollout step 2 at 45 s, past its three restarts and seven resumes', async () => {
    const store = createShardScopeStore();
    await store.getState().start();
    showStoryStep(store, 'rollout', 2);
    await store.getState().idle();
    // The controller seeks once the new run is built.
    await new Promise((r) => setTimeout(r, 0));
    await store.getState().idle();
    const s = store.getState().sim.snapshot!;
    expect(s.time).toBeCloseTo(45, 5);
    expect(s.modes.server!.lifecycle.watchResumes).toBe(7);
    expect(s.modes.server!.lifecycle.relists.gone).toBe(0);
    store.getState().dispose();
  }, 60_000);

  it('opens the cold shard after both cold replicas have hit 410 Gone and relisted', async () => {
    const store = createShardScopeStore();
    await store.getState().start();
    showStoryStep(store, 'hot-namespaces', 3);
    await store.getState().idle();
    await new Promise((r) => setTimeout(r, 0));
    await store.getState().idle();
    const s = store.getState().sim.snapshot!;
    expect(s.time).toBeCloseTo(430, 5);
    expect(s.modes.server!.lifecycle.relists.gone).toBe(2);
    store.getState().dispose();
  }, 60_000);
});
