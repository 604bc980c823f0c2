/**
 * Issue 21, section 3: a whole story as a deck. Each step is shown as the story controller
 * shows it (a fresh run of the step's state, moved to the step's time), paused there, and
 * drawn as a slide; the slides go into one zip, named `<story>-<nn>.png`, or onto the pages of
 * a print view. The steps run one after another with progress, and can be cancelled between
 * two of them.
 */

/** The file name of step `step` (1-based) of a deck of `total` slides: `<story>-<nn>.png`, numbers zero-padded to at least two digits. */
export function deckFileName(story: string, step: number, total: number): string {
  const digits = Math.max(2, String(Math.max(1, total)).length);
  const safe = story.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'story';
  return `${safe}-${String(step).padStart(digits, '0')}.png`;
}

/** The zip of a deck: `shardscope-<story>-deck.zip`. */
export function deckZipName(story: string): string {
  return `shardscope-${deckFileName(story, 0, 1).replace(/-00\.png$/, '')}-deck.zip`;
}

/** How far a deck is: `done` of `total` slides. */
export interface DeckProgress {
  readonly done: number;
  readonly total: number;
}

/** What building a deck needs from the page (real in the browser, fakes in the tests). */
export interface DeckDriver<S> {
  /** Shows step `step` (1-based) and resolves once it is at its state, ready to draw. */
  show(step: number): Promise<void>;
  /** Draws the step shown; null when the browser refused. */
  capture(step: number): Promise<S | null>;
}

/** The outcome of a deck: its slides in step order, or why there are none. */
export type DeckOutcome<S> =
  | { readonly kind: 'done'; readonly slides: readonly S[] }
  | { readonly kind: 'cancelled'; readonly done: number }
  | { readonly kind: 'refused'; readonly step: number };

/**
 * Shows and captures steps 1..`total` in order, reporting progress after each; stops before
 * the next step once `signal` is aborted, and at the first step the browser refuses to draw.
 */
export async function buildDeck<S>(total: number, driver: DeckDriver<S>, progress: (p: DeckProgress) => void, signal?: AbortSignal): Promise<DeckOutcome<S>> {
  const slides: S[] = [];
  progress({ done: 0, total });
  for (let step = 1; step <= total; step++) {
    if (signal?.aborted) return { kind: 'cancelled', done: slides.length };
    await driver.show(step);
    if (signal?.aborted) return { kind: 'cancelled', done: slides.length };
    const slide = await driver.capture(step);
    if (slide === null) return { kind: 'refused', step };
    slides.push(slide);
    progress({ done: slides.length, total });
  }
  return { kind: 'done', slides };
}
