/**
 * Issue 10: a link carries the page's lifecycle parameters (issue 9: rolling upgrade, watch
 * policy, initial list, watch timeouts), so that a story step that sets them, or the state
 * left after it, reopens the same. Absent stays absent (older links read as before).
 */
import { DEFAULT_LIFECYCLE, ROLLOUT_LIMITS, type LifecycleParams, type RolloutUiParams } from './lifecycle';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const seconds = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= ROLLOUT_LIMITS.min && v <= ROLLOUT_LIMITS.max;

/** `lifecycle` of a link's parameters: undefined when absent; a field it cannot use is named and its default kept. */
export function readLifecycle(p: Record<string, unknown>, bad: (field: string) => void): LifecycleParams | undefined {
  if (!Object.prototype.hasOwnProperty.call(p, 'lifecycle')) return undefined;
  const raw = p.lifecycle;
  if (!isRecord(raw)) {
    bad('lifecycle');
    return undefined;
  }
  const d = DEFAULT_LIFECYCLE;
  const pick = <T>(k: keyof LifecycleParams, allowed: readonly T[], fallback: T): T => {
    if (!(k in raw)) return fallback;
    if ((allowed as readonly unknown[]).includes(raw[k])) return raw[k] as T;
    bad(`lifecycle.${k}`);
    return fallback;
  };
  let rollout: RolloutUiParams | null = d.rollout;
  if (raw.rollout !== undefined && raw.rollout !== null) {
    const r = raw.rollout;
    if (isRecord(r) && typeof r.gate === 'boolean' && seconds(r.at) && seconds(r.every)) rollout = { gate: r.gate, at: r.at + 0, every: r.every + 0 };
    else bad('lifecycle.rollout');
  }
  return {
    rollout,
    watchPolicy: pick('watchPolicy', ['trust-stream', 'check-locally'] as const, d.watchPolicy),
    initialList: pick('initialList', ['list', 'watch-list'] as const, d.initialList),
    watchTimeouts: pick('watchTimeouts', [true, false], d.watchTimeouts),
  };
}
