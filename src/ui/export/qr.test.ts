import { describe, expect, it } from 'vitest';
import { makeQr } from './QrButton';

describe('QR codes of links', () => {
  it('a default-run link with a story step fits a small QR code (version 5 or lower: at most 37 modules a side)', () => {
    const qr = makeQr('https://example.github.io/shardscope/#story=resharding&step=3&s=2.q64FAA');
    expect(qr).not.toBeNull();
    expect(qr!.getModuleCount()).toBeLessThanOrEqual(37);
  });

  it('gives no code for a link longer than the largest QR code holds, instead of throwing', () => {
    expect(makeQr('https://example.org/#s=2.' + 'A'.repeat(3000))).toBeNull();
  });
});
