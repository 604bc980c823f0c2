/**
 * The browser side of a deck. Each step is shown by the story controller
 * (a fresh run of the step's state, moved to the step's time), held paused there, and drawn as
 * a slide once the stage has settled.
 */
import { zipSync } from 'fflate';
import type { ShardScopeStore } from '../../state';
import { resolveStep, storyById, type Story } from '../../stories';
import { handoffOf } from '../../sim/report';
import { stepEvents } from '../../stories/countdown';
import { showStoryStep } from '../../stories/controller';
import { buildDeck, deckFileName, slideWait, type DeckOutcome, type DeckProgress } from './deck';
import { nextFrame } from './slices';
import { canvasPng, renderSlide, renderTight, slideParts, SLIDE_HD, stageSettled, withStage, type SlideSize } from './slide';

/** Longest wait for one step's run to reach its time (a long run on a loaded machine). */
const STEP_TIMEOUT_MS = 120_000;

/**
 * Shows step `n` of `story` and resolves once the step is ready (its own run, not the one
 * before it, at the step's time), paused, and the stage has settled.
 */
export async function showStepForSlide(store: ShardScopeStore, story: Story, n: number): Promise<void> {
  const r = resolveStep(story, n - 1);
  if (!r) return;
  showStoryStep(store, story.id, n);
  const start = performance.now();
  await store.getState().idle();
  for (;;) {
    const s = store.getState();
    const t = s.sim.snapshot?.time ?? -1;
    if (s.story?.id === story.id && s.story.step === n && s.storyReady && !s.sim.busy && s.sim.replayingTo === null && t >= r.time - 0.01) break;
    if (performance.now() - start > STEP_TIMEOUT_MS) break;
    await nextFrame();
  }
  // A step that counts down to an event is drawn after it, once what it narrates has happened.
  const event = stepEvents(r.params).find((e) => e.at > r.time + 1e-9)?.at ?? null;
  for (let moves = 0; moves < 200 && performance.now() - start <= STEP_TIMEOUT_MS; moves++) {
    const snap = store.getState().sim.snapshot;
    const to = snap ? slideWait(event, { ...snap, ratioAt: handoffOf(snap)?.ratioAt ?? null }) : null;
    if (to === null) break;
    store.getState().seekTo(to);
    await store.getState().idle();
    // The seek lands once the run has replayed to it (a seek asked while one is applied waits).
    while ((store.getState().sim.snapshot?.time ?? 0) < to - 0.01 && performance.now() - start <= STEP_TIMEOUT_MS) await nextFrame();
  }
  await stageSettled(store);
}

/** Runs `fn` with the run held paused: the controller plays a step once it is shown; a slide is of one moment. */
async function holdingPaused<T>(store: ShardScopeStore, fn: () => Promise<T>): Promise<T> {
  store.getState().setPlaying(false);
  const stop = store.subscribe((s) => {
    if (s.playing) s.setPlaying(false);
  });
  try {
    return await fn();
  } finally {
    stop();
  }
}

/** One slide of a print view: the step's title and narration as text, the stage as a picture. */
export interface PrintSlide {
  readonly step: number;
  readonly canvas: HTMLCanvasElement;
}

/**
 * Shows every step of story `id` in turn and captures it with `capture`, with progress and
 * Cancel; then shows again the step the reader was on (presentation mode as it was).
 */
async function eachStep<S>(store: ShardScopeStore, id: string, capture: (step: number) => Promise<S | null>, progress: (p: DeckProgress) => void, signal?: AbortSignal): Promise<DeckOutcome<S>> {
  const story = storyById(id);
  if (!story) return { kind: 'cancelled', done: 0 };
  const back = store.getState().story;
  try {
    return await withStage(store, () =>
      holdingPaused(store, () => buildDeck(story.steps.length, { show: (n) => showStepForSlide(store, story, n), capture }, progress, signal)),
    );
  } finally {
    if (back) showStoryStep(store, back.id, back.step);
  }
}

/** The story as a zip of one PNG per step (`<story>-<nn>.png`), at `size`. */
export async function deckZip(store: ShardScopeStore, id: string, progress: (p: DeckProgress) => void, signal?: AbortSignal, size: SlideSize = SLIDE_HD): Promise<DeckOutcome<Uint8Array>> {
  const total = storyById(id)?.steps.length ?? 0;
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  const out = await eachStep(
    store,
    id,
    async (step) => {
      const canvas = await renderSlide(slideParts(), size);
      const blob = canvas ? await canvasPng(canvas) : null;
      if (canvas) canvas.width = canvas.height = 0;
      if (!blob) return null;
      const bytes = new Uint8Array(await blob.arrayBuffer());
      // PNGs are compressed already: stored as they are.
      files[deckFileName(id, step, total)] = [bytes, { level: 0 }];
      return bytes;
    },
    progress,
    signal,
  );
  if (out.kind !== 'done') return out;
  return { kind: 'done', slides: [zipSync(files)] };
}

/** The story's steps drawn for a print view: the stage of each step (the caption is printed as text). */
export function deckPrint(store: ShardScopeStore, id: string, progress: (p: DeckProgress) => void, signal?: AbortSignal): Promise<DeckOutcome<PrintSlide>> {
  return eachStep(
    store,
    id,
    async (step) => {
      const canvas = await renderTight(slideParts(document, false), SLIDE_HD.width);
      return canvas ? { step, canvas } : null;
    },
    progress,
    signal,
  );
}

/** The step shown now as one slide (presentation mode's stage), paused while it is drawn. */
export async function currentSlide(store: ShardScopeStore, size: SlideSize): Promise<Blob | null> {
  return withStage(store, async () => {
    const canvas = await renderSlide(slideParts(), size);
    const blob = canvas ? await canvasPng(canvas) : null;
    if (canvas) canvas.width = canvas.height = 0;
    return blob;
  });
}
