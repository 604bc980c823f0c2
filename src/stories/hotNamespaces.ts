import type { Story } from './types';

/**
 * Hot namespaces: the namespace key with skewed namespaces, why uid is the default, and a cold
 * shard: a range with no namespace hears no event, and a client that drops BOOKMARKs falls
 * out of the watch cache's window.
 */
export const hotNamespaces: Story = {
  id: 'hot-namespaces',
  title: 'story.hot-namespaces.title',
  base: { params: { replicas: 4, namespaces: 40, namespaceSkew: 1.1 }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.hot-namespaces.1.title',
      narration: 'story.hot-namespaces.1.text',
      notes: 'story.hot-namespaces.1.notes',
      sources: ['fields', 'fnv'],
      focus: 'hash-space',
      show: ['hash'],
      highlight: ['hash-canvas', 'hash-band'],
      playing: false,
      at: 10, // the owned counts and rates
      params: { shardKey: 'object.metadata.namespace' },
    },
    {
      title: 'story.hot-namespaces.2.title',
      narration: 'story.hot-namespaces.2.text',
      notes: 'story.hot-namespaces.2.notes',
      focus: 'replica-cards',
      show: ['card:owned'],
      highlight: ['owned-count'],
      playing: false,
      at: 10, // the owned counts and rates
      params: { shardKey: 'object.metadata.namespace', namespaceSkew: 2 },
      question: 'story.hot-namespaces.2.q',
      answer: 'story.hot-namespaces.2.a',
    },
    {
      title: 'story.hot-namespaces.3.title',
      narration: 'story.hot-namespaces.3.text',
      notes: 'story.hot-namespaces.3.notes',
      sources: ['fields', 'bookmarks', 'bookmark-moves-rv', 'ksm-bookmarks', 'watch-cache-window', 'reflector-requests', 'relist-on-gone', 'rewatch'],
      focus: 'bandwidth-panel',
      show: ['lifecycle', 'chart:relists'],
      highlight: ['lifecycle-summary', 'chart-relists'],
      playing: true,
      at: 430, // both cold replicas have hit 410 Gone and relisted (the second at about 7 min)
      question: 'story.hot-namespaces.3.q',
      answer: 'story.hot-namespaces.3.a',
      // Eight ranges over six namespaces: some ranges hold none. Watches end after 5 to 10
      // minutes, so the clock runs sixteen times faster.
      params: { shardKey: 'object.metadata.namespace', replicas: 8, namespaces: 6, client: 'ksm-2.18' },
      view: { speed: 16 },
    },
    {
      title: 'story.hot-namespaces.4.title',
      narration: 'story.hot-namespaces.4.text',
      notes: 'story.hot-namespaces.4.notes',
      sources: ['fields'],
      focus: 'replica-cards',
      show: ['card:owned'],
      highlight: ['owned-count'],
      playing: true,
      at: 10, // the owned counts and rates
      params: { shardKey: 'object.metadata.uid', namespaceSkew: 2 },
    },
  ],
};
