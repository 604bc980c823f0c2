/**
 * Totals become rates over simulated time: a ring of samples of cumulative counters taken at
 * fixed simulated times, and rates as differences over a trailing window. Fixed sample times
 * keep charts independent of how often the UI calls `step()`.
 */

/** A fixed-capacity ring of (time, vector) samples. */
export class SampleRing {
  private readonly times: Float64Array;
  private readonly data: Float64Array;
  private start = 0;
  /** Samples held. */
  length = 0;

  constructor(
    readonly width: number,
    readonly capacity: number,
  ) {
    this.times = new Float64Array(capacity);
    this.data = new Float64Array(capacity * width);
  }

  /** Appends a sample, dropping the oldest when full. */
  push(t: number, vec: Float64Array): void {
    const i = (this.start + this.length) % this.capacity;
    this.times[i] = t;
    this.data.set(vec.subarray(0, this.width), i * this.width);
    if (this.length < this.capacity) this.length++;
    else this.start = (this.start + 1) % this.capacity;
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
  }

  /** Time of the k-th sample (0 = oldest). */
  time(k: number): number {
    return this.times[(this.start + k) % this.capacity]!;
  }

  /** Value of `field` in the k-th sample. */
  value(k: number, field: number): number {
    return this.data[((this.start + k) % this.capacity) * this.width + field]!;
  }

  /** The newest sample index whose time is <= t, or 0 (the oldest) if none. */
  indexAtOrBefore(t: number): number {
    let a = 0;
    let b = this.length - 1;
    if (b < 0 || this.time(0) > t) return 0;
    while (a < b) {
      const m = (a + b + 1) >>> 1;
      if (this.time(m) <= t) a = m;
      else b = m - 1;
    }
    return a;
  }

  /**
   * Per-second rate of `field` from the sample `window` seconds before `now` to the current
   * value `current`, but never from a sample older than `since` (the last change): rates
   * then measure only what flowed since. The caller takes a sample right after each change,
   * so the newest sample at or before `since` is that one. Zero when no time has passed.
   */
  rate(field: number, now: number, current: number, window: number, since = -Infinity): number {
    if (this.length === 0) return 0;
    const j = this.indexAtOrBefore(Math.max(now - window, since));
    const dt = now - this.time(j);
    return dt > 1e-12 ? (current - this.value(j, field)) / dt : 0;
  }

  /** Rate of `field` at each sample over the trailing window (oldest sample first). */
  rateSeries(field: number, window: number): number[] {
    const out = new Array<number>(this.length);
    let j = 0;
    for (let k = 0; k < this.length; k++) {
      const t = this.time(k);
      while (j + 1 < k && this.time(j + 1) <= t - window) j++;
      const dt = t - this.time(j);
      out[k] = dt > 1e-12 ? (this.value(k, field) - this.value(j, field)) / dt : 0;
    }
    // The very first sample has no earlier one: show the next sample's rate rather than 0.
    if (out.length > 1) out[0] = out[1]!;
    return out;
  }

  /** Raw values of `field` (oldest first). */
  valueSeries(field: number): number[] {
    const out = new Array<number>(this.length);
    for (let k = 0; k < this.length; k++) out[k] = this.value(k, field);
    return out;
  }

  timeSeries(): number[] {
    const out = new Array<number>(this.length);
    for (let k = 0; k < this.length; k++) out[k] = this.time(k);
    return out;
  }
}
