/**
 * Long main-thread work in slices: an export of a page of 64 replica cards
 * took one 18 s task. Its steps run here a few milliseconds at a time, with a frame (or, in a
 * hidden tab where frames stop, a short timer) between slices, so the page keeps painting and
 * answering and no task comes near 50 ms.
 */
import type { Steps } from './walkDom';

/** Main-thread time one slice may take. */
export const SLICE_MS = 12;

/** Resolves after the next frame was painted, or after 50 ms when no frame comes (a hidden tab). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 50);
  });
}

/** Runs `steps` to the end in slices of about {@link SLICE_MS}; resolves with what they return. */
export async function runSliced<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let resumed = false;
  for (;;) {
    const start = performance.now();
    for (;;) {
      const r = steps.next(resumed);
      resumed = false;
      if (r.done) return r.value;
      if (performance.now() - start >= sliceMs) break;
    }
    await nextFrame();
    resumed = true;
  }
}

/** Pixels one background band covers: a few milliseconds of a software canvas. */
export const BAND_PIXELS = 1 << 21;

/**
 * Fills a `width` x `height` canvas with its current fill style in horizontal bands of at most
 * {@link BAND_PIXELS}, a step each: one fillRect over a 2,000 x 16,000 export took 55 ms, a
 * long task of its own.
 */
export function* fillBands(ctx: Pick<CanvasRenderingContext2D, 'fillRect'>, width: number, height: number): Steps {
  const band = Math.max(1, Math.floor(BAND_PIXELS / Math.max(1, width)));
  for (let y = 0; y < height; y += band) {
    ctx.fillRect(0, y, width, Math.min(band, height - y));
    yield;
  }
}
