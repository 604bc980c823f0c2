/**
 * The hash space's dots in an SVG export as vector circles. The dots live
 * on a canvas the painter owns; it registers here how to read them back as shapes (where, how
 * big, what colour), so the SVG exporter can draw each one as a `<circle>` instead of a picture.
 */

/** Most objects an SVG draws as circles; above it, the dots are one labelled raster layer. */
export const MAX_VECTOR_DOTS = 20_000;

/** The dots of a canvas, in CSS pixels of the canvas box: dot k at (x[k], y[k]), coloured `palette[colour[k]]`. */
export interface VectorDots {
  /** Number of dots (the arrays may be longer). */
  readonly count: number;
  /** Centres, CSS pixels from the canvas's top-left. */
  readonly x: Float32Array;
  readonly y: Float32Array;
  /** Edge of a dot in CSS pixels (the painter draws squares; a circle of this diameter). */
  readonly size: number;
  readonly colour: Uint8Array;
  readonly palette: readonly string[];
}

/** What a painted canvas offers: how many objects it shows, and its dots on demand. */
export interface VectorDotSource {
  /** Objects the canvas shows (the model's count, before any thinning for speed). */
  objects(): number;
  /** The dots as shapes, or null when none are placed yet. */
  read(): VectorDots | null;
}

const sources = new WeakMap<HTMLCanvasElement, VectorDotSource>();

/** Registers (or, with null, forgets) how to read `canvas`'s dots back as shapes. */
export function registerVectorDots(canvas: HTMLCanvasElement, source: VectorDotSource | null): void {
  if (source) sources.set(canvas, source);
  else sources.delete(canvas);
}

/** The vector source of `canvas`, if its painter registered one. */
export function vectorDotsOf(canvas: HTMLCanvasElement): VectorDotSource | null {
  return sources.get(canvas) ?? null;
}
