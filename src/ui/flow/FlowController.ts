/**
 * The event-flow painter: one controller created once per pair of canvases (client-side and
 * server-side), with `update()` and `destroy()`. It owns the canvases' pixels and runs its
 * own animation frame loop only while particles are alive.
 */
import { canvasPalette, replicaColor, textOn, type CanvasPalette, type Theme } from '../theme/palette';
import { progress, type Particle } from './flowModel';

/** What the static part of the picture shows. */
export interface FlowConfig {
  readonly servers: readonly { readonly gate: boolean }[];
  readonly replicas: number;
  readonly theme: 'light' | 'dark';
  /** Labels from the catalogue. */
  readonly serverLabel: (i: number) => string;
  readonly replicaLabel: (i: number) => string;
  readonly gateLabel: (on: boolean) => string;
  /** Label of the server-side shard filter drawn at each gate-on server's exit. */
  readonly filterLabel: string;
  readonly reducedMotion: boolean;
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

interface Size {
  readonly w: number;
  readonly h: number;
}

type Canvases = { readonly client: HTMLCanvasElement; readonly server: HTMLCanvasElement };

const MAX_PARTICLES = 900;
/** Distance from a server box to its shard filter (server-side view). */
const FILTER_GAP = 44;

export class FlowController {
  private particles: Particle[] = [];
  private frame = 0;
  private config: FlowConfig | null = null;
  private palette: CanvasPalette = canvasPalette('light');
  private theme: Theme = 'light';
  private destroyed = false;
  /** CSS sizes of the canvases, from a ResizeObserver (null until it has reported). */
  private sizes: { client: Size | null; server: Size | null } = { client: null, server: null };
  private observer: ResizeObserver | null = null;

  constructor(
    private readonly canvases: Canvases,
    private readonly now: () => number = () => performance.now(),
  ) {
    // Sizes come from a ResizeObserver, which reports after the browser's own layout. Reading
    // clientWidth in the paint (a rAF callback, before that layout) would force a synchronous
    // layout of the whole page inside the frame: on first mount that alone took 30-90 ms.
    if (typeof ResizeObserver === 'function') {
      this.observer = new ResizeObserver((entries) => {
        for (const e of entries) {
          const mode = e.target === canvases.client ? 'client' : 'server';
          const box = e.contentBoxSize?.[0];
          this.sizes[mode] = box ? { w: box.inlineSize, h: box.blockSize } : { w: e.contentRect.width, h: e.contentRect.height };
        }
        this.schedule();
      });
      this.observer.observe(canvases.client);
      this.observer.observe(canvases.server);
    }
  }

  /** New static configuration (sizes, servers, replicas, theme); repaints. */
  update(config: FlowConfig): void {
    this.config = config;
    this.palette = canvasPalette(config.theme);
    this.theme = config.theme;
    this.schedule();
  }

  /** Adds particles (oldest dropped beyond a cap, so a burst cannot pile up). */
  add(particles: readonly Particle[]): void {
    if (!this.config || this.config.reducedMotion || particles.length === 0) return;
    this.particles.push(...particles);
    if (this.particles.length > MAX_PARTICLES) this.particles.splice(0, this.particles.length - MAX_PARTICLES);
    this.schedule();
  }

  destroy(): void {
    this.destroyed = true;
    this.observer?.disconnect();
    if (this.frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(this.frame);
    this.particles = [];
  }

  private schedule(): void {
    if (this.frame || this.destroyed) return;
    if (typeof requestAnimationFrame !== 'function') return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
      if (this.particles.length > 0) this.schedule();
    });
  }

  private paint(): void {
    const config = this.config;
    if (!config) return;
    const now = this.now();
    this.particles = this.particles.filter((p) => progress(p, now) !== null || now < p.start);
    for (const mode of ['client', 'server'] as const) {
      const canvas = this.canvases[mode];
      // Not measured yet: the observer's first report schedules a paint.
      if (this.observer && !this.sizes[mode]) continue;
      const ctx = canvas.getContext('2d');
      if (!ctx) continue;
      const dpr = Math.min(2, globalThis.devicePixelRatio || 1);
      const w = this.sizes[mode]?.w || canvas.clientWidth || 400;
      const h = this.sizes[mode]?.h || canvas.clientHeight || 260;
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(h * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const layout = this.layout(w, h, config);
      this.paintStatic(ctx, layout, config, mode);
      for (const p of this.particles) if (p.mode === mode) this.paintParticle(ctx, layout, p, now);
    }
  }

  private layout(w: number, h: number, config: FlowConfig): { servers: Box[]; replicas: Box[] } {
    const pad = 10;
    const sw = Math.min(150, Math.max(96, w * 0.3));
    const sCount = config.servers.length;
    const sh = Math.min(58, (h - pad * 2) / sCount - 8);
    const sTotal = sCount * sh + (sCount - 1) * 8;
    const servers = config.servers.map((_, i) => ({ x: pad, y: (h - sTotal) / 2 + i * (sh + 8), w: sw, h: sh }));
    const rCount = config.replicas;
    const gap = rCount > 16 ? 1 : 4;
    const rh = Math.max(3, Math.min(34, (h - pad * 2 - gap * (rCount - 1)) / rCount));
    const rw = Math.min(96, Math.max(56, w * 0.18));
    const rTotal = rCount * rh + (rCount - 1) * gap;
    const replicas = Array.from({ length: rCount }, (_, i) => ({ x: w - pad - rw, y: (h - rTotal) / 2 + i * (rh + gap), w: rw, h: rh }));
    return { servers, replicas };
  }

  private paintStatic(ctx: CanvasRenderingContext2D, layout: { servers: Box[]; replicas: Box[] }, config: FlowConfig, mode: 'client' | 'server'): void {
    const pal = this.palette;
    if (mode === 'server') {
      // The shard filter: a wall at each gate-on server's exit where unowned events stop.
      layout.servers.forEach((b, i) => {
        if (!config.servers[i]!.gate) return;
        const x = b.x + b.w + FILTER_GAP;
        ctx.strokeStyle = pal.foreground;
        ctx.lineWidth = 3;
        ctx.setLineDash([5, 4]);
        ctx.beginPath();
        ctx.moveTo(x, b.y - 6);
        ctx.lineTo(x, b.y + b.h + 6);
        ctx.stroke();
        ctx.setLineDash([]);
        if (b.y >= 18) {
          ctx.fillStyle = pal.muted;
          ctx.font = '600 12px system-ui, sans-serif';
          ctx.textAlign = 'center';
          ctx.fillText(config.filterLabel, x, b.y - 14);
        }
      });
    }
    ctx.lineWidth = 2;
    ctx.textBaseline = 'middle';
    layout.servers.forEach((b, i) => {
      ctx.fillStyle = pal.background;
      ctx.strokeStyle = config.servers[i]!.gate ? pal.foreground : pal.gap;
      roundRect(ctx, b, 6);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = pal.foreground;
      ctx.font = '600 14px system-ui, sans-serif';
      ctx.textAlign = 'left';
      if (b.h >= 30) {
        ctx.fillText(config.serverLabel(i), b.x + 10, b.y + b.h / 2 - 8);
        ctx.font = '500 12px system-ui, sans-serif';
        ctx.fillStyle = config.servers[i]!.gate ? pal.muted : pal.gap;
        ctx.fillText(config.gateLabel(config.servers[i]!.gate), b.x + 10, b.y + b.h / 2 + 10);
      } else {
        ctx.fillText(config.serverLabel(i), b.x + 8, b.y + b.h / 2);
      }
    });
    layout.replicas.forEach((b, i) => {
      ctx.fillStyle = replicaColor(i, this.theme);
      roundRect(ctx, b, Math.min(6, b.h / 3));
      ctx.fill();
      if (b.h >= 14) {
        ctx.fillStyle = textOn(replicaColor(i, this.theme));
        ctx.font = `600 ${Math.min(14, b.h - 4)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.fillText(config.replicaLabel(i), b.x + b.w / 2, b.y + b.h / 2);
      }
    });
  }

  private paintParticle(ctx: CanvasRenderingContext2D, layout: { servers: Box[]; replicas: Box[] }, p: Particle, now: number): void {
    const t = progress(p, now);
    if (t === null) return;
    const s = layout.servers[p.server] ?? layout.servers[0];
    const r = layout.replicas[p.replica];
    if (!s || !r) return;
    const pal = this.palette;
    const x0 = s.x + s.w;
    const y0 = s.y + s.h / 2;
    const linger = Math.max(0, (now - p.start - p.duration) / 350);
    const ease = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    ctx.globalAlpha = 1 - linger;

    if (p.fate === 'filtered') {
      // Leaves the server, stops at the shard filter and fades there: never sent.
      const x = x0 + 6 + (FILTER_GAP - 14) * ease;
      const y = y0 + ((p.replica % 5) - 2) * 5;
      ctx.strokeStyle = pal.muted;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(x, y, 5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.globalAlpha = 1;
      return;
    }

    const x1 = r.x;
    const y1 = r.y + r.h / 2;
    let x = x0 + (x1 - x0) * ease;
    let y = y0 + (y1 - y0) * ease;
    if (p.fate === 'bookmark') {
      ctx.fillStyle = pal.foreground;
      ctx.beginPath();
      ctx.moveTo(x, y - 6);
      ctx.lineTo(x + 6, y);
      ctx.lineTo(x, y + 6);
      ctx.lineTo(x - 6, y);
      ctx.closePath();
      ctx.fill();
    } else if (p.fate === 'dropped' && t >= 1) {
      // Arrived, decoded, discarded: falls away as a grey cross.
      x -= 10;
      y += 4 + 18 * linger;
      crossAt(ctx, x, y, 5, pal.muted);
    } else {
      ctx.fillStyle = p.fate === 'kept' || p.owner >= 0 ? replicaColor(p.owner, this.theme) : pal.muted;
      ctx.strokeStyle = pal.background;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(x, y, 5.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      if (p.fate === 'kept' && t >= 1) {
        ctx.strokeStyle = replicaColor(p.owner, this.theme);
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(x1, y1, 6 + 10 * linger, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
  }
}

function roundRect(ctx: CanvasRenderingContext2D, b: Box, r: number): void {
  ctx.beginPath();
  if (typeof ctx.roundRect === 'function') ctx.roundRect(b.x, b.y, b.w, b.h, r);
  else ctx.rect(b.x, b.y, b.w, b.h);
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
