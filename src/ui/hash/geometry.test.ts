import { describe, expect, it } from 'vitest';
import { STAGE_STRIP_WITH_AXIS, stageStripLayout } from './geometry';

describe('the hash strip fitted to a stage box in presentation mode', () => {
  it('fits every box from 72 px up, and shows the hex axis only where it fits whole', () => {
    for (let height = 72; height <= 600; height++) {
      const l = stageStripLayout(1200, height);
      expect(l.height).toBeLessThanOrEqual(Math.max(height, 72));
      expect(l.dotsHeight).toBeGreaterThanOrEqual(24);
      expect(l.noAxis).toBe(height < STAGE_STRIP_WITH_AXIS);
      // With an axis, its labels (32 px under the axis line) end inside the box.
      if (!l.noAxis) expect(l.axisTop + 32).toBeLessThanOrEqual(height);
    }
  });

  it('on a 70-px stage (six charts at 1280x720) keeps bands and dots and leaves the axis out', () => {
    const l = stageStripLayout(1200, 70);
    expect(l.noAxis).toBe(true);
    expect(l.bandHeight).toBeGreaterThanOrEqual(30);
    expect(l.dotsTop + l.dotsHeight).toBeLessThanOrEqual(70);
  });
});
