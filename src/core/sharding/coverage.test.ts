import { describe, expect, it } from 'vitest';
import { analyzeCoverage } from './coverage';
import { ShardSelector } from './selector';
import type { ShardRangeRequirement } from './types';

const r = (start: string, end: string): ShardRangeRequirement => ({ key: 'object.metadata.uid', start, end });

describe('analyzeCoverage', () => {
  it('finds the gap left between two replicas\' ranges, exactly', () => {
    const report = analyzeCoverage([
      [r('0x0000000000000000', '0x4000000000000000')],
      [r('0x8000000000000000', '0x10000000000000000')],
    ]);
    expect(report.gaps).toHaveLength(1);
    expect(report.gaps[0]).toMatchObject({ start: '0x4000000000000000', end: '0x8000000000000000', size: 1n << 62n, owners: [] });
    expect(report.gapFraction).toBe(0.25);
    expect(report.overlaps).toHaveLength(0);
    expect(report.exactFraction).toBe(0.75);
  });

  it('names every owner of an overlap', () => {
    const report = analyzeCoverage([
      new ShardSelector([r('0x0000000000000000', '0x9000000000000000')]),
      new ShardSelector([r('0x8000000000000000', '0x10000000000000000')]),
    ]);
    expect(report.overlaps).toEqual([
      { start: '0x8000000000000000', end: '0x9000000000000000', size: 1n << 60n, owners: [0, 1] },
    ]);
    expect(report.overlapFraction).toBe(1 / 16);
    expect(report.gaps).toHaveLength(0);
  });

  it('counts a selector\'s own overlapping ranges once', () => {
    const report = analyzeCoverage([
      [r('0x0000000000000000', '0x9000000000000000'), r('0x8000000000000000', '0x10000000000000000')],
    ]);
    expect(report.overlaps).toHaveLength(0);
    expect(report.gaps).toHaveLength(0);
    expect(report.segments).toEqual([
      { start: '0x0000000000000000', end: '0x10000000000000000', size: 1n << 64n, owners: [0] },
    ]);
  });

  it('reports the whole space as a gap when nobody owns anything', () => {
    const report = analyzeCoverage([]);
    expect(report.gapFraction).toBe(1);
    expect(report.gaps[0]).toMatchObject({ start: '0x0000000000000000', end: '0x10000000000000000' });
  });

  it('keeps multi-range selectors (||) apart from their neighbours', () => {
    const report = analyzeCoverage([
      [r('0x0000000000000000', '0x4000000000000000'), r('0x8000000000000000', '0xc000000000000000')],
      [r('0x4000000000000000', '0x8000000000000000'), r('0xc000000000000000', '0x10000000000000000')],
    ]);
    expect(report.segments.map((s) => s.owners)).toEqual([[0], [1], [0], [1]]);
    expect(report.exactFraction).toBe(1);
  });
});
