import type { Story } from './types';

/** Hot namespaces: the namespace key with skewed namespaces, and why uid is the default. */
export const hotNamespaces: Story = {
  id: 'hot-namespaces',
  title: 'story.hot-namespaces.title',
  base: { params: { replicas: 4, namespaces: 40, namespaceSkew: 1.1 }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.hot-namespaces.1.title',
      narration: 'story.hot-namespaces.1.text',
      focus: 'hash-space',
      highlight: ['hash-canvas', 'hash-band'],
      playing: false,
      params: { shardKey: 'object.metadata.namespace' },
    },
    {
      title: 'story.hot-namespaces.2.title',
      narration: 'story.hot-namespaces.2.text',
      focus: 'replica-cards',
      highlight: ['owned-count'],
      playing: false,
      params: { shardKey: 'object.metadata.namespace', namespaceSkew: 2 },
      question: 'story.hot-namespaces.2.q',
      answer: 'story.hot-namespaces.2.a',
    },
    {
      title: 'story.hot-namespaces.3.title',
      narration: 'story.hot-namespaces.3.text',
      focus: 'replica-cards',
      highlight: ['owned-count'],
      playing: true,
      params: { shardKey: 'object.metadata.uid', namespaceSkew: 2 },
    },
  ],
};
