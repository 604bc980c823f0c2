/**
 * The API servers' clock: when each restarts in a rolling upgrade, and the resourceVersion
 * history a resumed watch is checked against (older than the compaction window: 410 Gone).
 */
import type { SimParams } from '../params';
import { TICKS_PER_SECOND } from './clock';

export class ServerClock {
  /** Tick of each API server's restart in the rolling upgrade (-1: none). */
  restartTicks = new Float64Array(0);
  /** The cluster's resourceVersion at the start of each of the last `compactionSeconds` of ticks (410 Gone). */
  rvRing = new Float64Array(0);

  /** Restart ticks of the rolling upgrade and the compaction window, from `params`. */
  set(params: SimParams): void {
    const ro = params.apiServers.rollout;
    this.restartTicks = new Float64Array(params.apiServers.count).fill(-1);
    if (ro !== null) for (let i = 0; i < params.apiServers.count; i++) this.restartTicks[i] = Math.round((ro.at + i * ro.everySeconds) * TICKS_PER_SECOND);
    const len = params.watch.compactionSeconds > 0 ? Math.round(params.watch.compactionSeconds * TICKS_PER_SECOND) + 1 : 0;
    if (len !== this.rvRing.length) this.rvRing = new Float64Array(len);
  }

  /** The oldest resourceVersion a watch can resume from at `tick` (older: 410 Gone). */
  oldestRv(tick: number): number {
    const len = this.rvRing.length;
    if (len === 0 || tick < len - 1) return 0;
    return this.rvRing[(tick - (len - 1)) % len]!;
  }
}
