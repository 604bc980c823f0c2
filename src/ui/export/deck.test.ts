import { describe, expect, it } from 'vitest';
import { buildDeck, deckFileName, deckZipName, SLIDE_AFTER_EVENT, SLIDE_WAIT_LIMIT, slideWait, type DeckProgress, type SlideMoment } from './deck';

describe('a story as a deck', () => {
  it('names each slide <story>-<nn>.png, zero-padded to two digits, more for a longer deck', () => {
    expect(deckFileName('resharding', 1, 6)).toBe('resharding-01.png');
    expect(deckFileName('resharding', 6, 6)).toBe('resharding-06.png');
    expect(deckFileName('hot-namespaces', 12, 12)).toBe('hot-namespaces-12.png');
    expect(deckFileName('long', 7, 120)).toBe('long-007.png');
    // A loaded story's id is the reader's text: no path separators or spaces in a file name.
    expect(deckFileName('../my story', 2, 3)).toBe('my-story-02.png');
    expect(deckFileName('///', 1, 1)).toBe('story-01.png');
    expect(deckZipName('rollout')).toBe('shardscope-rollout-deck.zip');
  });

  it('shows then captures every step in order, with progress after each', async () => {
    const calls: string[] = [];
    const seen: DeckProgress[] = [];
    const out = await buildDeck(
      3,
      {
        show: async (n) => void calls.push(`show ${n}`),
        capture: async (n) => {
          calls.push(`capture ${n}`);
          return `slide ${n}`;
        },
      },
      (p) => seen.push(p),
    );
    expect(out).toEqual({ kind: 'done', slides: ['slide 1', 'slide 2', 'slide 3'] });
    expect(calls).toEqual(['show 1', 'capture 1', 'show 2', 'capture 2', 'show 3', 'capture 3']);
    expect(seen).toEqual([0, 1, 2, 3].map((done) => ({ done, total: 3 })));
  });

  it('Cancel stops before the next step, and a refused picture stops the deck with its step', async () => {
    const abort = new AbortController();
    const shown: number[] = [];
    const cancelled = await buildDeck(
      5,
      {
        show: async (n) => void shown.push(n),
        capture: async (n) => {
          if (n === 2) abort.abort();
          return n;
        },
      },
      () => {},
      abort.signal,
    );
    expect(cancelled).toEqual({ kind: 'cancelled', done: 2 });
    expect(shown).toEqual([1, 2]);
    const refused = await buildDeck(4, { show: async () => {}, capture: async (n) => (n === 3 ? null : n) }, () => {});
    expect(refused).toEqual({ kind: 'refused', step: 3 });
  });

  it('draws a step that waits for an event after it, once the hand-off is over and the rates have settled', () => {
    const at = (time: number, o: { held?: boolean; orphans?: number; until?: number; ratioAt?: number } = {}): SlideMoment => ({
      time,
      ratioAt: o.ratioAt ?? null,
      settling: o.until === undefined ? null : { until: o.until },
      handoff: {
        held: { client: o.held ? [] : null, server: null },
        now: { client: { orphans: 0, duplicates: 0 }, server: { orphans: o.orphans ?? 0, duplicates: 0 } },
      },
    });
    // No event ahead: the step's own moment.
    expect(slideWait(null, at(12))).toBeNull();
    // Before the event, or at it (it has not shown yet): just after it.
    expect(slideWait(5, at(0))).toBe(5 + SLIDE_AFTER_EVENT);
    expect(slideWait(5, at(5))).toBe(5 + SLIDE_AFTER_EVENT);
    // A hand-off in progress (ranges held, or objects with no owner): on, 2 s at a time.
    expect(slideWait(5, at(6, { held: true }))).toBe(8);
    expect(slideWait(5, at(9, { orphans: 3 }))).toBe(11);
    // Over, but the headline's ratio not back yet: to when it returns.
    expect(slideWait(5, at(24, { ratioAt: 28 }))).toBe(28);
    // Over, but the rates still settling: to the end of the window.
    expect(slideWait(5, at(19, { until: 24 }))).toBe(24);
    // Over and settled: now.
    expect(slideWait(5, at(24, { until: 24 }))).toBeNull();
    // A hand-off that never ends is drawn as it stands at the limit.
    expect(slideWait(5, at(5 + SLIDE_WAIT_LIMIT - 1, { held: true }))).toBe(5 + SLIDE_WAIT_LIMIT);
    expect(slideWait(5, at(5 + SLIDE_WAIT_LIMIT, { held: true }))).toBeNull();
  });
});

