import { DEFAULT_LIFECYCLE } from '../state/lifecycle';
import type { Story } from './types';

/** The rolling upgrade every step after the first runs: gate on, first restart at 10 s, then every 10 s. */
const upgrade = { ...DEFAULT_LIFECYCLE, rollout: { gate: true, at: 10, every: 10 } };

/**
 * Rolling the gate out across API servers (issue 10 on issue 9's lifecycle model): three API
 * servers without the gate, a rolling upgrade that turns it on one server at a time, the
 * relist storm each restart causes, and duplicates while gates are mixed: kept when the client
 * trusts the stream, caught when it also checks locally.
 */
export const rollout: Story = {
  id: 'rollout',
  title: 'story.rollout.title',
  base: { params: { replicas: 4, apiServers: [{ gate: false }, { gate: false }, { gate: false }] }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.rollout.1.title',
      narration: 'story.rollout.1.text',
      focus: 'bandwidth-panel',
      highlight: ['headline-ratio', 'shardinfo-missing'],
      playing: true,
    },
    {
      title: 'story.rollout.2.title',
      narration: 'story.rollout.2.text',
      focus: 'bandwidth-panel',
      highlight: ['chart-relists', 'timeline'],
      playing: true,
      question: 'story.rollout.2.q',
      answer: 'story.rollout.2.a',
      params: { lifecycle: upgrade },
    },
    {
      title: 'story.rollout.3.title',
      narration: 'story.rollout.3.text',
      focus: 'ownership-audit',
      highlight: ['ownership-audit', 'badge-trust'],
      playing: true,
      params: { lifecycle: upgrade },
    },
    {
      title: 'story.rollout.4.title',
      narration: 'story.rollout.4.text',
      focus: 'ownership-audit',
      highlight: ['ownership-audit'],
      playing: true,
      params: { lifecycle: { ...upgrade, watchPolicy: 'check-locally' } },
    },
  ],
};
