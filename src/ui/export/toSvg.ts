/**
 * The SVG exporter's sink: the same walk as the PNG, written as one standalone SVG
 * document. Inline SVGs (charts, bands, axes) are copied as vectors with their computed
 * styles written on every element, so the file looks the same without the page's stylesheet;
 * the hash space's dots become vector circles up to {@link MAX_VECTOR_DOTS} objects,
 * and above that (or any other canvas) one embedded PNG image, in a group labelled as a raster
 * layer, so an editor shows plainly what is a picture.
 */
import { walkDomSteps, type Box, type DomSink, type FontMetrics, type Steps } from './walkDom';
import { MAX_VECTOR_DOTS, vectorDotsOf, type VectorDots } from './vectorDots';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (v: number) => String(Math.round(v * 100) / 100);

/** Presentation properties written on each copied SVG element. */
const SVG_PROPS = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
  'vector-effect',
  'stop-color',
  'stop-opacity',
] as const;

/** What the SVG says of its layers (translated by the caller). */
export interface SvgLabels {
  /** Title of the group of vector dots, for `count` dots. */
  readonly dotsLabel: (count: number) => string;
  /** Title of a raster layer: the dots of `objects` objects (over the vector limit), or any other canvas (null). */
  readonly rasterLabel: (objects: number | null) => string;
}

const DEFAULT_LABELS: SvgLabels = {
  dotsLabel: (count) => `Objects: ${count} dots as vector circles`,
  rasterLabel: (objects) => (objects === null ? 'Raster layer: a picture of a canvas' : `Raster layer: ${objects} objects, over the ${MAX_VECTOR_DOTS} drawn as vector circles`),
};

/**
 * The dots as circles, grouped by colour (one `fill` per group, so 20,000 dots stay a
 * readable file); objects nobody owns as small crosses, as the page draws them.
 */
export function vectorDotsSvg(dots: VectorDots, b: Box, label: string): string {
  const byColour = new Map<number, string[]>();
  const none = dots.palette.length - 1;
  const r = num(Math.max(0.5, dots.size / 2));
  for (let k = 0; k < dots.count; k++) {
    const c = dots.colour[k]!;
    const x = b.x + dots.x[k]!;
    const y = b.y + dots.y[k]!;
    let list = byColour.get(c);
    if (!list) byColour.set(c, (list = []));
    if (c === none) {
      const s = Math.max(3, dots.size + 2) / 2;
      list.push(`M${num(x - s)} ${num(y - s)}L${num(x + s)} ${num(y + s)}M${num(x + s)} ${num(y - s)}L${num(x - s)} ${num(y + s)}`);
    } else list.push(`<circle cx="${num(x)}" cy="${num(y)}" r="${r}"/>`);
  }
  let out = `<g data-layer="dots"><title>${esc(label)}</title>`;
  for (const [c, list] of [...byColour].sort((p, q) => p[0] - q[0])) {
    const colour = esc(dots.palette[c] ?? '#000');
    out += c === none ? `<path d="${list.join('')}" fill="none" stroke="${colour}" stroke-width="1"/>` : `<g fill="${colour}">${list.join('')}</g>`;
  }
  return out + '</g>';
}

/** The SVG document of `root`, `width` x `height` CSS pixels, with `extra` markup appended (the caption), all at once. */
export function domToSvg(root: Element, width: number, height: number, metrics: FontMetrics, background: string, extra = ''): string {
  const steps = domToSvgSteps(root, width, height, metrics, background, extra);
  for (;;) {
    const r = steps.next(false);
    if (r.done) return r.value;
  }
}

/** {@link domToSvg} in small steps (see `./slices`). */
export function* domToSvgSteps(root: Element, width: number, height: number, metrics: FontMetrics, background: string, extra = '', labels: SvgLabels = DEFAULT_LABELS): Steps<string> {
  const { dotsLabel, rasterLabel } = labels;
  const parts: string[] = [];
  let uid = 0;
  const doc = document.implementation.createDocument('http://www.w3.org/2000/svg', 'svg', null);
  const sink: DomSink = {
    box(b, bg, radius, borders) {
      const [t] = borders;
      const same = borders.every((s) => s.width === t.width && s.color === t.color);
      const stroke = same && t.width > 0 ? ` stroke="${esc(t.color)}" stroke-width="${num(t.width)}"` : '';
      const inset = same ? t.width / 2 : 0;
      parts.push(
        `<rect x="${num(b.x + inset)}" y="${num(b.y + inset)}" width="${num(Math.max(0, b.w - 2 * inset))}" height="${num(Math.max(0, b.h - 2 * inset))}"${radius > 0 ? ` rx="${num(radius)}"` : ''} fill="${bg ? esc(bg) : 'none'}"${stroke}/>`,
      );
      if (!same) {
        const [top, right, bottom, left] = borders;
        const side = (w: number, c: string, x: number, y: number, ww: number, hh: number) =>
          w > 0 ? parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(ww)}" height="${num(hh)}" fill="${esc(c)}"/>`) : 0;
        side(top.width, top.color, b.x, b.y, b.w, top.width);
        side(bottom.width, bottom.color, b.x, b.y + b.h - bottom.width, b.w, bottom.width);
        side(left.width, left.color, b.x, b.y, left.width, b.h);
        side(right.width, right.color, b.x + b.w - right.width, b.y, right.width, b.h);
      }
    },
    text(run) {
      parts.push(
        `<text x="${num(run.x)}" y="${num(run.baseline)}" font-family="${esc(run.fontFamily)}" font-size="${num(run.fontSize)}" font-weight="${esc(run.fontWeight)}" fill="${esc(run.color)}"${run.letterSpacing ? ` letter-spacing="${num(run.letterSpacing)}"` : ''} xml:space="preserve">${esc(run.text)}</text>`,
      );
    },
    canvas(el, b: Box) {
      if (el.width === 0 || el.height === 0) return;
      const source = vectorDotsOf(el);
      const objects = source?.objects() ?? 0;
      const dots = source && objects <= MAX_VECTOR_DOTS ? source.read() : null;
      if (dots) {
        parts.push(vectorDotsSvg(dots, b, dotsLabel(dots.count)));
        return;
      }
      parts.push(
        `<g id="raster-layer-${uid++}" data-layer="raster"><title>${esc(rasterLabel(source ? objects : null))}</title>` +
          `<image x="${num(b.x)}" y="${num(b.y)}" width="${num(b.w)}" height="${num(b.h)}" preserveAspectRatio="none" href="${el.toDataURL('image/png')}"/></g>`,
      );
    },
    *svg(el, b) {
      // Copied into a document of its own (no page policy applies to what is built there).
      const copy = doc.importNode(el, true);
      yield* inlineStyles(el, copy);
      // Ids must stay unique across the copied SVGs (patterns are referenced by id).
      const prefix = `x${uid++}-`;
      for (const node of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
        if (node.id) node.id = prefix + node.id;
        for (const attr of Array.from(node.attributes)) {
          if (attr.value.includes('url(#')) node.setAttribute(attr.name, attr.value.replace(/url\(["']?#/g, (m) => m + prefix));
          if ((attr.name === 'href' || attr.name === 'xlink:href') && attr.value.startsWith('#')) node.setAttribute(attr.name, '#' + prefix + attr.value.slice(1));
        }
        node.removeAttribute('class');
        node.removeAttribute('tabindex');
      }
      for (const a of ['x', 'y', 'width', 'height']) copy.removeAttribute(a);
      copy.setAttribute('x', num(b.x));
      copy.setAttribute('y', num(b.y));
      copy.setAttribute('width', num(b.w));
      copy.setAttribute('height', num(b.h));
      if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${num(el.clientWidth || b.w)} ${num(el.clientHeight || b.h)}`);
      copy.setAttribute('overflow', 'hidden');
      parts.push(new XMLSerializer().serializeToString(copy));
    },
    pushOpacity(a) {
      parts.push(`<g opacity="${num(a)}">`);
    },
    popOpacity() {
      parts.push('</g>');
    },
  };
  yield* walkDomSteps(root, sink, metrics);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">` +
    `<rect width="100%" height="100%" fill="${esc(background)}"/>` +
    parts.join('') +
    extra +
    `</svg>\n`
  );
}

/**
 * Writes the computed presentation properties of `from` and its descendants onto `to` (a deep
 * copy) as presentation attributes: a `style` attribute would be an inline style, which the
 * page's CSP (style-src 'self') refuses.
 */
function* inlineStyles(from: Element, to: Element): Steps {
  yield;
  const cs = getComputedStyle(from);
  to.removeAttribute('style');
  for (const p of SVG_PROPS) {
    const v = cs.getPropertyValue(p);
    if (v !== '') to.setAttribute(p, v);
  }
  const a = Array.from(from.children);
  const b = Array.from(to.children);
  for (let i = 0; i < a.length && i < b.length; i++) yield* inlineStyles(a[i]!, b[i]!);
}
