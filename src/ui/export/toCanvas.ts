/**
 * The PNG exporter's sink (issue 10): paints what {@link walkDom} finds onto a 2D canvas at a
 * scale (2 for slides), inline SVGs included, drawn shape by shape with Path2D from their
 * computed styles (no image is decoded, so no CSP source is needed).
 */
import { colorAlpha, walkDom, type Border, type Box, type DomSink, type FontMetrics, type TextRun } from './walkDom';

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

/** Paints `root` into `ctx` (already sized), its top-left at (0, `top`) CSS pixels, at `scale`. */
export function paintDom(root: Element, ctx: CanvasRenderingContext2D, scale: number, top = 0): void {
  const base = (): void => ctx.setTransform(scale, 0, 0, scale, 0, top * scale);
  const alphas: number[] = [1];
  const sink: DomSink = {
    box(b, background, radius, borders) {
      base();
      const path = roundRect(b, radius);
      if (background) {
        ctx.fillStyle = background;
        ctx.fill(path);
      }
      paintBorders(ctx, b, radius, borders);
    },
    text(run: TextRun) {
      base();
      ctx.font = run.font;
      ctx.fillStyle = run.color;
      ctx.textBaseline = 'alphabetic';
      ctx.textAlign = 'left';
      if ('letterSpacing' in ctx) (ctx as unknown as { letterSpacing: string }).letterSpacing = `${run.letterSpacing}px`;
      ctx.fillText(run.text, run.x, run.baseline);
    },
    canvas(el, b) {
      base();
      if (el.width > 0 && el.height > 0) ctx.drawImage(el, b.x, b.y, b.w, b.h);
    },
    svg(el, b) {
      paintSvg(el, ctx, scale, b, top);
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
  walkDom(root, sink, canvasMetrics(ctx));
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

/** Paints an inline SVG shape by shape, each in its own user space (`getScreenCTM`). */
function paintSvg(svg: SVGSVGElement, ctx: CanvasRenderingContext2D, scale: number, box: Box, top: number): void {
  const origin = svg.getBoundingClientRect();
  const ox = origin.left - box.x;
  const oy = origin.top - box.y;
  const base = ctx.globalAlpha;
  ctx.save();
  // Clip to the SVG's own box, as the page does.
  ctx.setTransform(scale, 0, 0, scale, 0, top * scale);
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  const visit = (el: Element, alpha: number): void => {
    if (!(el instanceof SVGElement) || SKIP.has(el.tagName)) return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none') return;
    const a = alpha * (parseFloat(cs.opacity) || (cs.opacity === '0' ? 0 : 1));
    if (a === 0) return;
    if (el instanceof SVGGraphicsElement && cs.visibility !== 'hidden') {
      const m = el.getScreenCTM();
      if (m && el.tagName === 'text') {
        paintSvgText(el, cs, ctx, scale, ox, oy, top, a * base, Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)));
        return;
      }
      const path = m ? shapePath(el) : null;
      if (m && path) {
        ctx.setTransform(scale * m.a, scale * m.b, scale * m.c, scale * m.d, scale * (m.e - ox), scale * (m.f - oy + top));
        const fill = resolvePaint(cs.fill, el);
        if (fill && el.tagName !== 'line' && el.tagName !== 'polyline') {
          ctx.globalAlpha = base * a * (parseFloat(cs.fillOpacity) || 0);
          ctx.fillStyle = fill;
          ctx.fill(path, cs.fillRule === 'evenodd' ? 'evenodd' : 'nonzero');
        } else if (fill && el.tagName === 'polyline') {
          ctx.globalAlpha = base * a * (parseFloat(cs.fillOpacity) || 0);
          ctx.fillStyle = fill;
          ctx.fill(path);
        }
        const stroke = resolvePaint(cs.stroke, el);
        const width = parseFloat(cs.strokeWidth) || 0;
        if (stroke && width > 0) {
          const det = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1;
          ctx.globalAlpha = base * a * (parseFloat(cs.strokeOpacity) || 0);
          ctx.strokeStyle = stroke;
          ctx.lineWidth = cs.getPropertyValue('vector-effect') === 'non-scaling-stroke' ? width / det : width;
          ctx.lineCap = (cs.strokeLinecap as CanvasLineCap) || 'butt';
          ctx.lineJoin = (cs.strokeLinejoin as CanvasLineJoin) || 'miter';
          const dash = cs.strokeDasharray && cs.strokeDasharray !== 'none' ? cs.strokeDasharray.split(/[\s,]+/).map((s) => parseFloat(s)).filter((v) => Number.isFinite(v)) : [];
          ctx.setLineDash(dash);
          ctx.stroke(path);
          ctx.setLineDash([]);
        }
        ctx.globalAlpha = base;
      }
    }
    for (const child of Array.from(el.children)) visit(child, a);
  };
  for (const child of Array.from(svg.children)) visit(child, 1);
  ctx.restore();
  ctx.globalAlpha = base;
}

function paintSvgText(el: SVGGraphicsElement, cs: CSSStyleDeclaration, ctx: CanvasRenderingContext2D, scale: number, ox: number, oy: number, top: number, alpha: number, unit: number): void {
  const text = el.textContent?.replace(/\s+/g, ' ').trim();
  const fill = resolvePaint(cs.fill, el);
  if (!text || !fill) return;
  const r = el.getBoundingClientRect();
  const size = (parseFloat(cs.fontSize) || 12) * unit;
  ctx.setTransform(scale, 0, 0, scale, 0, top * scale);
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${size}px ${cs.fontFamily}`;
  const t = ctx.measureText(text);
  const ascent = t.fontBoundingBoxAscent ?? t.actualBoundingBoxAscent;
  const descent = t.fontBoundingBoxDescent ?? t.actualBoundingBoxDescent;
  ctx.globalAlpha = alpha * (parseFloat(cs.fillOpacity) || 0);
  ctx.fillStyle = fill;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(text, r.left - ox, r.top - oy + (r.height - (ascent + descent)) / 2 + ascent);
}
