/**
 * Rates right after a change are measured over less than one rate window (the model takes
 * them only from samples since the change, see `SimSnapshot.settling`). These helpers turn
 * that into what the page says: whether figures are still settling, and for how long.
 */
import type { SimSnapshot } from '../sim/report';
import type { ShardScopeState } from './store';

/** What the page shows while rates settle. */
export interface SettlingView {
  /** Simulated time of the change. */
  readonly since: number;
  /** Simulated time at which the rate window is full again. */
  readonly until: number;
  /** Seconds the rates have been measured over so far. */
  readonly measuredSeconds: number;
  /** Whole simulated seconds left until steady state (at least 1 while settling). */
  readonly secondsLeft: number;
}

/** The snapshot's settling state as the page shows it, or null when rates are steady. */
export function settlingView(snapshot: SimSnapshot | null): SettlingView | null {
  const s = snapshot?.settling;
  if (!snapshot || !s) return null;
  return {
    since: s.since,
    until: s.until,
    measuredSeconds: Math.max(0, snapshot.time - s.since),
    // 1e-9: 4.000000001 s left is 4 s, not 5 (simulated times are sums of 0.01 s ticks).
    secondsLeft: Math.max(1, Math.ceil(s.until - snapshot.time - 1e-9)),
  };
}

/** Store selector: seconds until rates are steady, or null when they are (stable under `Object.is`). */
export function selectSettlingSecondsLeft(state: ShardScopeState): number | null {
  return settlingView(state.sim.snapshot)?.secondsLeft ?? null;
}

/**
 * What the rates on screen are: `none` before the run has measured any
 * time (a fresh or reset run: a rate of 0 B/s there would be a finding that was never made),
 * `paused` while the run is paused (the last window's rates, kept), `live` while it plays.
 */
export type RatesState = 'none' | 'paused' | 'live';

export function ratesState(snapshot: SimSnapshot | null, playing: boolean): RatesState {
  if (!snapshot || !(snapshot.time > 0)) return 'none';
  return playing ? 'live' : 'paused';
}

export function selectRatesState(state: ShardScopeState): RatesState {
  return ratesState(state.sim.snapshot, state.playing);
}
