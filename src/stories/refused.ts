import { equalSplitSelectors } from '../state/selectors';
import type { Story } from './types';

const uid = 'object.metadata.uid' as const;
const [, r1, r2, r3] = equalSplitSelectors(4, uid);
/** Replica 0's share with a bound that is too short: the server refuses it. */
const SHORT = `shardRange(${uid}, '0x0', '0x4000000000000000')`;
/** Replica 0's share with an unquoted bound: an identifier, expression kind 3. */
const UNQUOTED = `shardRange(${uid}, start, '0x4000000000000000')`;

/** Selectors that the server refuses: the messages, HTTP 500, the quick fix. */
export const refused: Story = {
  id: 'refused',
  title: 'story.refused.title',
  base: { params: { replicas: 4, apiServers: [{ gate: true }] }, view: { speed: 1 } },
  steps: [
    {
      title: 'story.refused.1.title',
      narration: 'story.refused.1.text',
      notes: 'story.refused.1.notes',
      sources: ['parser-bounds', 'http500'],
      focus: 'replica-cards',
      show: ['card:selector', 'card:error'],
      cards: [0],
      highlight: ['selector-error', 'rejection-message'],
      playing: false,
      at: 5, // the refusals have happened
      params: { selectors: [SHORT, r1!, r2!, r3!] },
      question: 'story.refused.1.q',
      answer: 'story.refused.1.a',
    },
    {
      title: 'story.refused.2.title',
      narration: 'story.refused.2.text',
      notes: 'story.refused.2.notes',
      sources: ['parser-kind'],
      focus: 'replica-cards',
      show: ['card:selector', 'card:error'],
      cards: [0],
      highlight: ['selector-error'],
      playing: false,
      at: 5, // the refusals have happened
      params: { selectors: [UNQUOTED, r1!, r2!, r3!] },
    },
    {
      title: 'story.refused.3.title',
      narration: 'story.refused.3.text',
      notes: 'story.refused.3.notes',
      sources: ['gate-off-ignores', 'client-go-no-check', 'http500'],
      focus: 'replica-cards',
      show: ['card:selector', 'card:owned'],
      cards: [0],
      highlight: ['badge-trust', 'owned-count'],
      playing: false,
      at: 5, // the whole stream has arrived
      params: { selectors: [SHORT, r1!, r2!, r3!], apiServers: [{ gate: false }] },
    },
    {
      title: 'story.refused.4.title',
      narration: 'story.refused.4.text',
      notes: 'story.refused.4.notes',
      sources: ['parser-bounds'],
      focus: 'replica-cards',
      show: ['card:selector', 'card:error'],
      cards: [0],
      highlight: ['selector-quickfix', 'selector-error'],
      playing: false,
      at: 5, // the refusal the quick fix answers
      params: { selectors: [SHORT, r1!, r2!, r3!] },
    },
    {
      title: 'story.refused.5.title',
      narration: 'story.refused.5.text',
      notes: 'story.refused.5.notes',
      sources: ['canonical', 'selector-param'],
      focus: 'replica-cards',
      show: ['card:selector', 'card:canonical', 'card:owned'],
      cards: [0, 1],
      highlight: ['selector-canonical', 'owned-count'],
      playing: true,
      at: 5, // replica-0 has listed its share
      params: { selectors: equalSplitSelectors(4, uid) },
    },
  ],
};
