import { DEFAULT_LIFECYCLE } from '../state/lifecycle';
import type { Story } from './types';

/**
 * Is my server sharding? One API server with the gate off, seen by each kind of client: the
 * default client-go informer caches the whole collection without a word; a controller that
 * checks every object keeps its share; a client that reads `shardInfo` needs plain LIST pages
 * to read it from; and with mixed gates only the check is right on every server.
 */
export const fallback: Story = {
  id: 'fallback',
  title: 'story.fallback.title',
  base: { params: { replicas: 4, apiServers: [{ gate: false }], client: 'client-go' }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.fallback.1.title',
      narration: 'story.fallback.1.text',
      notes: 'story.fallback.1.notes',
      sources: ['gate-off-ignores', 'client-go-no-check', 'watch-list-default', 'shardinfo-list', 'metrics'],
      focus: 'replica-cards',
      show: ['card:owned'],
      highlight: ['badge-trust', 'owned-count'],
      playing: true,
      at: 10, // the caches have synced
      question: 'story.fallback.1.q',
      answer: 'story.fallback.1.a',
    },
    {
      title: 'story.fallback.2.title',
      narration: 'story.fallback.2.text',
      notes: 'story.fallback.2.notes',
      sources: ['client-go-no-check'],
      focus: 'replica-cards',
      show: ['card:owned'],
      highlight: ['badge-fallback', 'owned-count'],
      playing: true,
      at: 10, // the caches have synced
      params: { client: 'checked' },
    },
    {
      title: 'story.fallback.3.title',
      narration: 'story.fallback.3.text',
      notes: 'story.fallback.3.notes',
      sources: ['shardinfo-list', 'watch-list-default', 'blog-post'],
      focus: 'replica-cards',
      show: ['card:list'],
      cards: [0],
      highlight: ['shardinfo-missing', 'badge-fallback'],
      playing: false,
      at: 10, // the caches have synced
      params: { client: 'shardinfo', lifecycle: { ...DEFAULT_LIFECYCLE, initialList: 'list' } },
    },
    {
      title: 'story.fallback.4.title',
      narration: 'story.fallback.4.text',
      notes: 'story.fallback.4.notes',
      sources: ['gate-off-ignores', 'client-go-no-check', 'http2-connection'],
      focus: 'ownership-audit',
      show: ['audit', 'card:owned'],
      highlight: ['ownership-audit', 'badge-trust', 'badge-sharded'],
      playing: true,
      at: 10, // the caches have synced and the audit has counted
      params: { apiServers: [{ gate: true }, { gate: false }] },
    },
  ],
};
