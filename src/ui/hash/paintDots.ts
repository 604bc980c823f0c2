/**
 * The dot painter: every live object as a dot at its hash, coloured by its owner. Writes
 * straight into an RGBA buffer (one typed-array store per pixel), which paints 1,000,000
 * objects in a few milliseconds where a million `fillRect` calls would take a second.
 */
import { OWNER_MANY, OWNER_NONE } from '../../state';
import { ringAngle, type HashLayout } from './geometry';

/** Owners decided on the main thread from ranges being dragged: sorted segment starts and their owner codes. */
export interface SegmentOwners {
  /** Start fraction of each segment, ascending; the first is 0. */
  readonly from: Float64Array;
  /** Owner code of each segment: a replica index, OWNER_NONE or OWNER_MANY. */
  readonly owner: Int16Array;
}

export interface DotPaintInput {
  /** Object positions in [0, 1), ascending. Runs of equal positions are spread down the band. */
  readonly positions: Float64Array;
  readonly count: number;
  /** Per object owner code (from the model), used unless `segments` is given. */
  readonly owners: Int8Array | null;
  /** Owners from ranges (while a boundary is dragged). */
  readonly segments: SegmentOwners | null;
  readonly layout: HashLayout;
  /** Device pixels per CSS pixel. */
  readonly dpr: number;
  /** Packed RGBA per replica index (cycled). */
  readonly replicaRgba: Uint32Array;
  readonly gapRgba: number;
  readonly manyRgba: number;
}

/** The target the painter writes into: a canvas-sized RGBA word buffer. */
export interface PixelTarget {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint32Array;
}

const LUT_SIZE = 16384;
/** Most dots painted per frame; see the stride in {@link paintDots}. */
export const MAX_DOTS = 250_000;
let cosLut: Float64Array | null = null;
let sinLut: Float64Array | null = null;

function luts(): [Float64Array, Float64Array] {
  if (!cosLut || !sinLut) {
    cosLut = new Float64Array(LUT_SIZE);
    sinLut = new Float64Array(LUT_SIZE);
    for (let i = 0; i < LUT_SIZE; i++) {
      const a = ringAngle(i / LUT_SIZE);
      cosLut[i] = Math.cos(a);
      sinLut[i] = Math.sin(a);
    }
  }
  return [cosLut, sinLut];
}

/** Dot edge in device pixels: bigger when there are few objects, one pixel for a million. */
export function dotSize(count: number, dpr: number): number {
  const css = count <= 5_000 ? 4 : count <= 30_000 ? 3 : count <= 200_000 ? 2 : 1;
  return Math.max(1, Math.round(css * Math.min(dpr, 2)));
}

/** The owner code of `position` under `segments` (binary search). */
export function segmentOwner(segments: SegmentOwners, position: number): number {
  const from = segments.from;
  let lo = 0;
  let hi = from.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (from[mid]! <= position) lo = mid;
    else hi = mid - 1;
  }
  return segments.owner[lo] ?? OWNER_NONE;
}

/**
 * Where each painted dot lands: its top-left pixel index in the target, or -1 when it falls
 * outside. It depends on the positions and the geometry only, not on owners, so while a
 * boundary is dragged (owners change with every move, positions never) a repaint reuses it
 * and costs one colour store per dot instead of the trigonometry and run scans.
 */
export interface DotPlacement {
  readonly positions: Float64Array;
  readonly count: number;
  readonly layout: HashLayout;
  readonly dpr: number;
  readonly width: number;
  readonly height: number;
  /** Every `stride`-th object is painted (see {@link MAX_DOTS}). */
  readonly stride: number;
  readonly size: number;
  /** Pixel index of the k-th painted dot (object k * stride), or -1 when off the target. */
  readonly pixel: Int32Array;
}

/** Holds the last placement so the next paint of the same positions and geometry can reuse it. */
export interface DotPlacementCache {
  current: DotPlacement | null;
}

type PlaceInput = Pick<DotPaintInput, 'positions' | 'count' | 'layout' | 'dpr'>;

/** Computes where every painted dot goes (see {@link DotPlacement}). */
export function placeDots(width: number, height: number, input: PlaceInput, reuse?: Int32Array): DotPlacement {
  return createPlacer(width, height, input, reuse).step(Infinity)!;
}

/** Whether `place` was computed for these positions and this geometry, so it can be reused. */
export function placementFits(
  place: Pick<DotPlacement, 'positions' | 'count' | 'layout' | 'dpr' | 'width' | 'height'>,
  width: number,
  height: number,
  input: PlaceInput,
): boolean {
  return (
    place.positions === input.positions &&
    place.count === input.count &&
    place.layout === input.layout &&
    place.dpr === input.dpr &&
    place.width === width &&
    place.height === height
  );
}

/** A placement computed a slice at a time: `step` places up to `dots` more, and returns the placement once all are placed. */
export interface DotPlacer {
  /** Number of dots this placement holds (work left is `total - done`). */
  readonly total: number;
  step(dots: number): DotPlacement | null;
}

/**
 * {@link placeDots} in resumable slices: placing 250k dots (1M objects) takes 15-20 ms when
 * the loop is still cold, too much to add to the frame that also lays out and commits a new
 * cluster, so the canvas spreads it over a few frames.
 */
export function createPlacer(width: number, height: number, input: PlaceInput, reuse?: Int32Array): DotPlacer {
  const { positions, count, layout, dpr } = input;
  const n = Math.min(count, positions.length);
  const size = dotSize(n, dpr);
  // Beyond MAX_DOTS there are several objects per pixel: every k-th object (in hash order)
  // gives the same picture at a fraction of the cost, keeping a repaint well inside a frame.
  const stride = Math.max(1, Math.ceil(n / MAX_DOTS));
  const m = Math.ceil(n / stride);
  const pixel = reuse && reuse.length >= m ? reuse.subarray(0, m) : new Int32Array(m);
  const half = size >> 1;

  // Per dot: a handful of float operations. The vertical offset is geometry.ts's `jitter`,
  // inlined.
  const strip = layout.kind === 'strip';
  let ax = 0;
  let bx = 0;
  let ay = 0;
  let by = 0;
  let cx = 0;
  let cy = 0;
  let rIn = 0;
  let rSpan = 0;
  let cos: Float64Array | null = null;
  let sin: Float64Array | null = null;
  if (layout.kind === 'strip') {
    const [r0, r1] = layout.x.range() as [number, number];
    ax = r0 * dpr - half;
    bx = (r1 - r0) * dpr;
    ay = layout.dotsTop * dpr;
    by = Math.max(0, layout.dotsHeight * dpr - size);
  } else {
    [cos, sin] = luts();
    cx = layout.cx * dpr - half;
    cy = layout.cy * dpr - half;
    rIn = layout.dotsInner * dpr;
    rSpan = (layout.dotsOuter - layout.dotsInner) * dpr;
  }
  const maxX = width - size;
  const maxY = height - size;
  // The run of equal positions around the last placed dot, and the next dot to place
  // (object i = k * stride), kept between slices.
  let rs = 0;
  let re = 0;
  let next = 0;

  const step = (dots: number): DotPlacement | null => {
    const kEnd = Math.min(m, next + dots);
    // Locals, not the closure's slots, inside the hot loop; written back after it.
    let runStart = rs;
    let runEnd = re;
    for (let k = next, i = next * stride; k < kEnd; i += stride, k++) {
      const p = positions[i]!;
      // Objects sharing a position (every object of a namespace, with the namespace key) are
      // spread evenly down the band; any other dot's height comes from its hash's low bits.
      if (i >= runEnd) {
        runStart = i;
        while (runStart > runEnd && positions[runStart - 1] === p) runStart--;
        runEnd = i + 1;
        while (runEnd < n && positions[runEnd] === p) runEnd++;
      }
      let j: number;
      if (runEnd - runStart > 1) j = (i - runStart + 0.5) / (runEnd - runStart);
      else {
        const v = p * 1048576;
        j = v - Math.floor(v);
      }
      let x: number;
      let y: number;
      if (strip) {
        x = (ax + p * bx) | 0;
        y = (ay + j * by) | 0;
      } else {
        const q = (p * LUT_SIZE) & (LUT_SIZE - 1);
        const r = rIn + j * rSpan;
        x = (cx + r * cos![q]!) | 0;
        y = (cy + r * sin![q]!) | 0;
      }
      pixel[k] = x < 0 || y < 0 || x > maxX || y > maxY ? -1 : y * width + x;
    }
    next = kEnd;
    rs = runStart;
    re = runEnd;
    return next < m ? null : { positions, count, layout, dpr, width, height, stride, size, pixel };
  };
  return { total: m, step };
}

/**
 * Paints every object into `target` (cleared first). Returns the number of dots written.
 * With a `cache`, the dots' places are computed once per positions and geometry and reused.
 */
export function paintDots(target: PixelTarget, input: DotPaintInput, cache?: DotPlacementCache): number {
  const { pixels, width, height } = target;
  const { positions, owners, segments, replicaRgba, gapRgba, manyRgba } = input;
  let place = cache?.current ?? null;
  if (!place || !placementFits(place, width, height, input)) {
    place = placeDots(width, height, input, place?.pixel);
    if (cache) cache.current = place;
  }
  pixels.fill(0);
  const { stride, size, pixel } = place;
  const m = pixel.length;

  // Colour by owner code: lut[code + 2] (code -2 = many, -1 = none, 0.. = replica).
  const palette = replicaRgba.length;
  const lut = new Uint32Array(66);
  lut[0] = manyRgba;
  lut[1] = gapRgba;
  for (let r = 0; r < 64; r++) lut[r + 2] = replicaRgba[r % palette]!;

  // Owner code per painted dot, in one of two monomorphic loops (a loop that switches
  // between typed-array kinds deoptimises on the first drag).
  const codes = codeBuffer(m);
  if (segments) {
    // Positions are sorted, so each segment's dots are one run of k: find where each run
    // starts by binary search and fill it. O(s log n) plus a native fill, so the first paint
    // of a drag does not wait for a cold per-dot loop to be optimised (25 ms at 1M objects).
    const segFrom = segments.from;
    const segOwner = segments.owner;
    let k0 = 0;
    for (let s = 0; s < segFrom.length; s++) {
      const k1 = s + 1 < segFrom.length ? firstDotAtOrAfter(positions, stride, m, segFrom[s + 1]!, k0) : m;
      codes.fill(segOwner[s]!, k0, k1);
      k0 = k1;
    }
  } else if (owners) {
    for (let k = 0, i = 0; k < m; k++, i += stride) codes[k] = owners[i]!;
  } else codes.fill(OWNER_NONE, 0, m);

  let written = 0;
  let crosses: number[] | null = null;
  for (let k = 0; k < m; k++) {
    const px = pixel[k]!;
    if (px < 0) continue;
    const code = codes[k]!;
    if (code === OWNER_NONE) {
      // Drawn after the dots so they stay on top; they are few unless something is wrong.
      (crosses ??= []).push(px % width, (px / width) | 0);
      continue;
    }
    const rgba = lut[code + 2]!;
    if (size === 1) pixels[px] = rgba;
    else plot(pixels, width, height, px % width, (px / width) | 0, size, rgba);
    written++;
  }
  if (crosses) for (let c = 0; c < crosses.length; c += 2) written += plotCross(pixels, width, height, crosses[c]!, crosses[c + 1]!, size, gapRgba);
  return written;
}

/** The first painted dot k >= lo whose position (object k * stride) is >= `at`, or m. */
function firstDotAtOrAfter(positions: Float64Array, stride: number, m: number, at: number, lo: number): number {
  let hi = m;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid * stride]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One scratch array for owner codes, grown as needed: no 250k-entry garbage per paint. */
let codeScratch = new Int16Array(0);
function codeBuffer(m: number): Int16Array {
  if (codeScratch.length < m) codeScratch = new Int16Array(m);
  return codeScratch;
}

function plot(pixels: Uint32Array, width: number, height: number, x: number, y: number, size: number, rgba: number): number {
  if (x < 0 || y < 0 || x + size > width || y + size > height) return 0;
  let row = y * width + x;
  for (let dy = 0; dy < size; dy++, row += width) {
    for (let dx = 0; dx < size; dx++) {
      // Round the corners of larger dots so they read as dots, not tiles.
      if (size >= 3 && (dy === 0 || dy === size - 1) && (dx === 0 || dx === size - 1)) continue;
      pixels[row + dx] = rgba;
    }
  }
  return 1;
}

/**
 * An object nobody owns is drawn as a small x, not a dot: its colour (vermillion) is close to
 * orange for many viewers, the shape is not.
 */
function plotCross(pixels: Uint32Array, width: number, height: number, x: number, y: number, size: number, rgba: number): number {
  const s = Math.max(3, size + 2);
  if (x < 0 || y < 0 || x + s > width || y + s > height) return 0;
  for (let i = 0; i < s; i++) {
    pixels[(y + i) * width + x + i] = rgba;
    pixels[(y + i) * width + x + s - 1 - i] = rgba;
  }
  return 1;
}

/** Segment owners for drawing from coverage segments (start fractions and owner lists). */
export function segmentsFromCoverage(segments: readonly { readonly from: number; readonly owners: readonly number[] }[]): SegmentOwners {
  const from = new Float64Array(segments.length);
  const owner = new Int16Array(segments.length);
  segments.forEach((s, i) => {
    from[i] = s.from;
    owner[i] = s.owners.length === 0 ? OWNER_NONE : s.owners.length === 1 ? s.owners[0]! : OWNER_MANY;
  });
  return { from, owner };
}
