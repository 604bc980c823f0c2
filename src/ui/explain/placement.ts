/** Space kept between a popover and the window's edges, px. */
export const MARGIN = 8;
/** Gap between a popover and its button, px. */
const GAP = 4;

/** A box in viewport coordinates (px). */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * Where a popover of `width` x `height` goes for a button at `button` in a `viewWidth` x
 * `viewHeight` window: under the button when it fits there, else above it when it fits there,
 * else as low as it can while its top stays inside (its height is capped to the window, and it
 * scrolls). Left-aligned with the button, moved left as far as needed to stay inside.
 * A tall popover that fits neither way does not open below its button: there it would run
 * off the bottom of a 720 px window.
 */
export function placePopover(button: Box, width: number, height: number, viewWidth: number, viewHeight: number): { left: number; top: number; maxHeight: number } {
  const maxHeight = Math.max(0, viewHeight - 2 * MARGIN);
  const w = Math.min(width, viewWidth - 2 * MARGIN);
  const h = Math.min(height, maxHeight);
  const left = Math.max(MARGIN, Math.min(button.left, viewWidth - MARGIN - w));
  const below = button.bottom + GAP;
  const above = button.top - GAP - h;
  const top = below + h <= viewHeight - MARGIN ? below : above >= MARGIN ? above : Math.max(MARGIN, viewHeight - MARGIN - h);
  return { left, top, maxHeight };
}
