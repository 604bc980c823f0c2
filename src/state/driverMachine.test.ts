import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STEP_SECONDS } from './defaults';
import {
  HASH_EVERY_STEP_LIMIT,
  IllegalTransition,
  hashSpaceDue,
  initialDriverState,
  jobsInFlight,
  needsEngine,
  transition,
  type DriverEffect,
  type DriverEvent,
  type DriverPhase,
  type DriverState,
} from './driverMachine';

/** Folds events over a state; the effects of all of them in order. */
function run(state: DriverState, ...events: DriverEvent[]): { state: DriverState; effects: DriverEffect[] } {
  const effects: DriverEffect[] = [];
  for (const e of events) {
    const step = transition(state, e);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const started = (s: DriverState): DriverEvent => ({ type: 'jobStarted', id: s.waiting[0]!.id });
const settled = (s: DriverState): DriverEvent => ({ type: 'jobSettled', id: s.running!.id });

/** Starts the next queued job, then lets it settle. */
function finishNext(s: DriverState, ...inside: DriverEvent[]): DriverState {
  const a = run(s, started(s), ...inside).state;
  return run(a, settled(a)).state;
}

/** A started driver whose first apply built a model: nothing queued. */
function idleState(): DriverState {
  const s = run(initialDriverState(), { type: 'start' }).state;
  return finishNext(s, { type: 'engineMade', kind: 'local' }, { type: 'modelBuilt' });
}

/** One state per phase, reached by events as the shell sends them. */
function statesByPhase(): Record<DriverPhase, DriverState> {
  const idle = idleState();
  const running = (e: DriverEvent) => {
    const s = run(idle, e).state;
    return run(s, started(s)).state;
  };
  return {
    new: initialDriverState(),
    idle,
    applying: running({ type: 'applyScheduled', delayMs: 0, restart: false }),
    stepping: running({ type: 'stepPressed', seconds: STEP_SECONDS }),
    seeking: running({ type: 'seekPressed', t: 3 }),
    disposed: run(idle, { type: 'disposed' }).state,
  };
}

const tick = (now: number, over: Partial<Extract<DriverEvent, { type: 'ticked' }>> = {}): DriverEvent => ({ type: 'ticked', now, playing: true, overBudget: false, speed: 1, ...over });

describe('the engine driver machine: phases', () => {
  it('new -> idle on start, which queues the first apply; the apply runs as applying and settles to idle', () => {
    const s0 = initialDriverState();
    expect(s0.phase).toBe('new');
    const { state: s1, effects } = run(s0, { type: 'start' });
    expect(s1.phase).toBe('idle');
    expect(effects).toEqual([{ kind: 'enqueue', id: 1 }]);
    expect(s1.waiting).toEqual([{ id: 1, kind: 'apply' }]);
    const s2 = run(s1, started(s1)).state;
    expect(s2.phase).toBe('applying');
    expect(s2.running).toEqual({ id: 1, kind: 'apply' });
    expect(run(s2, settled(s2)).state.phase).toBe('idle');
  });

  it('names the phase of each running job: a step is stepping, a step back and a seek are seeking', () => {
    const phases = statesByPhase();
    expect(Object.fromEntries(Object.entries(phases).map(([k, s]) => [k, s.phase]))).toEqual({
      new: 'new',
      idle: 'idle',
      applying: 'applying',
      stepping: 'stepping',
      seeking: 'seeking',
      disposed: 'disposed',
    });
    const back = run(phases.idle, { type: 'stepPressed', seconds: -STEP_SECONDS }).state;
    expect(run(back, started(back)).state.phase).toBe('seeking');
  });

  it('runs one job at a time, in order: starting one out of turn or while another runs is illegal', () => {
    const s = run(idleState(), { type: 'stepPressed', seconds: 1 }, { type: 'seekPressed', t: 5 }).state;
    expect(() => transition(s, { type: 'jobStarted', id: s.waiting[1]!.id })).toThrow(IllegalTransition);
    const a = run(s, started(s)).state;
    expect(() => transition(a, { type: 'jobStarted', id: a.waiting[0]!.id })).toThrow(/still running/);
    expect(() => transition(a, { type: 'jobSettled', id: a.waiting[0]!.id })).toThrow(/not running/);
    expect(() => transition(idleState(), { type: 'jobSettled', id: 1 })).toThrow(IllegalTransition);
  });

  it('counts queued and running jobs as in flight', () => {
    const s = run(idleState(), { type: 'stepPressed', seconds: 1 }, { type: 'seekPressed', t: 5 }).state;
    expect(jobsInFlight(s)).toBe(2);
    const a = run(s, started(s)).state;
    expect(jobsInFlight(a)).toBe(2);
    expect(jobsInFlight(run(a, settled(a)).state)).toBe(1);
  });
});

describe('the engine driver machine: applying parameters', () => {
  it('before start records only a restart: nothing is queued and no timer is armed', () => {
    const { state, effects } = run(initialDriverState(), { type: 'applyScheduled', delayMs: 500, restart: true });
    expect(effects).toEqual([]);
    expect(state).toEqual({ ...initialDriverState(), restartNext: true });
  });

  it('now: queues an apply and marks it pending; later: arms the timer, which queues it when it fires', () => {
    const now = run(idleState(), { type: 'applyScheduled', delayMs: 0, restart: false });
    expect(now.effects).toEqual([{ kind: 'enqueue', id: now.state.waiting[0]!.id }]);
    expect(now.state.applyPending).toBe(true);
    const later = run(idleState(), { type: 'applyScheduled', delayMs: 300, restart: false });
    expect(later.effects).toEqual([{ kind: 'armTimer', ms: 300 }]);
    expect(later.state).toMatchObject({ timer: true, applyPending: true, waiting: [] });
    const fired = run(later.state, { type: 'timerFired' });
    expect(fired.state.timer).toBe(false);
    expect(fired.effects).toEqual([{ kind: 'enqueue', id: fired.state.waiting[0]!.id }]);
  });

  it('a later call replaces a pending timer; idle() flushes it (clear, then queue)', () => {
    const armed = run(idleState(), { type: 'applyScheduled', delayMs: 300, restart: false }).state;
    expect(run(armed, { type: 'applyScheduled', delayMs: 300, restart: false }).effects).toEqual([{ kind: 'clearTimer' }, { kind: 'armTimer', ms: 300 }]);
    const now = run(armed, { type: 'applyScheduled', delayMs: 0, restart: false });
    expect(now.effects.map((e) => e.kind)).toEqual(['clearTimer', 'enqueue']);
    expect(now.state.timer).toBe(false);
    const flushed = run(armed, { type: 'timerFlushed' });
    expect(flushed.effects.map((e) => e.kind)).toEqual(['clearTimer', 'enqueue']);
  });

  it('a timer event without an armed timer is illegal', () => {
    expect(() => transition(idleState(), { type: 'timerFired' })).toThrow(IllegalTransition);
    expect(() => transition(idleState(), { type: 'timerFlushed' })).toThrow(/no apply timer/);
  });

  it('the pending apply is no longer pending once it starts', () => {
    const s = run(idleState(), { type: 'applyScheduled', delayMs: 0, restart: false }).state;
    expect(run(s, started(s)).state.applyPending).toBe(false);
  });

  it('an apply makes an engine when there is none or the kind changes, and builds a model once', () => {
    const s = idleState();
    expect(needsEngine(initialDriverState(), 'local')).toBe(true);
    expect(needsEngine(s, 'local')).toBe(false);
    expect(needsEngine(s, 'worker')).toBe(true);
    expect(s.engine).toEqual({ kind: 'local', built: true });
    const a = run(s, { type: 'applyScheduled', delayMs: 0, restart: false }).state;
    const made = run(a, started(a), { type: 'engineMade', kind: 'worker' }).state;
    expect(made.engine).toEqual({ kind: 'worker', built: false });
    expect(run(made, { type: 'modelBuilt' }).state.engine).toEqual({ kind: 'worker', built: true });
  });

  it('a restart is taken by the apply that runs next, which then builds afresh', () => {
    const s = run(idleState(), { type: 'applyScheduled', delayMs: 0, restart: true }).state;
    expect(s.restartNext).toBe(true);
    const taken = run(s, started(s), { type: 'restartTaken' }).state;
    expect(taken).toMatchObject({ restartNext: false, engine: { kind: 'local', built: false } });
    expect(() => transition(taken, { type: 'restartTaken' })).toThrow(/no restart/);
  });

  it('engineMade, restartTaken and modelBuilt outside a running apply are illegal', () => {
    const phases = statesByPhase();
    for (const phase of ['new', 'idle', 'stepping', 'seeking'] as const) {
      for (const type of ['engineMade', 'restartTaken', 'modelBuilt'] as const) {
        const e = (type === 'engineMade' ? { type, kind: 'local' } : { type }) as DriverEvent;
        expect(() => transition(phases[phase], e), `${type} in ${phase}`).toThrow(IllegalTransition);
      }
    }
    expect(() => transition(run(initialDriverState(), { type: 'start' }, { type: 'jobStarted', id: 1 }).state, { type: 'modelBuilt' })).toThrow(/no engine/);
  });
});

describe('the engine driver machine: steps and seeks', () => {
  it('refuses steps and seeks before start, before an engine exists, while an apply is pending and after dispose', () => {
    const noEngine = run(initialDriverState(), { type: 'start' }).state;
    const pending = run(idleState(), { type: 'applyScheduled', delayMs: 300, restart: false }).state;
    const disposed = run(idleState(), { type: 'disposed' }).state;
    for (const s of [initialDriverState(), noEngine, pending, disposed]) {
      for (const e of [{ type: 'stepPressed', seconds: 1 }, { type: 'stepPressed', seconds: -1 }, { type: 'seekPressed', t: 2 }] as const) {
        expect(transition(s, e)).toEqual({ state: s, effects: [] });
      }
    }
    expect(transition(idleState(), { type: 'seekPressed', t: Number.NaN }).effects).toEqual([]);
    expect(transition(idleState(), { type: 'seekPressed', t: Infinity }).effects).toEqual([]);
  });

  it('a step back waiting in the queue absorbs the presses that follow it', () => {
    const busy = run(idleState(), { type: 'stepPressed', seconds: 1 }).state;
    const r = run(busy, ...Array.from({ length: 5 }, () => ({ type: 'stepPressed', seconds: -0.25 }) as const));
    expect(r.effects).toHaveLength(1);
    expect(r.state.waiting.map((j) => j.kind)).toEqual(['step', 'back']);
    expect(r.state.waiting[1]).toMatchObject({ kind: 'back', seconds: -1.25 });
  });

  it('a step forward between step-back presses is kept in order, and a running step back absorbs nothing', () => {
    const r = run(idleState(), { type: 'stepPressed', seconds: -1 }, { type: 'stepPressed', seconds: 0.25 }, { type: 'stepPressed', seconds: -1 });
    expect(r.state.waiting.map((j) => [j.kind, 'seconds' in j ? j.seconds : null])).toEqual([
      ['back', -1],
      ['step', 0.25],
      ['back', -1],
    ]);
    const s = run(idleState(), { type: 'stepPressed', seconds: -1 }).state;
    const runningBack = run(s, started(s)).state;
    const next = run(runningBack, { type: 'stepPressed', seconds: -1 });
    expect(next.effects).toHaveLength(1);
    expect(next.state.running).toMatchObject({ kind: 'back', seconds: -1 });
  });

  it('seeks waiting in the queue collapse into the last target; the first is clamped at 0', () => {
    const r = run(idleState(), { type: 'stepPressed', seconds: 1 }, { type: 'seekPressed', t: -4 });
    expect(r.state.waiting[1]).toMatchObject({ kind: 'seek', t: 0 });
    const moved = run(r.state, { type: 'seekPressed', t: 7 }, { type: 'seekPressed', t: 9 });
    expect(moved.effects).toEqual([]);
    expect(moved.state.waiting.map((j) => j.kind)).toEqual(['step', 'seek']);
    expect(moved.state.waiting[1]).toMatchObject({ kind: 'seek', t: 9 });
    // A step back behind the seek ends the collapse: the next seek queues anew.
    const after = run(moved.state, { type: 'stepPressed', seconds: -1 }, { type: 'seekPressed', t: 2 });
    expect(after.state.waiting.map((j) => j.kind)).toEqual(['step', 'seek', 'back', 'seek']);
  });
});

describe('the engine driver machine: hash-space refresh', () => {
  it(`asks for the arrays with every frame up to ${HASH_EVERY_STEP_LIMIT.toLocaleString('en-US')} objects, above that every refresh interval`, () => {
    const s = idleState();
    expect(hashSpaceDue(s, HASH_EVERY_STEP_LIMIT, false, 500)).toBe(true);
    const fetched = run(s, { type: 'ticked', now: 1000, playing: false, overBudget: false, speed: 1 }, { type: 'hashFetched' }).state;
    expect(fetched.lastHashFetch).toBe(1000);
    expect(hashSpaceDue(fetched, HASH_EVERY_STEP_LIMIT + 1, false, 500)).toBe(false);
    expect(hashSpaceDue(fetched, HASH_EVERY_STEP_LIMIT + 1, true, 500)).toBe(true);
    const at = (now: number) => run(fetched, { type: 'ticked', now, playing: false, overBudget: false, speed: 1 }).state;
    expect(hashSpaceDue(at(1499), HASH_EVERY_STEP_LIMIT + 1, false, 500)).toBe(false);
    expect(hashSpaceDue(at(1500), HASH_EVERY_STEP_LIMIT + 1, false, 500)).toBe(true);
  });
});

describe('the engine driver machine: recount of dragged texts', () => {
  const texts = (n: number) => [`t${n}`];

  it('sends the texts, keeps only the latest while one is in flight, and sends those when it is answered', () => {
    const first = run(idleState(), { type: 'recountAsked', texts: texts(1) });
    expect(first.effects).toEqual([{ kind: 'recount', texts: texts(1) }]);
    expect(first.state).toMatchObject({ recountBusy: true, recountNext: null });
    const queued = run(first.state, { type: 'recountAsked', texts: texts(2) }, { type: 'recountAsked', texts: texts(3) });
    expect(queued.effects).toEqual([]);
    expect(queued.state.recountNext).toEqual(texts(3));
    const answered = run(queued.state, { type: 'recountSettled' });
    expect(answered.effects).toEqual([{ kind: 'recount', texts: texts(3) }]);
    const done = run(answered.state, { type: 'recountSettled' });
    expect(done.effects).toEqual([]);
    expect(done.state.recountBusy).toBe(false);
  });

  it('forgets waiting texts when dropped; before an engine exists only records them; an answer with none in flight is illegal', () => {
    const busy = run(idleState(), { type: 'recountAsked', texts: texts(1) }, { type: 'recountAsked', texts: texts(2) }, { type: 'recountDropped' });
    expect(run(busy.state, { type: 'recountSettled' }).effects).toEqual([]);
    const early = run(initialDriverState(), { type: 'recountAsked', texts: texts(1) });
    expect(early.effects).toEqual([]);
    expect(early.state.recountNext).toEqual(texts(1));
    expect(() => transition(idleState(), { type: 'recountSettled' })).toThrow(IllegalTransition);
  });
});

describe('the engine driver machine: the play loop clock', () => {
  it('only notes the time while paused; the first frame of play starts the clock', () => {
    const paused = run(idleState(), { type: 'ticked', now: 40, playing: false, overBudget: false, speed: 1 });
    expect(paused.effects).toEqual([]);
    expect(paused.state).toMatchObject({ nowMs: 40, lastTick: null, owed: 0 });
    expect(run(idleState(), tick(40)).state).toMatchObject({ nowMs: 40, lastTick: 40, owed: 0 });
  });

  it('pays the wall time owed in whole steps at the speed, keeping the remainder, and waits while the engine is busy', () => {
    const s = run(idleState(), tick(0)).state;
    const one = run(s, tick(300));
    expect(one.effects).toEqual([{ kind: 'enqueue', id: one.state.waiting[0]!.id }]);
    expect(one.state.waiting[0]).toMatchObject({ kind: 'step', seconds: STEP_SECONDS });
    expect(one.state.owed).toBeCloseTo(0.05, 12);
    // A job in flight: the time is owed, not paid.
    const busy = run(one.state, tick(600));
    expect(busy.effects).toEqual([]);
    expect(busy.state.owed).toBeCloseTo(0.35, 12);
    const fast = run(s, tick(100, { speed: 5 }));
    expect(fast.state.waiting[0]).toMatchObject({ kind: 'step', seconds: 2 * STEP_SECONDS });
  });

  it('caps what it owes at eight steps (a background tab does not come back to a burst)', () => {
    const s = run(idleState(), tick(0)).state;
    const r = run(s, tick(60_000));
    expect(r.state.waiting[0]).toMatchObject({ kind: 'step', seconds: 8 * STEP_SECONDS });
  });

  it('stops playing over the page thread budget, and restarts the clock on reset', () => {
    const s = run(idleState(), tick(0), tick(100)).state;
    expect(run(s, tick(200, { overBudget: true })).effects).toEqual([{ kind: 'stopPlaying' }]);
    expect(run(s, { type: 'clockReset' }).state).toMatchObject({ lastTick: null, owed: 0 });
  });
});

describe('the engine driver machine: dispose', () => {
  it('clears the timer and disposes of the engine; a second dispose does nothing', () => {
    const armed = run(idleState(), { type: 'applyScheduled', delayMs: 300, restart: false }).state;
    const d = run(armed, { type: 'disposed' });
    expect(d.effects).toEqual([{ kind: 'clearTimer' }, { kind: 'disposeEngine' }]);
    expect(d.state).toMatchObject({ phase: 'disposed', timer: false, engine: null });
    expect(transition(d.state, { type: 'disposed' })).toEqual({ state: d.state, effects: [] });
  });

  it('lets the running job finish and starts the queued ones as nothing', () => {
    const s = run(idleState(), { type: 'stepPressed', seconds: 1 }, { type: 'applyScheduled', delayMs: 0, restart: false }).state;
    const a = run(s, started(s)).state;
    const d = run(a, { type: 'disposed' }).state;
    expect(d.running).not.toBeNull();
    const b = run(d, settled(d)).state;
    expect(b.phase).toBe('disposed');
    const next = run(b, started(b)).state;
    expect(next.running).toBeNull();
    expect(next.waiting).toEqual([]);
    expect(run(next, { type: 'jobSettled', id: b.waiting[0]!.id }).state).toEqual(next);
  });

  it('an apply still running when disposed may report its engine and model, which change nothing', () => {
    const s = run(idleState(), { type: 'applyScheduled', delayMs: 0, restart: false }).state;
    const d = run(s, started(s), { type: 'disposed' }).state;
    expect(run(d, { type: 'modelBuilt' }).state).toEqual(d);
    expect(run(d, { type: 'engineMade', kind: 'worker' }).state).toEqual(d);
  });

  it('refuses every call after dispose', () => {
    const d = statesByPhase().disposed;
    const calls: DriverEvent[] = [
      { type: 'start' },
      { type: 'applyScheduled', delayMs: 0, restart: true },
      { type: 'stepPressed', seconds: 1 },
      { type: 'seekPressed', t: 1 },
      { type: 'recountAsked', texts: ['x'] },
    ];
    for (const e of calls) expect(transition(d, e), e.type).toEqual({ state: d, effects: [] });
  });
});

describe('the engine driver machine under random events', () => {
  const events: fc.Arbitrary<DriverEvent> = fc.oneof(
    fc.constant({ type: 'start' } as const),
    fc.record({ type: fc.constant('applyScheduled' as const), delayMs: fc.constantFrom(0, 300), restart: fc.boolean() }),
    fc.constant({ type: 'timerFired' } as const),
    fc.record({ type: fc.constant('stepPressed' as const), seconds: fc.constantFrom(-0.25, 0.25, 1) }),
    fc.record({ type: fc.constant('seekPressed' as const), t: fc.constantFrom(-1, 0, 3) }),
    fc.constant({ type: 'jobStarted', id: 0 } as const),
    fc.constant({ type: 'jobSettled', id: 0 } as const),
    fc.constantFrom({ type: 'engineMade', kind: 'local' } as const, { type: 'modelBuilt' } as const, { type: 'restartTaken' } as const),
    fc.record({ type: fc.constant('recountAsked' as const), texts: fc.constant(['x']) }),
    fc.constantFrom({ type: 'recountSettled' } as const, { type: 'recountDropped' } as const, { type: 'clockReset' } as const),
    fc.record({ type: fc.constant('ticked' as const), now: fc.integer({ min: 0, max: 2000 }), playing: fc.boolean(), overBudget: fc.constant(false), speed: fc.constant(1) }),
    fc.constant({ type: 'disposed' } as const),
  );

  it('keeps its invariants: one job running at most, the phase naming it, ids in queue order, nothing after dispose', () => {
    fc.assert(
      fc.property(fc.array(events, { maxLength: 60 }), (list) => {
        let s = initialDriverState();
        for (const raw of list) {
          // Job events name the job the shell would name: the next one, the running one.
          const e: DriverEvent = raw.type === 'jobStarted' ? { type: 'jobStarted', id: s.waiting[0]?.id ?? -1 } : raw.type === 'jobSettled' ? { type: 'jobSettled', id: s.running?.id ?? -1 } : raw;
          let next: DriverState;
          try {
            next = transition(s, e).state;
          } catch (err) {
            expect(err).toBeInstanceOf(IllegalTransition);
            continue;
          }
          if (s.phase === 'disposed') expect(next.phase).toBe('disposed');
          s = next;
          const ids = [...(s.running ? [s.running.id] : []), ...s.waiting.map((j) => j.id)];
          expect([...ids].sort((a, b) => a - b)).toEqual(ids);
          if (s.phase === 'idle' || s.phase === 'new') expect(s.running).toBeNull();
          if (s.phase === 'applying') expect(s.running?.kind).toBe('apply');
          if (s.phase === 'stepping') expect(s.running?.kind).toBe('step');
          if (s.phase === 'seeking') expect(['back', 'seek']).toContain(s.running?.kind);
          if (s.phase === 'new') expect(s.waiting).toEqual([]);
        }
      }),
      { seed: 5866, numRuns: 300 },
    );
  });
});
