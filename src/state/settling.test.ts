import { describe, expect, it } from 'vitest';
import { defaultSimParams, STEP_SECONDS } from './defaults';
import { ratesState, selectRatesState, selectSettlingSecondsLeft, settlingView } from './settling';
import { createShardScopeStore } from './store';
import { toSimInput } from './toSim';

/** The page's rate window (what `toSimInput` asks the model for). */
const WINDOW = toSimInput(defaultSimParams()).rateWindowSeconds!;

async function started() {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 } });
  await store.getState().start();
  return store;
}

async function stepSeconds(store: Awaited<ReturnType<typeof started>>, seconds: number) {
  for (let k = 0; k < Math.round(seconds / STEP_SECONDS); k++) {
    store.getState().step(1);
    await store.getState().idle();
  }
}

describe('settling in the store', () => {
  it('counts down the whole seconds left in the rate window after the start, then says steady', async () => {
    const store = await started();
    expect(selectSettlingSecondsLeft(store.getState())).toBe(WINDOW);
    await stepSeconds(store, 1.25);
    expect(selectSettlingSecondsLeft(store.getState())).toBe(Math.ceil(WINDOW - 1.25));
    expect(settlingView(store.getState().sim.snapshot)).toEqual({ since: 0, until: WINDOW, measuredSeconds: 1.25, secondsLeft: Math.ceil(WINDOW - 1.25) });
    await stepSeconds(store, WINDOW);
    expect(selectSettlingSecondsLeft(store.getState())).toBeNull();
    expect(settlingView(store.getState().sim.snapshot)).toBeNull();
  });

  it('settles again after a reconnect (a gate toggled, a selector typed), from the time of the change', async () => {
    const store = await started();
    await stepSeconds(store, WINDOW + 1);
    expect(selectSettlingSecondsLeft(store.getState())).toBeNull();
    const t = store.getState().sim.snapshot!.time;
    store.getState().setGate(0, false);
    await store.getState().idle();
    expect(settlingView(store.getState().sim.snapshot)).toMatchObject({ since: t, until: t + WINDOW, secondsLeft: WINDOW });
    await stepSeconds(store, WINDOW);
    expect(selectSettlingSecondsLeft(store.getState())).toBeNull();
    store.getState().setSelector(1, 'shardRange(');
    await store.getState().idle();
    expect(selectSettlingSecondsLeft(store.getState())).toBe(WINDOW);
  });

  it('is null before the first snapshot', () => {
    const store = createShardScopeStore();
    expect(selectSettlingSecondsLeft(store.getState())).toBeNull();
  });
});

describe('ratesState', () => {
  it('says none before the run has measured any time, paused while paused, live while playing', async () => {
    const store = await started();
    const snap = () => store.getState().sim.snapshot;
    expect(snap()!.time).toBe(0);
    expect(ratesState(snap(), false)).toBe('none');
    expect(ratesState(snap(), true)).toBe('none');
    expect(ratesState(null, true)).toBe('none');
    await stepSeconds(store, 1);
    expect(ratesState(snap(), false)).toBe('paused');
    expect(ratesState(snap(), true)).toBe('live');
    expect(selectRatesState(store.getState())).toBe(store.getState().playing ? 'live' : 'paused');
  });
});
