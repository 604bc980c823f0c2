/**
 * The engine driver's state machine (`engineDriver.ts` is the shell that runs it): which
 * engine call runs, which wait behind it, the apply that is due, the recount of dragged
 * selector texts, the play loop's clock. {@link transition} is pure: it takes a state and an
 * event and returns the next state and the effects the shell must carry out (queue a job, arm
 * or clear the apply timer, send a recount, stop playing, dispose of the engine). Nothing
 * here touches the engine, a timer or the store.
 *
 * Phases:
 * - `new`: made, not started; parameters are only recorded (a restart is remembered).
 * - `idle`: started, no engine call running (a queued one is about to start).
 * - `applying`, `stepping`, `seeking`: that engine call is running. One at a time: a
 *   reconfiguration waits for the step in flight. A step back and a seek are both `seeking`
 *   (a step back replays the run from a checkpoint).
 * - `disposed`: the end. Calls are refused; a call still running finishes, and jobs still
 *   queued start as nothing.
 */
import { STEP_SECONDS } from './defaults';

/** Up to this many objects the hash-space arrays are refreshed with every step. */
export const HASH_EVERY_STEP_LIMIT = 200_000;

export type DriverPhase = 'new' | 'idle' | 'applying' | 'stepping' | 'seeking' | 'disposed';

/**
 * An engine call in the queue. `back` (a step back) and `seek` wait with their target open: a
 * press that arrives while one is the last in the queue moves its target instead of queueing
 * another replay.
 */
export type DriverJob =
  | { readonly id: number; readonly kind: 'apply' }
  | { readonly id: number; readonly kind: 'step'; readonly seconds: number }
  | { readonly id: number; readonly kind: 'back'; readonly seconds: number }
  | { readonly id: number; readonly kind: 'seek'; readonly t: number };

export interface DriverState {
  readonly phase: DriverPhase;
  /** The engine call in flight, and those queued behind it in order. */
  readonly running: DriverJob | null;
  readonly waiting: readonly DriverJob[];
  readonly nextId: number;
  /** Parameters wait to be applied (from `applyScheduled` until that apply starts): steps are refused meanwhile. */
  readonly applyPending: boolean;
  /** The apply timer is armed. */
  readonly timer: boolean;
  /**
   * The next apply builds a new model rather than reconfiguring the one there is. Read when
   * the apply runs, not when it is queued, so the apply that a restart joins is the one that obeys it.
   */
  readonly restartNext: boolean;
  /** The engine asked for when it was made (it may have fallen back since), and whether it holds a model. */
  readonly engine: { readonly kind: 'local' | 'worker'; readonly built: boolean } | null;
  /** A recount is in flight; the texts to recount after it (the latest win). */
  readonly recountBusy: boolean;
  readonly recountNext: readonly string[] | null;
  /** The play loop's clock: last frame's time (null: restart), simulated seconds owed, now. */
  readonly lastTick: number | null;
  readonly owed: number;
  readonly nowMs: number;
  /** When the hash-space arrays were last asked for. */
  readonly lastHashFetch: number;
}

export type DriverEvent =
  | { readonly type: 'start' }
  | { readonly type: 'applyScheduled'; readonly delayMs: number; readonly restart: boolean }
  | { readonly type: 'timerFired' }
  /** `idle()` does not wait for the timer: it applies now. */
  | { readonly type: 'timerFlushed' }
  | { readonly type: 'stepPressed'; readonly seconds: number }
  | { readonly type: 'seekPressed'; readonly t: number }
  | { readonly type: 'jobStarted'; readonly id: number }
  | { readonly type: 'jobSettled'; readonly id: number }
  /** Inside an apply: a new engine was made for `kind` (it holds no model yet). */
  | { readonly type: 'engineMade'; readonly kind: 'local' | 'worker' }
  /** Inside an apply: the restart asked for is taken (the model is built afresh). */
  | { readonly type: 'restartTaken' }
  /** Inside an apply: the engine now holds a model. */
  | { readonly type: 'modelBuilt' }
  | { readonly type: 'hashFetched' }
  | { readonly type: 'recountAsked'; readonly texts: readonly string[] }
  | { readonly type: 'recountDropped' }
  | { readonly type: 'recountSettled' }
  | { readonly type: 'clockReset' }
  /** An animation frame: the store's playing flag, whether the run is over the page thread's budget, the speed. */
  | { readonly type: 'ticked'; readonly now: number; readonly playing: boolean; readonly overBudget: boolean; readonly speed: number }
  | { readonly type: 'disposed' };

export type DriverEffect =
  | { readonly kind: 'enqueue'; readonly id: number }
  | { readonly kind: 'armTimer'; readonly ms: number }
  | { readonly kind: 'clearTimer' }
  | { readonly kind: 'recount'; readonly texts: readonly string[] }
  | { readonly kind: 'stopPlaying' }
  | { readonly kind: 'disposeEngine' };

export interface DriverStep {
  readonly state: DriverState;
  readonly effects: readonly DriverEffect[];
}

/** An event that cannot happen in this state: a fault of the shell, never a user's doing. */
export class IllegalTransition extends Error {
  constructor(
    readonly phase: DriverPhase,
    readonly event: DriverEvent['type'],
    why: string,
  ) {
    super(`engine driver: ${event} in phase ${phase}: ${why}`);
    this.name = 'IllegalTransition';
  }
}

/** The state of a driver just made. */
export function initialDriverState(): DriverState {
  return {
    phase: 'new',
    running: null,
    waiting: [],
    nextId: 1,
    applyPending: false,
    timer: false,
    restartNext: false,
    engine: null,
    recountBusy: false,
    recountNext: null,
    lastTick: null,
    owed: 0,
    nowMs: 0,
    lastHashFetch: -Infinity,
  };
}

/** Engine calls queued or running (what `idle()` waits for, and the play loop waits on). */
export const jobsInFlight = (s: DriverState): number => s.waiting.length + (s.running ? 1 : 0);

/** Whether an apply for an engine of `kind` must make a new engine first (none yet, or another kind). */
export const needsEngine = (s: DriverState, kind: 'local' | 'worker'): boolean => s.engine === null || s.engine.kind !== kind;

/**
 * Whether the next frame asks for the hash-space arrays: always when forced (an apply) or up to
 * {@link HASH_EVERY_STEP_LIMIT} objects, else every `refreshMs` of the play loop's clock. Above
 * the limit each refresh is megabytes to move and repaint, and the dots barely move between two
 * steps.
 */
export function hashSpaceDue(s: DriverState, live: number, force: boolean, refreshMs: number): boolean {
  return force || live <= HASH_EVERY_STEP_LIMIT || s.nowMs - s.lastHashFetch >= refreshMs;
}

const PHASE_OF_JOB: Readonly<Record<DriverJob['kind'], DriverPhase>> = { apply: 'applying', step: 'stepping', back: 'seeking', seek: 'seeking' };

const stay = (state: DriverState): DriverStep => ({ state, effects: [] });

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** Queues an engine call behind the others (after `effects`). */
function enqueue(s: DriverState, job: DistributiveOmit<DriverJob, 'id'>, effects: DriverEffect[] = []): DriverStep {
  const queued = { ...job, id: s.nextId } as DriverJob;
  return { state: { ...s, waiting: [...s.waiting, queued], nextId: s.nextId + 1 }, effects: [...effects, { kind: 'enqueue', id: queued.id }] };
}

/** Whether engine calls may be sent: started, not disposed, an engine made. */
const engineReady = (s: DriverState): boolean => s.phase !== 'new' && s.phase !== 'disposed' && s.engine !== null;

function scheduleApply(s: DriverState, delayMs: number, restart: boolean): DriverStep {
  if (s.phase === 'disposed') return stay(s);
  // Before start() the start builds the model anyway, so a restart needs nothing more, and
  // parameters are only recorded: start() applies them all at once.
  const marked = restart ? { ...s, restartNext: true } : s;
  if (s.phase === 'new') return stay(marked);
  const pending: DriverState = { ...marked, applyPending: true, timer: delayMs > 0 };
  const clear: DriverEffect[] = s.timer ? [{ kind: 'clearTimer' }] : [];
  if (delayMs <= 0) return enqueue(pending, { kind: 'apply' }, clear);
  return { state: pending, effects: [...clear, { kind: 'armTimer', ms: delayMs }] };
}

/**
 * A step of `seconds` (negative: back). Refused before an engine exists and while parameters
 * wait to be applied. A step back behind another engine call (and not yet started) absorbs
 * the presses that follow it, so a burst of presses runs one replay to the last target.
 */
function stepPressed(s: DriverState, seconds: number): DriverStep {
  if (!engineReady(s) || s.applyPending) return stay(s);
  const last = s.waiting[s.waiting.length - 1];
  if (seconds < 0 && last?.kind === 'back') return stay(replaceLast(s, { ...last, seconds: last.seconds + seconds }));
  return enqueue(s, seconds < 0 ? { kind: 'back', seconds } : { kind: 'step', seconds });
}

/** Goes to time `t`; a seek that has not started yet takes the new target instead (the first is clamped at 0, a moved one as given). */
function seekPressed(s: DriverState, t: number): DriverStep {
  if (!engineReady(s) || s.applyPending || !Number.isFinite(t)) return stay(s);
  const last = s.waiting[s.waiting.length - 1];
  if (last?.kind === 'seek') return stay(replaceLast(s, { ...last, t }));
  return enqueue(s, { kind: 'seek', t: Math.max(0, t) });
}

const replaceLast = (s: DriverState, job: DriverJob): DriverState => ({ ...s, waiting: [...s.waiting.slice(0, -1), job] });

function jobStarted(s: DriverState, id: number): DriverStep {
  const next = s.waiting[0];
  if (s.running !== null) throw new IllegalTransition(s.phase, 'jobStarted', `job ${s.running.id} is still running`);
  if (next?.id !== id) throw new IllegalTransition(s.phase, 'jobStarted', `job ${id} is not next in the queue`);
  const rest = { ...s, waiting: s.waiting.slice(1) };
  // After dispose() a queued call starts as nothing.
  if (s.phase === 'disposed') return stay(rest);
  return stay({ ...rest, running: next, phase: PHASE_OF_JOB[next.kind], applyPending: next.kind === 'apply' ? false : s.applyPending });
}

function jobSettled(s: DriverState, id: number): DriverStep {
  // A job dropped at its start (after dispose) settles without having run.
  if (s.running === null && s.phase === 'disposed') return stay(s);
  if (s.running?.id !== id) throw new IllegalTransition(s.phase, 'jobSettled', `job ${id} is not running`);
  return stay({ ...s, running: null, phase: s.phase === 'disposed' ? 'disposed' : 'idle' });
}

/** Inside a running apply only (which may go on after dispose: then it changes nothing). */
function applying(s: DriverState, event: DriverEvent['type']): boolean {
  if (s.running?.kind !== 'apply') throw new IllegalTransition(s.phase, event, 'no apply is running');
  return s.phase !== 'disposed';
}

function recountStart(s: DriverState): DriverStep {
  if (s.recountBusy || s.recountNext === null || !engineReady(s)) return stay(s);
  return { state: { ...s, recountBusy: true, recountNext: null }, effects: [{ kind: 'recount', texts: s.recountNext }] };
}

/** An animation frame of the play loop: the wall time owed to the model, paid in whole steps when the engine is free. */
function ticked(s: DriverState, e: Extract<DriverEvent, { type: 'ticked' }>): DriverStep {
  const at = { ...s, nowMs: e.now };
  if (!e.playing) return stay(at);
  // A faster speed, more churn or a grown cluster can leave the page thread's limits.
  if (e.overBudget) return { state: at, effects: [{ kind: 'stopPlaying' }] };
  if (s.lastTick === null) return stay({ ...at, lastTick: e.now });
  // Wall time owed to the model, capped so a background tab does not return to a burst of
  // hundreds of steps.
  const owed = Math.min(s.owed + ((e.now - s.lastTick) / 1000) * e.speed, STEP_SECONDS * 8);
  const clocked = { ...at, owed, lastTick: e.now };
  if (jobsInFlight(s) > 0 || owed < STEP_SECONDS) return stay(clocked);
  const steps = Math.floor(owed / STEP_SECONDS);
  return stepPressed({ ...clocked, owed: owed - steps * STEP_SECONDS }, steps * STEP_SECONDS);
}

/** The next state of the driver, and what the shell must do, for one event. */
export function transition(s: DriverState, e: DriverEvent): DriverStep {
  switch (e.type) {
    case 'start':
      if (s.phase === 'disposed') return stay(s);
      return enqueue({ ...s, phase: s.phase === 'new' ? 'idle' : s.phase }, { kind: 'apply' });
    case 'applyScheduled':
      return scheduleApply(s, e.delayMs, e.restart);
    case 'timerFired':
    case 'timerFlushed':
      if (!s.timer) throw new IllegalTransition(s.phase, e.type, 'no apply timer is armed');
      return enqueue({ ...s, timer: false }, { kind: 'apply' }, e.type === 'timerFlushed' ? [{ kind: 'clearTimer' }] : []);
    case 'stepPressed':
      return stepPressed(s, e.seconds);
    case 'seekPressed':
      return seekPressed(s, e.t);
    case 'jobStarted':
      return jobStarted(s, e.id);
    case 'jobSettled':
      return jobSettled(s, e.id);
    case 'engineMade':
      if (!applying(s, e.type)) return stay(s);
      return stay({ ...s, engine: { kind: e.kind, built: false } });
    case 'restartTaken':
      if (!applying(s, e.type)) return stay(s);
      if (!s.restartNext) throw new IllegalTransition(s.phase, e.type, 'no restart was asked for');
      return stay({ ...s, restartNext: false, engine: s.engine && { ...s.engine, built: false } });
    case 'modelBuilt':
      if (!applying(s, e.type)) return stay(s);
      if (s.engine === null) throw new IllegalTransition(s.phase, e.type, 'no engine was made');
      return stay({ ...s, engine: { ...s.engine, built: true } });
    case 'hashFetched':
      return stay({ ...s, lastHashFetch: s.nowMs });
    case 'recountAsked':
      if (s.phase === 'disposed') return stay(s);
      return recountStart({ ...s, recountNext: e.texts });
    case 'recountDropped':
      return stay({ ...s, recountNext: null });
    case 'recountSettled':
      if (!s.recountBusy) throw new IllegalTransition(s.phase, e.type, 'no recount is in flight');
      return recountStart({ ...s, recountBusy: false });
    case 'clockReset':
      return stay({ ...s, lastTick: null, owed: 0 });
    case 'ticked':
      return ticked(s, e);
    case 'disposed':
      if (s.phase === 'disposed') return stay(s);
      return { state: { ...s, phase: 'disposed', timer: false, applyPending: false, engine: null }, effects: [...(s.timer ? [{ kind: 'clearTimer' } as const] : []), { kind: 'disposeEngine' }] };
  }
}
