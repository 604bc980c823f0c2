/**
 * The PNG exporter's sink: paints what {@link walkDom} finds onto a 2D canvas at a
 * scale (2 for slides), inline SVGs included, drawn shape by shape with Path2D from their
 * computed styles (no image is decoded, so no CSP source is needed).
 */
import { colorAlpha, walkDomSteps, type Border, type Box, type DomSink, type FontMetrics, type Steps, type TextRun } from './walkDom';

/** Font metrics from a canvas context, cached per font. */
export function canvasMetrics(ctx: CanvasRenderingContext2D): FontMetrics {
  const cache = new Map<string, { ascent: number; descent: number }>();
  return (font) => {
    let m = cache.get(font);
    if (!m) {
      ctx.save();
      ctx.font = font;
      const t = ctx.measureText('Hg');
      m = { ascent: t.fontBoundingBoxAscent ?? t.actualBoundingBoxAscent, descent: t.fontBoundingBoxDescent ?? t.actualBoundingBoxDescent };
      ctx.restore();
      cache.set(font, m);
    }
    return m;
  };
}

/**
 * Where an export's picture goes on its canvas: at `scale` device pixels
 * per CSS pixel, cut into `columns` side by side when the view is taller than a canvas may be.
 * Column j shows the view's CSS rows [j × columnHeight, (j + 1) × columnHeight), `gap` CSS
 * pixels right of column j - 1. One column at scale 2 is the plain 2x picture.
 */
export interface Tiling {
  readonly scale: number;
  readonly columns: number;
  /** CSS pixels of the view in each column. */
  readonly columnHeight: number;
  /** CSS width of the view (one column). */
  readonly width: number;
  /** CSS pixels between two columns. */
  readonly gap: number;
}

/** The plain picture: one column of the whole view. */
export function singleColumn(width: number, height: number, scale: number): Tiling {
  return { scale, columns: 1, columnHeight: height, width, gap: 0 };
}

/**
 * Calls `draw` once for each column the CSS rows [y0, y1] reach, with the canvas transformed
 * so that view coordinates land in that column (and clipped to it when there are several).
 * `dx`, `dy`: the CSS offset of the column, for code that sets its own transforms.
 */
function inColumns(ctx: CanvasRenderingContext2D, t: Tiling, y0: number, y1: number, draw: (dx: number, dy: number) => void): void {
  const s = t.scale;
  if (t.columns === 1) {
    ctx.setTransform(s, 0, 0, s, 0, 0);
    draw(0, 0);
    return;
  }
  const first = Math.max(0, Math.floor(y0 / t.columnHeight));
  const last = Math.min(t.columns - 1, Math.floor(y1 / t.columnHeight));
  for (let j = first; j <= last; j++) {
    const dx = j * (t.width + t.gap);
    const dy = -j * t.columnHeight;
    ctx.save();
    ctx.setTransform(s, 0, 0, s, dx * s, dy * s);
    ctx.beginPath();
    ctx.rect(0, j * t.columnHeight, t.width, t.columnHeight);
    ctx.clip();
    draw(dx, dy);
    ctx.restore();
  }
}

/** Paints `root` into `ctx` (already sized) at `scale`, all at once. */
export function paintDom(root: Element, ctx: CanvasRenderingContext2D, scale: number): void {
  const r = root.getBoundingClientRect();
  const steps = paintDomSteps(root, ctx, singleColumn(r.width, r.height, scale));
  while (!steps.next(false).done);
}

/** Paints `root` into `ctx` (already sized for `tiling`) in small steps (see `./slices`). */
export function* paintDomSteps(root: Element, ctx: CanvasRenderingContext2D, tiling: Tiling): Steps {
  const alphas: number[] = [1];
  const sink: DomSink = {
    box(b, background, radius, borders) {
      inColumns(ctx, tiling, b.y, b.y + b.h, () => {
        const path = roundRect(b, radius);
        if (background) {
          ctx.fillStyle = background;
          ctx.fill(path);
        }
        paintBorders(ctx, b, radius, borders);
      });
    },
    text(run: TextRun) {
      inColumns(ctx, tiling, run.baseline - run.fontSize * 1.2, run.baseline + run.fontSize * 0.5, () => {
        ctx.font = run.font;
        ctx.fillStyle = run.color;
        ctx.textBaseline = 'alphabetic';
        ctx.textAlign = 'left';
        if ('letterSpacing' in ctx) (ctx as unknown as { letterSpacing: string }).letterSpacing = `${run.letterSpacing}px`;
        ctx.fillText(run.text, run.x, run.baseline);
      });
    },
    canvas(el, b) {
      if (el.width > 0 && el.height > 0) inColumns(ctx, tiling, b.y, b.y + b.h, () => ctx.drawImage(el, b.x, b.y, b.w, b.h));
    },
    svg(el, b) {
      return paintSvg(el, ctx, tiling, b);
    },
    pushOpacity(a) {
      alphas.push(alphas[alphas.length - 1]! * a);
      ctx.globalAlpha = alphas[alphas.length - 1]!;
    },
    popOpacity() {
      alphas.pop();
      ctx.globalAlpha = alphas[alphas.length - 1]!;
    },
  };
  yield* walkDomSteps(root, sink, canvasMetrics(ctx));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
}

function roundRect(b: Box, radius: number): Path2D {
  const p = new Path2D();
  const r = Math.max(0, Math.min(radius, b.w / 2, b.h / 2));
  if (r > 0 && typeof p.roundRect === 'function') p.roundRect(b.x, b.y, b.w, b.h, r);
  else p.rect(b.x, b.y, b.w, b.h);
  return p;
}

function paintBorders(ctx: CanvasRenderingContext2D, b: Box, radius: number, borders: readonly [Border, Border, Border, Border]): void {
  const [t, r, bo, l] = borders;
  const same = borders.every((s) => s.width === t.width && s.color === t.color);
  if (same && t.width > 0 && colorAlpha(t.color) > 0) {
    ctx.strokeStyle = t.color;
    ctx.lineWidth = t.width;
    ctx.stroke(roundRect({ x: b.x + t.width / 2, y: b.y + t.width / 2, w: b.w - t.width, h: b.h - t.width }, Math.max(0, radius - t.width / 2)));
    return;
  }
  const side = (s: Border, x: number, y: number, w: number, h: number) => {
    if (s.width <= 0 || colorAlpha(s.color) === 0) return;
    ctx.fillStyle = s.color;
    ctx.fillRect(x, y, w, h);
  };
  side(t, b.x, b.y, b.w, t.width);
  side(bo, b.x, b.y + b.h - bo.width, b.w, bo.width);
  side(l, b.x, b.y, l.width, b.h);
  side(r, b.x + b.w - r.width, b.y, r.width, b.h);
}

/** A paint (`fill` or `stroke`): a colour, or the first colour found in a referenced pattern or gradient. */
function resolvePaint(value: string, owner: Element): string | null {
  if (!value || value === 'none') return null;
  const ref = /^url\(["']?#([^"')]+)["']?\)/.exec(value);
  if (!ref) return value;
  const target = owner.ownerDocument.getElementById(ref[1]!);
  if (!target) return null;
  for (const child of Array.from(target.querySelectorAll('*'))) {
    const cs = getComputedStyle(child);
    const c = child.tagName === 'stop' ? cs.getPropertyValue('stop-color') : cs.fill !== 'none' ? cs.fill : cs.stroke;
    if (c && c !== 'none' && !c.startsWith('url(') && colorAlpha(c) > 0) return c;
  }
  return null;
}

const SKIP = new Set(['defs', 'clipPath', 'pattern', 'mask', 'marker', 'title', 'desc', 'foreignObject', 'linearGradient', 'radialGradient', 'style', 'symbol']);

function shapePath(el: SVGElement): Path2D | null {
  const n = (a: string) => parseFloat(el.getAttribute(a) ?? '0') || 0;
  const p = new Path2D();
  switch (el.tagName) {
    case 'path': {
      const d = el.getAttribute('d');
      return d ? new Path2D(d) : null;
    }
    case 'line':
      p.moveTo(n('x1'), n('y1'));
      p.lineTo(n('x2'), n('y2'));
      return p;
    case 'rect': {
      const w = n('width');
      const h = n('height');
      const rx = n('rx') || n('ry');
      if (rx > 0 && typeof p.roundRect === 'function') p.roundRect(n('x'), n('y'), w, h, Math.min(rx, w / 2, h / 2));
      else p.rect(n('x'), n('y'), w, h);
      return p;
    }
    case 'circle':
      p.arc(n('cx'), n('cy'), n('r'), 0, Math.PI * 2);
      return p;
    case 'ellipse':
      p.ellipse(n('cx'), n('cy'), n('rx'), n('ry'), 0, 0, Math.PI * 2);
      return p;
    case 'polyline':
    case 'polygon': {
      const pts = (el.getAttribute('points') ?? '').trim().split(/[\s,]+/).map(Number);
      for (let i = 0; i + 1 < pts.length; i += 2) (i === 0 ? p.moveTo.bind(p) : p.lineTo.bind(p))(pts[i]!, pts[i + 1]!);
      if (el.tagName === 'polygon') p.closePath();
      return p;
    }
    default:
      return null;
  }
}

/**
 * Paints an inline SVG shape by shape, each in its own user space (`getScreenCTM`), into every
 * column its box reaches; a step per shape (the hash space's bands at 8,192 ranges are
 * thousands of shapes).
 */
function* paintSvg(svg: SVGSVGElement, ctx: CanvasRenderingContext2D, tiling: Tiling, box: Box): Steps {
  const scale = tiling.scale;
  const base = ctx.globalAlpha;
  const visit = function* (el: Element, alpha: number): Steps {
    if (!(el instanceof SVGElement) || SKIP.has(el.tagName)) return;
    yield;
    const cs = getComputedStyle(el);
    if (cs.display === 'none') return;
    const a = alpha * (parseFloat(cs.opacity) || (cs.opacity === '0' ? 0 : 1));
    if (a === 0) return;
    if (el instanceof SVGGraphicsElement && cs.visibility !== 'hidden') {
      const m = el.getScreenCTM();
      // Read at each shape: the page may have scrolled between two steps.
      const origin = svg.getBoundingClientRect();
      const ox = origin.left - box.x;
      const oy = origin.top - box.y;
      if (m && el.tagName === 'text') {
        paintSvgText(el, cs, ctx, tiling, clipEach ? box : null, ox, oy, a * base, Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)));
        return;
      }
      const path = m ? shapePath(el) : null;
      if (m && path) {
        const fill = resolvePaint(cs.fill, el);
        const stroke = resolvePaint(cs.stroke, el);
        const width = parseFloat(cs.strokeWidth) || 0;
        const dash = cs.strokeDasharray && cs.strokeDasharray !== 'none' ? cs.strokeDasharray.split(/[\s,]+/).map((v) => parseFloat(v)).filter((v) => Number.isFinite(v)) : [];
        const r = el.getBoundingClientRect();
        const y0 = r.top - origin.top + box.y - width;
        inColumns(ctx, tiling, Math.max(box.y, y0), Math.min(box.y + box.h, y0 + r.height + 2 * width), (dx, dy) => {
          if (clipEach) clipTo(ctx, box);
          ctx.setTransform(scale * m.a, scale * m.b, scale * m.c, scale * m.d, scale * (m.e - ox + dx), scale * (m.f - oy + dy));
          if (fill && el.tagName !== 'line') {
            ctx.globalAlpha = base * a * (parseFloat(cs.fillOpacity) || 0);
            ctx.fillStyle = fill;
            if (el.tagName === 'polyline') ctx.fill(path);
            else ctx.fill(path, cs.fillRule === 'evenodd' ? 'evenodd' : 'nonzero');
          }
          if (stroke && width > 0) {
            const det = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1;
            ctx.globalAlpha = base * a * (parseFloat(cs.strokeOpacity) || 0);
            ctx.strokeStyle = stroke;
            ctx.lineWidth = cs.getPropertyValue('vector-effect') === 'non-scaling-stroke' ? width / det : width;
            ctx.lineCap = (cs.strokeLinecap as CanvasLineCap) || 'butt';
            ctx.lineJoin = (cs.strokeLinejoin as CanvasLineJoin) || 'miter';
            ctx.setLineDash(dash);
            ctx.stroke(path);
            ctx.setLineDash([]);
          }
          ctx.globalAlpha = base;
        });
      }
    }
    for (const child of Array.from(el.children)) yield* visit(child, a);
  };
  // Clipped to the SVG's own box, as the page does: once here for one column, else per shape
  // in each column (a column's clip is undone after each shape).
  const clipEach = tiling.columns > 1;
  ctx.save();
  if (!clipEach) {
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    clipTo(ctx, box);
  }
  for (const child of Array.from(svg.children)) yield* visit(child, 1);
  ctx.restore();
  ctx.globalAlpha = base;
}

function clipTo(ctx: CanvasRenderingContext2D, b: Box): void {
  ctx.beginPath();
  ctx.rect(b.x, b.y, b.w, b.h);
  ctx.clip();
}

function paintSvgText(el: SVGGraphicsElement, cs: CSSStyleDeclaration, ctx: CanvasRenderingContext2D, tiling: Tiling, clip: Box | null, ox: number, oy: number, alpha: number, unit: number): void {
  const text = el.textContent?.replace(/\s+/g, ' ').trim();
  const fill = resolvePaint(cs.fill, el);
  if (!text || !fill) return;
  const r = el.getBoundingClientRect();
  const size = (parseFloat(cs.fontSize) || 12) * unit;
  const y = r.top - oy;
  inColumns(ctx, tiling, y, y + r.height, () => {
    if (clip) clipTo(ctx, clip);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${size}px ${cs.fontFamily}`;
    const t = ctx.measureText(text);
    const ascent = t.fontBoundingBoxAscent ?? t.actualBoundingBoxAscent;
    const descent = t.fontBoundingBoxDescent ?? t.actualBoundingBoxDescent;
    ctx.globalAlpha = alpha * (parseFloat(cs.fillOpacity) || 0);
    ctx.fillStyle = fill;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(text, r.left - ox, y + (r.height - (ascent + descent)) / 2 + ascent);
  });
}
