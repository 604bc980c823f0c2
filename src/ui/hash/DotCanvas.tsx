import { memo, useEffect, useMemo, useRef } from 'react';
import { useShardScopeStore } from '../../state';
import { canvasPalette, packRgba, REPLICA_COLOR_COUNT, replicaColor } from '../theme';
import type { HashLayout } from './geometry';
import { createPlacer, paintDots, placementFits, type DotPlacementCache, type DotPlacer, type SegmentOwners } from './paintDots';
import { registerVectorDots } from '../export';
import { dotShapes } from './dotShapes';

/** Props of {@link DotCanvas}: everything that changes the picture, so a change repaints. */
export interface DotCanvasProps {
  readonly layout: HashLayout;
  /** `state.sim.hashVersion`: the positions and owners in `store.data` changed. */
  readonly version: number;
  readonly owners: 'server' | 'client';
  /** Owners from ranges being dragged, or null to use the model's owners. */
  readonly segments: SegmentOwners | null;
  readonly theme: 'light' | 'dark';
}

/**
 * Most dots placed per animation frame. The first paint of a new 1M-object cluster (250k
 * painted dots) lands in the frame that also lays out and paints every panel React just
 * re-rendered; placing and colouring all its dots there too (with the loops still cold) made
 * one 55-60 ms task, so the placement is spread over frames of a few ms each.
 */
const PLACE_SLICE = 50_000;

/** A placement in progress, with the inputs it is for. */
interface PendingPlacement {
  readonly positions: Float64Array;
  readonly count: number;
  readonly layout: HashLayout;
  readonly dpr: number;
  readonly width: number;
  readonly height: number;
  readonly placer: DotPlacer;
}

/** One colour per replica (up to 64), per theme. */
const REPLICA_RGBA = {
  light: Uint32Array.from({ length: REPLICA_COLOR_COUNT }, (_, i) => packRgba(replicaColor(i, 'light'))),
  dark: Uint32Array.from({ length: REPLICA_COLOR_COUNT }, (_, i) => packRgba(replicaColor(i, 'dark'))),
};

// Looked up at each call, not once at load: a test holds the frames by providing its own.
const raf = (cb: FrameRequestCallback): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : (setTimeout(() => cb(0), 16) as unknown as number);
const caf = (id: number): void => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(id) : clearTimeout(id));

/**
 * The canvas the dots are painted on. React renders the element once; the painter owns its
 * pixels. Props changes schedule one paint on the next animation frame (several changes in
 * one frame paint once), so the dots never cost more than one paint per frame.
 */
export const DotCanvas = memo(function DotCanvas({ layout, version, owners, segments, theme }: DotCanvasProps) {
  const store = useShardScopeStore();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const imageRef = useRef<ImageData | null>(null);
  // Dots' places survive repaints that only change colours (a boundary drag at 1M objects).
  const placementRef = useRef<DotPlacementCache>({ current: null });
  // Survives props changes (a theme switch, the owners arriving) between slices.
  const pendingRef = useRef<PendingPlacement | null>(null);
  // What the canvas is asked to show, a new number whenever a prop changes; the painter writes
  // it back as `data-painted-key` once it has painted that (exports wait on it: `../primitives/renderPending`).
  const paintCount = useRef(0);
  const asked = useMemo(() => ({ store, layout, version, owners, segments, theme, key: ++paintCount.current }), [store, layout, version, owners, segments, theme]);
  const paintKey = asked.key;

  useEffect(() => {
    const painted = () => canvasRef.current?.setAttribute('data-painted-key', String(paintKey));
    let id = 0;
    const frame = () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const dpr = Math.min(2, globalThis.devicePixelRatio || 1);
      const w = Math.round(layout.width * dpr);
      const h = Math.round(layout.height * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      // jsdom (tests) has no 2D context: nothing to paint there.
      const ctx = canvas.getContext('2d');
      if (!ctx) return painted();
      let image = imageRef.current;
      if (!image || image.width !== w || image.height !== h) image = imageRef.current = ctx.createImageData(w, h);
      const view = store.data.hashSpace;
      const palette = canvasPalette(theme);
      // The model's positions are by the shard key's hash (by namespace, every object of a
      // namespace at one position) and its owners are what each replica's cache holds.
      if (view) {
        // New positions or geometry: place the dots a slice per frame, keeping the old picture
        // up meanwhile; the colour pass then runs alone in the frame after the last slice.
        const place = { positions: view.positions, count: view.count, layout, dpr };
        const cached = placementRef.current.current;
        if (!cached || !placementFits(cached, w, h, place)) {
          let pending = pendingRef.current;
          if (!pending || !placementFits(pending, w, h, place)) {
            pending = pendingRef.current = { ...place, width: w, height: h, placer: createPlacer(w, h, place) };
          }
          const done = pending.placer.step(PLACE_SLICE);
          if (done) {
            placementRef.current.current = done;
            pendingRef.current = null;
          }
          if (!done || pending.placer.total > PLACE_SLICE) {
            id = raf(frame);
            return;
          }
        }
        performance.mark?.('shardscope:paint-dots:start');
        paintDots(
          { width: w, height: h, pixels: new Uint32Array(image.data.buffer) },
          {
            positions: view.positions,
            count: view.count,
            owners: owners === 'server' ? view.ownerServer : view.ownerClient,
            segments,
            layout,
            dpr,
            replicaRgba: REPLICA_RGBA[theme],
            gapRgba: packRgba(palette.gap),
            manyRgba: packRgba(palette.many),
          },
          placementRef.current,
        );
      } else {
        new Uint32Array(image.data.buffer).fill(0);
      }
      ctx.putImageData(image, 0, 0);
      painted();
      // A named measure, so benchmarks can read the painter's cost from the page.
      if (performance.getEntriesByName?.('shardscope:paint-dots:start').length) {
        performance.measure('shardscope:paint-dots', 'shardscope:paint-dots:start');
        performance.clearMarks('shardscope:paint-dots:start');
      }
    };
    id = raf(frame);
    // The SVG export reads the dots back as circles, as they are painted now.
    const canvas = canvasRef.current;
    if (canvas) {
      registerVectorDots(canvas, {
        objects: () => store.data.hashSpace?.count ?? 0,
        read: () => {
          const place = placementRef.current.current;
          const view = store.data.hashSpace;
          if (!place || !view || place.positions !== view.positions) return null;
          const palette = canvasPalette(theme);
          return dotShapes(place, owners === 'server' ? view.ownerServer : view.ownerClient, segments, {
            replicas: Array.from({ length: REPLICA_COLOR_COUNT }, (_, i) => replicaColor(i, theme)),
            many: palette.many,
            none: palette.gap,
          });
        },
      });
    }
    return () => {
      caf(id);
      if (canvas) registerVectorDots(canvas, null);
    };
  }, [store, layout, version, owners, segments, theme, paintKey]);

  return (
    <canvas
      ref={canvasRef}
      data-paint-key={paintKey}
      className="hashspace__canvas"
      data-testid="hash-canvas"
      style={{ width: layout.width, height: layout.height }}
      aria-hidden="true"
    />
  );
});
