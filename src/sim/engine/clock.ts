/**
 * Simulated time: fixed ticks, so a run depends only on its parameters and how far it has
 * gone, never on how the caller slices `step()` calls (stepping back is replaying to an
 * earlier tick).
 */

/** Simulated seconds per tick: the granularity of events, retries and samples. */
export const TICK_SECONDS = 0.01;
/** Ticks per simulated second (exact integer arithmetic on time). */
export const TICKS_PER_SECOND = 100;
