/**
 * The store's side of the engine: one queue of engine calls, the frames they return written
 * into the store, the play loop's clock, and the ownership recount under dragged boundaries.
 * Part of `createShardScopeStore` (`store.ts`), split out so the store's actions stay short;
 * it owns every timer and counter of the engine traffic, and nothing else touches them.
 *
 * What happens when is decided by a pure state machine (`driverMachine.ts`); this file is the
 * shell around it: it feeds it events and carries out the effects it returns (engine calls,
 * the apply timer, store writes).
 */
import type { StoreApi } from 'zustand/vanilla';
import { EngineFellBackError, type EngineFrame, type FrameRequest, type SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import { hashSpaceDue, initialDriverState, jobsInFlight, needsEngine, transition, type DriverEffect, type DriverEvent, type DriverJob, type DriverState } from './driverMachine';
import type { SimParams } from './params';
import type { CreateOptions } from '../sim';
import { parseSelectorText } from './selectors';
import { toSimInput } from './toSim';
import { budgetExcessOf, type ShardScopeOptions, type ShardScopeState, type SimData } from './storeState';

const EVENTS_KEPT = 256;
const EVENTS_PER_FRAME = 48;

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
 * The shell around the driver's state machine: the machine's state, the chain of engine calls
 * (run one at a time, in order), the armed apply timer, and what the effects need.
 */
interface Shell {
  readonly ctx: EngineDriverContext;
  readonly engineFactory: (params: SimParams) => SimEngine;
  readonly engineKind: (params: SimParams) => 'local' | 'worker';
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
  readonly hashRefreshMs: number;
  state: DriverState;
  chain: Promise<void>;
  /** The armed apply timer; a timer cleared since is no longer this one, so its callback does nothing. */
  timer: { handle: unknown } | null;
}

/**
 * Creates the engine driver of a store. Its functions read and write the store only when
 * called, so it can be made inside the store's initializer, before the store exists.
 */
export function createEngineDriver(ctx: EngineDriverContext): EngineDriver {
  const { options } = ctx;
  const sh: Shell = {
    ctx,
    engineFactory: options.engineFactory ?? (() => createLocalEngine()),
    engineKind: options.engineKind ?? (() => 'local' as const),
    setTimer: options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms)),
    clearTimer: options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>)),
    // Above HASH_EVERY_STEP_LIMIT objects the arrays are refreshed a few times a second only:
    // the model keeps them up to date (a refresh at 1,000,000 objects is ~10 ms of copying), but
    // each is 10 MB to move and repaint, and the dots barely move between two steps anyway.
    hashRefreshMs: options.hashRefreshMs ?? 500,
    state: initialDriverState(),
    chain: Promise.resolve(),
    timer: null,
  };
  const send = (event: DriverEvent): void => dispatch(sh, event);
  return {
    start: () => {
      send({ type: 'start' });
      return sh.chain;
    },
    scheduleApply: (delayMs = 0, restart = false) => send({ type: 'applyScheduled', delayMs, restart }),
    stepBy: (seconds) => send({ type: 'stepPressed', seconds }),
    seekTo: (t) => send({ type: 'seekPressed', t }),
    recount: (texts) => send({ type: 'recountAsked', texts }),
    dropRecount: () => send({ type: 'recountDropped' }),
    resetClock: () => send({ type: 'clockReset' }),
    tick: (now) => {
      const playing = ctx.get().playing;
      send({ type: 'ticked', now, playing, overBudget: playing && budgetExcessOf(ctx.get()) !== null, speed: ctx.get().view.speed });
    },
    idle: async () => {
      // New jobs may be queued while we wait (a timer firing): wait until the queue is empty.
      while (jobsInFlight(sh.state) > 0 || sh.state.timer) {
        if (sh.state.timer) send({ type: 'timerFlushed' });
        await sh.chain;
      }
    },
    dispose: () => send({ type: 'disposed' }),
  };
}

/** Moves the machine by one event and carries out its effects (which may send further events). */
function dispatch(sh: Shell, event: DriverEvent): void {
  const { state, effects } = transition(sh.state, event);
  sh.state = state;
  for (const effect of effects) perform(sh, effect);
}

function perform(sh: Shell, effect: DriverEffect): void {
  const { get, data } = sh.ctx;
  switch (effect.kind) {
    case 'enqueue': {
      // Engine traffic is serialised through one chain: a reconfiguration waits for the step
      // in flight, and a failed call does not stop the ones behind it.
      const id = effect.id;
      sh.chain = sh.chain
        .then(() => runJob(sh, id))
        .catch(() => undefined)
        .finally(() => dispatch(sh, { type: 'jobSettled', id }));
      return;
    }
    case 'armTimer': {
      const timer: { handle: unknown } = { handle: null };
      sh.timer = timer;
      timer.handle = sh.setTimer(() => {
        if (sh.timer !== timer) return;
        sh.timer = null;
        dispatch(sh, { type: 'timerFired' });
      }, effect.ms);
      return;
    }
    case 'clearTimer':
      if (sh.timer !== null) sh.clearTimer(sh.timer.handle);
      sh.timer = null;
      return;
    case 'recount':
      startRecount(sh, effect.texts);
      return;
    case 'stopPlaying':
      get().setPlaying(false);
      return;
    case 'disposeEngine':
      data.engine?.dispose();
      data.engine = null;
      return;
  }
}

/** Runs a queued engine call when the chain reaches it (nothing, after dispose). */
function runJob(sh: Shell, id: number): Promise<void> | undefined {
  dispatch(sh, { type: 'jobStarted', id });
  const job = sh.state.running;
  if (job === null || job.id !== id) return undefined;
  return job.kind === 'apply' ? applyJob(sh) : stepJob(sh, job);
}

/** Sends the current parameters to the model (creating it, or moving it to another engine). */
async function applyJob(sh: Shell): Promise<void> {
  const { get, set, data } = sh.ctx;
  sh.ctx.beforeApply();
  const params = get().params;
  set((s) => ({ sim: { ...s.sim, busy: true } }));
  const kind = sh.engineKind(params);
  try {
    if (!data.engine || needsEngine(sh.state, kind)) {
      data.engine?.dispose();
      data.engine = sh.engineFactory(params);
      dispatch(sh, { type: 'engineMade', kind });
      data.events = [];
    }
    if (sh.state.restartNext) {
      // A new run: its history, checkpoints and recent events start empty, like a reload's.
      dispatch(sh, { type: 'restartTaken' });
      data.events = [];
    }
    if (!admitted(sh)) return;
    if (sh.state.engine?.built) {
      applyFrame(sh, await data.engine.reconfigure(toSimInput(params), frameRequest(sh, true)), params);
      return;
    }
    const built = await createModel(sh, params);
    if (built === null) return;
    const { frame, use } = built;
    dispatch(sh, { type: 'modelBuilt' });
    // A confirmed import is now the model's: later builds keep it.
    if (use === 'confirm') data.importUse = 'keep';
    applyFrame(sh, frame, params);
  } catch (e) {
    // The model refused: it keeps running with the last good parameters.
    fail(sh, e);
  } finally {
    set((s) => ({ sim: { ...s.sim, busy: false } }));
  }
}

/**
 * Builds a model in the engine, with the import it used ('confirm', 'keep', 'off', 'drop'); null
 * when the engine fell back to a thread the parameters are too large for.
 */
async function createModel(sh: Shell, params: SimParams): Promise<{ frame: EngineFrame; use: CreateOptions['import'] } | null> {
  const data = sh.ctx.data;
  // Which imported objects a new model starts from, and whether their names are hidden: the
  // import in use, else none for now while the tab holds one ('off'), else none.
  const createOptions = (): CreateOptions => {
    const s = sh.ctx.get();
    return { import: s.imported ? data.importUse : s.heldImport ? 'off' : 'drop', hideNames: s.hideNames };
  };
  try {
    const options = createOptions();
    return { frame: await data.engine!.create(toSimInput(params), frameRequest(sh, true), options), use: options.import };
  } catch (e) {
    // The worker could not start: the model now runs on the page's thread, if it fits.
    if (!(e instanceof EngineFellBackError)) throw e;
    if (!admitted(sh)) return null;
    const options = createOptions();
    return { frame: await data.engine!.create(toSimInput(params), frameRequest(sh, true), options), use: options.import };
  }
}

/** A step forward, a step back (a replay from a checkpoint) or a seek to a time. */
async function stepJob(sh: Shell, job: Exclude<DriverJob, { kind: 'apply' }>): Promise<void> {
  const { get, set, data } = sh.ctx;
  if (!data.engine) return;
  const now = get().sim.snapshot?.time ?? 0;
  const by = job.kind === 'seek' ? job.t - now : job.seconds;
  const slow = job.kind === 'back' ? replayFromStart(sh, now + by) : job.kind === 'seek' && job.t < now && replayFromStart(sh, job.t);
  try {
    applyFrame(sh, await data.engine.step(by, frameRequest(sh, false)));
  } catch (e) {
    fail(sh, e);
    set({ playing: false });
  } finally {
    if (slow) set((s) => ({ sim: { ...s.sim, replayingTo: null } }));
  }
}

/**
 * Before a step back to `t`: when no checkpoint is left that far back, says so on the page
 * (the worker replays from the start) and returns true.
 */
function replayFromStart(sh: Shell, t: number): boolean {
  const reach = sh.ctx.get().sim.snapshot?.stepBack;
  if (!reach || !(t < reach.quickFrom - 1e-9)) return false;
  const to = Math.max(0, t);
  sh.ctx.set((s) => ({ sim: { ...s.sim, replayingTo: to } }));
  return true;
}

/** What the next frame carries: the hash-space arrays when due, and recent events. */
function frameRequest(sh: Shell, force: boolean): FrameRequest {
  const live = sh.ctx.get().sim.snapshot?.cluster.live ?? 0;
  const wantHash = hashSpaceDue(sh.state, live, force, sh.hashRefreshMs);
  if (wantHash) dispatch(sh, { type: 'hashFetched' });
  return { hashSpace: wantHash, events: EVENTS_PER_FRAME };
}

/** Writes a frame into the store (and, from an apply, the parameters it applied). */
function applyFrame(sh: Shell, frame: EngineFrame, applied?: SimParams): void {
  const { set, data } = sh.ctx;
  if (sh.state.phase === 'disposed') return;
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
}

function fail(sh: Shell, e: unknown): void {
  const message = e instanceof Error ? e.message : String(e);
  sh.ctx.set((s) => ({ sim: { ...s.sim, status: s.sim.snapshot ? 'ready' : 'error', error: message } }));
}

/** Records where the model runs; false when the parameters are too large for it to run there. */
function admitted(sh: Shell): boolean {
  const { get, set, data } = sh.ctx;
  const engine = data.engine;
  set((s) => ({ sim: { ...s.sim, engine: engine?.kind ?? null, fallback: engine?.fallback ?? null } }));
  if (budgetExcessOf(get())?.kind !== 'objects') return true;
  // On the page's thread a cluster this large would block it: keep the last good model.
  set({ playing: false });
  return false;
}

/** Recounts ownership for dragged selector texts; the machine sends the latest texts when this one is answered. */
function startRecount(sh: Shell, texts: readonly string[]): void {
  const { get, set, data } = sh.ctx;
  const ranges = texts.map((t) => {
    const p = parseSelectorText(t);
    return p.ok ? p.selector.requirements.map((r) => ({ start: r.start, end: r.end })) : [];
  });
  data
    .engine!.recount(ranges)
    .then((preview) => {
      if (get().sim.draftSelectors) set((s) => ({ sim: { ...s.sim, preview } }));
    })
    .catch(() => undefined)
    .finally(() => dispatch(sh, { type: 'recountSettled' }));
}
