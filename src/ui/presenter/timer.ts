/**
 * The presenter view's talk timer: start, pause and reset, as plain data
 * over a clock the caller reads (`performance.now()` in the page, numbers in tests).
 */
export interface TalkTimer {
  /** Milliseconds counted before the current run. */
  readonly banked: number;
  /** When the current run started (the caller's clock, ms), or null while paused. */
  readonly since: number | null;
}

export const STOPPED: TalkTimer = { banked: 0, since: null };

/** Milliseconds on the timer at `now`. */
export function elapsed(t: TalkTimer, now: number): number {
  return t.banked + (t.since === null ? 0 : Math.max(0, now - t.since));
}

/** Starts a paused timer, or pauses a running one, at `now`. */
export function toggle(t: TalkTimer, now: number): TalkTimer {
  return t.since === null ? { banked: t.banked, since: now } : { banked: elapsed(t, now), since: null };
}

/** `h:mm:ss` past an hour, else `mm:ss`, of whole seconds. */
export function timerText(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h > 0 ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}
