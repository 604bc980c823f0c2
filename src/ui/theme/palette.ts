/**
 * Colours. Replicas cycle through the Okabe-Ito palette (safe for the common colour-vision
 * deficiencies); vermillion is kept for gaps and errors only, so "red" always means "wrong".
 */

/** Okabe & Ito (2008), "Color Universal Design". */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

// Neighbouring replicas never share a colour: the cycle has six entries.
const REPLICA_CYCLE = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.skyBlue,
  OKABE_ITO.yellow,
] as const;

/** The colour of replica `i`. */
export function replicaColor(i: number): string {
  return REPLICA_CYCLE[((i % REPLICA_CYCLE.length) + REPLICA_CYCLE.length) % REPLICA_CYCLE.length]!;
}

/** Gaps (owned by nobody), errors, rejected selectors. */
export const GAP_COLOR = OKABE_ITO.vermillion;

/** The two modes compared everywhere: client-side (orange) and server-side (blue). */
export const MODE_COLORS = { client: OKABE_ITO.orange, server: OKABE_ITO.blue } as const;

/** Colours a canvas painter needs, resolved for the current theme. */
export interface CanvasPalette {
  readonly background: string;
  readonly foreground: string;
  readonly muted: string;
  readonly grid: string;
  readonly gap: string;
  readonly many: string;
}

/** `#rrggbb` as a packed little-endian RGBA word for `ImageData` writes (alpha 255). */
export function packRgba(hex: string, alpha = 255): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const r = (n >> 16) & 0xff;
  const g = (n >> 8) & 0xff;
  const b = n & 0xff;
  return ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** The canvas palette of a theme (mirrors the CSS custom properties in styles/app.css). */
export function canvasPalette(theme: 'light' | 'dark'): CanvasPalette {
  return theme === 'dark'
    ? { background: '#111418', foreground: '#f2f4f7', muted: '#9aa4b2', grid: '#2a3038', gap: GAP_COLOR, many: '#f2f4f7' }
    : { background: '#ffffff', foreground: '#111418', muted: '#4a5361', grid: '#d5dae1', gap: GAP_COLOR, many: '#111418' };
}
