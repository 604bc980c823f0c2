/**
 * The store's parameter actions: each changes `params` (or the boundaries being dragged) and
 * asks the engine driver to apply the change. Part of `createShardScopeStore` (`store.ts`).
 * After a reshard fired, selector edits go to the running layout (`params.retyped`)
 * instead of the start layout; {@link Retyping} tracks the entry still being typed.
 */
import type { StoreApi } from 'zustand/vanilla';
import { DEFAULT_LIFECYCLE } from './lifecycle';
import { LIMITS, type SimParams } from './params';
import { equalSplitSelectors } from './selectors';
import { withObjects } from './churn';
import { retypeAt, selectRunningLayout } from './running';
import type { EngineDriver } from './engineDriver';
import type { ParamsActions, ShardScopeState } from './storeState';

/** How long after the last keystroke a typed selector is applied to the model. */
export const SELECTOR_APPLY_DELAY_MS = 350;

/**
 * Whether the last entry of `params.retyped` is being typed (not yet sent to the
 * model). Shared by the parameter actions, the engine driver (which settles it when it
 * applies) and `openLink` (which forgets it).
 */
export interface Retyping {
  pending: boolean;
  /** Before parameters are applied: a running layout typed while the model moved on applies from the model's time now. */
  settle(): void;
}

/** Creates the retyping flag of a store. */
export function createRetyping(get: StoreApi<ShardScopeState>['getState'], set: StoreApi<ShardScopeState>['setState']): Retyping {
  const retyping: Retyping = {
    pending: false,
    settle: () => {
      if (!retyping.pending) return;
      retyping.pending = false;
      const now = get().sim.snapshot?.time ?? 0;
      const list = get().params.retyped ?? [];
      const last = list[list.length - 1];
      if (last && last.at < now) set((s) => ({ params: { ...s.params, retyped: [...list.slice(0, -1), { ...last, at: now }] } }));
    },
  };
  return retyping;
}

/** What the parameter actions need of the store. */
export interface ParamsContext {
  readonly get: StoreApi<ShardScopeState>['getState'];
  readonly set: StoreApi<ShardScopeState>['setState'];
  readonly engine: Pick<EngineDriver, 'scheduleApply' | 'recount' | 'dropRecount'>;
  readonly retyping: Retyping;
}

/** The parameter actions of a store. */
export function paramsActions(ctx: ParamsContext): ParamsActions {
  const { get, set, engine, retyping } = ctx;

  const setParams = (update: (p: SimParams) => SimParams, delayMs = 0): void => {
    set((s) => ({ params: update(s.params) }));
    engine.scheduleApply(delayMs);
  };

  /**
   * After a reshard fired, the editors edit the running layout: `texts` become an
   * entry of `params.retyped` at the model's time (the entry still being typed is replaced).
   */
  const retype = (texts: readonly string[], delayMs = 0): void => {
    const running = selectRunningLayout(get());
    if (!running) return;
    setParams((p) => {
      const list = retyping.pending ? (p.retyped ?? []).slice(0, -1) : p.retyped;
      return { ...p, retyped: retypeAt(list, running.time, texts) };
    }, delayMs);
    retyping.pending = true;
  };
  /** A change of the start layout or the schedule leaves the typed running layouts behind. */
  const withoutRetyped = (p: SimParams): SimParams => {
    retyping.pending = false;
    if (p.retyped === undefined) return p;
    const { retyped: _r, ...rest } = p;
    return rest;
  };

  return {
    // A new object count scales the churn with it: each object keeps its events per second.
    setScalar: (param, value) => setParams((p) => (param === 'objects' ? withObjects(p, value) : { ...p, [param]: value })),
    setEncoding: (encoding) => setParams((p) => ({ ...p, encoding })),
    setReplicas: (n) => {
      const count = clampInt(n, LIMITS.replicas.min, LIMITS.replicas.max);
      setParams((p) => ({ ...withoutRetyped(p), replicas: count, selectors: equalSplitSelectors(count, p.shardKey) }));
    },
    setShardKey: (key) => setParams((p) => ({ ...withoutRetyped(p), shardKey: key, selectors: equalSplitSelectors(p.replicas, key) })),
    setSelector: (replica, text) => {
      const running = selectRunningLayout(get());
      if (running) {
        if (replica < 0 || replica >= running.texts.length) return;
        const texts = running.texts.slice();
        texts[replica] = text;
        retype(texts, SELECTOR_APPLY_DELAY_MS);
        return;
      }
      setParams((p) => {
        if (replica < 0 || replica >= p.selectors.length) return p;
        const selectors = p.selectors.slice();
        selectors[replica] = text;
        return { ...p, selectors };
      }, SELECTOR_APPLY_DELAY_MS);
    },
    setSelectors: (texts) => {
      const running = selectRunningLayout(get());
      if (running) {
        if (texts.length === running.texts.length) retype(texts);
        return;
      }
      setParams((p) => (texts.length === p.replicas ? { ...p, selectors: texts.slice() } : p));
    },
    resetSplit: () => {
      const running = selectRunningLayout(get());
      if (running) retype(equalSplitSelectors(running.texts.length, get().params.shardKey));
      else setParams((p) => ({ ...p, selectors: equalSplitSelectors(p.replicas, p.shardKey) }));
    },
    addScheduledEvent: (event) => setParams((p) => ({ ...withoutRetyped(p), schedule: [...p.schedule, event] })),
    removeScheduledEvent: (index) => setParams((p) => ({ ...withoutRetyped(p), schedule: p.schedule.filter((_, i) => i !== index) })),
    setApiServerCount: (n) => {
      const count = clampInt(n, LIMITS.apiServers.min, LIMITS.apiServers.max);
      setParams((p) => ({
        ...p,
        apiServers: Array.from({ length: count }, (_, i) => p.apiServers[i] ?? { gate: true }),
      }));
    },
    setGate: (server, on) =>
      setParams((p) => ({
        ...p,
        apiServers: p.apiServers.map((s, i) => (i === server ? { ...s, gate: on } : s)),
      })),
    setClientMode: (mode) => setParams((p) => ({ ...p, clientMode: mode })),
    setClient: (client) => setParams((p) => ({ ...p, client })),
    setClientCache: (style) => setParams((p) => ({ ...p, clientCache: style })),
    setLifecycle: (patch) => setParams((p) => ({ ...p, lifecycle: { ...(p.lifecycle ?? DEFAULT_LIFECYCLE), ...patch } })),
    previewSelectors: (texts) => {
      set((s) => ({ sim: { ...s.sim, draftSelectors: texts.slice() } }));
      engine.recount(texts);
    },
    commitPreview: () => {
      const draft = get().sim.draftSelectors;
      if (!draft) return;
      engine.dropRecount();
      const running = selectRunningLayout(get());
      if (running) {
        set((s) => ({ sim: { ...s.sim, draftSelectors: null, preview: null } }));
        if (draft.length === running.texts.length) retype(draft);
        return;
      }
      set((s) => ({ params: { ...s.params, selectors: draft.slice() }, sim: { ...s.sim, draftSelectors: null, preview: null } }));
      engine.scheduleApply(0);
    },
    cancelPreview: () => {
      engine.dropRecount();
      set((s) => ({ sim: { ...s.sim, draftSelectors: null, preview: null } }));
    },
  };
}

function clampInt(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(n)));
}
