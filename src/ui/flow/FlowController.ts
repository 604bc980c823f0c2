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
import { canvasPalette, replicaColor, type CanvasPalette, type Theme } from '../theme/palette';
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
      for (const m of marks) {
        if (m.particle.mode !== mode) continue;
        if (this.paintMark(ctx, layout, m.particle, m.t, m.alpha, m.slot)) counts[mode]++;
      }
    }
    if (counts.client !== this.lastMarks.client || counts.server !== this.lastMarks.server) {
      this.lastMarks = counts;
      this.onPhase(this.phase, counts);
    }
  }

  private paintMark(ctx: CanvasRenderingContext2D, layout: FlowLayout, p: Particle, t: number, alpha: number, slot: number): boolean {
    const at = particleAt(p, t, slot, layout);
    if (!at) return false;
    const { x, y } = at;
    const pal = this.palette;
    const r = layout.dot;
    ctx.globalAlpha = alpha;
    if (p.fate === 'filtered') {
      // Stopped by the shard filter: never sent. A ring that fades at the filter line.
      ctx.strokeStyle = pal.muted;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.stroke();
    } else if (p.fate === 'bookmark') {
      ctx.fillStyle = pal.foreground;
      ctx.beginPath();
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      ctx.fill();
    } else if (p.fate === 'dropped' && t >= 1) {
      // Decoded, then thrown away by the replica's local filter: a cross that fades there.
      crossAt(ctx, x, y, r * 0.9, pal.muted);
    } else {
      ctx.fillStyle = p.owner >= 0 ? replicaColor(p.owner, this.theme) : pal.muted;
      ctx.strokeStyle = pal.background;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    return true;
  }
}

function crossAt(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, colour: string): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(x - r, y - r);
  ctx.lineTo(x + r, y + r);
  ctx.moveTo(x + r, y - r);
  ctx.lineTo(x - r, y + r);
  ctx.stroke();
}
