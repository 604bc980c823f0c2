/**
 * Where the event-flow diagram's parts sit in a pane of any size (360x240 up to a projector's
 * 1800x700): API-server boxes on the left, replica boxes on the right, both filling the
 * height; the server-side shard filter a short way out of each API server; the replicas'
 * local filter just in front of them. Labels get the largest font that fits inside their
 * box, or are left out. Pure (text widths are estimated), so it is tested without a browser.
 */
import { BACKGROUNDS, canvasPalette, type Theme } from '../theme';
import type { Particle } from './flowModel';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface FlowLayout {
  readonly w: number;
  readonly h: number;
  readonly servers: readonly Box[];
  readonly replicas: readonly Box[];
  /** x of each API server's shard filter (server-side pane). */
  readonly serverFilterX: number;
  /** x of the replicas' local filter (just in front of their boxes). */
  readonly localFilterX: number;
  /** Radius of a particle. */
  readonly dot: number;
}

/** Width of a bold system-ui character, as a share of the font size (generous: digits and lowercase are narrower). */
const CHAR_EM = 0.62;

/** Estimated width of `text` at `font` px. */
export function textWidth(text: string, font: number): number {
  return text.length * CHAR_EM * font;
}

/** A text and the font size it is drawn at. */
export interface FittedText {
  readonly text: string;
  readonly font: number;
}

/**
 * The first of `candidates` (longest first) that fits in `width` x `height` at a font of at
 * least `minFont`, at the largest font up to `maxFont` that fits; null when none fits.
 */
export function fitText(candidates: readonly string[], width: number, height: number, maxFont: number, minFont = 11): FittedText | null {
  for (const text of candidates) {
    if (!text) continue;
    const byWidth = width / (text.length * CHAR_EM);
    const font = Math.floor(Math.min(maxFont, byWidth, height * 0.8));
    if (font >= minFont) return { text, font };
  }
  return null;
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** Boxes stacked to fill `height` (centred, each at most `maxShare` of it), with `gap` between. */
function column(count: number, x: number, w: number, top: number, height: number, gap: number, maxShare: number): Box[] {
  const each = Math.min((height - gap * (count - 1)) / count, height * maxShare);
  const total = count * each + (count - 1) * gap;
  const y0 = top + (height - total) / 2;
  return Array.from({ length: count }, (_, i) => ({ x, y: y0 + i * (each + gap), w, h: each }));
}

/** The diagram's layout in a `w` x `h` pane. */
export function flowLayout(w: number, h: number, serverCount: number, replicaCount: number): FlowLayout {
  const pad = clamp(Math.min(w, h) * 0.05, 8, 28);
  const inner = h - 2 * pad;
  const sw = clamp(w * 0.24, 60, 420);
  const rw = clamp(w * 0.27, 48, 420);
  const sGap = clamp(inner * 0.04, 4, 16);
  const rGap = replicaCount > 16 ? 1 : clamp(inner * 0.03, 2, 12);
  const servers = column(serverCount, pad, sw, pad, inner, sGap, 0.62);
  const rx = w - pad - rw;
  const replicas = column(replicaCount, rx, rw, pad, inner, rGap, 0.42);
  const span = rx - (pad + sw);
  const dot = clamp(Math.min(w, h) / 70, 4, 10);
  return {
    w,
    h,
    servers,
    replicas,
    serverFilterX: pad + sw + clamp(span * 0.28, 20, 220),
    localFilterX: rx - clamp(span * 0.14, 12, 90),
    dot,
  };
}

/** Where a mark rests: spread along its filter line or in front of its box, by slot. */
function restOffset(slot: number, dot: number): number {
  return (slot - 1) * dot * 2.2;
}

/**
 * Where a particle is at progress `t`, and where it rests at the end of its trip
 * (`slot` spreads the marks resting at one place):
 * - `filtered` stops at its API server's shard filter;
 * - `dropped` stops at its replica's local filter;
 * - `kept` and `bookmark` reach the replica's box.
 */
export function particleAt(p: Particle, t: number, slot: number, layout: FlowLayout): { x: number; y: number } | null {
  const s = layout.servers[p.server] ?? layout.servers[0];
  const r = layout.replicas[p.replica];
  if (!s || !r) return null;
  // Steady speed, so events in flight spread along their paths (an ease-in would bunch them at the server).
  const ease = t;
  const x0 = s.x + s.w;
  const y0 = s.y + s.h / 2;
  const rest = t >= 1 ? restOffset(slot, layout.dot) : 0;
  if (p.fate === 'filtered') {
    const x1 = layout.serverFilterX - layout.dot - 2;
    const y1 = y0 + (r.y + r.h / 2 - y0) * 0.15;
    return { x: x0 + (x1 - x0) * ease, y: y1 + (y0 - y1) * (1 - ease) + rest };
  }
  const x1 = p.fate === 'dropped' ? layout.localFilterX - layout.dot - 2 : r.x - layout.dot - 1;
  const y1 = r.y + r.h / 2;
  // Resting marks in front of a box spread along it, not across the lines leading to it.
  return { x: x0 + (x1 - x0) * ease, y: y0 + (y1 - y0) * ease + Math.max(-r.h / 2, Math.min(r.h / 2, rest)) };
}

/** The colours of the diagram's frame: the stage (the panel's --surface-2), its text and lines. */
export function flowPalette(theme: Theme): { stage: string; text: string; muted: string; line: string; box: string } {
  const pal = canvasPalette(theme);
  const stage = theme === 'dark' ? BACKGROUNDS.dark[2]! : BACKGROUNDS.light[1]!;
  return { stage, text: pal.foreground, muted: pal.muted, line: pal.grid, box: pal.background };
}
