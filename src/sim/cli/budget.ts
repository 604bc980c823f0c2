/**
 * A command-line run's total work, checked before it starts. Memory is
 * flat once the cluster is built; what is left to bound is time. A run is refused up front when
 * its work passes {@link MAX_RUN_WORK}, with the flags that would make it fit.
 *
 * Work is counted in objects handled by one replica in one mode (a watch event delivered, or
 * one object of a LIST), the unit the model's inner loops run at (a few nanoseconds each):
 * - every event costs {@link EVENT_OVERHEAD} such units by itself (drawing it, the hash index,
 *   the recent-events ring), then one per replica in each of the two modes;
 * - every LIST costs the pods, per replica in each mode: the first one, one per reshard, one
 *   per API server a rolling upgrade restarts (a watch resumed on a freshly restarted server
 *   may get 410 Gone), and, for a client that drops BOOKMARKs (kube-state-metrics v2.18), one
 *   per {@link TIMEOUT_SECONDS} with watch timeouts (a quiet shard's resume gets 410). A watch
 *   that ends otherwise resumes without a LIST.
 */
import { CLIENT_PROFILES, churnEventsPerSecond, churnRates } from '../params';
import type { SimParams } from '../params';
import type { LocaleId } from '../../i18n/locale';

/** The most work one run may do: about four minutes on a 2-core laptop. */
export const MAX_RUN_WORK = 40_000_000_000;
/** Work of one event before any replica sees it (measured: about 130 deliveries' worth). */
export const EVENT_OVERHEAD = 128;
/** The shortest watch timeout: at most one 410 and LIST per replica this often, for a client that drops BOOKMARKs. */
const TIMEOUT_SECONDS = 300;
const MODES = 2;

/** A run's work and what it is made of. */
export interface RunWork {
  readonly events: number;
  /** The most replicas the run has at any time (its count, or a reshard's target). */
  readonly replicas: number;
  /** LISTs per replica per mode, at most. */
  readonly lists: number;
  readonly total: number;
}

/** The work of running `p` for `seconds`. */
export function runWork(p: SimParams, seconds: number): RunWork {
  const events = churnEventsPerSecond(churnRates(p)) * seconds;
  const reshards = p.schedule.filter((e) => e.at <= seconds);
  const replicas = Math.max(p.replicas.count, ...reshards.map((e) => e.to));
  const resumesMayList = p.watch.timeouts && CLIENT_PROFILES[p.replicas.client].dropsOtherShardsBookmarks;
  const lists = 1 + reshards.length + (p.apiServers.rollout ? p.apiServers.count : 0) + (resumesMayList ? Math.floor(seconds / TIMEOUT_SECONDS) : 0);
  const total = events * (EVENT_OVERHEAD + MODES * replicas) + MODES * replicas * lists * p.cluster.pods;
  return { events, replicas, lists, total };
}

const int = (n: number) => Math.floor(n).toLocaleString('en-US');

/** `n` rounded down to two significant digits (a value to type, not a precise bound). */
function roundDown(n: number): number {
  if (n < 10) return Math.floor(n * 100) / 100;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / unit) * unit;
}

/** The largest x in [lo, hi] with fits(x), for a monotone `fits` (lo assumed to fit), or null. */
function largest(lo: number, hi: number, fits: (x: number) => boolean, integer: boolean): number | null {
  if (!fits(lo)) return null;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 60 && b - a > (integer ? 1 : 1e-3 * a); i++) {
    const mid = integer ? Math.floor((a + b) / 2) : (a + b) / 2;
    if (fits(mid)) a = mid;
    else b = mid;
  }
  return integer && fits(b) ? b : a;
}

/**
 * Null when running `p` for `seconds` fits {@link MAX_RUN_WORK}; else one line saying how much
 * work it asks for and, for each of --seconds, --replicas and --watch-timeouts, the value that
 * would fit (those that can), in English or Chinese.
 */
export function workBudgetError(p: SimParams, seconds: number, lang: LocaleId = 'en', max = MAX_RUN_WORK): string | null {
  const w = runWork(p, seconds);
  if (w.total <= max) return null;
  const fits: string[] = [];
  const s = largest(0.01, seconds, (x) => runWork(p, x).total <= max, false);
  if (s !== null && s >= 0.01) fits.push(`--seconds ${roundDown(s).toLocaleString('en-US')}`);
  // Fewer replicas helps only when no reshard of the schedule goes higher.
  if (!p.schedule.some((e) => e.at <= seconds && e.to >= p.replicas.count) && p.replicas.count > 1) {
    const r = largest(1, p.replicas.count, (x) => runWork({ ...p, replicas: { ...p.replicas, count: x } }, seconds).total <= max, true);
    if (r !== null && r < p.replicas.count) fits.push(`--replicas ${r}`);
  }
  if (p.watch.timeouts && runWork({ ...p, watch: { ...p.watch, timeouts: false } }, seconds).total <= max) fits.push('--watch-timeouts false');
  if (lang === 'zh-CN') {
    const zh = [
      `${int(w.events)} 个事件 × (${EVENT_OVERHEAD} + ${MODES} 种方式 × ${w.replicas} 个副本)`,
      `${int(p.cluster.pods)} 个 Pod × ${w.lists} 次 LIST × ${MODES} 种方式 × ${w.replicas} 个副本`,
    ];
    return (
      `这次模拟需要 ${int(w.total)} 个工作单位（${zh.join(' + ')}）；一次模拟最多 ${int(max)} 个` +
      (fits.length > 0 ? `：改用 ${fits.join('，或 ')} 即可` : '：请降低变更速率或 --seconds')
    );
  }
  const parts = [
    `${int(w.events)} events × (${EVENT_OVERHEAD} + ${MODES} modes × ${w.replicas} replicas)`,
    `${int(p.cluster.pods)} pods × ${w.lists} LIST${w.lists === 1 ? '' : 's'} × ${MODES} modes × ${w.replicas} replicas`,
  ];
  return (
    `this run asks for ${int(w.total)} units of work (${parts.join(' + ')}); a run does at most ${int(max)}` +
    (fits.length > 0 ? `: ${fits.join(', or ')} would fit` : ': lower the churn rates or --seconds')
  );
}
