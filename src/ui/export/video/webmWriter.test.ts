import { describe, expect, it } from 'vitest';
import { readWebm } from '../../../../e2e/webm';
import { frameTimestampUs } from './schedule';
import { writeWebm, type EncodedFrame } from './webmWriter';

const frames = (n: number, keyEvery: number, bytes = 10): EncodedFrame[] =>
  Array.from({ length: n }, (_, i) => ({ data: new Uint8Array(bytes).fill(i % 251), timestampUs: frameTimestampUs(i), key: i % keyEvery === 0 }));

describe('the WebM writer of recorded stories', () => {
  it('writes a file whose size, codec, duration and block times read back', () => {
    const file = writeWebm({ codecId: 'V_VP8', width: 1920, height: 1080, fps: 30 }, frames(90, 60));
    const facts = readWebm(file);
    expect(facts.docType).toBe('webm');
    expect([facts.pixelWidth, facts.pixelHeight]).toEqual([1920, 1080]);
    expect(facts.codec).toBe('V_VP8');
    expect(facts.blockTimes).toHaveLength(90);
    expect(facts.keyframes).toBe(2);
    // Frame i at round(i * 1000 / 30) ms; the duration is the last one plus a frame.
    expect(facts.blockTimes.map((t) => Math.round(t * 1000))).toEqual(Array.from({ length: 90 }, (_, i) => Math.round((i * 1000) / 30)));
    expect(facts.duration).toBeCloseTo(2967 / 1000 + 1 / 30, 6);
  });

  it('opens a new cluster before a block would lie more than 30 s from its cluster’s time', () => {
    // 40 s without a keyframe after the first.
    const facts = readWebm(writeWebm({ codecId: 'V_VP9', width: 8, height: 8, fps: 30 }, frames(1200, 100_000, 1)));
    expect(facts.blockTimes).toHaveLength(1200);
    expect(facts.blockTimes[1199]).toBeCloseTo(39.967, 3);
    expect(facts.codec).toBe('V_VP9');
  });

  it('writes sizes past one byte of EBML length (frames of 200 kB)', () => {
    const facts = readWebm(writeWebm({ codecId: 'V_VP8', width: 1920, height: 1080, fps: 30 }, frames(3, 1, 200_000)));
    expect(facts.blockTimes).toEqual([0, 0.033, 0.067]);
  });
});
