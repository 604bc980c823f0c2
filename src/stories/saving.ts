import type { Story } from './types';

/** The saving: server-side beside client-side, bytes, decode CPU, memory, the ratio. */
export const saving: Story = {
  id: 'saving',
  title: 'story.saving.title',
  base: { params: { replicas: 4, clientCache: 'owned' }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.saving.1.title',
      narration: 'story.saving.1.text',
      notes: 'story.saving.1.notes',
      sources: ['filter-per-watcher'],
      focus: 'bandwidth-panel',
      show: ['chart:received', 'chart:egress', 'card:bytes'],
      highlight: ['headline-ratio', 'bytes-rate'],
      playing: true,
      at: 10, // the headline ratio over a whole window
    },
    {
      title: 'story.saving.2.title',
      narration: 'story.saving.2.text',
      notes: 'story.saving.2.notes',
      focus: 'bandwidth-panel',
      show: ['chart:cpu', 'card:events'],
      highlight: ['events-rate', 'headline-ratio'],
      playing: true,
      at: 10, // Decode CPU and received events over a whole window
      question: 'story.saving.2.q',
      answer: 'story.saving.2.a',
    },
    {
      title: 'story.saving.3.title',
      narration: 'story.saving.3.text',
      notes: 'story.saving.3.notes',
      sources: ['client-go-no-check', 'ksm-client-side'],
      focus: 'memory-figures',
      show: ['memory', 'chart:memory'],
      highlight: ['memory-figures'],
      playing: false,
      at: 10, // the caches have synced
      params: { clientCache: 'all' },
    },
    {
      title: 'story.saving.4.title',
      narration: 'story.saving.4.text',
      notes: 'story.saving.4.notes',
      sources: ['metrics'],
      focus: 'bandwidth-panel',
      show: ['chart:received', 'chart:egress'],
      highlight: ['headline-ratio'],
      playing: true,
      at: 10, // the headline ratio over a whole window
      params: { replicas: 16 },
    },
  ],
};
