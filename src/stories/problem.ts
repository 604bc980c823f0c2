import type { Story } from './types';

/** The problem: client-side sharding, where every replica receives, decodes and drops most of the stream. */
export const problem: Story = {
  id: 'problem',
  title: 'story.problem.title',
  base: { params: { replicas: 4 }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.problem.1.title',
      narration: 'story.problem.1.text',
      notes: 'story.problem.1.notes',
      focus: 'event-flow',
      show: ['flow'],
      highlight: ['flow-canvas-client'],
      playing: true,
      at: 10, // rates over a whole window
      question: 'story.problem.1.q',
      answer: 'story.problem.1.a',
    },
    {
      title: 'story.problem.2.title',
      narration: 'story.problem.2.text',
      notes: 'story.problem.2.notes',
      focus: 'replica-cards',
      show: ['card:owned', 'card:events', 'card:bytes'],
      highlight: ['owned-count'],
      playing: false,
      at: 10, // rates over a whole window
    },
    {
      title: 'story.problem.3.title',
      narration: 'story.problem.3.text',
      notes: 'story.problem.3.notes',
      focus: 'bandwidth-panel',
      show: ['chart:egress', 'card:bytes'],
      cards: [0, 1, 2, 3],
      highlight: ['bytes-rate'],
      playing: true,
      at: 10, // rates over a whole window
      params: { replicas: 8 },
    },
  ],
};
