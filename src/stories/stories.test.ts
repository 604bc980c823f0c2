import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { readLink, encodeLink } from '../state/link';
import { defaultViewParams } from '../state/defaults';
import { createShardScopeStore } from '../state/store';
import { moveStory, showStoryStep } from './controller';
import { STORIES, resolveStep, storyById } from './index';
import { readStoryLink, storyLink } from './link';
import { validateStories } from './validate';
import type { Story } from './types';

const base = STORIES[0]!;

describe('stories', () => {
  it('ships the eight stories with their ids, in menu order', () => {
    expect(STORIES.map((s) => s.id)).toEqual(['problem', 'mechanism', 'saving', 'fallback', 'resharding', 'hot-namespaces', 'refused', 'rollout']);
  });

  it('are all valid: unique ids, steps, catalogue keys, and link-valid states', () => {
    expect(validateStories(STORIES, en)).toEqual([]);
  });

  it('give every one of their 34 steps speaker notes, in English and Chinese', () => {
    expect(validateStories(STORIES, en, { requireNotes: true })).toEqual([]);
    const steps = STORIES.flatMap((s) => s.steps);
    expect(steps).toHaveLength(34);
    for (const step of steps) {
      expect(step.notes, step.title).toBe(step.title.replace(/\.title$/, '.notes'));
      expect(String(zhCN[step.notes!]).length, step.notes).toBeGreaterThan(40);
      expect(String(en[step.notes!]).length, step.notes).toBeGreaterThan(120);
    }
  });

  it.each(STORIES.flatMap((s) => s.steps.map((_, i) => [s.id, i + 1] as const)))('%s step %i has a state a #state= link carries unchanged', (id, n) => {
    const r = resolveStep(storyById(id)!, n - 1)!;
    const view = { ...defaultViewParams(), ...r.view };
    const { state, issues } = readLink(encodeLink({ params: r.params, view }));
    expect(issues).toEqual([]);
    expect(state?.params).toEqual(r.params);
    expect(r.params.selectors.length).toBe(r.params.replicas);
  });
});

describe('validateStories', () => {
  it('rejects a duplicate story id', () => {
    expect(validateStories([base, base], en)).toContain('problem: duplicate story id');
  });

  it('rejects a story without steps', () => {
    expect(validateStories([{ ...base, steps: [] }], en)).toContain('problem: has no steps');
  });

  it('rejects a message id that is not in the catalogue, naming it', () => {
    const bad = { ...base, steps: [{ ...base.steps[0]!, narration: 'story.nope' }] } as unknown as Story;
    expect(validateStories([bad], en)).toContain('problem: step 1 narration: message "story.nope" is not in the catalogue');
  });

  it('rejects a step state the link decoder refuses, with the fields it named', () => {
    const bad: Story = { ...base, steps: [{ ...base.steps[1]!, params: { replicas: 65 } }] };
    expect(validateStories([bad], en)).toEqual(['problem: step 1: its state is not a valid link state (replicas: invalid, selectors: invalid)']);
  });

  it('rejects selectors that do not match the replica count', () => {
    const bad: Story = { ...base, steps: [{ ...base.steps[1]!, params: { replicas: 2, selectors: ['a'] } }] };
    expect(validateStories([bad], en)).toEqual(['problem: step 1: its state is not a valid link state (selectors: invalid)']);
  });

  it('rejects speaker notes that are not in the catalogue, and requires notes only when asked', () => {
    const noNotes: Story = { ...base, steps: base.steps.map(({ notes: _, ...step }) => step) };
    expect(validateStories([noNotes], en)).toEqual([]);
    expect(validateStories([noNotes], en, { requireNotes: true })).toEqual(['problem: step 1: has no speaker notes', 'problem: step 2: has no speaker notes', 'problem: step 3: has no speaker notes']);
    const bad = { ...base, steps: [{ ...base.steps[1]!, notes: 'story.problem.1.nope' }] } as unknown as Story;
    expect(validateStories([bad], en)).toEqual(['problem: step 1 notes: message "story.problem.1.nope" is not in the catalogue']);
  });

  it('rejects a question without an answer, and a question on the last step', () => {
    const q = { ...base, steps: [{ ...base.steps[1]!, question: 'story.problem.1.q' }] } as Story;
    expect(validateStories([q], en)).toEqual([
      'problem: step 1: a question needs an answer and an answer a question',
      "problem: step 1: the last step's question has no next step to show its answer on",
    ]);
  });
});

describe('resolveStep', () => {
  it('resolves every step from the defaults and the base, not from the step before', () => {
    const saving = storyById('saving')!;
    // Step 3 switches the cache to `all`; step 4 does not say, so it is back to the base.
    expect(resolveStep(saving, 2)!.params.clientCache).toBe('all');
    expect(resolveStep(saving, 3)!.params.clientCache).toBe('owned');
    expect(resolveStep(saving, 3)!.params.replicas).toBe(16);
    expect(resolveStep(saving, 3)!.params.selectors).toHaveLength(16);
  });

  it('makes a step’s model events the run’s whole schedule, and a step without events goes back to the base’s', () => {
    const story = storyById('resharding')!;
    const at = (n: number) => resolveStep(story, n - 1)!.params;
    // Step 2 schedules jump hash; step 3 says nothing, so it is the base's equal ranges again.
    expect(at(2).schedule).toEqual([{ kind: 'reshard', at: 5, to: 5, strategy: 'jump-hash', serverStrategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }]);
    expect(at(3).schedule).toEqual([{ kind: 'reshard', at: 5, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }]);
    expect(at(3).clientMode).toBe('ranges');
    expect(at(5).schedule[0]!.rollout).toEqual({ kind: 'one-by-one', everySeconds: 20 });
    // Stories without events keep the defaults' empty schedule.
    expect(resolveStep(storyById('saving')!, 0)!.params.schedule).toEqual([]);
    expect(JSON.stringify(at(1))).toBe(JSON.stringify(at(4)));
  });

  it('gives no state for a step that does not exist', () => {
    expect(resolveStep(base, base.steps.length)).toBeNull();
  });
});

describe('stepping back through a story', () => {
  it('shows step 1 after stepping back from 6 exactly as step 1 opened directly: resolved, not replayed', async () => {
    // Through the steps as the caption's Back button and PageUp do (moveStory), from step 6:
    // step 2 switched the client to jump hash and 5 and 6 each scheduled another rollout.
    const walked = createShardScopeStore();
    showStoryStep(walked, 'resharding', 6);
    expect(walked.getState().params.schedule[0]!.rollout.kind).toBe('new-first');
    for (let n = 6; n > 1; n--) moveStory(walked, -1);
    const direct = createShardScopeStore();
    showStoryStep(direct, 'resharding', 1);
    await Promise.all([walked.getState().idle(), direct.getState().idle()]);
    const back = walked.getState();
    const opened = direct.getState();
    expect(back.story).toEqual({ id: 'resharding', step: 1 });
    expect(back.params).toEqual(opened.params);
    expect(back.view).toEqual(opened.view);
    expect(back.playing).toBe(opened.playing);
    // And that state is step 1's own: ranges client-side, the base's all-at-once reshard.
    expect(back.params).toEqual(resolveStep(storyById('resharding')!, 0)!.params);
    expect(back.params.clientMode).toBe('ranges');
    expect(back.params.schedule[0]!.rollout.kind).toBe('all-at-once');
    walked.getState().dispose();
    direct.getState().dispose();
  });
});

describe('story links', () => {
  it('read #story=<id>&step=<n> with other & parameters beside them', () => {
    expect(readStoryLink('#story=saving&step=3')).toEqual({ id: 'saving', step: 3 });
    expect(readStoryLink('#lang=en&story=refused&step=2')).toEqual({ id: 'refused', step: 2 });
    expect(readStoryLink('#story=saving')).toEqual({ id: 'saving', step: 1 });
  });

  it('bring a step out of range to the nearest step, and ignore an unknown story', () => {
    expect(readStoryLink('#story=saving&step=99')).toEqual({ id: 'saving', step: 4 });
    expect(readStoryLink('#story=saving&step=0')).toEqual({ id: 'saving', step: 1 });
    expect(readStoryLink('#story=nope&step=1')).toBeNull();
    expect(readStoryLink('#state=%7B%7D')).toBeNull();
  });

  it('write the link that reads back to the same position', () => {
    expect(storyLink({ id: 'hot-namespaces', step: 2 })).toBe('#story=hot-namespaces&step=2');
    expect(readStoryLink(storyLink({ id: 'hot-namespaces', step: 2 }))).toEqual({ id: 'hot-namespaces', step: 2 });
  });
});
