import { describe, expect, it } from 'vitest';
import { contrastRatio, replicaColor, textOn } from '../theme';
import { fitText, flowLayout, flowPalette, textWidth, type Box } from './flowLayout';

// The diagram fills any pane from a phone-sized 360x240 to a projector's 1800x700
const SIZES = [
  [220, 200],
  [360, 240],
  [448, 260],
  [900, 480],
  [1800, 700],
] as const;

const inside = (b: Box, w: number, h: number) => b.x >= 0 && b.y >= 0 && b.x + b.w <= w + 1e-9 && b.y + b.h <= h + 1e-9;

describe('event flow layout', () => {
  for (const [w, h] of SIZES) {
    for (const servers of [1, 3, 5]) {
      for (const replicas of [1, 4, 16, 64]) {
        it(`${w}x${h}, ${servers} API servers, ${replicas} replicas: boxes inside, columns apart, filters between`, () => {
          const l = flowLayout(w, h, servers, replicas);
          expect(l.servers).toHaveLength(servers);
          expect(l.replicas).toHaveLength(replicas);
          for (const b of [...l.servers, ...l.replicas]) expect(inside(b, w, h)).toBe(true);
          const serverRight = Math.max(...l.servers.map((b) => b.x + b.w));
          const replicaLeft = Math.min(...l.replicas.map((b) => b.x));
          expect(serverRight).toBeLessThan(l.serverFilterX);
          expect(l.serverFilterX).toBeLessThan(l.localFilterX);
          expect(l.localFilterX).toBeLessThan(replicaLeft);
          // No empty thirds: the replica column spans most of the height once there are a few.
          const top = l.replicas[0]!.y;
          const bottom = l.replicas[replicas - 1]!.y + l.replicas[replicas - 1]!.h;
          if (replicas >= 4) expect(bottom - top).toBeGreaterThan(h * 0.75);
          expect(bottom - top).toBeGreaterThan(h * 0.3);
          // And across: the servers and replicas together take a good share of the width.
          expect(l.servers[0]!.w + l.replicas[0]!.w).toBeGreaterThan(w * 0.4);
        });
      }
    }
  }

  it('fits a label at the largest font its box allows, falls back to a shorter one, or leaves it out', () => {
    const long = fitText(['r0 · 1,234 kept', 'r0 · 1,234', 'r0'], 200, 40, 20)!;
    expect(long.text).toBe('r0 · 1,234 kept');
    expect(textWidth(long.text, long.font)).toBeLessThanOrEqual(200);
    expect(fitText(['r0 · 1,234 kept', 'r0 · 1,234', 'r0'], 80, 40, 20)!.text).toBe('r0 · 1,234');
    expect(fitText(['r0 · 1,234 kept', 'r0'], 30, 40, 20)!.text).toBe('r0');
    expect(fitText(['r0'], 30, 6, 20)).toBeNull();
  });

  it('the fitted font grows with a big pane (readable from the back of a room)', () => {
    const small = flowLayout(448, 260, 1, 4).replicas[0]!;
    const big = flowLayout(1800, 700, 1, 4).replicas[0]!;
    const f = (b: Box) => fitText(['r0 · 38 kept'], b.w - 12, b.h - 4, 28)!.font;
    expect(f(small)).toBeGreaterThanOrEqual(12);
    expect(f(big)).toBeGreaterThanOrEqual(20);
  });
});

describe('event flow colours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: counts and labels on the stage and on replica boxes reach 4.5:1`, () => {
      const p = flowPalette(theme);
      expect(contrastRatio(p.text, p.stage)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.muted, p.stage)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.text, p.box)).toBeGreaterThanOrEqual(4.5);
      for (let i = 0; i < 16; i++) expect(contrastRatio(textOn(replicaColor(i, theme)), replicaColor(i, theme))).toBeGreaterThanOrEqual(4.5);
    });
  }
});
