import { describe, expect, it } from 'vitest';
import { OWNER_MANY, OWNER_NONE } from '../../state';
import { hexTicks, fractionAt, ringLayout, ringPoint, stripLayout, type HashLayout } from './geometry';
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

  describe('never writes outside the target, even for positions at the very ends', () => {
    // Each case paints ONE object into a target that is a view in the middle of a larger
    // buffer, with sentinels before and after it. A typed-array view silently drops a write
    // past either of its ends, so the sentinels alone would not see one: the cases also check
    // what `paintDots` says it wrote, and that every pixel it wrote is where its dot belongs
    // (a dot cut by the right edge must not wrap around into the next row).
    const SENTINEL = 0xa5a5a5a5;
    const PAD = 64;
    const END = 1 - 2 ** -53;
    const POSITIONS = [0, 2 ** -53, 0.25, 0.5, END];
    const OWNERS = [
      ['a replica', 0],
      ['many', OWNER_MANY],
      ['none (a cross, wider than a dot)', OWNER_NONE],
    ] as const;
    const GEOMETRIES = [
      ['the narrowest strip', stripLayout(200)],
      ['a wide strip', stripLayout(1_920)],
      ['the smallest ring', ringLayout(220)],
      ['a large ring', ringLayout(600, 600)],
    ] as const;
    // 0.25: a zoomed-out page, one-pixel dots; 1.25: a width that does not scale to whole pixels.
    const DPRS = [0.25, 1, 1.25, 2];

    function paintOne(width: number, height: number, layout: HashLayout, dpr: number, position: number, owner: number) {
      const buffer = new Uint32Array(PAD + width * height + PAD).fill(SENTINEL);
      const pixels = buffer.subarray(PAD, PAD + width * height);
      const written = paintDots(
        { width, height, pixels },
        { positions: Float64Array.from([position]), count: 1, owners: Int8Array.from([owner]), segments: null, layout, dpr, replicaRgba: RGBA, gapRgba: 99, manyRgba: 77 },
      );
      const untouched = (v: number) => v === SENTINEL;
      expect(buffer.subarray(0, PAD).every(untouched), 'sentinels before the target').toBe(true);
      expect(buffer.subarray(PAD + width * height).every(untouched), 'sentinels after the target').toBe(true);
      const painted: { x: number; y: number; v: number }[] = [];
      for (let i = 0; i < pixels.length; i++) if (pixels[i] !== 0) painted.push({ x: i % width, y: Math.floor(i / width), v: pixels[i]! });
      return { written, painted };
    }

    const box = (painted: readonly { x: number; y: number }[]) => ({
      x0: Math.min(...painted.map((p) => p.x)),
      x1: Math.max(...painted.map((p) => p.x)),
      y0: Math.min(...painted.map((p) => p.y)),
      y1: Math.max(...painted.map((p) => p.y)),
    });

    for (const [geometry, layout] of GEOMETRIES) {
      for (const dpr of DPRS) {
        it(`${geometry} at ${dpr}x: the dots at both ends are drawn whole at their hash, and a target that cuts one drops it whole`, () => {
          // The canvas's backing store, as DotCanvas sizes it.
          const W = Math.round(layout.width * dpr);
          const H = Math.round(layout.height * dpr);
          const size = dotSize(1, dpr);
          for (const position of POSITIONS) {
            for (const [ownerName, owner] of OWNERS) {
              const what = `${ownerName} at ${position}`;
              const full = paintOne(W, H, layout, dpr, position, owner);
              expect(full.written, what).toBe(1);
              expect(full.painted.length, what).toBeGreaterThan(0);
              const b = box(full.painted);
              // One dot (or cross), not pieces on both sides of an edge.
              const extent = owner === OWNER_NONE ? Math.max(3, size + 2) : size;
              expect(b.x1 - b.x0 + 1, what).toBe(extent);
              expect(b.y1 - b.y0 + 1, what).toBe(extent);
              // At its hash (within its own extent): under x(position) on the strip, on the
              // ray of its angle on the ring.
              const cx = (b.x0 + b.x1 + 1) / 2 / dpr;
              const cy = (b.y0 + b.y1 + 1) / 2 / dpr;
              if (layout.kind === 'strip') expect(Math.abs(cx - layout.x(position)), what).toBeLessThanOrEqual(extent / dpr);
              else {
                const on = ringPoint(layout, position, Math.hypot(cx - layout.cx, cy - layout.cy));
                expect(Math.hypot(cx - on.x, cy - on.y), what).toBeLessThanOrEqual(extent / dpr);
              }
              // Targets one pixel too small, and just big enough, on the right and at the bottom.
              for (const [w, h] of [
                [b.x1 + 1, H],
                [b.x1, H],
                [b.x0 + 1, H],
                [W, b.y1 + 1],
                [W, b.y1],
                [b.x1 + 1, b.y1 + 1],
                [b.x1, b.y1],
              ] as const) {
                const cut = paintOne(w, h, layout, dpr, position, owner);
                const fits = b.x1 < w && b.y1 < h;
                expect(cut.written, `${what} in ${w}x${h}`).toBe(fits ? 1 : 0);
                expect(cut.painted, `${what} in ${w}x${h}`).toEqual(fits ? full.painted : []);
              }
            }
          }
        });
      }
    }

    it('drops the dots that hang over the left, top or right edge of a band laid edge to edge', () => {
      // The strip's band from the very left to the very right of the target, starting one
      // pixel above it. A dot is centred on its hash, its height in the band the hash's bits
      // below 2^-20: at 0 it hangs over the left edge and the top; at 2^-21 (half-way down)
      // over the left edge only, so a write there would wrap into the row above; at 0.5
      // (the top of the band) over the top; at 1 - 2^-53 over the right edge.
      const base = stripLayout(200);
      const layout: HashLayout = { ...base, x: base.x.copy().range([0, base.width]), dotsTop: -1 };
      for (const dpr of [1, 1.25, 2]) {
        const W = Math.round(layout.width * dpr);
        const H = Math.round(layout.height * dpr);
        for (const position of [0, 2 ** -21, 0.5, END]) {
          for (const [ownerName, owner] of OWNERS) {
            const out = paintOne(W, H, layout, dpr, position, owner);
            const what = `${ownerName} at ${position}, ${dpr}x`;
            expect(out.written, what).toBe(0);
            expect(out.painted, what).toEqual([]);
          }
        }
      }
    });
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
