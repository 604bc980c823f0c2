import { describe, expect, it } from 'vitest';
import { canvasSize, EXPORT_SCALE, FALLBACK_CANVAS_AREA, MAX_CANVAS_AREA, MAX_CANVAS_SIDE, tilingFor } from './exportImage';

describe('how a view fits an export canvas', () => {
  it('is the plain 2x picture when it fits', () => {
    const t = tilingFor(1280, 2000);
    expect(t).toEqual({ scale: EXPORT_SCALE, columns: 1, columnHeight: 2000, width: 1280, gap: 0 });
  });

  it('cuts a tall page into the fewest columns, and scales down only as far as the area needs, within every limit', () => {
    for (const [w, h, area] of [
      [1280, 20_000, MAX_CANVAS_AREA],
      [1100, 44_000, MAX_CANVAS_AREA],
      [1100, 44_000, FALLBACK_CANVAS_AREA],
      [1920, 90_000, MAX_CANVAS_AREA],
    ] as const) {
      const t = tilingFor(w, h, area);
      const c = canvasSize(t);
      expect(c.width).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
      expect(c.height).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
      expect(c.width * c.height).toBeLessThanOrEqual(area);
      // The whole view is in the columns.
      expect(t.columns * t.columnHeight).toBeGreaterThanOrEqual(h);
      // One column fewer at the same scale would not fit.
      if (t.columns > 1) {
        const fewer = canvasSize({ ...t, columns: t.columns - 1, columnHeight: Math.ceil(h / (t.columns - 1)), gap: t.columns > 2 ? t.gap : 0 });
        expect(fewer.width > MAX_CANVAS_SIDE || fewer.height > MAX_CANVAS_SIDE || fewer.width * fewer.height > area).toBe(true);
      }
    }
  });
});
