import { describe, expect, it } from 'vitest';
import { clockText } from './clock';

describe('clockText', () => {
  it('writes m:ss below an hour and h:mm:ss from an hour on', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(59)).toBe('0:59');
    expect(clockText(60)).toBe('1:00');
    expect(clockText(3599)).toBe('59:59');
    expect(clockText(3600)).toBe('1:00:00');
    expect(clockText(3661)).toBe('1:01:01');
  });

  it('rounds to the nearest second, or up for a moment still ahead', () => {
    expect(clockText(89.4)).toBe('1:29');
    expect(clockText(89.5)).toBe('1:30');
    expect(clockText(89.01, 'up')).toBe('1:30');
    expect(clockText(90, 'up')).toBe('1:30');
    // A float a hair above a whole second is that second, not the next one.
    expect(clockText(90 + 1e-12, 'up')).toBe('1:30');
  });
});
