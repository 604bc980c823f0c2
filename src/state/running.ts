/**
 * The running layout after a reshard. Once a scheduled reshard has fired, the
 * replicas run its layout (its count and selectors), not the start layout `params.selectors`
 * describes. The replica editors then show and edit the running layout: an edit becomes an
 * entry of `params.retyped` ("from now, the running replicas send these selectors"), which
 * the model applies at once and again whenever the run passes that time (after a step back,
 * or from a link). Before the reshard time the editors show and edit the start layout again.
 */
import type { SimSnapshot } from '../sim';
import { ordered } from '../sim/params';
import { type ScheduledEvent } from '../sim/params';
import type { RetypedLayout } from '../sim/params';
import type { SimParams } from './params';

/** The replicas running at `at` seconds: the count of the last reshard before it, or null when none has fired by then. */
export function runningCountAt(schedule: readonly ScheduledEvent[], at: number): number | null {
  let n: number | null = null;
  for (const e of ordered(schedule)) if (e.kind === 'reshard' && e.at < at) n = e.to;
  return n;
}

/** What the replica editors edit after a reshard. */
export interface RunningLayout {
  /** Simulated seconds of the reshard whose layout runs. */
  readonly reshardAt: number;
  /** Simulated seconds now. */
  readonly time: number;
  /** One selector text per running replica: the last one typed, else what each replica sends. */
  readonly texts: readonly string[];
}

let memo: { snapshot: SimSnapshot; retyped: SimParams['retyped']; out: RunningLayout | null } | null = null;

/**
 * The running layout, or null while no reshard has fired (the editors edit the start layout).
 * The same object for the same snapshot and typed entries, so it is a stable store selector.
 */
export function selectRunningLayout(s: { readonly params: SimParams; readonly sim: { readonly snapshot: SimSnapshot | null } }): RunningLayout | null {
  const snapshot = s.sim.snapshot;
  if (!snapshot) return null;
  const retyped = s.params.retyped;
  if (memo && memo.snapshot === snapshot && memo.retyped === retyped) return memo.out;
  let out = runningLayoutOf(snapshot, retyped);
  // The same texts keep the same array, so what derives from them is not derived again every step.
  const was = memo?.out?.texts;
  if (out && was && was.length === out.texts.length && was.every((t, i) => t === out!.texts[i])) out = { ...out, texts: was };
  memo = { snapshot, retyped, out };
  return out;
}

function runningLayoutOf(snapshot: SimSnapshot, retyped: readonly RetypedLayout[] | undefined): RunningLayout | null {
  const reshards = snapshot.handoff.reshards;
  if (reshards.length === 0) return null;
  const reshardAt = reshards[reshards.length - 1]!.at;
  const replicas = snapshot.modes.server.replicas;
  // The newest entry typed for this layout by now (it may not be applied yet: typing is debounced).
  const typed = [...(retyped ?? [])].reverse().find((e) => e.at > reshardAt && e.at <= snapshot.time + 1e-9 && e.selectors.length === replicas.length);
  return { reshardAt, time: snapshot.time, texts: typed ? typed.selectors : replicas.map((r) => r.selectorSent ?? '') };
}

/**
 * `retyped` with `texts` typed at `at`: entries after `at` are dropped (typing after a step
 * back rewrites the future, as any change does), one at `at` is replaced.
 */
export function retypeAt(retyped: readonly RetypedLayout[] | undefined, at: number, texts: readonly string[]): RetypedLayout[] {
  return [...(retyped ?? []).filter((e) => e.at < at), { at, selectors: texts.slice() }];
}
