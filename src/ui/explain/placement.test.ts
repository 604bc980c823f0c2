import { describe, expect, it } from 'vitest';
import { MARGIN, placePopover } from './placement';

const button = (left: number, top: number) => ({ left, top, right: left + 22, bottom: top + 22 });

describe('placePopover', () => {
  it('opens under its button when it fits there', () => {
    expect(placePopover(button(100, 100), 384, 200, 1280, 720)).toEqual({ left: 100, top: 126, maxHeight: 720 - 2 * MARGIN });
  });

  it('opens above its button when only that fits', () => {
    const p = placePopover(button(100, 600), 384, 300, 1280, 720);
    expect(p.top).toBe(600 - 4 - 300);
  });

  it('keeps a popover that fits neither way inside the window, bottom edge at the margin', () => {
    // The shardInfo popover at 1280x720: 618 px tall under a button at y = 350.
    const p = placePopover(button(702, 350), 384, 618, 1280, 720);
    expect(p.top).toBe(720 - MARGIN - 618);
    expect(p.top + 618).toBeLessThanOrEqual(720 - MARGIN);
  });

  it('caps a popover taller than the window to it, from the top margin', () => {
    const p = placePopover(button(16, 650), 384, 900, 1280, 720);
    expect(p).toEqual({ left: 16, top: MARGIN, maxHeight: 704 });
  });

  it('moves left to stay inside the right edge', () => {
    const p = placePopover(button(1200, 100), 384, 100, 1280, 720);
    expect(p.left + 384).toBe(1280 - MARGIN);
  });

  it('stays inside for every button position and size', () => {
    for (let x = 0; x <= 1280; x += 37) {
      for (let y = 0; y <= 720; y += 29) {
        for (const h of [50, 300, 700, 2000]) {
          const p = placePopover(button(x, y), 384, h, 1280, 720);
          expect(p.left).toBeGreaterThanOrEqual(MARGIN);
          expect(p.left + 384).toBeLessThanOrEqual(1280 - MARGIN);
          expect(p.top).toBeGreaterThanOrEqual(MARGIN);
          expect(p.top + Math.min(h, p.maxHeight)).toBeLessThanOrEqual(720 - MARGIN);
        }
      }
    }
  });
});
