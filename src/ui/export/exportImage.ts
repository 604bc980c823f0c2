/**
 * Export for slides (issue 10): a panel (or the whole simulation area) as a PNG at 2x or as an
 * SVG, with a caption under it: the run's parameters, its seed and its short link. Downloads go
 * through an `<a download>` on a blob: URL (a download is no image load: the CSP's img-src
 * does not apply).
 */
import { canvasMetrics, paintDom } from './toCanvas';
import { domToSvg } from './toSvg';

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

/** Paints `root` and the caption into a new canvas at {@link EXPORT_SCALE}. */
export function renderPng(root: Element, caption: Caption): HTMLCanvasElement {
  const r = root.getBoundingClientRect();
  const width = Math.ceil(r.width);
  const height = Math.ceil(r.height);
  const canvas = document.createElement('canvas');
  canvas.width = width * EXPORT_SCALE;
  canvas.height = (height + CAPTION_HEIGHT) * EXPORT_SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  const { background, color } = pageBackground();
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  paintDom(root, ctx, EXPORT_SCALE);
  ctx.setTransform(EXPORT_SCALE, 0, 0, EXPORT_SCALE, 0, 0);
  ctx.font = captionFont();
  ctx.fillStyle = color;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(caption.line1, 8, height + 18, width - 16);
  ctx.fillText(caption.line2, 8, height + 36, width - 16);
  return canvas;
}

/** The SVG document of `root` with the caption. */
export function renderSvg(root: Element, caption: Caption): string {
  const r = root.getBoundingClientRect();
  const width = Math.ceil(r.width);
  const height = Math.ceil(r.height);
  const { background, color } = pageBackground();
  const ctx = document.createElement('canvas').getContext('2d');
  const metrics = ctx ? canvasMetrics(ctx) : () => ({ ascent: 10, descent: 3 });
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const family = getComputedStyle(document.body).fontFamily.replace(/"/g, "'");
  const text = (s: string, y: number) => `<text x="8" y="${y}" font-family="${family}" font-size="${CAPTION_FONT_SIZE}" fill="${color}">${esc(s)}</text>`;
  return domToSvg(root, width, height + CAPTION_HEIGHT, metrics, background, text(caption.line1, height + 18) + text(caption.line2, height + 36));
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

/** Exports `root` as a PNG download. */
export async function exportPng(root: Element, caption: Caption, name: string): Promise<void> {
  const canvas = renderPng(root, caption);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob) download(blob, name);
}

/** Exports `root` as an SVG download. */
export function exportSvg(root: Element, caption: Caption, name: string): void {
  download(new Blob([renderSvg(root, caption)], { type: 'image/svg+xml' }), name);
}
