/**
 * A duration in seconds as a clock reading, `m:ss` or `h:mm:ss`: the form the timeline, the
 * headline's "ratio at 1:30" and the CLI's progress lines share. `up` rounds up, for a moment
 * that has not yet come (a ratio settles at the end of its window, never before it); otherwise
 * the nearest second.
 */
export function clockText(seconds: number, rounding: 'up' | 'nearest' = 'nearest'): string {
  const s = rounding === 'up' ? Math.ceil(seconds - 1e-9) : Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
