/**
 * A whole story as a deck. Each step is shown as the story controller
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

/** What {@link slideWait} reads of a run's snapshot. */
export interface SlideMoment {
  readonly time: number;
  readonly settling: { readonly until: number } | null;
  /** When the headline's ratio returns after a hand-off (a rate window after it settled), or null when it shows (verdict `handoffOf`). */
  readonly ratioAt: number | null;
  readonly handoff: {
    readonly held: { readonly client: unknown; readonly server: unknown };
    readonly now: { readonly client: HandoffCount; readonly server: HandoffCount };
  };
}

interface HandoffCount {
  readonly orphans: number;
  readonly duplicates: number;
}

/** The longest a slide waits past its step's event (simulated seconds): a hand-off that never ends is drawn as it stands. */
export const SLIDE_WAIT_LIMIT = 180;
/** A slide is drawn at least this long after its event (simulated seconds): the event has fired and its first effects show. */
export const SLIDE_AFTER_EVENT = 1;

/**
 * When a step that waits for an event (its caption counts down: "reshard in 5 s") is drawn as
 * a slide. On stage the audience watches the event unfold; a slide is one moment, so it shows
 * the aftermath the narration describes: after the event, once no replica still holds a range
 * of the old layout, every object has one owner again (the hand-off report is complete), the
 * headline's ratio has returned and the rates have settled. Returns the simulated time to move the run to next, or null when `now` is
 * that moment (also for a step with no event ahead, and once {@link SLIDE_WAIT_LIMIT} has passed).
 */
export function slideWait(eventAt: number | null, now: SlideMoment): number | null {
  if (eventAt === null) return null;
  const limit = eventAt + SLIDE_WAIT_LIMIT;
  if (now.time >= limit - 1e-9) return null;
  if (now.time < eventAt + SLIDE_AFTER_EVENT - 1e-9) return eventAt + SLIDE_AFTER_EVENT;
  const { held, now: count } = now.handoff;
  const moving = held.client !== null || held.server !== null || [count.client, count.server].some((c) => c.orphans > 0 || c.duplicates > 0);
  if (moving) return Math.min(limit, now.time + 2);
  if (now.ratioAt !== null && now.ratioAt > now.time + 1e-9) return Math.min(limit, now.ratioAt);
  if (now.settling && now.settling.until > now.time + 1e-9) return Math.min(limit, now.settling.until);
  return null;
}
