/**
 * The one store of ShardScope: a vanilla zustand store (usable without React, in tests and,
 * later, by scenario scripts), built by {@link createShardScopeStore} from an initial state
 * and three slices: parameters, view, and simulation summaries.
 *
 * The store holds parameters, summaries and version counters. The large data (hash positions
 * and owners of up to 1,000,000 objects, recent events) lives in `store.data`, beside the
 * state, and the versions say when it changed so painters know when to repaint.
 */
import { DEFAULT_LIFECYCLE, type LifecycleParams } from './lifecycle';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HashSpaceView, OwnershipRecount, RecentEvent, SimSnapshot } from '../sim';
import type { ScheduledEvent } from '../sim/scenario';
import type { ShardKey } from '../core/sharding';
import { EngineFellBackError, type EngineFallback, type EngineFrame, type FrameRequest, type SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import { mainThreadExcess, type BudgetExcess } from './budget';
import { defaultSimParams, defaultViewParams, STEP_SECONDS } from './defaults';
import { LIMITS, SPEEDS, type ClientCache, type ClientMode, type Encoding, type SimParams, type ViewParams } from './params';
import { equalSplitSelectors, parseSelectorText } from './selectors';
import type { LinkIssue, LinkState, LinkTooLong } from './link';
import { toSimInput } from './toSim';
import { retypeAt, selectRunningLayout } from './running';

/** Parameters that are a single number set by one control. */
export type ScalarParam =
  | 'seed'
  | 'objects'
  | 'namespaces'
  | 'namespaceSkew'
  | 'objectBytes'
  | 'addedPerSec'
  | 'modifiedPerSec'
  | 'deletedPerSec'
  | 'bookmarkEverySec';

/** The simulation's state as the UI sees it: summaries and versions, never per-object data. */
export interface SimSlice {
  /** `loading` until the first frame arrives; `error` when the engine failed. */
  readonly status: 'loading' | 'ready' | 'error';
  /** The model's message when it refused parameters or stopped. */
  readonly error: string | null;
  /** The parameters the running model has accepted (the last good state). */
  readonly applied: SimParams | null;
  readonly snapshot: SimSnapshot | null;
  /** Increments with every new snapshot. */
  readonly version: number;
  /** Increments when `store.data.hashSpace` is replaced. */
  readonly hashVersion: number;
  /** Increments when events are appended to `store.data.events`. */
  readonly eventsVersion: number;
  /** Ownership under the boundaries being dragged (before they are applied), or null. */
  readonly preview: OwnershipRecount | null;
  /** Selector texts while a boundary is being dragged, or null. */
  readonly draftSelectors: readonly string[] | null;
  /** Parameters are being applied (a large cluster takes seconds to generate). */
  readonly busy: boolean;
  /**
   * Simulated seconds a step back in flight goes to when no checkpoint is left that far back
   * (it replays from the start: seconds at a million objects), else null.
   */
  readonly replayingTo: number | null;
  /** Where the model runs, once an engine exists. */
  readonly engine: SimEngine['kind'] | null;
  /** Why the model runs on the page's thread although a worker was wanted (then limits apply). */
  readonly fallback: EngineFallback | null;
}

export interface ParamsActions {
  setScalar(param: ScalarParam, value: number): void;
  setEncoding(encoding: Encoding): void;
  /** Changes the replica count; every replica gets its share of an equal split. */
  setReplicas(n: number): void;
  /** Changes the shard key; every replica gets its share of an equal split on that key. */
  setShardKey(key: ShardKey): void;
  /** Sets one replica's selector text as typed (applied to the model after a pause in typing). */
  setSelector(replica: number, text: string): void;
  /** Replaces all selector texts at once and applies them. */
  setSelectors(texts: readonly string[]): void;
  resetSplit(): void;
  setApiServerCount(n: number): void;
  setGate(server: number, on: boolean): void;
  setClientMode(mode: ClientMode): void;
  setFallback(on: boolean): void;
  /** What the replicas' informer caches hold (issue 7: memory). */
  setClientCache(style: ClientCache): void;
  /** issue 9: changes the rollout, watch policy, initial list or watch timeouts. */
  setLifecycle(patch: Partial<LifecycleParams>): void;
  /** Shows selectors being dragged: counts follow at once, the model is not yet changed. */
  previewSelectors(texts: readonly string[]): void;
  /** Applies the dragged selectors (pointer released, or keyboard idle). */
  commitPreview(): void;
  cancelPreview(): void;
  /** Issue 9: adds an event to the run's schedule (the model replays the run under it). */
  addScheduledEvent(event: ScheduledEvent): void;
  /** Issue 9: removes the schedule's event at `index`. */
  removeScheduledEvent(index: number): void;
}

export interface ViewActions {
  setPlaying(playing: boolean): void;
  togglePlay(): void;
  /** One step forward (or back with -1) of {@link STEP_SECONDS}. */
  step(direction?: 1 | -1): void;
  setSpeed(speed: number): void;
  faster(): void;
  slower(): void;
  setView(view: ViewParams['view']): void;
  setDotOwners(owners: ViewParams['dotOwners']): void;
  setTheme(theme: ViewParams['theme']): void;
  /** Issue 10: switches the projector layout on or off. */
  setPresentation(on: boolean): void;
  togglePresentation(): void;
  /** Switches the page's language; the run goes on untouched (issue 11). */
  setLocale(locale: ViewParams['locale']): void;
  setHelpOpen(open: boolean): void;
  toggleHelp(): void;
  /** Issue 9: goes to simulated time `t` (the timeline); clicks queued behind a busy engine collapse into the last one. */
  seekTo(t: number): void;
}

export interface SimActions {
  /** Starts the model with the current parameters (called once by the app, or by tests). */
  start(): Promise<void>;
  /** Advances the play loop: called once per animation frame with the wall-clock time in ms. */
  tick(nowMs: number): void;
  /** Resolves when every queued engine call has been answered (for tests). */
  idle(): Promise<void>;
  dispose(): void;
}

/** Issue 8: what the page says about links (the URL sync in `urlSync.ts` keeps it). */
export interface LinkSlice {
  /** What the last opened link could not use (empty: all of it was used). */
  readonly issues: readonly LinkIssue[];
  /** Increments each time a link is opened, so a dismissed notice shows again for the next one. */
  readonly opened: number;
  /** The current state does not fit in a link (the address bar keeps the last one that did). */
  readonly tooLong: LinkTooLong | null;
}

export interface LinkActions {
  /**
   * Opens a link's state (null: an unreadable link, so the default run) and records what it
   * could not use. The view keeps the page's language.
   */
  openLink(state: LinkState | null, issues: readonly LinkIssue[]): void;
  setLinkTooLong(tooLong: LinkTooLong | null): void;
}

/** Issue 10: the guided story shown (its id and 1-based step), set by `src/stories/controller.ts`. */
export interface StoryPlace {
  readonly id: string;
  readonly step: number;
}

export interface StoryActions {
  /** Marks a story step as shown (null: free play). The step's state is applied by the caller. */
  setStory(place: StoryPlace | null): void;
}

export interface ShardScopeState extends ParamsActions, ViewActions, SimActions, LinkActions, StoryActions {
  readonly params: SimParams;
  readonly view: ViewParams;
  readonly playing: boolean;
  readonly helpOpen: boolean;
  readonly sim: SimSlice;
  readonly link: LinkSlice;
  /** Issue 10: the story step shown, or null in free play. */
  readonly story: StoryPlace | null;
  /** Issue 10: a story is active (its keys apply; the help dialog lists them). */
  readonly storyActive: boolean;
}

/** Large data beside the store; versions in `state.sim` say when it changed. */
export interface SimData {
  /** Sorted positions and owners of every live object, or null before the first frame. */
  hashSpace: HashSpaceView | null;
  /** Recent events of the shared stream, newest last (bounded). */
  events: RecentEvent[];
  /** Events appended to `events` since the start (readers keep their own mark). */
  eventsAppended: number;
  /** The engine in use (local or worker). */
  engine: SimEngine | null;
}

export type ShardScopeStore = StoreApi<ShardScopeState> & { readonly data: SimData };

/** How a store gets its engine: by parameters, so large clusters can move to a worker. */
export type EngineFactory = (params: SimParams) => SimEngine;

export interface ShardScopeOptions {
  readonly params?: SimParams;
  readonly view?: ViewParams;
  /** What the link the page was opened with could not use. */
  readonly linkIssues?: readonly LinkIssue[];
  /** Defaults to the model on the main thread. The app passes one that uses a worker for large clusters. */
  readonly engineFactory?: EngineFactory;
  /** Which engine kind parameters need; a change of kind re-creates the model. */
  readonly engineKind?: (params: SimParams) => 'local' | 'worker';
  /** Timers, injectable for tests. */
  readonly setTimeout?: (fn: () => void, ms: number) => unknown;
  readonly clearTimeout?: (handle: unknown) => void;
  /** Above this many live objects, hash-space arrays are refreshed at most this often (ms). */
  readonly hashRefreshMs?: number;
}

/** How long after the last keystroke a typed selector is applied to the model. */
export const SELECTOR_APPLY_DELAY_MS = 350;
const EVENTS_KEPT = 256;
const EVENTS_PER_FRAME = 48;
/** Up to this many objects the hash-space arrays are refreshed with every step. */
const HASH_EVERY_STEP_LIMIT = 200_000;

/** The initial state's data part (without actions), for tests and resets. */
export function initialSimSlice(): SimSlice {
  return {
    status: 'loading',
    error: null,
    applied: null,
    snapshot: null,
    version: 0,
    hashVersion: 0,
    eventsVersion: 0,
    preview: null,
    draftSelectors: null,
    busy: false,
    replayingTo: null,
    engine: null,
    fallback: null,
  };
}

/**
 * Why the state does not fit the page's own thread, or null: only when the model runs there
 * as a fallback (see `budget.ts`). The store refuses to play (or grow) such a run, and the
 * page says why.
 */
export function budgetExcessOf(s: Pick<ShardScopeState, 'params' | 'view' | 'sim'>): BudgetExcess | null {
  if (!s.sim.fallback) return null;
  return mainThreadExcess(s.params, s.view.speed, s.sim.snapshot?.cluster.live ?? null);
}

/** Creates a store, with its engine not yet started (call `start()`). */
export function createShardScopeStore(options: ShardScopeOptions = {}): ShardScopeStore {
  const engineFactory = options.engineFactory ?? (() => createLocalEngine());
  const engineKind = options.engineKind ?? (() => 'local' as const);
  const setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  // Above HASH_EVERY_STEP_LIMIT objects the arrays are refreshed a few times a second only:
  // the model keeps them up to date (a refresh at 1,000,000 objects is ~10 ms of copying), but
  // each is 10 MB to move and repaint, and the dots barely move between two steps anyway.
  const hashRefreshMs = options.hashRefreshMs ?? 500;
  const data: SimData = { hashSpace: null, events: [], eventsAppended: 0, engine: null };

  // Engine traffic is serialised through one queue: a reconfiguration waits for the step in
  // flight, and steps are skipped (not queued) while the engine is busy, so a slow model
  // slows the animation down instead of building a backlog.
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let applyTimer: unknown = null;
  let applyPending = false;
  let lastTick: number | null = null;
  let owed = 0;
  let lastHashFetch = -Infinity;
  let nowMs = 0;
  let disposed = false;
  let recountBusy = false;
  let recountNext: readonly string[] | null = null;
  let started = false;
  /** The engine kind asked for when the engine was made (it may have fallen back since). */
  let engineWanted: SimEngine['kind'] | null = null;
  /** Whether the engine holds a model yet (a refused or failed create leaves it empty). */
  let built = false;
  /** Issue 9: the last entry of `params.retyped` is being typed (not yet sent to the model). */
  let retypePending = false;

  // A step back is a seek, which replays the run from its start: costly late in a run. A step
  // back queued behind another engine call (and not yet started) absorbs the presses that
  // follow it, so a burst of presses runs one seek to the last target, not one per press.
  let pendingSeek: { seconds: number } | null = null;
  let lastQueued: unknown = null;

  const enqueue = (job: () => Promise<void>, token: unknown = job): Promise<void> => {
    inFlight++;
    lastQueued = token;
    chain = chain.then(job).catch(() => undefined).finally(() => inFlight--);
    return chain;
  };

  const frameRequest = (force: boolean): FrameRequest => {
    const live = store.getState().sim.snapshot?.cluster.live ?? 0;
    const wantHash = force || live <= HASH_EVERY_STEP_LIMIT || nowMs - lastHashFetch >= hashRefreshMs;
    if (wantHash) lastHashFetch = nowMs;
    return { hashSpace: wantHash, events: EVENTS_PER_FRAME };
  };

  const applyFrame = (frame: EngineFrame, applied?: SimParams): void => {
    if (disposed) return;
    if (frame.hashSpace) data.hashSpace = frame.hashSpace;
    if (frame.events.length > 0) {
      data.events.push(...frame.events);
      data.eventsAppended += frame.events.length;
      if (data.events.length > EVENTS_KEPT) data.events.splice(0, data.events.length - EVENTS_KEPT);
    }
    store.setState((s) => ({
      sim: {
        ...s.sim,
        status: 'ready',
        error: applied ? null : s.sim.error,
        applied: applied ?? s.sim.applied,
        snapshot: frame.snapshot,
        version: s.sim.version + 1,
        hashVersion: frame.hashSpace ? s.sim.hashVersion + 1 : s.sim.hashVersion,
        eventsVersion: frame.events.length > 0 ? s.sim.eventsVersion + 1 : s.sim.eventsVersion,
      },
    }));
  };

  const fail = (e: unknown): void => {
    const message = e instanceof Error ? e.message : String(e);
    store.setState((s) => ({ sim: { ...s.sim, status: s.sim.snapshot ? 'ready' : 'error', error: message } }));
  };

  /** Records where the model runs; false when the parameters are too large for it to run there. */
  const admitted = (): boolean => {
    const engine = data.engine;
    store.setState((s) => ({ sim: { ...s.sim, engine: engine?.kind ?? null, fallback: engine?.fallback ?? null } }));
    if (budgetExcessOf(store.getState())?.kind !== 'objects') return true;
    // On the page's thread a cluster this large would block it: keep the last good model.
    store.setState({ playing: false });
    return false;
  };

  /** Sends the current parameters to the model (creating it, or moving it to another engine). */
  const apply = (): Promise<void> =>
    enqueue(async () => {
      applyPending = false;
      if (retypePending) {
        // Issue 9: a running layout typed while the model moved on applies from the model's time now.
        retypePending = false;
        const now = store.getState().sim.snapshot?.time ?? 0;
        const list = store.getState().params.retyped ?? [];
        const last = list[list.length - 1];
        if (last && last.at < now) store.setState((s) => ({ params: { ...s.params, retyped: [...list.slice(0, -1), { ...last, at: now }] } }));
      }
      const params = store.getState().params;
      store.setState((s) => ({ sim: { ...s.sim, busy: true } }));
      const kind = engineKind(params);
      try {
        if (!data.engine || engineWanted !== kind) {
          data.engine?.dispose();
          data.engine = engineFactory(params);
          engineWanted = kind;
          built = false;
          data.events = [];
        }
        if (!admitted()) return;
        if (!built) {
          let frame: EngineFrame;
          try {
            frame = await data.engine.create(toSimInput(params), frameRequest(true));
          } catch (e) {
            // The worker could not start: the model now runs on the page's thread, if it fits.
            if (!(e instanceof EngineFellBackError)) throw e;
            if (!admitted()) return;
            frame = await data.engine.create(toSimInput(params), frameRequest(true));
          }
          built = true;
          applyFrame(frame, params);
        } else {
          const frame = await data.engine.reconfigure(toSimInput(params), frameRequest(true));
          applyFrame(frame, params);
        }
      } catch (e) {
        // The model refused: it keeps running with the last good parameters.
        fail(e);
      } finally {
        store.setState((s) => ({ sim: { ...s.sim, busy: false } }));
      }
    });

  const scheduleApply = (delayMs = 0): void => {
    // Before start() parameters are only recorded; start() applies them all at once.
    if (!started) return;
    applyPending = true;
    if (applyTimer !== null) clearTimer(applyTimer);
    applyTimer = null;
    if (delayMs <= 0) {
      void apply();
      return;
    }
    applyTimer = setTimer(() => {
      applyTimer = null;
      void apply();
    }, delayMs);
  };
  const stepBy = (seconds: number): void => {
    if (!data.engine || applyPending) return;
    if (seconds < 0 && pendingSeek !== null && lastQueued === pendingSeek) {
      pendingSeek.seconds += seconds;
      return;
    }
    const seek = seconds < 0 ? { seconds } : null;
    pendingSeek = seek;
    void enqueue(async () => {
      if (seek && pendingSeek === seek) pendingSeek = null;
      if (!data.engine) return;
      const by = seek ? seek.seconds : seconds;
      const slow = seek ? replayFromStart((store.getState().sim.snapshot?.time ?? 0) + by) : false;
      try {
        applyFrame(await data.engine.step(by, frameRequest(false)));
      } catch (e) {
        fail(e);
        store.setState({ playing: false });
      } finally {
        if (slow) store.setState((s) => ({ sim: { ...s.sim, replayingTo: null } }));
      }
    }, seek ?? undefined);
  };

  let pendingTarget: { t: number } | null = null;
  const seekTo = (t: number): void => {
    if (!data.engine || applyPending || !Number.isFinite(t)) return;
    if (pendingTarget !== null && lastQueued === pendingTarget) {
      pendingTarget.t = t;
      return;
    }
    const target = { t: Math.max(0, t) };
    pendingTarget = target;
    void enqueue(async () => {
      if (pendingTarget === target) pendingTarget = null;
      if (!data.engine) return;
      const now = store.getState().sim.snapshot?.time ?? 0;
      const slow = target.t < now && replayFromStart(target.t);
      try {
        applyFrame(await data.engine.step(target.t - now, frameRequest(false)));
      } catch (e) {
        fail(e);
        store.setState({ playing: false });
      } finally {
        if (slow) store.setState((s) => ({ sim: { ...s.sim, replayingTo: null } }));
      }
    }, target);
  };

  /**
   * Before a step back to `t`: when no checkpoint is left that far back, says so on the page
   * (the worker replays from the start) and returns true.
   */
  const replayFromStart = (t: number): boolean => {
    const reach = store.getState().sim.snapshot?.stepBack;
    if (!reach || !(t < reach.quickFrom - 1e-9)) return false;
    const to = Math.max(0, t);
    store.setState((s) => ({ sim: { ...s.sim, replayingTo: to } }));
    return true;
  };

  const runRecount = (): void => {
    if (recountBusy || !recountNext || !data.engine) return;
    const texts = recountNext;
    recountNext = null;
    recountBusy = true;
    const ranges = texts.map((t) => {
      const p = parseSelectorText(t);
      return p.ok ? p.selector.requirements.map((r) => ({ start: r.start, end: r.end })) : [];
    });
    data.engine
      .recount(ranges)
      .then((preview) => {
        if (store.getState().sim.draftSelectors) store.setState((s) => ({ sim: { ...s.sim, preview } }));
      })
      .catch(() => undefined)
      .finally(() => {
        recountBusy = false;
        runRecount();
      });
  };

  const setParams = (update: (p: SimParams) => SimParams, delayMs = 0): void => {
    store.setState((s) => ({ params: update(s.params) }));
    scheduleApply(delayMs);
  };

  /**
   * Issue 9: after a reshard fired, the editors edit the running layout: `texts` become an
   * entry of `params.retyped` at the model's time (the entry still being typed is replaced).
   */
  const retype = (texts: readonly string[], delayMs = 0): void => {
    const running = selectRunningLayout(store.getState());
    if (!running) return;
    setParams((p) => {
      const list = retypePending ? (p.retyped ?? []).slice(0, -1) : p.retyped;
      return { ...p, retyped: retypeAt(list, running.time, texts) };
    }, delayMs);
    retypePending = true;
  };
  /** Issue 9: a change of the start layout or the schedule leaves the typed running layouts behind. */
  const withoutRetyped = (p: SimParams): SimParams => {
    retypePending = false;
    if (p.retyped === undefined) return p;
    const { retyped: _r, ...rest } = p;
    return rest;
  };

  const store = createStore<ShardScopeState>()((set, get) => ({
    params: options.params ?? defaultSimParams(),
    view: options.view ?? defaultViewParams(),
    playing: false,
    helpOpen: false,
    sim: initialSimSlice(),
    link: { issues: options.linkIssues ?? [], opened: options.linkIssues?.length ? 1 : 0, tooLong: null },
    story: null,
    storyActive: false,

    // ---- parameters -------------------------------------------------------------------
    setScalar: (param, value) => setParams((p) => ({ ...p, [param]: value })),
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
    setFallback: (on) => setParams((p) => ({ ...p, fallback: on })),
    setClientCache: (style) => setParams((p) => ({ ...p, clientCache: style })),
    setLifecycle: (patch) => setParams((p) => ({ ...p, lifecycle: { ...(p.lifecycle ?? DEFAULT_LIFECYCLE), ...patch } })),
    previewSelectors: (texts) => {
      set((s) => ({ sim: { ...s.sim, draftSelectors: texts.slice() } }));
      recountNext = texts;
      runRecount();
    },
    commitPreview: () => {
      const draft = get().sim.draftSelectors;
      if (!draft) return;
      recountNext = null;
      const running = selectRunningLayout(get());
      if (running) {
        set((s) => ({ sim: { ...s.sim, draftSelectors: null, preview: null } }));
        if (draft.length === running.texts.length) retype(draft);
        return;
      }
      set((s) => ({ params: { ...s.params, selectors: draft.slice() }, sim: { ...s.sim, draftSelectors: null, preview: null } }));
      scheduleApply(0);
    },
    cancelPreview: () => {
      recountNext = null;
      set((s) => ({ sim: { ...s.sim, draftSelectors: null, preview: null } }));
    },

    // ---- view and playback --------------------------------------------------------------
    setPlaying: (playing) => {
      lastTick = null;
      owed = 0;
      // On the page's thread a run over its limits does not play (the page says why).
      set({ playing: playing && budgetExcessOf(get()) === null });
    },
    togglePlay: () => get().setPlaying(!get().playing),
    step: (direction = 1) => {
      get().setPlaying(false);
      // Stepping back is always allowed; forward only within the page thread's limits.
      if (direction > 0 && budgetExcessOf(get()) !== null) return;
      stepBy(direction * STEP_SECONDS);
    },
    seekTo: (t) => seekTo(t),
    setSpeed: (speed) => set((s) => ({ view: { ...s.view, speed } })),
    faster: () => {
      const next = SPEEDS.find((v) => v > get().view.speed);
      if (next !== undefined) get().setSpeed(next);
    },
    slower: () => {
      const next = [...SPEEDS].reverse().find((v) => v < get().view.speed);
      if (next !== undefined) get().setSpeed(next);
    },
    setView: (view) => set((s) => ({ view: { ...s.view, view } })),
    setDotOwners: (dotOwners) => set((s) => ({ view: { ...s.view, dotOwners } })),
    setTheme: (theme) => set((s) => ({ view: { ...s.view, theme } })),
    setPresentation: (presentation) => set((s) => ({ view: { ...s.view, presentation } })),
    togglePresentation: () => get().setPresentation(!get().view.presentation),
    setLocale: (locale) => set((s) => (s.view.locale === locale ? {} : { view: { ...s.view, locale } })),
    setHelpOpen: (helpOpen) => set({ helpOpen }),
    toggleHelp: () => set((s) => ({ helpOpen: !s.helpOpen })),

    // ---- links (issue 8) -------------------------------------------------------------------
    openLink: (linked, issues) => {
      recountNext = null;
      retypePending = false;
      set((s) => ({
        params: linked?.params ?? defaultSimParams(),
        view: linked ? { ...linked.view, locale: s.view.locale } : s.view,
        sim: { ...s.sim, draftSelectors: null, preview: null },
        link: { issues: issues.slice(), opened: s.link.opened + 1, tooLong: null },
      }));
      scheduleApply(0);
    },
    setLinkTooLong: (tooLong) => set((s) => ({ link: { ...s.link, tooLong } })),
    // ---- stories (issue 10) --------------------------------------------------------------------
    setStory: (place) => set({ story: place, storyActive: place !== null }),

    // ---- engine ---------------------------------------------------------------------------
    start: () => {
      started = true;
      return apply();
    },
    tick: (now) => {
      nowMs = now;
      if (!get().playing) return;
      // A faster speed, more churn or a grown cluster can leave the page thread's limits.
      if (budgetExcessOf(get()) !== null) {
        get().setPlaying(false);
        return;
      }
      if (lastTick === null) {
        lastTick = now;
        return;
      }
      // Wall time owed to the model, capped so a background tab does not return to a
      // burst of hundreds of steps.
      owed = Math.min(owed + ((now - lastTick) / 1000) * get().view.speed, STEP_SECONDS * 8);
      lastTick = now;
      if (inFlight > 0 || owed < STEP_SECONDS) return;
      const steps = Math.floor(owed / STEP_SECONDS);
      owed -= steps * STEP_SECONDS;
      stepBy(steps * STEP_SECONDS);
    },
    idle: async () => {
      // New jobs may be queued while we wait (a timer firing): wait until the queue is empty.
      while (inFlight > 0 || applyTimer !== null) {
        if (applyTimer !== null) {
          clearTimer(applyTimer);
          applyTimer = null;
          void apply();
        }
        await chain;
      }
    },
    dispose: () => {
      disposed = true;
      if (applyTimer !== null) clearTimer(applyTimer);
      data.engine?.dispose();
      data.engine = null;
    },
  }));

  return Object.assign(store, { data });
}

function clampInt(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(n)));
}
