/**
 * Export for slides: a panel of the page drawn again, by us, from its layout and
 * computed styles, into a canvas (PNG) or an SVG document. Nothing is loaded as an image: the
 * page's Content-Security-Policy (img-src 'self', no blob: or data:) stays as it is, which
 * serialising the DOM into an <img> would not allow.
 *
 * The walk visits boxes, text, canvases, form values and inline SVGs in document order and
 * hands each to a {@link DomSink}; the PNG and SVG exporters are two sinks. It covers what
 * ShardScope's panels use (no shadows, gradients or transforms on HTML boxes).
 */
import { groupWordsIntoLines, type WordBox } from './textLines';

/** A rectangle relative to the exported root, in CSS pixels. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Border {
  readonly width: number;
  readonly color: string;
}

/** Text to draw: `x` its left edge, `baseline` its alphabetic baseline. */
export interface TextRun {
  readonly text: string;
  readonly x: number;
  readonly baseline: number;
  readonly font: string;
  readonly fontSize: number;
  readonly fontFamily: string;
  readonly fontWeight: string;
  readonly color: string;
  readonly letterSpacing: number;
}

/**
 * Steps of a long piece of work: the work yields between small pieces, and
 * is told on resuming whether the page had a frame meanwhile (layout may have moved, so
 * positions are read again). See `./slices`.
 */
export type Steps<T = void> = Generator<void, T, boolean>;

/** What an exporter does with what the walk finds. `svg` may return steps (a large inline SVG is drawn shape by shape). */
export interface DomSink {
  box(box: Box, background: string | null, radius: number, borders: readonly [Border, Border, Border, Border]): void;
  text(run: TextRun): void;
  canvas(el: HTMLCanvasElement, box: Box): void;
  svg(el: SVGSVGElement, box: Box): Steps | void;
  pushOpacity(alpha: number): void;
  popOpacity(): void;
}

/** Elements the walk leaves out (the export buttons themselves, dialogs). */
export const EXPORT_SKIP_ATTR = 'data-export-skip';

/**
 * UI chrome no export draws: buttons (Copy, the (?) chips, the caption's
 * step buttons), switches and segmented toggles (the dot colours), form controls that are not
 * text, the drag handles, screen-reader-only text, dialogs and menus. A picture for a slide
 * shows the model, not the controls around it. The exported root itself is never left out.
 */
export const CHROME_SELECTOR = [
  `[${EXPORT_SKIP_ATTR}]`,
  // A chip that names a term keeps the term, without its "?".
  'button:not(.explain__button--chip)',
  '[role="button"]',
  '.explain__button--chip > span:first-child',
  '.explain__popover',
  '.toggle',
  '.segmented',
  'select',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="range"]',
  '.hashspace__handles',
  '.export-buttons',
  '.copy-link',
  '.sr-only',
  '.skip-link',
  '[role="dialog"]',
  '.dialog-backdrop',
].join(', ');

/** The alpha of a computed colour (`rgb(...)`, `rgba(...)`, `transparent`, `color(srgb ...)`). */
export function colorAlpha(color: string): number {
  if (color === 'transparent' || color === '') return 0;
  const m = /\/\s*([\d.]+%?)\s*\)$/.exec(color) ?? /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+%?)\s*\)$/.exec(color);
  if (!m) return 1;
  const v = m[1]!;
  return v.endsWith('%') ? parseFloat(v) / 100 : parseFloat(v);
}

/** Ascent and descent of a font, measured once per font. */
export type FontMetrics = (font: string, letterSpacing: number) => { ascent: number; descent: number };

/** A positioned element's z-index (0 for `auto`, static elements and text). */
function zIndexOf(node: Node): number {
  if (node.nodeType !== Node.ELEMENT_NODE) return 0;
  const cs = getComputedStyle(node as Element);
  if (cs.position === 'static') return 0;
  const z = parseInt(cs.zIndex, 10);
  return Number.isFinite(z) ? z : 0;
}

/** Walks `root` and its descendants into `sink`, all at once. */
export function walkDom(root: Element, sink: DomSink, metrics: FontMetrics): void {
  const steps = walkDomSteps(root, sink, metrics);
  while (!steps.next(false).done);
}

/**
 * Walks `root` and its descendants into `sink` in small steps: one per
 * element and per word of wrapped text, so a page of 64 replica cards is walked a few
 * milliseconds at a time. Positions are relative to `root`, read again after each pause.
 */
export function* walkDomSteps(root: Element, sink: DomSink, metrics: FontMetrics): Steps {
  let origin = root.getBoundingClientRect();
  /** Pauses; after a frame, the root may have moved (a scroll): its place is read again. True after a frame. */
  function* pause(): Steps<boolean> {
    const resumed = yield;
    if (resumed) origin = root.getBoundingClientRect();
    return resumed;
  }
  const rel = (r: DOMRect | { left: number; top: number; width: number; height: number }): Box => ({
    x: r.left - origin.left,
    y: r.top - origin.top,
    w: r.width,
    h: r.height,
  });

  function* textOf(node: Text, cs: CSSStyleDeclaration): Steps {
    const raw = node.data;
    if (!raw.trim()) return;
    const color = cs.getPropertyValue('-webkit-text-fill-color') || cs.color;
    if (colorAlpha(color) === 0 || colorAlpha(cs.color) === 0) return;
    const fontSize = parseFloat(cs.fontSize);
    const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const letterSpacing = cs.letterSpacing === 'normal' ? 0 : parseFloat(cs.letterSpacing) || 0;
    const transform = (s: string) => (cs.textTransform === 'uppercase' ? s.toUpperCase() : cs.textTransform === 'lowercase' ? s.toLowerCase() : s);
    const { ascent, descent } = metrics(font, letterSpacing);
    const range = document.createRange();
    const draw = (text: string, b: Box) => {
      if (b.w === 0 || b.h === 0) return;
      const baseline = b.y + (b.h - (ascent + descent)) / 2 + ascent;
      sink.text({ text: transform(text), x: b.x, baseline, font, fontSize, fontFamily: cs.fontFamily, fontWeight: cs.fontWeight, color, letterSpacing });
    };
    range.selectNodeContents(node);
    const rects = range.getClientRects();
    if (rects.length === 1) {
      // One line: the whole run at once (white space collapsed as the page shows it), from its
      // first visible character (a leading space the page keeps would shift it right).
      if (cs.whiteSpace.startsWith('pre')) {
        draw(raw, rel(rects[0]!));
        return;
      }
      const first = raw.search(/\S/);
      range.setStart(node, first);
      range.setEnd(node, raw.trimEnd().length);
      draw(raw.replace(/\s+/g, ' ').trim(), rel(range.getClientRects()[0] ?? rects[0]!));
      return;
    }
    // Wrapped (or split) text: each word where the page put it, then drawn a line at a time
    // (one text run per line, so an SVG keeps its sentences whole).
    const words: WordBox[] = [];
    const piece = (text: string, r: DOMRect, spaceBefore: boolean) => {
      if (r.width > 0 && r.height > 0) words.push({ text, ...rel(r), spaceBefore });
    };
    const re = /\S+/g;
    for (let m = re.exec(raw); m; m = re.exec(raw)) {
      yield* pause();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const wordRects = range.getClientRects();
      if (wordRects.length <= 1) {
        if (wordRects[0]) piece(m[0], wordRects[0], true);
        continue;
      }
      // A word broken across lines (a long URL, a sentence of Chinese): its pieces line by
      // line, character by character.
      let start = 0;
      let line: DOMRect | null = null;
      for (let i = 0; i <= m[0].length; i++) {
        // A 4,000-character URL is 4,000 measurements: a pause every 64; after a frame, the
        // line so far is measured again (the page may have scrolled).
        if ((i & 63) === 63 && (yield* pause()) && line) {
          range.setStart(node, m.index + start);
          range.setEnd(node, m.index + start + 1);
          line = range.getClientRects()[0] ?? line;
        }
        let r: DOMRect | null = null;
        if (i < m[0].length) {
          range.setStart(node, m.index + i);
          range.setEnd(node, m.index + i + 1);
          r = range.getClientRects()[0] ?? null;
        }
        if (line && (!r || Math.abs(r.top - line.top) > 1)) {
          // The piece's box from its first character's to its last's.
          range.setStart(node, m.index + start);
          range.setEnd(node, m.index + i);
          const whole = Array.from(range.getClientRects()).find((x) => Math.abs(x.top - line!.top) <= 1) ?? line;
          piece(m[0].slice(start, i), whole, start === 0);
          start = i;
          line = null;
        }
        if (r && !line) line = r;
      }
    }
    for (const l of groupWordsIntoLines(words)) draw(l.text, l);
  }

  function* visit(el: Element): Steps {
    yield* pause();
    if (el.hasAttribute(EXPORT_SKIP_ATTR) || (el !== root && el.matches(CHROME_SELECTOR))) return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    const r = el.getBoundingClientRect();
    // Visually hidden text for screen readers (clipped to a pixel).
    if ((r.width <= 1 || r.height <= 1) && cs.overflow !== 'visible') return;
    const opacity = parseFloat(cs.opacity);
    if (opacity === 0) return;
    if (opacity < 1) sink.pushOpacity(opacity);
    try {
      if (el instanceof SVGSVGElement) {
        const steps = sink.svg(el, rel(r));
        if (steps) yield* steps;
        return;
      }
      if (el instanceof SVGElement) return;
      // A gradient or hatching (the legend's gap and overlap swatches) is drawn as its first colour.
      const gradient = cs.backgroundImage !== 'none' ? (/rgba?\([^)]*\)/.exec(cs.backgroundImage)?.[0] ?? null) : null;
      const bg = colorAlpha(cs.backgroundColor) > 0 ? cs.backgroundColor : gradient && colorAlpha(gradient) > 0 ? gradient : null;
      const side = (s: 'Top' | 'Right' | 'Bottom' | 'Left'): Border => {
        const style = cs.getPropertyValue(`border-${s.toLowerCase()}-style`);
        const width = style === 'none' || style === 'hidden' ? 0 : parseFloat(cs.getPropertyValue(`border-${s.toLowerCase()}-width`)) || 0;
        return { width, color: cs.getPropertyValue(`border-${s.toLowerCase()}-color`) };
      };
      const borders = [side('Top'), side('Right'), side('Bottom'), side('Left')] as const;
      if (bg || borders.some((b) => b.width > 0 && colorAlpha(b.color) > 0)) sink.box(rel(r), bg, parseFloat(cs.borderTopLeftRadius) || 0, borders);
      if (el instanceof HTMLCanvasElement) {
        sink.canvas(el, rel(r));
        return;
      }
      if ((el instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'hidden'].includes(el.type)) || el instanceof HTMLTextAreaElement) {
        formValue(el, cs, r);
        return;
      }
      // Stacked siblings (the dots' canvas over the bands' SVG) in the order the page stacks them.
      const children = Array.from(el.childNodes).map((node, i) => ({ node, i, z: zIndexOf(node) }));
      if (children.some((c) => c.z !== 0)) children.sort((a, b) => a.z - b.z || a.i - b.i);
      for (const { node: child } of children) {
        if (child.nodeType === Node.TEXT_NODE) yield* textOf(child as Text, cs);
        else if (child.nodeType === Node.ELEMENT_NODE) yield* visit(child as Element);
      }
    } finally {
      if (opacity < 1) sink.popOpacity();
    }
  }

  const formValue = (el: HTMLInputElement | HTMLTextAreaElement, cs: CSSStyleDeclaration, r: DOMRect): void => {
    const value = el.value;
    if (!value || colorAlpha(cs.color) === 0) return;
    const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const { ascent, descent } = metrics(font, 0);
    const b = rel(r);
    const left = b.x + (parseFloat(cs.paddingLeft) || 0) + (parseFloat(cs.borderLeftWidth) || 0);
    const lineHeight = parseFloat(cs.lineHeight) || (ascent + descent) * 1.2;
    const top = b.y + (parseFloat(cs.paddingTop) || 0) + (parseFloat(cs.borderTopWidth) || 0);
    const lines = el instanceof HTMLTextAreaElement ? value.split('\n') : [value];
    lines.forEach((line, i) => {
      const baseline = el instanceof HTMLTextAreaElement ? top + i * lineHeight + (lineHeight - (ascent + descent)) / 2 + ascent : b.y + (b.h - (ascent + descent)) / 2 + ascent;
      if (baseline > b.y + b.h) return;
      sink.text({ text: line, x: left, baseline, font, fontSize: parseFloat(cs.fontSize), fontFamily: cs.fontFamily, fontWeight: cs.fontWeight, color: cs.color, letterSpacing: 0 });
    });
  };

  yield* visit(root);
}
