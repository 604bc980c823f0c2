import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentEvent } from '../../state';
import { FlowController, type FlowPhase } from './FlowController';
import { flowLayout } from './flowLayout';

// The flow animates only on screen and only while its clock moves; off screen it paints a still frame.

function event(owner: number, rv: string): RecentEvent {
  const outcomes = (mode: 'client' | 'server') =>
    Array.from({ length: 4 }, (_, r) => ({ replica: r, sentAs: mode === 'client' || r === owner ? ('MODIFIED' as const) : null, kept: r === owner }));
  return {
    resourceVersion: rv,
    type: 'MODIFIED',
    object: { name: 'p', namespace: 'ns', uid: 'u', uidHash: '0x0000000000000000', position: 0 },
    bytes: 1000,
    client: outcomes('client'),
    server: outcomes('server'),
  };
}

describe('FlowController frames', () => {
  let frames: FrameRequestCallback[] = [];
  let wall = 0;
  const flush = () => {
    const run = frames;
    frames = [];
    for (const f of run) f(wall);
    return run.length;
  };

  beforeEach(() => {
    frames = [];
    wall = 0;
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    // A 2D context whose every method does nothing (jsdom has no canvas).
    const ctx = new Proxy({}, { get: () => () => undefined, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function make() {
    const phases: FlowPhase[] = [];
    const marks: number[] = [];
    const c = new FlowController({ client: document.createElement('canvas'), server: document.createElement('canvas') }, (p, m) => {
      phases.push(p);
      marks.push(m.client + m.server);
    }, () => wall);
    const layout = flowLayout(420, 260, 1, 4);
    c.update({ client: layout, server: layout, theme: 'light', reducedMotion: false });
    return { c, phases, marks };
  }

  it('on screen and playing, it paints frame after frame; paused, the loop stops and the marks stay', () => {
    const { c, phases, marks } = make();
    c.play([event(1, '1'), event(2, '2')], 250, () => 0);
    wall = 400;
    expect(flush()).toBe(1);
    expect(frames).toHaveLength(1);
    const drawn = marks.at(-1)!;
    expect(drawn).toBeGreaterThan(0);
    c.freeze();
    expect(phases.at(-1)).toBe('frozen');
    wall = 60_000;
    flush();
    expect(frames).toHaveLength(0);
    expect(marks.at(-1)).toBe(drawn);
  });

  it('off screen, new events paint one still frame and no loop runs; back on screen, it animates again', () => {
    const { c } = make();
    c.setVisible(false);
    c.play([event(1, '1')], 250, () => 0);
    wall = 100;
    expect(flush()).toBe(1);
    expect(frames).toHaveLength(0);
    c.setVisible(true);
    expect(frames).toHaveLength(1);
    wall = 200;
    flush();
    expect(frames).toHaveLength(1);
  });

  it('draws marks that look alike as one path: a frame of many dots takes a few fills and strokes, not one per mark', () => {
    // With 64 replicas hundreds of marks rest at once; a fill and a stroke per mark
    // made the canvas flush cost 5-10 ms of a frame.
    const calls = { fill: 0, stroke: 0, arc: 0 };
    const ctx = new Proxy(
      {},
      {
        get: (_, name) => () => {
          if (name === 'fill' || name === 'stroke' || name === 'arc') calls[name]++;
        },
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
    const { c, marks } = make();
    c.play(Array.from({ length: 12 }, (_, i) => event(1, String(i + 1))), 1, () => 0);
    calls.fill = calls.stroke = calls.arc = 0;
    wall = 300;
    flush();
    const drawn = marks.at(-1)!;
    expect(drawn).toBeGreaterThanOrEqual(24);
    // Every in-flight mark is an arc; they share a handful of paths (one per look and opacity).
    expect(calls.arc).toBeGreaterThanOrEqual(24);
    expect(calls.fill + calls.stroke).toBeLessThanOrEqual(10);
  });

  it('a step played while paused runs until its events have arrived, then stops with them in view', () => {
    const { c, phases, marks } = make();
    c.step([event(1, '1'), event(3, '2')], () => 0);
    expect(phases.at(-1)).toBe('step');
    for (wall = 0; wall <= 3_000 && frames.length > 0; wall += 100) flush();
    expect(frames).toHaveLength(0);
    expect(phases.at(-1)).toBe('frozen');
    expect(marks.at(-1)).toBeGreaterThan(0);
  });
});
