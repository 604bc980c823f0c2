import { describe, expect, it } from 'vitest';
import { SLIDE_4K, SLIDE_HD, slidePlacement } from './slide';
import { vectorDotsSvg } from './toSvg';

describe('a slide of the stage', () => {
  it('scales the caption and the stage of a 1280x720 window (under a 50 px header) to fit 1920x1080, centred', () => {
    const parts = [
      { x: 0, y: 50, w: 1280, h: 110 },
      { x: 0, y: 160, w: 1280, h: 560 },
    ];
    // The union is 1280 x 670: width-bound at 1.5 (670 x 1.5 = 1005 < 1080), 37.5 px above and below.
    const p = slidePlacement(parts, SLIDE_HD)!;
    expect(p.scale).toBe(1.5);
    expect(p.x).toBe(0);
    expect(p.y).toBe((1080 - 1005) / 2 - 50 * 1.5);
    // 4K: twice the scale, the same picture.
    expect(slidePlacement(parts, SLIDE_4K)!.scale).toBe(3);
  });

  it('a tall stage is height-bound and centred across; nothing to show gives no placement', () => {
    const p = slidePlacement([{ x: 100, y: 0, w: 800, h: 900 }], SLIDE_HD)!;
    expect(p.scale).toBe(1.2);
    expect(p.x).toBe((1920 - 960) / 2 - 120);
    expect(p.y).toBe(0);
    expect(slidePlacement([], SLIDE_HD)).toBeNull();
    expect(slidePlacement([{ x: 0, y: 0, w: 0, h: 10 }], SLIDE_HD)).toBeNull();
  });
});

describe('the dots of an SVG export as vector circles', () => {
  it('writes one circle per dot, grouped by colour, at the canvas box offset; objects nobody owns as crosses', () => {
    const svg = vectorDotsSvg(
      {
        count: 4,
        x: Float32Array.from([1, 2, 3, 4, 99]),
        y: Float32Array.from([10, 20, 30, 40, 99]),
        size: 4,
        colour: Uint8Array.from([0, 1, 0, 3, 0]),
        palette: ['#0072b2', '#009e73', '#111418', '#d55e00'],
      },
      { x: 100, y: 200, w: 50, h: 50 },
      'Objects & <dots>',
    );
    expect(svg.startsWith('<g data-layer="dots"><title>Objects &amp; &lt;dots&gt;</title>')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg).toContain('<g fill="#0072b2"><circle cx="101" cy="210" r="2"/><circle cx="103" cy="230" r="2"/></g>');
    expect(svg).toContain('<g fill="#009e73"><circle cx="102" cy="220" r="2"/></g>');
    // The 5th entry is beyond `count`: not drawn. The unowned one is a cross of two strokes.
    expect(svg).not.toContain('cx="199"');
    expect(svg).toContain('<path d="M101 237L107 243M107 237L101 243" fill="none" stroke="#d55e00" stroke-width="1"/>');
  });
});
