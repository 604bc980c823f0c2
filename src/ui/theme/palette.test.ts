import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, contrastRatio, GAP_COLOR, modeColor, OKABE_ITO, REPLICA_COLOR_COUNT, replicaColor, textOn, type Theme } from './palette';

// ---- colour science for the checks (WCAG contrast is in palette.ts) ---------------------

type Rgb = readonly [number, number, number];

function linearRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const c = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [c((n >> 16) & 0xff), c((n >> 8) & 0xff), c(n & 0xff)];
}

/** Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB. */
const CVD = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
} as const;
type Vision = 'normal' | keyof typeof CVD;
const VISIONS: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

function seenAs(rgb: Rgb, vision: Vision): Rgb {
  if (vision === 'normal') return rgb;
  const m = CVD[vision];
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [0, 1, 2].map((k) => clamp(m[k]![0] * rgb[0] + m[k]![1] * rgb[1] + m[k]![2] * rgb[2])) as unknown as Rgb;
}

/** Björn Ottosson's OKLab. */
function oklab([r, g, b]: Rgb): Rgb {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** Euclidean distance in OKLab between two colours as a viewer with `vision` sees them. */
function difference(a: string, b: string, vision: Vision = 'normal'): number {
  const x = oklab(seenAs(linearRgb(a), vision));
  const y = oklab(seenAs(linearRgb(b), vision));
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

function minPairwise(colours: readonly string[], vision: Vision): number {
  let min = Infinity;
  for (let i = 0; i < colours.length; i++) for (let j = i + 1; j < colours.length; j++) min = Math.min(min, difference(colours[i]!, colours[j]!, vision));
  return min;
}

const THEMES: readonly Theme[] = ['light', 'dark'];
const all = (theme: Theme) => Array.from({ length: REPLICA_COLOR_COUNT }, (_, i) => replicaColor(i, theme));

/** Okabe & Ito's eight, the reference for "safe for colour-blind viewers". */
const OKABE_ITO_EIGHT = Object.values(OKABE_ITO);
/** Two colours this far apart in OKLab read as different at a glance. */
const CLEARLY_DIFFERENT = 0.1;

describe('replica colours', () => {
  it('do not repeat up to 64 replicas (replica-6 differs from replica-0 at 8)', () => {
    for (const theme of THEMES) {
      expect(new Set(all(theme).map((c) => c.toLowerCase())).size).toBe(64);
      expect(replicaColor(6, theme)).not.toBe(replicaColor(0, theme));
    }
  });

  it('differ clearly between neighbours in the hash space for every replica count up to 64, the ring included', () => {
    for (const theme of THEMES) {
      for (let n = 2; n <= 64; n++) {
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n; // equal split: i's neighbours are i-1 and i+1; N-1 and 0 meet on the ring
          expect(difference(replicaColor(i, theme), replicaColor(j, theme)), `${theme}: replica ${i} and ${j} of ${n}`).toBeGreaterThanOrEqual(CLEARLY_DIFFERENT);
        }
      }
    }
  });

  it('the first 8 stay apart under protanopia, deuteranopia and tritanopia at least as well as Okabe-Ito', () => {
    for (const vision of VISIONS.filter((v) => v !== 'normal')) {
      const reference = minPairwise(OKABE_ITO_EIGHT, vision);
      for (const theme of THEMES) {
        expect(minPairwise(all(theme).slice(0, 8), vision), `${theme}, ${vision}`).toBeGreaterThanOrEqual(reference);
      }
    }
  });

  it('the first 8 differ clearly from each other with normal vision', () => {
    for (const theme of THEMES) expect(minPairwise(all(theme).slice(0, 8), 'normal'), theme).toBeGreaterThanOrEqual(CLEARLY_DIFFERENT);
  });

  it('never look like the vermillion of gaps', () => {
    for (const theme of THEMES) for (const c of all(theme)) expect(difference(c, GAP_COLOR), `${theme} ${c}`).toBeGreaterThanOrEqual(0.15);
  });

  it('keep at least 3:1 contrast against every background of their theme (WCAG non-text contrast)', () => {
    for (const theme of THEMES) {
      for (const bg of BACKGROUNDS[theme]) {
        for (const c of all(theme)) expect(contrastRatio(c, bg), `${theme} ${c} on ${bg}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('carry labels in black or white at 4.5:1 or more', () => {
    for (const theme of THEMES) for (const c of all(theme)) expect(contrastRatio(c, textOn(c)), c).toBeGreaterThanOrEqual(4.5);
  });
});

describe('mode colours (chart lines)', () => {
  it('keep at least 3:1 contrast against the chart background in both themes', () => {
    for (const theme of THEMES) {
      for (const bg of BACKGROUNDS[theme]) {
        for (const mode of ['client', 'server'] as const) expect(contrastRatio(modeColor(mode, theme), bg), `${theme} ${mode} on ${bg}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('keep client-side and server-side apart for every viewer', () => {
    for (const theme of THEMES) for (const v of VISIONS) expect(difference(modeColor('client', theme), modeColor('server', theme), v)).toBeGreaterThanOrEqual(CLEARLY_DIFFERENT);
  });

  it('computes WCAG contrast as specified: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#0072B2', '#0072B2')).toBe(1);
    // #777777 on white is the classic 4.48:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
