/**
 * Colours. Replicas get one colour each up to 64, the first eight safe for the common
 * colour-vision deficiencies (Okabe-Ito first); vermillion is kept for gaps and errors only,
 * so "red" always means "wrong". Chart and replica colours depend on the theme, so lines and
 * bands keep at least 3:1 contrast against the background in both.
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

/** The two themes; colours are chosen per theme so each keeps its contrast against the background. */
export type Theme = 'light' | 'dark';

/**
 * Replica colours, 64 per theme (one per replica up to the 64-replica limit: none repeats).
 * The first eight stay apart under simulated protanopia, deuteranopia and tritanopia at
 * least as well as Okabe-Ito's eight do. The dark theme's start with Okabe-Ito's sky blue,
 * orange, bluish green, reddish purple, yellow and blue; the light theme keeps Okabe-Ito's
 * blue and bluish green (its oranges and yellows are too pale on white). The others were
 * picked farthest-first in OKLab, so replica i differs clearly from i-1 and from replica 0
 * (its ring neighbour when i = N-1). Every colour keeps at least 3:1 contrast (WCAG) against
 * its theme's backgrounds, and none is red or near the vermillion of gaps, so red still
 * means "wrong". `palette.test.ts` checks all of this: edit the lists only with it green.
 */
const REPLICA_COLORS: Readonly<Record<Theme, readonly string[]>> = {
  light: [
    '#0072B2', '#009E73', '#CC00FF', '#772244', '#552277', '#0011CC', '#004400', '#884477',
    '#6644FF', '#CC66AA', '#8800BB', '#336655', '#003355', '#8877DD', '#FF00CC', '#220088',
    '#664400', '#0088FF', '#224499', '#5511CC', '#AA44BB', '#442233', '#887799', '#9900FF',
    '#1133FF', '#AA0088', '#6644AA', '#444466', '#778866', '#AA55FF', '#1199AA', '#443300',
    '#CC55DD', '#0066FF', '#770088', '#2244CC', '#660055', '#CC11CC', '#990055', '#8855DD',
    '#335522', '#440099', '#114444', '#332266', '#8855AA', '#5500FF', '#883399', '#7700EE',
    '#AA00CC', '#665577', '#6600AA', '#008877', '#115566', '#AA5599', '#6677FF', '#EE11FF',
    '#AA77BB', '#663366', '#AA66DD', '#553344', '#0000AA', '#554488', '#7733CC', '#004477',
  ],
  dark: [
    '#56B4E9', '#E69F00', '#009E73', '#CC79A7', '#F0E442', '#0072B2', '#AACCAA', '#AA00FF',
    '#00FF00', '#FFBBFF', '#FF11DD', '#7777FF', '#00FFEE', '#AA44AA', '#22CC77', '#BB99FF',
    '#7788AA', '#88EE88', '#447766', '#BB66EE', '#88DDFF', '#FF88EE', '#0066FF', '#88AA88',
    '#7766BB', '#7744FF', '#CCAACC', '#CC00CC', '#00DDCC', '#1188EE', '#0099AA', '#DDDD99',
    '#778866', '#DD33FF', '#BBDD00', '#9988DD', '#DD55CC', '#776688', '#CCCCFF', '#AA6699',
    '#00BB99', '#9944DD', '#99EECC', '#DD77FF', '#88FF55', '#EEBBCC', '#5566DD', '#DDAAFF',
    '#33EE66', '#FF99CC', '#00FFBB', '#DDCC44', '#55DD99', '#BB77CC', '#BB44FF', '#3388BB',
    '#9966DD', '#AA88AA', '#77BB77', '#557799', '#DD88DD', '#008888', '#BBDD77', '#669999',
  ],
};

/** Replica colours available (the model allows up to 64 replicas). */
export const REPLICA_COLOR_COUNT = 64;

/** The colour of replica `i` in a theme (light by default). */
export function replicaColor(i: number, theme: Theme = 'light'): string {
  const list = REPLICA_COLORS[theme];
  return list[((i % list.length) + list.length) % list.length]!;
}

/** Gaps (owned by nobody), errors, rejected selectors. */
export const GAP_COLOR = OKABE_ITO.vermillion;

/** The two modes compared everywhere: client-side (orange) and server-side (blue), light theme. */
export const MODE_COLORS = { client: '#B86E00', server: OKABE_ITO.blue } as const;

/** Mode colours in the dark theme: the lighter Okabe-Ito orange and sky blue. */
const MODE_COLORS_DARK = { client: OKABE_ITO.orange, server: OKABE_ITO.skyBlue } as const;

/** The colour of a mode's chart lines and keys in a theme (mirrors --mode-client/--mode-server in styles/app.css). */
export function modeColor(mode: 'client' | 'server', theme: Theme = 'light'): string {
  return theme === 'dark' ? MODE_COLORS_DARK[mode] : MODE_COLORS[mode];
}

/** What charts, bands and cards are drawn on (mirrors --surface, --surface-2 and --bg in styles/app.css). */
export const BACKGROUNDS: Readonly<Record<Theme, readonly string[]>> = {
  light: ['#ffffff', '#f3f5f8'],
  dark: ['#15191f', '#111418', '#1c2129'],
};

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 0xff) + 0.7152 * channel((n >> 8) & 0xff) + 0.0722 * channel(n & 0xff);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const x = relativeLuminance(a);
  const y = relativeLuminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Black or white, whichever reads better on `background` (labels on coloured bands). */
export function textOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

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
