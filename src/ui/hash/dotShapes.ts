/**
 * The painted dots read back as shapes, for the SVG export: where each
 * painted dot landed (the painter's placement, in device pixels) and its owner's colour.
 */
import { OWNER_MANY, OWNER_NONE } from '../../state';
import type { VectorDots } from '../export';
import { segmentOwner, type DotPlacement, type SegmentOwners } from './paintDots';

/** Colours of the owner codes: replicas (cycled), an object owned by several, one owned by none. */
export interface DotColours {
  readonly replicas: readonly string[];
  readonly many: string;
  readonly none: string;
}

/**
 * The dots of `place` as shapes in CSS pixels: centre of each dot's square, its edge, and a
 * colour index into a palette of the replicas' colours, then "many", then "none" (an object
 * nobody owns). Dots the painter left off the canvas are left out.
 */
export function dotShapes(place: DotPlacement, owners: Int8Array | null, segments: SegmentOwners | null, colours: DotColours): VectorDots {
  const { pixel, stride, size, width, dpr, positions } = place;
  const m = pixel.length;
  const x = new Float32Array(m);
  const y = new Float32Array(m);
  const colour = new Uint8Array(m);
  const palette = [...colours.replicas, colours.many, colours.none];
  const manyIndex = colours.replicas.length;
  let count = 0;
  for (let k = 0, i = 0; k < m; k++, i += stride) {
    const px = pixel[k]!;
    if (px < 0) continue;
    const code = segments ? segmentOwner(segments, positions[i]!) : owners ? owners[i]! : OWNER_NONE;
    x[count] = ((px % width) + size / 2) / dpr;
    y[count] = (Math.floor(px / width) + size / 2) / dpr;
    colour[count] = code === OWNER_MANY ? manyIndex : code === OWNER_NONE || code < 0 ? manyIndex + 1 : code % colours.replicas.length;
    count++;
  }
  return { count, x, y, size: size / dpr, colour, palette };
}
