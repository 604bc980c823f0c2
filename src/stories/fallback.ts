import type { Story } from './types';

/** Is my server sharding? One API server with the gate off: no shardInfo, the fallback, and naive trust. */
export const fallback: Story = {
  id: 'fallback',
  title: 'story.fallback.title',
  base: { params: { replicas: 4, apiServers: [{ gate: false }], fallback: true }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.fallback.1.title',
      narration: 'story.fallback.1.text',
      focus: 'replica-cards',
      highlight: ['shardinfo-missing'],
      playing: false,
      question: 'story.fallback.1.q',
      answer: 'story.fallback.1.a',
    },
    {
      title: 'story.fallback.2.title',
      narration: 'story.fallback.2.text',
      focus: 'replica-cards',
      highlight: ['badge-fallback', 'owned-count'],
      playing: true,
    },
    {
      title: 'story.fallback.3.title',
      narration: 'story.fallback.3.text',
      focus: 'ownership-audit',
      highlight: ['ownership-audit', 'badge-trust'],
      playing: true,
      params: { fallback: false },
    },
    {
      title: 'story.fallback.4.title',
      narration: 'story.fallback.4.text',
      focus: 'replica-cards',
      highlight: ['shardinfo-preview', 'shardinfo-missing'],
      playing: true,
      params: { apiServers: [{ gate: true }, { gate: false }] },
    },
  ],
};
