/**
 * A slide of the stage. A 16:9 picture (1920 x 1080, or 3840 x 2160) of
 * what presentation mode shows for the current story step: the caption bar (the step's title
 * and narration) over the stage (the headline, the step's items, the timeline), without the
 * page's header or sidebar, and without UI chrome (see `CHROME_SELECTOR`). The parts are drawn
 * by the same walk as the PNG export, each into a canvas of its own at one scale, then placed
 * on the slide, centred, on the page's background.
 */
import type { ShardScopeStore } from '../../state';
import { singleColumn, paintDomSteps } from './toCanvas';
import { fillBands, nextFrame, runSliced } from './slices';
import { renderPending } from '../primitives';
import type { Box } from './walkDom';

/** A slide's size in device pixels. */
export interface SlideSize {
  readonly width: number;
  readonly height: number;
}

/** Full HD, a projector's or a slide deck's picture. */
export const SLIDE_HD: SlideSize = { width: 1920, height: 1080 };
/** 4K, for a large screen (twice the full HD in each direction). */
export const SLIDE_4K: SlideSize = { width: 3840, height: 2160 };

/** Where the parts go on a slide: one scale for all, and the offset of their union's top-left. */
export interface SlidePlacement {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/**
 * How `parts` (boxes in page coordinates) fit a slide of `size`: their union scaled as large as
 * fits both ways, and centred. Null when there is nothing to show.
 */
export function slidePlacement(parts: readonly Box[], size: SlideSize): SlidePlacement | null {
  const visible = parts.filter((p) => p.w > 0 && p.h > 0);
  if (visible.length === 0) return null;
  const left = Math.min(...visible.map((p) => p.x));
  const top = Math.min(...visible.map((p) => p.y));
  const width = Math.max(...visible.map((p) => p.x + p.w)) - left;
  const height = Math.max(...visible.map((p) => p.y + p.h)) - top;
  const scale = Math.min(size.width / width, size.height / height);
  return { scale, x: (size.width - width * scale) / 2 - left * scale, y: (size.height - height * scale) / 2 - top * scale };
}

/** The elements a slide shows, top to bottom: the caption bar of a story (when one runs) and the stage. */
export function slideParts(doc: Document = document, caption = true): Element[] {
  const parts: Element[] = [];
  const slot = caption ? doc.querySelector('[data-testid="caption-slot"]') : null;
  if (slot) parts.push(slot);
  const stage = doc.querySelector('[data-testid="stage"]');
  if (stage) parts.push(stage);
  return parts;
}

function background(): string {
  const body = getComputedStyle(document.body).backgroundColor;
  const html = getComputedStyle(document.documentElement).backgroundColor;
  return body !== 'rgba(0, 0, 0, 0)' ? body : html !== 'rgba(0, 0, 0, 0)' ? html : '#ffffff';
}

/**
 * Draws `parts` onto a new `size` canvas (see {@link slidePlacement}), a slice at a time. Null
 * when the browser gives no canvas, or there is nothing to draw.
 */
export async function renderSlide(parts: readonly Element[], size: SlideSize = SLIDE_HD): Promise<HTMLCanvasElement | null> {
  const rects = parts.map((p) => p.getBoundingClientRect());
  return drawParts(parts, rects, size, slidePlacement(boxes(rects), size));
}

/**
 * Draws `parts` at `width` device pixels across, as tall as they are (no 16:9 bands): the
 * stage under a printed slide's title and narration.
 */
export async function renderTight(parts: readonly Element[], width: number): Promise<HTMLCanvasElement | null> {
  const rects = parts.map((p) => p.getBoundingClientRect());
  const b = boxes(rects).filter((r) => r.w > 0 && r.h > 0);
  if (b.length === 0) return null;
  const left = Math.min(...b.map((r) => r.x));
  const top = Math.min(...b.map((r) => r.y));
  const scale = width / (Math.max(...b.map((r) => r.x + r.w)) - left);
  const height = Math.ceil((Math.max(...b.map((r) => r.y + r.h)) - top) * scale);
  return drawParts(parts, rects, { width, height }, { scale, x: -left * scale, y: -top * scale });
}

function boxes(rects: readonly DOMRect[]): Box[] {
  return rects.map((r) => ({ x: r.left, y: r.top, w: r.width, h: r.height }));
}

async function drawParts(parts: readonly Element[], rects: readonly DOMRect[], size: SlideSize, place: SlidePlacement | null): Promise<HTMLCanvasElement | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!place || !ctx || canvas.width !== size.width) return null;
  ctx.fillStyle = background();
  await runSliced(fillBands(ctx, size.width, size.height));
  for (let i = 0; i < parts.length; i++) {
    const r = rects[i]!;
    if (r.width <= 0 || r.height <= 0) continue;
    // Each part on a canvas of its own at the slide's scale, then placed: the PNG walk draws
    // from its root's top-left.
    const part = document.createElement('canvas');
    part.width = Math.ceil(r.width * place.scale);
    part.height = Math.ceil(r.height * place.scale);
    const pctx = part.getContext('2d');
    if (!pctx) return null;
    await runSliced(paintDomSteps(parts[i]!, pctx, singleColumn(r.width, r.height, place.scale)));
    ctx.drawImage(part, Math.round(place.x + r.left * place.scale), Math.round(place.y + r.top * place.scale));
    part.width = 0;
    part.height = 0;
  }
  return canvas;
}

/** The canvas as PNG bytes, or null when the browser gives none. */
export async function canvasPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  await nextFrame();
  return new Promise<Blob | null>((resolve) => {
    try {
      canvas.toBlob(resolve, 'image/png');
    } catch {
      resolve(null);
    }
  });
}

/** Resolves after `n` painted frames. */
export async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await nextFrame();
}

/**
 * Waits until the stage has settled: every item of the focus view mounted and laid out, the
 * model idle, nothing on its way (`../primitives/renderPending`), and the stage's size the same over a few frames (charts and the hash space lay
 * themselves out a frame after they mount). Gives up waiting after `maxFrames` frames.
 */
export async function stageSettled(store: ShardScopeStore, maxFrames = 300): Promise<void> {
  await store.getState().idle();
  let last = '';
  let stable = 0;
  for (let i = 0; i < maxFrames && stable < 4; i++) {
    await nextFrame();
    const stage = document.querySelector('[data-testid="stage"]');
    const items = Array.from(document.querySelectorAll('[data-focus-item]'));
    const ready = stage !== null && items.every((el) => el.firstElementChild !== null && el.getBoundingClientRect().height > 0) && renderPending(stage) === 0;
    const sizes = [stage, ...items, document.querySelector('[data-testid="caption-slot"]')]
      .map((el) => {
        const r = el?.getBoundingClientRect();
        return r ? `${Math.round(r.width)}x${Math.round(r.height)}` : '-';
      })
      .join(' ');
    if (ready && sizes === last) stable++;
    else stable = 0;
    last = sizes;
  }
}

/**
 * Runs `fn` with presentation mode on (the stage a slide shows), then puts the reader's mode
 * back. The run is paused while it is drawn, and plays on after if it played.
 */
export async function withStage<T>(store: ShardScopeStore, fn: () => Promise<T>): Promise<T> {
  const s = store.getState();
  const presenting = s.view.presentation;
  const playing = s.playing;
  if (playing) s.setPlaying(false);
  if (!presenting) s.setPresentation(true);
  document.documentElement.setAttribute('data-exporting', '');
  try {
    await stageSettled(store);
    return await fn();
  } finally {
    document.documentElement.removeAttribute('data-exporting');
    if (!presenting) store.getState().setPresentation(false);
    if (playing) store.getState().setPlaying(true);
  }
}
