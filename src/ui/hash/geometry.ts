/**
 * Where things go in the hash-space view, as pure functions of the stage size: the strip's
 * linear scale and the ring's angles, shared by the SVG layer, the canvas painter, the
 * handles and the pointer maths, so all four agree to the pixel.
 */
import { scaleLinear, type ScaleLinear } from 'd3-scale';

/** Layout of the strip view, in CSS pixels. */
export interface StripLayout {
  readonly kind: 'strip';
  readonly width: number;
  readonly height: number;
  /** Hash fraction [0, 1] -> x. */
  readonly x: ScaleLinear<number, number>;
  readonly bandTop: number;
  readonly bandHeight: number;
  readonly dotsTop: number;
  readonly dotsHeight: number;
  readonly axisTop: number;
  /** Least pixels between hex axis labels (wider for the 18 px labels of presentation mode). */
  readonly tickSpacing?: number;
  /** Presentation mode: 18 px band labels, so a band needs more room to name its replica in full. */
  readonly large?: boolean;
  /** No hex axis: a stage too short for one leaves it out rather than cutting its labels. */
  readonly noAxis?: boolean;
}

/** Layout of the ring view, in CSS pixels. Angle 0 (hash 0) is at twelve o'clock, clockwise. */
export interface RingLayout {
  readonly kind: 'ring';
  readonly width: number;
  readonly height: number;
  readonly cx: number;
  readonly cy: number;
  /** The band annulus. */
  readonly bandInner: number;
  readonly bandOuter: number;
  /** The annulus the dots are scattered over. */
  readonly dotsInner: number;
  readonly dotsOuter: number;
}

export type HashLayout = StripLayout | RingLayout;

const SIDE = 20;

/** The least height of a stage strip that shows its hex axis (bands 30, dots 24, axis 32, gaps). */
export const STAGE_STRIP_WITH_AXIS = 6 + 30 + 6 + 24 + 6 + 32;

/**
 * Presentation mode: the strip fitted to a box `height` tall, for 18 px labels.
 * The dots take what the bands and the axis leave (at least 40 px).
 */
export function stageStripLayout(width: number, height: number): StripLayout {
  const w = Math.max(200, width);
  const bandTop = 6;
  const bandHeight = Math.round(Math.min(56, Math.max(30, height * 0.16)));
  const dotsTop = bandTop + bandHeight + 6;
  // Bands, 24 px of dots and the axis need STAGE_STRIP_WITH_AXIS px; a shorter box (six charts
  // on a 720-px stage) keeps the bands and the dots and leaves the axis out.
  const noAxis = height < STAGE_STRIP_WITH_AXIS;
  const axis = noAxis ? 0 : 32;
  const dotsHeight = Math.max(24, height - dotsTop - 6 - axis);
  const axisTop = dotsTop + dotsHeight + 6;
  return {
    kind: 'strip',
    noAxis,
    width: w,
    height: axisTop + axis,
    x: scaleLinear().domain([0, 1]).range([SIDE, w - SIDE]),
    bandTop,
    bandHeight,
    dotsTop,
    dotsHeight,
    axisTop,
    tickSpacing: 132,
    large: true,
  };
}

/** The strip: bands on top, dots below them, hex axis at the bottom. */
export function stripLayout(width: number): StripLayout {
  const w = Math.max(200, width);
  const bandTop = 6;
  const bandHeight = 46;
  const dotsTop = bandTop + bandHeight + 8;
  // Taller on wide screens, so the dots keep a pleasant aspect on a 1920-pixel projector.
  const dotsHeight = Math.round(Math.min(190, Math.max(112, w * 0.12)));
  const axisTop = dotsTop + dotsHeight + 6;
  return {
    kind: 'strip',
    width: w,
    height: axisTop + 34,
    x: scaleLinear().domain([0, 1]).range([SIDE, w - SIDE]),
    bandTop,
    bandHeight,
    dotsTop,
    dotsHeight,
    axisTop,
  };
}

/** The ring: as large as fits the width (and at most `maxSize` tall), centred. */
export function ringLayout(width: number, maxSize = 440): RingLayout {
  const size = Math.max(220, Math.min(width, maxSize));
  const outer = size / 2 - 44;
  return {
    kind: 'ring',
    width: Math.max(220, width),
    height: size,
    cx: Math.max(220, width) / 2,
    cy: size / 2,
    bandOuter: outer,
    bandInner: outer - 30,
    dotsOuter: outer - 38,
    dotsInner: Math.max(16, outer * 0.42),
  };
}

/** Screen angle (radians, 0 = east, clockwise positive in screen space) of a hash fraction. */
export function ringAngle(fraction: number): number {
  return fraction * 2 * Math.PI - Math.PI / 2;
}

/** The point at `radius` for a hash fraction on the ring. */
export function ringPoint(layout: RingLayout, fraction: number, radius: number): { x: number; y: number } {
  const a = ringAngle(fraction);
  return { x: layout.cx + radius * Math.cos(a), y: layout.cy + radius * Math.sin(a) };
}

/** The hash fraction under a point of the stage, clamped to [0, 1]. */
export function fractionAt(layout: HashLayout, x: number, y: number): number {
  if (layout.kind === 'strip') return Math.min(1, Math.max(0, layout.x.invert(x)));
  const a = Math.atan2(y - layout.cy, x - layout.cx) + Math.PI / 2;
  const turn = a / (2 * Math.PI);
  return turn < 0 ? turn + 1 : turn;
}

/**
 * A stable pseudo-random offset in [0, 1) for the object at `position`: the hash bits below
 * the ones that place it. Objects keep their height between frames even as others come and
 * go, which an index-based jitter would not give.
 */
export function jitter(position: number): number {
  const v = position * 1048576;
  return v - Math.floor(v);
}

/** One tick of the hex axis. */
export interface HexTick {
  readonly fraction: number;
  readonly label: string;
}

/**
 * Hex ticks at power-of-two fractions of the space, as dense as `minSpacing` pixels over
 * `length` allows. Labels are the leading 16 bits (`0x4000…`), the last one 2^64.
 */
export function hexTicks(length: number, minSpacing = 96): HexTick[] {
  let parts = 1;
  while (parts < 256 && length / (parts * 2) >= minSpacing) parts *= 2;
  const out: HexTick[] = [];
  for (let i = 0; i <= parts; i++) {
    const fraction = i / parts;
    const label = i === parts ? '2^64' : `0x${Math.round(fraction * 65536).toString(16).padStart(4, '0')}…`;
    out.push({ fraction, label });
  }
  return out;
}
