/**
 * The schedule of a run: events at fixed simulated times (`SimParams.schedule`). A discriminated
 * union on `kind`, so new kinds slot in beside `reshard` with their own validation.
 *
 * A reshard changes the replica count from the count at that time (`from`) to `to`, with a
 * strategy and a rollout:
 * - strategies: `equal-ranges` and `range-splitting` are hash ranges, so both modes can use
 *   them; `jump-hash` and `hash-mod` are client-side only (their buckets are not hash ranges,
 *   so no `shardRange()` selector expresses them). With a client-side-only strategy the
 *   server-side mode re-splits with `serverStrategy` (default `equal-ranges`).
 * - rollouts: `all-at-once`; `one-by-one` every `everySeconds` (a StatefulSet rolling restart:
 *   added replicas first, then the others from the highest index down, each restarts its
 *   informer, break before make); `new-first` (added replicas start and sync first, then the
 *   others switch their selector, every `everySeconds` or together, keeping the old informer
 *   until the new one has synced: make before break).
 */
import type { ParamIssue, RangeStrategy, ReshardEvent, ReshardRollout, ReshardStrategy, ScheduledEvent } from './types';
import { preview } from './preview';

/** The kinds, for messages. */
export const EVENT_KINDS: readonly ScheduledEvent['kind'][] = ['reshard'];
/** Rollout kinds, for messages and forms. */
export const ROLLOUT_KINDS: readonly ReshardRollout['kind'][] = ['all-at-once', 'one-by-one', 'new-first'];
/** Strategies a shardRange selector can express. */
export const RANGE_STRATEGIES: readonly RangeStrategy[] = ['equal-ranges', 'range-splitting'];
const ALL_STRATEGIES: readonly ReshardStrategy[] = ['equal-ranges', 'range-splitting', 'jump-hash', 'hash-mod'];

/** Why jump hash and mod N stay client-side: said wherever the choice is made. */
export const CLIENT_ONLY_REASON =
  'jump hash and mod N are client-side only: their buckets are not hash ranges, so a shardRange() selector cannot express them';

/** Latest time an event may be scheduled at. */
export const MAX_EVENT_SECONDS = 86_400;
/** Most events a schedule holds. */
export const MAX_EVENTS = 64;

/** The strategy each mode uses for a reshard. */
export function strategyFor(e: ReshardEvent, mode: 'client' | 'server'): ReshardStrategy {
  if (mode === 'client') return e.strategy;
  return isRangeStrategy(e.strategy) ? e.strategy : (e.serverStrategy ?? 'equal-ranges');
}

export function isRangeStrategy(s: unknown): s is RangeStrategy {
  return s === 'equal-ranges' || s === 'range-splitting';
}

/** Events in the order they fire: by time, then as listed. */
export function ordered(schedule: readonly ScheduledEvent[]): ScheduledEvent[] {
  return schedule.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e);
}

/** The replica count before each event (in schedule order), starting from `initial`. */
export function replicaCountsBefore(schedule: readonly ScheduledEvent[], initial: number): number[] {
  const order = schedule.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i);
  const out = new Array<number>(schedule.length).fill(initial);
  let n = initial;
  for (const { e, i } of order) {
    out[i] = n;
    if (e.kind === 'reshard') n = e.to;
  }
  return out;
}

function show(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(v);
  return preview(v);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks a schedule; every issue names its path (`schedule[0].rollout.everySeconds`).
 * `replicas` is the replica count at the start (to know each reshard's `from`).
 */
export function checkSchedule(schedule: unknown, replicas: number, path = 'schedule'): ParamIssue[] {
  const issues: ParamIssue[] = [];
  if (!Array.isArray(schedule)) {
    issues.push({ path, message: `${path} must be an array of events, got ${show(schedule)}` });
    return issues;
  }
  if (schedule.length > MAX_EVENTS) {
    issues.push({ path, max: MAX_EVENTS, message: `${path} holds ${schedule.length} events; at most ${MAX_EVENTS}` });
    return issues;
  }
  const num = (p: string, v: unknown, min: number, max: number, integer: boolean): boolean => {
    if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < min || v > max) {
      issues.push({ path: p, min, max, message: `${p} must be ${integer ? 'an integer' : 'a number'} from ${show(min)} to ${show(max)}, got ${show(v)}` });
      return false;
    }
    return true;
  };
  schedule.forEach((raw, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(raw)) {
      issues.push({ path: at, message: `${at} must be an object such as {"kind": "reshard", ...}, got ${show(raw)}` });
      return;
    }
    if (raw.kind !== 'reshard') {
      issues.push({ path: `${at}.kind`, message: `${at}.kind must be one of ${EVENT_KINDS.map((k) => `'${k}'`).join(', ')}, got ${show(raw.kind)}` });
      return;
    }
    num(`${at}.at`, raw.at, 0, MAX_EVENT_SECONDS, false);
    num(`${at}.to`, raw.to, 1, 64, true);
    if (typeof raw.strategy !== 'string' || !(ALL_STRATEGIES as readonly string[]).includes(raw.strategy)) {
      issues.push({ path: `${at}.strategy`, message: `${at}.strategy must be one of ${ALL_STRATEGIES.map((s) => `'${s}'`).join(', ')}, got ${show(raw.strategy)}` });
    }
    if (raw.serverStrategy !== undefined && !isRangeStrategy(raw.serverStrategy)) {
      issues.push({
        path: `${at}.serverStrategy`,
        message: `${at}.serverStrategy must be 'equal-ranges' or 'range-splitting', got ${show(raw.serverStrategy)}: ${CLIENT_ONLY_REASON}`,
      });
    }
    const r = raw.rollout;
    if (!isObject(r)) {
      issues.push({ path: `${at}.rollout`, message: `${at}.rollout must be an object such as {"kind": "all-at-once"}, got ${show(r)}` });
    } else if (r.kind === 'one-by-one') {
      num(`${at}.rollout.everySeconds`, r.everySeconds, 0.01, 3_600, false);
    } else if (r.kind === 'new-first') {
      if (r.everySeconds !== undefined) num(`${at}.rollout.everySeconds`, r.everySeconds, 0, 3_600, false);
    } else if (r.kind !== 'all-at-once') {
      issues.push({ path: `${at}.rollout.kind`, message: `${at}.rollout.kind must be one of ${ROLLOUT_KINDS.map((k) => `'${k}'`).join(', ')}, got ${show(r.kind)}` });
    }
  });
  if (issues.length === 0 && Number.isInteger(replicas)) {
    const froms = replicaCountsBefore(schedule as ScheduledEvent[], replicas);
    (schedule as ScheduledEvent[]).forEach((e, i) => {
      if (e.kind === 'reshard' && e.to === froms[i]) {
        issues.push({ path: `${path}[${i}].to`, message: `${path}[${i}].to is ${e.to}, the replica count at ${show(e.at)} s already: a reshard changes the count` });
      }
    });
  }
  return issues;
}
