import { describe, expect, it } from 'vitest';
import { BAND_PIXELS, fillBands } from './slices';

function bands(width: number, height: number): [number, number, number, number][] {
  const calls: [number, number, number, number][] = [];
  const steps = fillBands({ fillRect: (x, y, w, h) => void calls.push([x, y, w, h]) }, width, height);
  let n = 0;
  while (!steps.next(false).done) {
    // One fillRect per step, so a slice can stop between any two.
    n++;
    expect(calls).toHaveLength(n);
  }
  return calls;
}

describe('the export background, filled in bands', () => {
  it('covers a large canvas exactly, top to bottom, no band over BAND_PIXELS', () => {
    const calls = bands(2027, 15_971);
    expect(calls.length).toBeGreaterThan(10);
    let y = 0;
    for (const [x, top, w, h] of calls) {
      expect([x, top, w]).toEqual([0, y, 2027]);
      expect(w * h).toBeLessThanOrEqual(BAND_PIXELS);
      y += h;
    }
    expect(y).toBe(15_971);
  });

  it('fills a small canvas in one band, and a canvas wider than a band a row at a time', () => {
    expect(bands(300, 200)).toEqual([[0, 0, 300, 200]]);
    expect(bands(BAND_PIXELS * 2, 3)).toEqual([
      [0, 0, BAND_PIXELS * 2, 1],
      [0, 1, BAND_PIXELS * 2, 1],
      [0, 2, BAND_PIXELS * 2, 1],
    ]);
    expect(bands(10, 0)).toEqual([]);
  });
});
