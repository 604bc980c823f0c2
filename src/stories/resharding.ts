import type { Story, StoryModelEvent } from './types';

/** Every step reshards 4 -> 5 at this simulated time: a few seconds to see the steady state first. */
export const RESHARD_AT = 5;

const equalAllAtOnce: StoryModelEvent = { kind: 'reshard', at: RESHARD_AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } };

/**
 * Scaling from 4 to 5: equal ranges against jump hash, the share
 * that moves, the hand-off window, relist bytes per mode, and the three rollouts. 100,000
 * objects, so that one full LIST takes long enough (about 9 s at 50 MB/s) to be seen.
 */
export const resharding: Story = {
  id: 'resharding',
  title: 'story.resharding.title',
  base: { params: { replicas: 4, objects: 100_000 }, view: { speed: 1 }, events: [equalAllAtOnce] },
  steps: [
    {
      title: 'story.resharding.1.title',
      narration: 'story.resharding.1.text',
      notes: 'story.resharding.1.notes',
      focus: 'hash-space',
      show: ['hash', 'timeline', 'handoff'],
      highlight: ['hash-band', 'timeline'],
      playing: true,
      at: 0, // the reshard at 5 s happens in front of the audience (a countdown says so)
      question: 'story.resharding.1.q',
      answer: 'story.resharding.1.a',
    },
    {
      title: 'story.resharding.2.title',
      narration: 'story.resharding.2.text',
      notes: 'story.resharding.2.notes',
      sources: ['ksm-client-side', 'selector-param'],
      focus: 'bandwidth-panel',
      show: ['chart:handoff', 'handoff'],
      highlight: ['handoff-report', 'schedule'],
      playing: true,
      at: 30, // past the reshard and its hand-off, so the moved share is in the report
      params: { clientMode: 'jump' },
      events: [{ kind: 'reshard', at: RESHARD_AT, to: 5, strategy: 'jump-hash', serverStrategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }],
    },
    {
      title: 'story.resharding.3.title',
      narration: 'story.resharding.3.text',
      notes: 'story.resharding.3.notes',
      sources: ['informer-start', 'ksm-no-handoff'],
      focus: 'bandwidth-panel',
      show: ['chart:handoff', 'handoff'],
      highlight: ['chart-handoff', 'handoff-report'],
      playing: true,
      at: 0, // the hand-off happens in front of the audience (a countdown says so)
      question: 'story.resharding.3.q',
      answer: 'story.resharding.3.a',
    },
    {
      title: 'story.resharding.4.title',
      narration: 'story.resharding.4.text',
      notes: 'story.resharding.4.notes',
      sources: ['informer-start', 'watch-list-default'],
      focus: 'bandwidth-panel',
      show: ['chart:relists', 'handoff'],
      highlight: ['chart-relists', 'handoff-report'],
      playing: true,
      at: 30, // past every relist
    },
    {
      title: 'story.resharding.5.title',
      narration: 'story.resharding.5.text',
      notes: 'story.resharding.5.notes',
      sources: ['statefulset-rolling', 'conflict', 'ksm-series'],
      focus: 'bandwidth-panel',
      show: ['chart:handoff', 'handoff', 'timeline'],
      highlight: ['chart-handoff', 'timeline'],
      playing: true,
      at: 120, // past the one-by-one hand-off (about 100 s)
      question: 'story.resharding.5.q',
      answer: 'story.resharding.5.a',
      // One pod at a time, the next once the last is ready (8 s restart + a 10 s sync < 20 s);
      // four times faster so that the hand-off fits a slide.
      view: { speed: 4 },
      events: [{ kind: 'reshard', at: RESHARD_AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 20 } }],
    },
    {
      title: 'story.resharding.6.title',
      narration: 'story.resharding.6.text',
      notes: 'story.resharding.6.notes',
      sources: ['ksm-no-handoff', 'informer-start'],
      focus: 'bandwidth-panel',
      show: ['chart:handoff', 'handoff'],
      highlight: ['chart-handoff', 'handoff-report'],
      playing: true,
      at: 0, // the switches happen in front of the audience (a countdown says so)
      events: [{ kind: 'reshard', at: RESHARD_AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'new-first', everySeconds: 5 } }],
    },
  ],
};
