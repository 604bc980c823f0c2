import { DEFAULT_LIFECYCLE } from '../state/lifecycle';
import type { Story } from './types';

/** The rolling upgrade of step 2: gate on, first restart at 10 s, then every 10 s. */
const upgrade = { ...DEFAULT_LIFECYCLE, rollout: { gate: true, at: 10, every: 10 } };
/** The rollback of steps 3 and 4: gate off again, first restart at 10 s, then every 10 s. */
const rollback = { ...DEFAULT_LIFECYCLE, rollout: { gate: false, at: 10, every: 10 } };
const gated = [{ gate: true }, { gate: true }, { gate: true }];

/**
 * Rolling the gate out across API servers, and back: three API servers
 * without the gate, where the default client caches everything; a rolling upgrade, where every
 * watch a restart ends resumes from its resourceVersion on another server (no relist); a gate
 * rollback, where resumed watches land on servers that no longer filter and client-go's caches
 * fill silently; and the controller's own check, which catches every one of those objects.
 */
export const rollout: Story = {
  id: 'rollout',
  title: 'story.rollout.title',
  base: {
    params: { replicas: 4, client: 'client-go', apiServers: [{ gate: false }, { gate: false }, { gate: false }] },
    view: { speed: 1 },
  },
  steps: [
    {
      title: 'story.rollout.1.title',
      narration: 'story.rollout.1.text',
      notes: 'story.rollout.1.notes',
      sources: ['gate-off-ignores', 'client-go-no-check', 'metrics'],
      focus: 'bandwidth-panel',
      show: ['card:owned', 'chart:egress'],
      highlight: ['headline-ratio', 'headline-chip'],
      playing: true,
      at: 10, // the ratio over a whole window
    },
    {
      title: 'story.rollout.2.title',
      narration: 'story.rollout.2.text',
      notes: 'story.rollout.2.notes',
      sources: ['gate-alpha', 'rewatch', 'backoff', 'relist-on-gone', 'http2-connection', 'goaway'],
      focus: 'bandwidth-panel',
      show: ['lifecycle', 'card:owned'],
      highlight: ['lifecycle-summary', 'timeline'],
      playing: true,
      at: 45, // past the three restarts (10, 20, 30 s) and their seven resumes
      question: 'story.rollout.2.q',
      answer: 'story.rollout.2.a',
      params: { lifecycle: upgrade },
    },
    {
      title: 'story.rollout.3.title',
      narration: 'story.rollout.3.text',
      notes: 'story.rollout.3.notes',
      sources: ['gate-off-ignores', 'client-go-no-check', 'watch-cache-window', 'relist-on-gone', 'rewatch', 'shardinfo-list'],
      focus: 'ownership-audit',
      show: ['audit', 'card:owned'],
      highlight: ['ownership-audit', 'badge-trust'],
      playing: true,
      at: 45, // the moment the narration names
      question: 'story.rollout.3.q',
      answer: 'story.rollout.3.a',
      params: { apiServers: gated, lifecycle: rollback },
    },
    {
      title: 'story.rollout.4.title',
      narration: 'story.rollout.4.text',
      notes: 'story.rollout.4.notes',
      sources: ['gate-off-ignores', 'client-go-no-check', 'fnv'],
      focus: 'ownership-audit',
      show: ['audit', 'card:owned'],
      highlight: ['ownership-audit', 'badge-fallback'],
      playing: true,
      at: 45, // the moment step 3 names
      params: { apiServers: gated, lifecycle: rollback, client: 'checked' },
    },
  ],
};
