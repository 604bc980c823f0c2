import { describe, expect, it } from 'vitest';
import { OWNER_MANY, OWNER_NONE } from '../../state';
import { hexTicks, fractionAt, ringLayout, stripLayout } from './geometry';
import { MAX_DOTS, createPlacer, dotSize, paintDots, placeDots, segmentOwner, segmentsFromCoverage, type DotPlacementCache } from './paintDots';

const RGBA = Uint32Array.from([11, 12, 13, 14, 15, 16]);

function paint(positions: number[], owners: number[] | null, segments = null as ReturnType<typeof segmentsFromCoverage> | null) {
  const layout = stripLayout(440);
  const width = layout.width;
  const height = layout.height;
  const pixels = new Uint32Array(width * height);
  const written = paintDots(
    { width, height, pixels },
    {
      positions: Float64Array.from(positions),
      count: positions.length,
      owners: owners ? Int8Array.from(owners) : null,
      segments,
      layout,
      dpr: 1,
      replicaRgba: RGBA,
      gapRgba: 99,
      manyRgba: 77,
    },
  );
  return { pixels, written, layout, width };
}

describe('paintDots', () => {
  it('spreads objects sharing a position (one namespace) down the band instead of stacking them', () => {
    const n = 10;
    const { pixels, written, width } = paint(Array.from({ length: n }, () => 0.3), Array.from({ length: n }, () => 2));
    expect(written).toBe(n);
    const rows = new Set<number>();
    pixels.forEach((v, i) => v === 13 && rows.add(Math.floor(i / width)));
    // Dots of 4 px at distinct heights: many more rows than one dot covers.
    expect(rows.size).toBeGreaterThan(4 * (n - 2));
  });

  it('paints one dot per object in its owner colour, at x = its hash on the strip', () => {
    const { pixels, written, layout, width } = paint([0.1, 0.6], [0, 1]);
    expect(written).toBe(2);
    const columns = (colour: number) => {
      const xs = new Set<number>();
      pixels.forEach((v, i) => v === colour && xs.add(i % width));
      return [...xs];
    };
    expect(Math.min(...columns(11))).toBeCloseTo(layout.x(0.1) - 2, -1);
    expect(Math.min(...columns(12))).toBeCloseTo(layout.x(0.6) - 2, -1);
  });

  it('marks objects owned twice with the "many" colour and unowned ones with gap crosses', () => {
    const { pixels } = paint([0.2, 0.7], [OWNER_MANY, OWNER_NONE]);
    expect(pixels.includes(77)).toBe(true);
    expect(pixels.includes(99)).toBe(true);
  });

  it('takes owners from range segments while a boundary is dragged', () => {
    const segments = segmentsFromCoverage([
      { from: 0, owners: [2] },
      { from: 0.5, owners: [] },
    ]);
    expect(segmentOwner(segments, 0.3)).toBe(2);
    expect(segmentOwner(segments, 0.9)).toBe(OWNER_NONE);
    const { pixels } = paint([0.3, 0.9], null, segments);
    expect(pixels.includes(13)).toBe(true);
    expect(pixels.includes(99)).toBe(true);
  });

  it('never writes outside the target, even for positions at the very ends', () => {
    expect(() => paint([0, 1 - 2 ** -53], [0, 0])).not.toThrow();
  });

  it('bounds the work for a million objects (every k-th object when there are more than pixels)', () => {
    const n = 1_000_000;
    const positions = new Float64Array(n).map((_, i) => i / n);
    const layout = ringLayout(600);
    const pixels = new Uint32Array(layout.width * layout.height);
    const written = paintDots(
      { width: layout.width, height: layout.height, pixels },
      { positions, count: n, owners: new Int8Array(n), segments: null, layout, dpr: 1, replicaRgba: RGBA, gapRgba: 99, manyRgba: 77 },
    );
    expect(written).toBeLessThanOrEqual(MAX_DOTS);
    expect(written).toBeGreaterThan(MAX_DOTS * 0.9);
  });

  it('reuses dot places across repaints that change only owners, with the same picture as a fresh paint', () => {
    // More objects than MAX_DOTS, so every other object is painted.
    const n = 300_000;
    const positions = new Float64Array(n).map((_, i) => i / n);
    const owners = new Int8Array(n).map((_, i) => (i * 3) / n);
    const layout = stripLayout(500);
    const target = () => ({ width: layout.width, height: layout.height, pixels: new Uint32Array(layout.width * layout.height) });
    const input = { positions, count: n, owners, layout, dpr: 1, replicaRgba: RGBA, gapRgba: 99, manyRgba: 77 };
    const segments = segmentsFromCoverage([
      { from: 0, owners: [1] },
      { from: 0.25, owners: [] },
      { from: 0.4, owners: [0, 2] },
      { from: 0.7, owners: [2] },
    ]);
    const cache: DotPlacementCache = { current: null };
    const cached = target();
    paintDots(cached, { ...input, segments: null }, cache);
    const placed = cache.current;
    expect(placed?.pixel.length).toBe(n / 2);
    const written = paintDots(cached, { ...input, segments }, cache);
    expect(cache.current === placed).toBe(true);
    const fresh = target();
    expect(paintDots(fresh, { ...input, segments })).toBe(written);
    expect(cached.pixels.every((v, i) => v === fresh.pixels[i])).toBe(true);
    // Each segment's colour lands in its own columns (owners come from the ranges, not the model).
    const colourAt = (fraction: number) => {
      const x = Math.round(layout.x(fraction));
      for (let y = 0; y < layout.height; y++) if (fresh.pixels[y * layout.width + x]) return fresh.pixels[y * layout.width + x];
      return 0;
    };
    expect(colourAt(0.1)).toBe(12);
    expect(colourAt(0.5)).toBe(77);
    expect(colourAt(0.9)).toBe(13);
    // New positions (a refreshed hash space) are placed afresh.
    paintDots(cached, { ...input, positions: positions.slice(), segments: null }, cache);
    expect(cache.current === placed).toBe(false);
  });

  it('places dots in slices exactly as in one go, runs of equal positions included', () => {
    const layout = ringLayout(500);
    // Runs of equal positions (a namespace key) that straddle slice boundaries.
    const positions = Float64Array.from({ length: 1000 }, (_, i) => Math.floor(i / 7) / 150);
    const input = { positions, count: positions.length, layout, dpr: 1 };
    const whole = placeDots(layout.width, layout.height, input);
    const placer = createPlacer(layout.width, layout.height, input);
    expect(placer.total).toBe(1000);
    let sliced = null;
    for (let steps = 0; !sliced; steps++) {
      expect(steps).toBeLessThan(100);
      sliced = placer.step(13);
    }
    expect([...sliced.pixel]).toEqual([...whole.pixel]);
  });

  it('draws bigger dots for small clusters and single pixels for huge ones', () => {
    expect(dotSize(1_000, 1)).toBe(4);
    expect(dotSize(1_000_000, 1)).toBe(1);
  });
});

describe('geometry', () => {
  it('labels hex ticks with the leading 16 bits and ends at 2^64', () => {
    const ticks = hexTicks(800, 96);
    expect(ticks[0]).toEqual({ fraction: 0, label: '0x0000…' });
    expect(ticks.at(-1)).toEqual({ fraction: 1, label: '2^64' });
    expect(ticks.map((t) => t.label)).toContain('0x8000…');
  });

  it('maps a point on the ring back to its hash fraction (12 o\u2019clock is 0, clockwise)', () => {
    const ring = ringLayout(500);
    expect(fractionAt(ring, ring.cx + 100, ring.cy)).toBeCloseTo(0.25);
    expect(fractionAt(ring, ring.cx, ring.cy + 100)).toBeCloseTo(0.5);
    expect(fractionAt(ring, ring.cx - 100, ring.cy)).toBeCloseTo(0.75);
  });

  it('clamps the strip to [0, 1]', () => {
    const strip = stripLayout(500);
    expect(fractionAt(strip, -50, 0)).toBe(0);
    expect(fractionAt(strip, 5000, 0)).toBe(1);
  });
});
