/**
 * Scheduled reshards as a run meets them: firing one (each mode's hand-off from the objects
 * live now, then the new layout), the layout laid over the requested parameters, and running
 * layouts typed after a reshard (`../params/retyped`).
 */
import type { EventBatch } from '../cluster';
import { EV_ADDED, keyHashHi, keyHashLo } from '../cluster';
import type { Mode, ReshardEvent, RetypedLayout, SimParams, SimParamsInput } from '../params';
import { MODES, mergeParams, resolveParams, retypedAt, strategyFor } from '../params';
import { Handoff, layoutRanges, nextLayout } from '../time';
import type { Layout } from '../time';
import { apply, sameJson } from './apply';
import { TICKS_PER_SECOND } from './clock';
import type { Model } from './model';

/** The requested parameters with the fired reshards' layout laid over. */
export function effective(m: Model): SimParams {
  const overlay = m.layout.overlay;
  return overlay ? mergeParams(m.requested, overlay) : m.requested;
}

/**
 * Fires a reshard: each mode's hand-off is modelled from the objects live now (see
 * `../time/handoff`), and the replicas take the new layout (count, selectors, client filter).
 */
export function fire(m: Model, e: ReshardEvent): void {
  const p = m.params;
  const L = m.layout;
  const made: Record<Mode, Handoff | null> = { client: null, server: null };
  for (const mode of MODES) {
    const strategy = strategyFor(e, mode);
    // A bucket function (jump hash, mod N) reshards from the same function over `from`.
    const cur = L.layouts[mode];
    const prev: Layout = strategy === 'jump-hash' ? { kind: 'jump', n: cur.n } : strategy === 'hash-mod' ? { kind: 'mod', n: cur.n } : cur;
    const next = nextLayout(prev, strategy, e.to);
    const h = new Handoff(mode, e, strategy, prev, next, m.cluster, p);
    L.handoffs.push(h);
    made[mode] = h;
    L.handoffOpenTick = Math.max(L.handoffOpenTick, Math.ceil(h.windowEnd * TICKS_PER_SECOND));
    L.layouts[mode] = next;
  }
  const ranges = layoutRanges(L.layouts.server);
  const clientJump = L.layouts.client.kind === 'jump';
  L.overlay = {
    replicas: {
      count: e.to,
      selectors: ranges.map((r) => ({ kind: 'ranges' as const, ranges: r, key: p.replicas.key })),
      clientFilter: clientJump ? 'jump' : 'ranges',
    },
  };
  apply(m, effective(m), made);
}

/** Hands the objects created at `tick` (batch entries from `first`) to the open hand-offs. */
export function noteHandoffAdds(m: Model, batch: EventBatch, first: number, tick: number): void {
  const t = tick / TICKS_PER_SECOND;
  const c = m.cluster;
  for (const h of m.layout.handoffs) {
    if (t < h.at || t >= h.windowEnd) continue;
    const H = keyHashHi(c, h.keyIndex);
    const L = keyHashLo(c, h.keyIndex);
    for (let k = first; k < batch.length; k++) {
      if (batch.type[k] !== EV_ADDED) continue;
      const s = batch.newSlot[k]!;
      h.noteAdd(t, H[s]!, L[s]!);
    }
  }
}

/**
 * After a reshard, replicas typed anew (selectors, client filter) for the running count
 * apply to the running layout: they replace the reshard's overlay, and the requested parameters keep the
 * replica count the schedule starts from. Returns the input for the requested parameters
 * and the typed layout (null: the input does not retype the layout).
 */
export function typedLayout(m: Model, input: SimParamsInput): { rest: SimParamsInput; layout: SimParamsInput | null } {
  if (!m.layout.overlay || !input.replicas) return { rest: input, layout: null };
  const strip = (p: SimParams): SimParams => ({ ...p, schedule: [] });
  const asked = resolveParams({ ...input, schedule: [] }, strip(m.requested)).replicas;
  const was = m.requested.replicas;
  if (asked.count === was.count && asked.clientFilter === was.clientFilter && sameJson(asked.selectors, was.selectors)) return { rest: input, layout: null };
  // Only a layout of the running count retypes it; one of another count (such as the
  // start's, from a form that still holds it) leaves the reshard's layout running.
  if (asked.count !== m.params.replicas.count) return { rest: input, layout: null };
  const running = resolveParams({ replicas: input.replicas }, strip(m.params)).replicas;
  const { count: _c, selectors: _s, clientFilter: _f, ...others } = input.replicas;
  return {
    rest: { ...input, replicas: others },
    layout: { replicas: { count: running.count, selectors: running.selectors, clientFilter: running.clientFilter } },
  };
}

/**
 * Takes an input (recorded in the history) into the requested parameters and the overlay.
 * `retyped`: the run's running layouts typed after a reshard (from its base parameters).
 */
export function take(m: Model, input: SimParamsInput, retyped: readonly RetypedLayout[] | undefined): void {
  const { rest, layout } = typedLayout(m, input);
  m.requested = resolveParams(rest, m.requested);
  if (layout) m.layout.overlay = layout;
  // A running layout typed now (the input that brought it): it applies at once.
  const typed = input.retyped !== undefined ? retypedAt(retyped, m.tick, TICKS_PER_SECOND) : null;
  if (typed) retype(m, typed);
}

/**
 * Retypes the running layout with a typed entry (`../params/retyped`); false when it does not apply
 * (no reshard has fired, or it holds another count than the running one).
 */
export function retype(m: Model, e: RetypedLayout): boolean {
  if (!m.layout.overlay) return false;
  try {
    const { layout } = typedLayout(m, { replicas: { count: e.selectors.length, selectors: e.selectors.map((text) => ({ kind: 'text' as const, text })) } });
    if (!layout) return false;
    m.layout.overlay = layout;
    return true;
  } catch {
    // Checked with the parameters; a layout the model cannot take leaves the running one.
    return false;
  }
}
