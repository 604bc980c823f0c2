/**
 * Export for slides: a panel (or the whole simulation area) as a PNG at 2x or as an
 * SVG, with a caption under it: the run's parameters, its seed and its short link. Downloads go
 * through an `<a download>` on a blob: URL (a download is no image load: the CSP's img-src
 * does not apply).
 */
import { canvasMetrics, paintDomSteps, type Tiling } from './toCanvas';
import { domToSvgSteps, type SvgLabels } from './toSvg';
import { fillBands, nextFrame, runSliced } from './slices';

/** Scale of a PNG export: 2 device pixels per CSS pixel, sharp on a slide. */
export const EXPORT_SCALE = 2;
/** Height of the caption under an export, in CSS pixels (two lines). */
export const CAPTION_HEIGHT = 44;
const CAPTION_FONT_SIZE = 13;

/** What an export says under the picture. */
export interface Caption {
  /** Parameters and seed. */
  readonly line1: string;
  /** The short link to this exact run. */
  readonly line2: string;
}

/** The colour behind the page's panels (the body's background), for the export's background. */
function pageBackground(): { background: string; color: string } {
  const body = getComputedStyle(document.body);
  const html = getComputedStyle(document.documentElement);
  const bg = body.backgroundColor !== 'rgba(0, 0, 0, 0)' ? body.backgroundColor : html.backgroundColor !== 'rgba(0, 0, 0, 0)' ? html.backgroundColor : '#ffffff';
  return { background: bg, color: body.color };
}

function captionFont(): string {
  return `${CAPTION_FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
}

/**
 * The largest canvas an export draws: at most this many pixels a side and
 * in all, within Chromium's and Firefox's limits (they refuse sides over 32,767 pixels, or
 * about 268 million in all): the default page at 2x is about 30 million. A 64-replica page at
 * 2x was a 1,960 x 87,728 canvas whose `toBlob` gave nothing. A browser that refuses even this
 * (Safari on iOS stops at 16,777,216 pixels) is asked once more at {@link FALLBACK_CANVAS_AREA}.
 * The browser allocates and clears the whole canvas on its first draw, one task no script can
 * slice: 50-55 ms for 32 million pixels in headless Chromium on a 2-core machine.
 */
export const MAX_CANVAS_SIDE = 16_384;
export const MAX_CANVAS_AREA = 33_554_432;
export const FALLBACK_CANVAS_AREA = 16_777_216;
/** CSS pixels between two columns of a tiled export. */
const COLUMN_GAP = 16;

/** Device pixels of a canvas for `t` with the caption under it. */
export function canvasSize(t: Tiling): { width: number; height: number } {
  return { width: Math.ceil((t.columns * t.width + (t.columns - 1) * t.gap) * t.scale), height: Math.ceil((t.columnHeight + CAPTION_HEIGHT) * t.scale) };
}

/**
 * How a `width` x `height` CSS-pixel view fits a canvas: at {@link EXPORT_SCALE} when it fits,
 * else cut into columns side by side (a tall page), and scaled down only as far as the area
 * limit needs (to two decimals).
 */
export function tilingFor(width: number, height: number, maxArea = MAX_CANVAS_AREA): Tiling {
  const fits = (t: Tiling) => {
    const c = canvasSize(t);
    return c.width <= MAX_CANVAS_SIDE && c.height <= MAX_CANVAS_SIDE && c.width * c.height <= maxArea;
  };
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  for (let scale = EXPORT_SCALE; scale > 0.05; scale = Math.floor(scale * 95) / 100) {
    // The fewest columns that fit at this scale.
    for (let columns = 1; columns <= 64; columns++) {
      const t: Tiling = { scale, columns, columnHeight: Math.ceil(h / columns), width: w, gap: columns > 1 ? COLUMN_GAP : 0 };
      if (canvasSize(t).width > MAX_CANVAS_SIDE) break;
      if (fits(t)) return t;
    }
  }
  return { scale: 0.05, columns: 1, columnHeight: h, width: w, gap: 0 };
}

/** A canvas for an export, or null when the browser gives none. */
type CanvasFactory = (width: number, height: number) => HTMLCanvasElement | null;

const newCanvas: CanvasFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.width === width && canvas.height === height ? canvas : null;
};

/**
 * Paints `root` and the caption into a new canvas, at {@link EXPORT_SCALE} or tiled and scaled
 * to fit (see {@link tilingFor}), a few milliseconds per frame. Null when the browser gives no
 * canvas or 2D context of that size.
 */
export async function renderPng(root: Element, caption: Caption, make: CanvasFactory = newCanvas, maxArea = MAX_CANVAS_AREA): Promise<{ canvas: HTMLCanvasElement; tiling: Tiling } | null> {
  const r = root.getBoundingClientRect();
  const width = Math.ceil(r.width);
  const height = Math.ceil(r.height);
  const tiling = tilingFor(width, height, maxArea);
  const size = canvasSize(tiling);
  const canvas = make(size.width, size.height);
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return null;
  const { background, color } = pageBackground();
  ctx.fillStyle = background;
  await runSliced(fillBands(ctx, canvas.width, canvas.height));
  await runSliced(paintDomSteps(root, ctx, tiling));
  const s = tiling.scale;
  ctx.setTransform(s, 0, 0, s, 0, 0);
  const captionWidth = canvas.width / s - 16;
  ctx.font = captionFont();
  ctx.fillStyle = color;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(caption.line1, 8, tiling.columnHeight + 18, captionWidth);
  ctx.fillText(caption.line2, 8, tiling.columnHeight + 36, captionWidth);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return { canvas, tiling };
}

/** The SVG document of `root` with the caption, built a few milliseconds per frame; `labels` name its layers. */
export async function renderSvg(root: Element, caption: Caption, labels?: SvgLabels): Promise<string> {
  const r = root.getBoundingClientRect();
  const width = Math.ceil(r.width);
  const height = Math.ceil(r.height);
  const { background, color } = pageBackground();
  const ctx = document.createElement('canvas').getContext('2d');
  const metrics = ctx ? canvasMetrics(ctx) : () => ({ ascent: 10, descent: 3 });
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const family = getComputedStyle(document.body).fontFamily.replace(/"/g, "'");
  const text = (s: string, y: number) => `<text x="8" y="${y}" font-family="${family}" font-size="${CAPTION_FONT_SIZE}" fill="${color}">${esc(s)}</text>`;
  return runSliced(domToSvgSteps(root, width, height + CAPTION_HEIGHT, metrics, background, text(caption.line1, height + 18) + text(caption.line2, height + 36), labels));
}

/** Offers `blob` as a download named `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * What a PNG export did: `saved` (at `scale`, in `columns`; scale 2 in one column is the plain
 * picture), or `refused`: the browser gave no canvas or no image (`toBlob` null) for a picture
 * of `width` x `height` pixels, and no file was saved.
 */
export type PngOutcome =
  | { readonly kind: 'saved'; readonly scale: number; readonly columns: number; readonly width: number; readonly height: number }
  | { readonly kind: 'refused'; readonly width: number; readonly height: number };

/**
 * Exports `root` as a PNG download, and says how (never silently nothing).
 * When the browser gives no canvas or no image, the picture is made once more within
 * {@link FALLBACK_CANVAS_AREA} if it was larger; then the refusal is the outcome.
 */
export async function exportPng(root: Element, caption: Caption, name: string, make?: CanvasFactory): Promise<PngOutcome> {
  let refused: PngOutcome | null = null;
  for (const maxArea of [MAX_CANVAS_AREA, FALLBACK_CANVAS_AREA]) {
    if (refused && refused.width * refused.height <= maxArea) break;
    const r = root.getBoundingClientRect();
    const size = canvasSize(tilingFor(Math.ceil(r.width), Math.ceil(r.height), maxArea));
    const rendered = await renderPng(root, caption, make, maxArea);
    const blob = rendered ? await toPng(rendered.canvas) : null;
    if (!rendered || !blob) {
      refused = { kind: 'refused', ...size };
      continue;
    }
    download(blob, name);
    return { kind: 'saved', scale: rendered.tiling.scale, columns: rendered.tiling.columns, ...size };
  }
  return refused!;
}

/** The canvas as a PNG, or null when the browser gives none; the canvas's memory is let go after. */
async function toPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  // In a task of its own: the browser takes a snapshot of the pixels (and draws what is pending).
  await nextFrame();
  const blob = await new Promise<Blob | null>((resolve) => {
    try {
      canvas.toBlob(resolve, 'image/png');
    } catch {
      resolve(null);
    }
  });
  // A tiled export holds up to 128 MB of pixels.
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}

/** Exports `root` as an SVG download. */
export async function exportSvg(root: Element, caption: Caption, name: string, labels?: SvgLabels): Promise<void> {
  download(new Blob([await renderSvg(root, caption, labels)], { type: 'image/svg+xml' }), name);
}
