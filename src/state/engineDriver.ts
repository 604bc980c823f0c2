/**
 * The store's side of the engine: one queue of engine calls, the frames they return written
 * into the store, the play loop's clock, and the ownership recount under dragged boundaries.
 * Part of `createShardScopeStore` (`store.ts`), split out so the store's actions stay short;
 * it owns every timer and counter of the engine traffic, and nothing else touches them.
 */
import type { StoreApi } from 'zustand/vanilla';
import { EngineFellBackError, type EngineFrame, type FrameRequest, type SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import { STEP_SECONDS } from './defaults';
import type { SimParams } from './params';
import { parseSelectorText } from './selectors';
import { toSimInput } from './toSim';
import { budgetExcessOf, type ShardScopeOptions, type ShardScopeState, type SimData } from './storeState';

const EVENTS_KEPT = 256;
const EVENTS_PER_FRAME = 48;
/** Up to this many objects the hash-space arrays are refreshed with every step. */
const HASH_EVERY_STEP_LIMIT = 200_000;

/** What the engine driver needs of the store it drives. */
export interface EngineDriverContext {
  readonly get: StoreApi<ShardScopeState>['getState'];
  readonly set: StoreApi<ShardScopeState>['setState'];
  /** The large data beside the store (the driver replaces the engine and appends events). */
  readonly data: SimData;
  readonly options: ShardScopeOptions;
  /**
   * Runs first in every job that applies the parameters, before they are read (a running
   * layout being typed catches up with the model's time).
   */
  readonly beforeApply: () => void;
}

/** The engine traffic of one store. */
export interface EngineDriver {
  /** Marks the store started and applies its parameters (creating the model). */
  start(): Promise<void>;
  /**
   * Applies the parameters after `delayMs` (0: now); a later call replaces a pending one. Nothing before `start()`.
   * `restart`: the model is built afresh at t = 0 from the parameters, instead of taking them at
   * the time it has reached (a story step is a state, never the continuation of a run).
   */
  scheduleApply(delayMs?: number, restart?: boolean): void;
  /** Advances (or, negative, rewinds) the model by `seconds`; presses queued behind a busy engine collapse. */
  stepBy(seconds: number): void;
  /** Goes to simulated time `t`; targets queued behind a busy engine collapse into the last one. */
  seekTo(t: number): void;
  /** Recounts ownership under selector texts being dragged (the latest texts win). */
  recount(texts: readonly string[]): void;
  /** Forgets texts waiting to be recounted. */
  dropRecount(): void;
  /** Restarts the play loop's clock (playing started or stopped). */
  resetClock(): void;
  /** The play loop: called once per animation frame with the wall-clock time in ms. */
  tick(nowMs: number): void;
  /** Resolves when every queued engine call has been answered. */
  idle(): Promise<void>;
  dispose(): void;
}

/**
 * Creates the engine driver of a store. Its functions read and write the store only when
 * called, so it can be made inside the store's initializer, before the store exists.
 */
export function createEngineDriver(ctx: EngineDriverContext): EngineDriver {
  const { get, set, data, options } = ctx;
  const engineFactory = options.engineFactory ?? (() => createLocalEngine());
  const engineKind = options.engineKind ?? (() => 'local' as const);
  const setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  // Above HASH_EVERY_STEP_LIMIT objects the arrays are refreshed a few times a second only:
  // the model keeps them up to date (a refresh at 1,000,000 objects is ~10 ms of copying), but
  // each is 10 MB to move and repaint, and the dots barely move between two steps anyway.
  const hashRefreshMs = options.hashRefreshMs ?? 500;

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
  /**
   * The next apply builds a new model rather than reconfiguring the one there is. Read when the
   * job runs, not when it is queued, so the apply that a restart joins is the one that obeys it.
   */
  let restartNext = false;

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

  /** Which imported objects a new model starts from, and whether their names are hidden. */
  const createOptions = () => ({ import: get().imported ? data.importUse : ('drop' as const), hideNames: get().hideNames });

  const frameRequest = (force: boolean): FrameRequest => {
    const live = get().sim.snapshot?.cluster.live ?? 0;
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
    set((s) => ({
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
    set((s) => ({ sim: { ...s.sim, status: s.sim.snapshot ? 'ready' : 'error', error: message } }));
  };

  /** Records where the model runs; false when the parameters are too large for it to run there. */
  const admitted = (): boolean => {
    const engine = data.engine;
    set((s) => ({ sim: { ...s.sim, engine: engine?.kind ?? null, fallback: engine?.fallback ?? null } }));
    if (budgetExcessOf(get())?.kind !== 'objects') return true;
    // On the page's thread a cluster this large would block it: keep the last good model.
    set({ playing: false });
    return false;
  };

  /** Sends the current parameters to the model (creating it, or moving it to another engine). */
  const apply = (): Promise<void> =>
    enqueue(async () => {
      applyPending = false;
      ctx.beforeApply();
      const params = get().params;
      set((s) => ({ sim: { ...s.sim, busy: true } }));
      const kind = engineKind(params);
      try {
        if (!data.engine || engineWanted !== kind) {
          data.engine?.dispose();
          data.engine = engineFactory(params);
          engineWanted = kind;
          built = false;
          data.events = [];
        }
        if (restartNext) {
          // A new run: its history, checkpoints and recent events start empty, like a reload's.
          restartNext = false;
          built = false;
          data.events = [];
        }
        if (!admitted()) return;
        if (!built) {
          let frame: EngineFrame;
          try {
            frame = await data.engine.create(toSimInput(params), frameRequest(true), createOptions());
          } catch (e) {
            // The worker could not start: the model now runs on the page's thread, if it fits.
            if (!(e instanceof EngineFellBackError)) throw e;
            if (!admitted()) return;
            frame = await data.engine.create(toSimInput(params), frameRequest(true), createOptions());
          }
          built = true;
          // A confirmed import is now the model's: later builds keep it.
          if (data.importUse === 'confirm') data.importUse = 'keep';
          applyFrame(frame, params);
        } else {
          const frame = await data.engine.reconfigure(toSimInput(params), frameRequest(true));
          applyFrame(frame, params);
        }
      } catch (e) {
        // The model refused: it keeps running with the last good parameters.
        fail(e);
      } finally {
        set((s) => ({ sim: { ...s.sim, busy: false } }));
      }
    });

  const scheduleApply = (delayMs = 0, restart = false): void => {
    // Before start() the start builds the model anyway, so a restart needs nothing more.
    if (restart) restartNext = true;
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
      const slow = seek ? replayFromStart((get().sim.snapshot?.time ?? 0) + by) : false;
      try {
        applyFrame(await data.engine.step(by, frameRequest(false)));
      } catch (e) {
        fail(e);
        set({ playing: false });
      } finally {
        if (slow) set((s) => ({ sim: { ...s.sim, replayingTo: null } }));
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
      const now = get().sim.snapshot?.time ?? 0;
      const slow = target.t < now && replayFromStart(target.t);
      try {
        applyFrame(await data.engine.step(target.t - now, frameRequest(false)));
      } catch (e) {
        fail(e);
        set({ playing: false });
      } finally {
        if (slow) set((s) => ({ sim: { ...s.sim, replayingTo: null } }));
      }
    }, target);
  };

  /**
   * Before a step back to `t`: when no checkpoint is left that far back, says so on the page
   * (the worker replays from the start) and returns true.
   */
  const replayFromStart = (t: number): boolean => {
    const reach = get().sim.snapshot?.stepBack;
    if (!reach || !(t < reach.quickFrom - 1e-9)) return false;
    const to = Math.max(0, t);
    set((s) => ({ sim: { ...s.sim, replayingTo: to } }));
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
        if (get().sim.draftSelectors) set((s) => ({ sim: { ...s.sim, preview } }));
      })
      .catch(() => undefined)
      .finally(() => {
        recountBusy = false;
        runRecount();
      });
  };

  return {
    start: () => {
      started = true;
      return apply();
    },
    scheduleApply,
    stepBy,
    seekTo,
    recount: (texts) => {
      recountNext = texts;
      runRecount();
    },
    dropRecount: () => {
      recountNext = null;
    },
    resetClock: () => {
      lastTick = null;
      owed = 0;
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
  };
}
