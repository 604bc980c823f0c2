/**
 * The API servers' clock: when each restarts in a rolling upgrade and when it serves again,
 * and the stream's resourceVersion one history window ago (what the watch caches' window
 * follows: see `../apiserver/watchcache`).
 */
import { maxCapacity } from '../apiserver';
import type { SimParams } from '../params';
import { TICKS_PER_SECOND } from './clock';

export class ServerClock {
  /** Tick of each API server's restart in the rolling upgrade (-1: none). */
  restartTicks = new Float64Array(0);
  /** Ticks a restarting server is away. */
  downTicks = 0;
  /** The cluster's resourceVersion at the start of each tick of the last history window. */
  rvRing = new Float64Array(0);
  /** The watch cache's largest capacity for the history window. */
  maxEvents = 0;

  /** Restart ticks of the rolling upgrade and the history window, from `params`. */
  set(params: SimParams): void {
    const ro = params.apiServers.rollout;
    this.restartTicks = new Float64Array(params.apiServers.count).fill(-1);
    if (ro !== null) for (let i = 0; i < params.apiServers.count; i++) this.restartTicks[i] = Math.round((ro.at + i * ro.everySeconds) * TICKS_PER_SECOND);
    this.downTicks = Math.round(params.apiServers.restartSeconds * TICKS_PER_SECOND);
    const len = Math.round(params.watch.historySeconds * TICKS_PER_SECOND) + 1;
    if (len !== this.rvRing.length) this.rvRing = new Float64Array(len);
    this.maxEvents = maxCapacity(params.watch.historySeconds);
  }

  /** Records the resourceVersion at the start of `tick`. */
  record(tick: number, rv: number): void {
    this.rvRing[tick % this.rvRing.length] = rv;
  }

  /** The resourceVersion one history window before `tick` (0 before the run has been that long). */
  freshRv(tick: number): number {
    const len = this.rvRing.length;
    if (tick < len - 1) return 0;
    return this.rvRing[(tick - (len - 1)) % len]!;
  }
}
