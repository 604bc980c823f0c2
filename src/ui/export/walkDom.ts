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

/** A walk under way: where its root is now, and where what it finds goes. */
interface Walk {
  readonly root: Element;
  readonly sink: DomSink;
  readonly metrics: FontMetrics;
  /** The root's place on the page, read again after each frame. */
  origin: DOMRect;
}

/**
 * Walks `root` and its descendants into `sink` in small steps: one per
 * element and per word of wrapped text, so a page of 64 replica cards is walked a few
 * milliseconds at a time. Positions are relative to `root`, read again after each pause.
 */
export function* walkDomSteps(root: Element, sink: DomSink, metrics: FontMetrics): Steps {
  yield* visit({ root, sink, metrics, origin: root.getBoundingClientRect() }, root);
}

/** Pauses; after a frame, the root may have moved (a scroll): its place is read again. True after a frame. */
function* pause(w: Walk): Steps<boolean> {
  const resumed = yield;
  if (resumed) w.origin = w.root.getBoundingClientRect();
  return resumed;
}

/** A page rectangle relative to the walk's root. */
function rel(w: Walk, r: DOMRect | { left: number; top: number; width: number; height: number }): Box {
  return {
    x: r.left - w.origin.left,
    y: r.top - w.origin.top,
    w: r.width,
    h: r.height,
  };
}

/** An element and what it holds, unless it is chrome, hidden, or a screen reader's alone. */
function* visit(w: Walk, el: Element): Steps {
  yield* pause(w);
  if (el.hasAttribute(EXPORT_SKIP_ATTR) || (el !== w.root && el.matches(CHROME_SELECTOR))) return;
  const cs = getComputedStyle(el);
  if (cs.display === 'none' || cs.visibility === 'hidden') return;
  const r = el.getBoundingClientRect();
  // Visually hidden text for screen readers (clipped to a pixel).
  if ((r.width <= 1 || r.height <= 1) && cs.overflow !== 'visible') return;
  const opacity = parseFloat(cs.opacity);
  if (opacity === 0) return;
  if (opacity < 1) w.sink.pushOpacity(opacity);
  try {
    if (el instanceof SVGSVGElement) {
      const steps = w.sink.svg(el, rel(w, r));
      if (steps) yield* steps;
      return;
    }
    if (el instanceof SVGElement) return;
    boxOf(w, cs, r);
    if (el instanceof HTMLCanvasElement) {
      w.sink.canvas(el, rel(w, r));
      return;
    }
    if ((el instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'hidden'].includes(el.type)) || el instanceof HTMLTextAreaElement) {
      formValue(w, el, cs, r);
      return;
    }
    // Stacked siblings (the dots' canvas over the bands' SVG) in the order the page stacks them.
    const children = Array.from(el.childNodes).map((node, i) => ({ node, i, z: zIndexOf(node) }));
    if (children.some((c) => c.z !== 0)) children.sort((a, b) => a.z - b.z || a.i - b.i);
    for (const { node: child } of children) {
      if (child.nodeType === Node.TEXT_NODE) yield* textOf(w, child as Text, cs);
      else if (child.nodeType === Node.ELEMENT_NODE) yield* visit(w, child as Element);
    }
  } finally {
    if (opacity < 1) w.sink.popOpacity();
  }
}

/** An HTML element's background and borders, when it has any that show. */
function boxOf(w: Walk, cs: CSSStyleDeclaration, r: DOMRect): void {
  // A gradient or hatching (the legend's gap and overlap swatches) is drawn as its first colour.
  const gradient = cs.backgroundImage !== 'none' ? (/rgba?\([^)]*\)/.exec(cs.backgroundImage)?.[0] ?? null) : null;
  const bg = colorAlpha(cs.backgroundColor) > 0 ? cs.backgroundColor : gradient && colorAlpha(gradient) > 0 ? gradient : null;
  const side = (s: 'Top' | 'Right' | 'Bottom' | 'Left'): Border => {
    const style = cs.getPropertyValue(`border-${s.toLowerCase()}-style`);
    const width = style === 'none' || style === 'hidden' ? 0 : parseFloat(cs.getPropertyValue(`border-${s.toLowerCase()}-width`)) || 0;
    return { width, color: cs.getPropertyValue(`border-${s.toLowerCase()}-color`) };
  };
  const borders = [side('Top'), side('Right'), side('Bottom'), side('Left')] as const;
  if (bg || borders.some((b) => b.width > 0 && colorAlpha(b.color) > 0)) w.sink.box(rel(w, r), bg, parseFloat(cs.borderTopLeftRadius) || 0, borders);
}

/** A text node in its element's style: one run when it sits on one line, else a run per line. */
function* textOf(w: Walk, node: Text, cs: CSSStyleDeclaration): Steps {
  const raw = node.data;
  if (!raw.trim()) return;
  const color = cs.getPropertyValue('-webkit-text-fill-color') || cs.color;
  if (colorAlpha(color) === 0 || colorAlpha(cs.color) === 0) return;
  const fontSize = parseFloat(cs.fontSize);
  const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const letterSpacing = cs.letterSpacing === 'normal' ? 0 : parseFloat(cs.letterSpacing) || 0;
  const transform = (s: string) => (cs.textTransform === 'uppercase' ? s.toUpperCase() : cs.textTransform === 'lowercase' ? s.toLowerCase() : s);
  const { ascent, descent } = w.metrics(font, letterSpacing);
  const range = document.createRange();
  const draw = (text: string, b: Box) => {
    if (b.w === 0 || b.h === 0) return;
    const baseline = b.y + (b.h - (ascent + descent)) / 2 + ascent;
    w.sink.text({ text: transform(text), x: b.x, baseline, font, fontSize, fontFamily: cs.fontFamily, fontWeight: cs.fontWeight, color, letterSpacing });
  };
  range.selectNodeContents(node);
  const rects = range.getClientRects();
  if (rects.length === 1) {
    // One line: the whole run at once (white space collapsed as the page shows it), from its
    // first visible character (a leading space the page keeps would shift it right).
    if (cs.whiteSpace.startsWith('pre')) {
      draw(raw, rel(w, rects[0]!));
      return;
    }
    const first = raw.search(/\S/);
    range.setStart(node, first);
    range.setEnd(node, raw.trimEnd().length);
    draw(raw.replace(/\s+/g, ' ').trim(), rel(w, range.getClientRects()[0] ?? rects[0]!));
    return;
  }
  // Wrapped (or split) text: each word where the page put it, then drawn a line at a time
  // (one text run per line, so an SVG keeps its sentences whole).
  const words = yield* wordBoxes(w, node, range);
  for (const l of groupWordsIntoLines(words)) draw(l.text, l);
}

/** A piece of a word found on one line: its text, its box on the page, whether a space comes before it. */
type Piece = (text: string, r: DOMRect, spaceBefore: boolean) => void;

/** Each word of a text node where the page put it, a pause before each. */
function* wordBoxes(w: Walk, node: Text, range: Range): Steps<WordBox[]> {
  const raw = node.data;
  const words: WordBox[] = [];
  const piece: Piece = (text, r, spaceBefore) => {
    if (r.width > 0 && r.height > 0) words.push({ text, ...rel(w, r), spaceBefore });
  };
  const re = /\S+/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    yield* pause(w);
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const wordRects = range.getClientRects();
    if (wordRects.length <= 1) {
      if (wordRects[0]) piece(m[0], wordRects[0], true);
      continue;
    }
    yield* brokenWord(w, node, range, m.index, m[0], piece);
  }
  return words;
}

/**
 * A word broken across lines (a long URL, a sentence of Chinese), at `at` in `node`: its
 * pieces line by line, character by character.
 */
function* brokenWord(w: Walk, node: Text, range: Range, at: number, word: string, piece: Piece): Steps {
  let start = 0;
  let line: DOMRect | null = null;
  for (let i = 0; i <= word.length; i++) {
    // A 4,000-character URL is 4,000 measurements: a pause every 64; after a frame, the
    // line so far is measured again (the page may have scrolled).
    if ((i & 63) === 63 && (yield* pause(w)) && line) {
      range.setStart(node, at + start);
      range.setEnd(node, at + start + 1);
      line = range.getClientRects()[0] ?? line;
    }
    let r: DOMRect | null = null;
    if (i < word.length) {
      range.setStart(node, at + i);
      range.setEnd(node, at + i + 1);
      r = range.getClientRects()[0] ?? null;
    }
    if (line && (!r || Math.abs(r.top - line.top) > 1)) {
      // The piece's box from its first character's to its last's.
      range.setStart(node, at + start);
      range.setEnd(node, at + i);
      const whole = Array.from(range.getClientRects()).find((x) => Math.abs(x.top - line!.top) <= 1) ?? line;
      piece(word.slice(start, i), whole, start === 0);
      start = i;
      line = null;
    }
    if (r && !line) line = r;
  }
}

/** The value of a text field or text area, a line at a time inside its padding. */
function formValue(w: Walk, el: HTMLInputElement | HTMLTextAreaElement, cs: CSSStyleDeclaration, r: DOMRect): void {
  const value = el.value;
  if (!value || colorAlpha(cs.color) === 0) return;
  const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const { ascent, descent } = w.metrics(font, 0);
  const b = rel(w, r);
  const left = b.x + (parseFloat(cs.paddingLeft) || 0) + (parseFloat(cs.borderLeftWidth) || 0);
  const lineHeight = parseFloat(cs.lineHeight) || (ascent + descent) * 1.2;
  const top = b.y + (parseFloat(cs.paddingTop) || 0) + (parseFloat(cs.borderTopWidth) || 0);
  const lines = el instanceof HTMLTextAreaElement ? value.split('\n') : [value];
  lines.forEach((line, i) => {
    const baseline = el instanceof HTMLTextAreaElement ? top + i * lineHeight + (lineHeight - (ascent + descent)) / 2 + ascent : b.y + (b.h - (ascent + descent)) / 2 + ascent;
    if (baseline > b.y + b.h) return;
    w.sink.text({ text: line, x: left, baseline, font, fontSize: parseFloat(cs.fontSize), fontFamily: cs.fontFamily, fontWeight: cs.fontWeight, color: cs.color, letterSpacing: 0 });
  });
}
