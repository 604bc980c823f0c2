import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';

const TICK = 0.01;

function sim(extra: SimParamsInput = {}) {
  return createSimulation({
    seed: 'bursts',
    cluster: { pods: 3_000, namespaces: 6 },
    ...extra,
    churn: { addsPerSecond: 5, modifiesPerSecond: 20, deletesPerSecond: 5, burst: { enabled: true, everySeconds: 30, podsPerSecond: 100, maxSeconds: 10 }, ...extra.churn },
  });
}

describe('rolling-update marks (churn.bursts)', () => {
  it('record a running burst with its start, no end yet, and the namespace it is replacing', () => {
    const s = sim();
    s.step(16);
    const snap = s.snapshot();
    // Bursts start half a period in: 15 s, 45 s, 75 s, ...
    expect(snap.churn.bursts).toEqual([{ start: 15, end: null, namespace: snap.churn.burstNamespace }]);
    expect(snap.churn.burstNamespace).not.toBeNull();
  });

  it('record each burst once, every period, ending within its longest duration', () => {
    const s = sim();
    const seen = new Map<number, string>();
    // Watch the running burst's namespace second by second: the marks must name the same ones.
    for (let t = 0; t < 100; t++) {
      s.step(1);
      const snap = s.snapshot();
      const running = snap.churn.bursts.find((b) => b.end === null);
      if (running) seen.set(running.start, snap.churn.burstNamespace!);
    }
    const marks = s.snapshot().churn.bursts;
    expect(marks.map((m) => m.start)).toEqual([15, 45, 75]);
    for (const m of marks) {
      expect(m.end).not.toBeNull();
      expect(m.end!).toBeGreaterThan(m.start);
      expect(m.end!).toBeLessThanOrEqual(m.start + 10 + TICK);
      expect(m.namespace).toBe(seen.get(m.start));
    }
  });

  it('ends the mark of a burst at the time a namespace runs out of pods', () => {
    // One small namespace of about 200 pods replaced at 100 pods/s: done after about 2 s, well before 10 s.
    const s = sim({ cluster: { pods: 200, namespaces: 1 }, churn: { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0 } });
    s.step(40);
    const [m] = s.snapshot().churn.bursts;
    expect(m!.start).toBe(15);
    // 200 pods at one per 10 ms tick from 15 s: the last is replaced in the tick at 16.99 s,
    // and the burst is seen done at the next tick, 17 s.
    expect(m!.end!).toBeCloseTo(17, 6);
  });

  it('ends a running mark when bursts are switched off', () => {
    const s = sim();
    s.step(17);
    s.reconfigure({ churn: { burst: { enabled: false } } });
    s.step(1);
    const marks = s.snapshot().churn.bursts;
    expect(marks).toHaveLength(1);
    expect(marks[0]!.end).toBe(17);
  });

  it('expose only the bursts within the time series span', () => {
    const full = sim({ seriesCapacity: 1000 });
    const short = sim({ seriesCapacity: 20 });
    full.step(130);
    short.step(130);
    const t0 = short.snapshot().modes.server.series.t[0]!;
    expect(t0).toBeGreaterThan(100);
    const all = full.snapshot().churn.bursts;
    expect(all).toHaveLength(4);
    expect(short.snapshot().churn.bursts).toEqual(all.filter((b) => b.end === null || b.end >= t0));
    expect(short.snapshot().churn.bursts.length).toBeLessThan(all.length);
  });

  it('are rebuilt the same when seeking back', () => {
    const s = sim();
    s.step(80);
    const before = s.snapshot().churn.bursts;
    expect(before).toHaveLength(3);
    s.seek(20);
    expect(s.snapshot().churn.bursts).toEqual(before.slice(0, 1).map((b) => ({ ...b, end: b.end! <= 20 ? b.end : null })));
    s.seek(80);
    expect(s.snapshot().churn.bursts).toEqual(before);
  });
});
