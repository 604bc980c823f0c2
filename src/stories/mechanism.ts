import type { Story } from './types';

const uid = 'object.metadata.uid';
const range = (start: string, end: string) => `shardRange(${uid}, '${start}', '${end}')`;

/** The mechanism: FNV-1a 64 of the uid, the 64-bit space, `[start, end)`, the selector text, the `||` form. */
export const mechanism: Story = {
  id: 'mechanism',
  title: 'story.mechanism.title',
  base: { params: { replicas: 4 }, view: { view: 'strip', speed: 1 } },
  steps: [
    {
      title: 'story.mechanism.1.title',
      narration: 'story.mechanism.1.text',
      notes: 'story.mechanism.1.notes',
      sources: ['fnv', 'fields'],
      focus: 'hash-space',
      show: ['hash'],
      highlight: ['hash-canvas'],
      playing: false,
      at: 0, // the hash space needs no run
    },
    {
      title: 'story.mechanism.2.title',
      narration: 'story.mechanism.2.text',
      notes: 'story.mechanism.2.notes',
      sources: ['half-open'],
      focus: 'hash-space',
      show: ['hash'],
      highlight: ['hash-band', 'boundary-handle'],
      playing: false,
      at: 0, // the hash space needs no run
      question: 'story.mechanism.2.q',
      answer: 'story.mechanism.2.a',
    },
    {
      title: 'story.mechanism.3.title',
      narration: 'story.mechanism.3.text',
      notes: 'story.mechanism.3.notes',
      sources: ['selector-param', 'parser-bounds', 'fields', 'client-go-no-check'],
      focus: 'replica-cards',
      show: ['card:selector', 'card:url'],
      cards: [0, 3],
      highlight: ['selector-input', 'request-url'],
      playing: false,
      at: 0, // the request URL needs no run
    },
    {
      title: 'story.mechanism.4.title',
      narration: 'story.mechanism.4.text',
      notes: 'story.mechanism.4.notes',
      focus: 'hash-space',
      show: ['hash', 'card:selector'],
      cards: [0],
      highlight: ['hash-band', 'selector-input'],
      playing: true,
      at: 0, // the hash space needs no run
      params: {
        replicas: 2,
        selectors: [
          `${range('0x0000000000000000', '0x4000000000000000')} || ${range('0x8000000000000000', '0xc000000000000000')}`,
          `${range('0x4000000000000000', '0x8000000000000000')} || ${range('0xc000000000000000', '0x10000000000000000')}`,
        ],
      },
    },
  ],
};
