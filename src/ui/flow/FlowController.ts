/**
 * The event-flow particle painter: one controller per pair of canvases (client-side and
 * server-side), created once, with `update()` and `destroy()`. React draws the boxes, labels
 * and counts (SVG); this owns only the moving particles on a canvas above them.
 *
 * It keeps the flow's own clock ({@link FlowClock}): it runs while the simulation plays,
 * stops when it pauses (the last events stay frozen where they are), and runs for one
 * step's playback when the user steps forward. It animates only while the panel is on
 * screen; off screen it paints a still frame when something changes.
 */
import { canvasPalette, replicaColor, type CanvasPalette, type Theme } from '../theme';
import { particleAt, type FlowLayout } from './flowLayout';
import { FlowClock, playBatch, playStep, visibleMarks, type Particle } from './flowModel';
import type { RecentEvent } from '../../state';

type Canvases = { readonly client: HTMLCanvasElement; readonly server: HTMLCanvasElement };
type ServerOf = (mode: 'client' | 'server', replica: number) => number;

/** What the controller reports to the page (for tests and the panel's state attribute). */
export type FlowPhase = 'idle' | 'playing' | 'step' | 'frozen';

const MAX_PARTICLES = 900;

export class FlowController {
  private particles: Particle[] = [];
  private frame = 0;
  private layouts: { client: FlowLayout | null; server: FlowLayout | null } = { client: null, server: null };
  private palette: CanvasPalette = canvasPalette('light');
  private theme: Theme = 'light';
  private reducedMotion = false;
  private destroyed = false;
  private visible = true;
  private readonly clock = new FlowClock();
  private phase: FlowPhase = 'idle';
  /** Marks drawn by the last paint, per mode (tests read them through the panel). */
  lastMarks = { client: 0, server: 0 };

  constructor(
    private readonly canvases: Canvases,
    private readonly onPhase: (phase: FlowPhase, marks: { client: number; server: number }) => void = () => undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** New layouts (pane sizes, servers, replicas) and theme; repaints. */
  update(config: { client: FlowLayout; server: FlowLayout; theme: Theme; reducedMotion: boolean }): void {
    const shapeChanged =
      this.layouts.client !== null &&
      (this.layouts.client.replicas.length !== config.client.replicas.length || this.layouts.client.servers.length !== config.client.servers.length);
    if (shapeChanged) this.particles = [];
    this.layouts = { client: config.client, server: config.server };
    this.palette = canvasPalette(config.theme);
    this.theme = config.theme;
    this.reducedMotion = config.reducedMotion;
    this.paintNow();
  }

  /** Whether the panel is on screen: off screen nothing animates. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (visible) this.schedule();
  }

  /** The run plays: a batch of events leaves over `spread` ms. */
  play(picked: readonly RecentEvent[], spread: number, serverOf: ServerOf): void {
    if (this.reducedMotion) return;
    const wall = this.now();
    if (!this.clock.moving || this.phase !== 'playing') this.clock.play(wall);
    this.setPhase('playing');
    this.push(playBatch(picked, this.clock.advance(wall), spread, serverOf));
  }

  /** One step on its own (paused): clears what was there and plays that step's events slowly, then freezes. */
  step(picked: readonly RecentEvent[], serverOf: ServerOf): void {
    if (this.reducedMotion) return;
    const wall = this.now();
    this.clock.freeze(wall);
    const at = this.clock.advance(wall);
    const { particles, holdAt } = playStep(picked, at, serverOf);
    this.particles = [];
    this.clock.playUntil(wall, holdAt);
    this.setPhase('step');
    this.push(particles);
  }

  /** The run paused: everything stays where it is. */
  freeze(): void {
    if (this.phase === 'playing') {
      this.clock.freeze(this.now());
      this.setPhase('frozen');
      this.paintNow();
    }
  }

  /** Forgets every particle (a step back, a new cluster). */
  clear(): void {
    this.particles = [];
    this.clock.freeze(this.now());
    this.setPhase('idle');
    this.paintNow();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.particles = [];
  }

  private push(particles: readonly Particle[]): void {
    this.particles.push(...particles);
    if (this.particles.length > MAX_PARTICLES) this.particles.splice(0, this.particles.length - MAX_PARTICLES);
    this.schedule();
  }

  private setPhase(phase: FlowPhase): void {
    if (phase === this.phase) return;
    this.phase = phase;
    this.onPhase(phase, this.lastMarks);
  }

  /** One frame soon: a loop while on screen and the clock moves, one still frame otherwise. */
  private schedule(): void {
    if (this.frame || this.destroyed) return;
    if (typeof requestAnimationFrame !== 'function') {
      this.paintNow();
      return;
    }
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paintNow();
      if (this.visible && this.clock.moving) this.schedule();
    });
  }

  private paintNow(): void {
    if (this.destroyed) return;
    const now = this.clock.advance(this.now());
    if (!this.clock.moving && this.phase === 'step') this.setPhase('frozen');
    // Particles whose trip and fade are over are gone (held ones rest until cleared).
    const marks = visibleMarks(this.particles, now);
    if (this.clock.moving) this.particles = this.particles.filter((p) => p.hold || now < p.start + p.duration + 1000);
    const counts = { client: 0, server: 0 };
    for (const mode of ['client', 'server'] as const) {
      const layout = this.layouts[mode];
      const canvas = this.canvases[mode];
      if (!layout) continue;
      const ctx = canvas.getContext('2d');
      if (!ctx) continue;
      const dpr = Math.min(2, globalThis.devicePixelRatio || 1);
      const pw = Math.max(1, Math.round(layout.w * dpr));
      const ph = Math.max(1, Math.round(layout.h * dpr));
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, layout.w, layout.h);
      // One path per look (shape, colour, opacity): with 64 replicas several hundred marks
      // rest at once, and a fill and a stroke per mark made the canvas's flush cost 5-10 ms
      // of the frame; batched, a frame draws a few dozen paths.
      const batches = new Map<string, MarkBatch>();
      for (const m of marks) {
        if (m.particle.mode !== mode) continue;
        const at = particleAt(m.particle, m.t, m.slot, layout);
        if (!at) continue;
        counts[mode]++;
        const look = lookOf(m.particle, m.t);
        const alpha = quantiseAlpha(m.alpha);
        const colour = look === 'dot' ? (m.particle.owner >= 0 ? replicaColor(m.particle.owner, this.theme) : this.palette.muted) : '';
        const key = `${look}|${colour}|${alpha}`;
        let batch = batches.get(key);
        if (!batch) batches.set(key, (batch = { look, colour, alpha, xy: [] }));
        batch.xy.push(at.x, at.y);
      }
      for (const batch of batches.values()) paintBatch(ctx, batch, layout.dot, this.palette);
    }
    if (counts.client !== this.lastMarks.client || counts.server !== this.lastMarks.server) {
      this.lastMarks = counts;
      this.onPhase(this.phase, counts);
    }
  }
}

/** How a mark is drawn, by its fate and progress. */
export type MarkLook = 'ring' | 'diamond' | 'cross' | 'dot';

/** Marks drawn alike: one path, one fill or stroke. `xy` holds their centres, x then y. */
export interface MarkBatch {
  readonly look: MarkLook;
  /** Fill colour of a `dot`; the others take theirs from the palette. */
  readonly colour: string;
  readonly alpha: number;
  readonly xy: number[];
}

export function lookOf(p: Particle, t: number): MarkLook {
  // Stopped by the shard filter: never sent. A ring that fades at the filter line.
  if (p.fate === 'filtered') return 'ring';
  if (p.fate === 'bookmark') return 'diamond';
  // Decoded, then thrown away by the replica's local filter: a cross that fades there.
  if (p.fate === 'dropped' && t >= 1) return 'cross';
  return 'dot';
}

/** Opacity in steps of 1/16, so fading marks share a few paths (a step is not visible in a 450 ms fade). */
export function quantiseAlpha(alpha: number): number {
  return Math.max(1, Math.round(alpha * 16)) / 16;
}

/** Draws one batch of marks of radius `r` as a single path. */
export function paintBatch(ctx: CanvasRenderingContext2D, batch: MarkBatch, r: number, pal: CanvasPalette): void {
  const { xy } = batch;
  ctx.globalAlpha = batch.alpha;
  // Stroked circles cost the canvas far more than filled ones: a ring is an even-odd fill
  // between two circles, and a dot's 1.5 px outline is a disk in the background colour under it.
  if (batch.look === 'ring' || batch.look === 'dot') {
    const [outer, inner] = batch.look === 'ring' ? [r + 1, r - 1] : [r + 0.75, r - 0.75];
    ctx.beginPath();
    for (let i = 0; i < xy.length; i += 2) circle(ctx, xy[i]!, xy[i + 1]!, outer);
    if (batch.look === 'ring') {
      for (let i = 0; i < xy.length; i += 2) circle(ctx, xy[i]!, xy[i + 1]!, inner);
      ctx.fillStyle = pal.muted;
      ctx.fill('evenodd');
    } else {
      ctx.fillStyle = pal.background;
      ctx.fill();
      ctx.beginPath();
      for (let i = 0; i < xy.length; i += 2) circle(ctx, xy[i]!, xy[i + 1]!, inner);
      ctx.fillStyle = batch.colour;
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    return;
  }
  ctx.beginPath();
  switch (batch.look) {
    case 'diamond':
      for (let i = 0; i < xy.length; i += 2) {
        const x = xy[i]!;
        const y = xy[i + 1]!;
        ctx.moveTo(x, y - r);
        ctx.lineTo(x + r, y);
        ctx.lineTo(x, y + r);
        ctx.lineTo(x - r, y);
        ctx.closePath();
      }
      break;
    case 'cross': {
      const c = r * 0.9;
      for (let i = 0; i < xy.length; i += 2) {
        const x = xy[i]!;
        const y = xy[i + 1]!;
        ctx.moveTo(x - c, y - c);
        ctx.lineTo(x + c, y + c);
        ctx.moveTo(x + c, y - c);
        ctx.lineTo(x - c, y + c);
      }
      break;
    }
  }
  if (batch.look === 'diamond') {
    ctx.fillStyle = pal.foreground;
    ctx.fill();
  } else {
    ctx.strokeStyle = pal.muted;
    ctx.lineWidth = 2.5;
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

function circle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.moveTo(x + r, y);
  ctx.arc(x, y, r, 0, Math.PI * 2);
}
