import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SELECTOR_MESSAGE, splitHashSpace, loadSyntaxErrors } from '../../core/sharding';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import type { SimSnapshot } from '../report';
import type { Simulation } from './api';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

/**
 * Rates right after a change, and rates of a replica whose
 * requests fail.
 *
 * The steady state is the closed form's. How far a measured rate may stray from it is not a
 * guess: over a span of T seconds a replica receives N ~ Poisson(λT) events (churn counts are
 * Poisson per tick, and each event lands on a replica by its uid hash), so its events/s has
 * relative standard deviation 1/sqrt(λT), and its bytes/s (a compound Poisson sum of event
 * sizes X) sqrt(E[X²]/E[X]²)/sqrt(λT). Sizes are log-normal (spread 0.35) times a log-normal
 * namespace factor (0.25), so E[X²]/E[X]² <= exp(0.35² + 0.25²) (the envelope only lowers it).
 * A rate more than Z = 4.5 standard deviations away (one-sided tail 3.4e-6, a few hundred
 * checks per test) is not noise. Bursts and bookmarks are off so the stream is stationary,
 * and churn is ten times the default so that Z standard deviations are a small tolerance:
 * 26% over the first quarter second after a change, 6% over a full window.
 */
const Z = 4.5;
const SIZE_M2 = Math.exp(0.35 ** 2 + 0.25 ** 2);
const WINDOW = 5;
const CHURN = { addsPerSecond: 500, modifiesPerSecond: 5_000, deletesPerSecond: 500, bookmarkIntervalSeconds: 0, burst: { enabled: false } };
/** What the page uses: a 5 s window, a sample every 0.5 s, steps of 0.25 s. */
const PAGE = { seed: 'settling', rateWindowSeconds: WINDOW, sampleSeconds: 0.5, stepSeconds: 0.25, churn: CHURN } as const;

function sim(extra: SimParamsInput = {}): Simulation {
  return createSimulation({ ...PAGE, ...extra, churn: { ...CHURN, ...extra.churn } });
}

/** Relative tolerance of a rate measured over `span` seconds of a stream of `perSec` events. */
function tolerance(perSec: number, span: number, m2: number): number {
  return Z * Math.sqrt(m2 / (perSec * span));
}

/**
 * Checks every figure the snapshot derives from rates against the closed form: each
 * replica's bytes/s and events/s, and the API server's egress and hashes per second.
 */
function expectSteadyState(s: SimSnapshot, since: number): void {
  const span = Math.min(s.time - since, WINDOW);
  const cf = s.closedForm.server;
  const mode = s.modes.server;
  if (span <= 0) {
    // No time since the change: nothing measured yet, so nothing to report.
    for (const r of mode.replicas) expect(r.rates.bytesReceivedPerSec).toBe(0);
    expect(mode.totals.egressBytesPerSec).toBe(0);
    return;
  }
  const within = (measured: number, expected: number, tol: number, what: string) => {
    expect(measured, `${what} at t=${s.time} (${span} s since the change)`).toBeLessThanOrEqual(expected * (1 + tol));
    expect(measured, `${what} at t=${s.time} (${span} s since the change)`).toBeGreaterThanOrEqual(expected * (1 - tol));
  };
  mode.replicas.forEach((r, i) => {
    const events = cf.replicaEventsPerSec[i]!;
    within(r.rates.eventsReceivedPerSec, events, tolerance(events, span, 1), `replica-${i} events/s`);
    within(r.rates.bytesReceivedPerSec, cf.replicaBytesPerSec[i]!, tolerance(events, span, SIZE_M2), `replica-${i} bytes/s`);
  });
  const stream = s.closedForm.streamEventsPerSec;
  within(mode.totals.egressBytesPerSec, cf.egressBytesPerSec, tolerance(stream, span, SIZE_M2), 'API-server egress');
  // Hashes: n watchers x (adds + 2 x modifies + deletes), each count Poisson.
  const { addsPerSecond: a, modifiesPerSecond: m, deletesPerSecond: d } = CHURN;
  const hashTol = (Z * Math.sqrt(a + 4 * m + d)) / ((a + 2 * m + d) * Math.sqrt(span));
  const hashes = mode.apiServers.reduce((sum, x) => sum + x.hashesPerSec, 0);
  within(hashes, cf.hashesPerSec, hashTol, 'API-server hashes/s');
}

/** Runs to 20 s, applies `change`, then checks every snapshot for two windows. */
function checkChange(before: SimParamsInput, change: SimParamsInput): void {
  const s = sim(before);
  s.step(20);
  s.reconfigure(change);
  const since = s.time;
  expect(s.snapshot().settling).toEqual({ since, until: since + WINDOW });
  for (let k = 0; k <= 2 * WINDOW * 4; k++) {
    if (k > 0) s.step(0.25);
    const snap = s.snapshot();
    expectSteadyState(snap, since);
    if (snap.time < since + WINDOW) expect(snap.settling, `settling at t=${snap.time}`).toEqual({ since, until: since + WINDOW });
    else expect(snap.settling, `settling at t=${snap.time}`).toBeNull();
  }
}

describe('rates after a change', () => {
  it('adding an API server: no rate leaves the steady state, and the snapshot says settling for one window', () => {
    checkChange({}, { apiServers: { count: 2 } });
  });

  it('changing a selector: the relist is not counted as watch traffic, and the snapshot says settling for one window', () => {
    const [r0, r1] = splitHashSpace(4);
    // Move the boundary between replica-0 and replica-1 to 3/16 of the hash space.
    const mid = '0x3000000000000000';
    checkChange(
      {},
      {
        replicas: {
          selectors: [
            { kind: 'ranges', ranges: [{ start: r0!.start, end: mid }] },
            { kind: 'ranges', ranges: [{ start: mid, end: r1!.end }] },
          ],
        },
      },
    );
  });

  it('turning a gate back on: the whole stream received before the change is not averaged in', () => {
    checkChange({ apiServers: { count: 1, gates: [false] } }, { apiServers: { gates: [true] } });
  });

  it('the start is a change: settling until one window has passed, rates from the first sample after the initial LISTs', () => {
    const s = sim();
    expect(s.snapshot().settling).toEqual({ since: 0, until: WINDOW });
    for (let k = 1; k <= 2 * WINDOW * 4; k++) {
      s.step(0.25);
      expectSteadyState(s.snapshot(), 0);
    }
    expect(s.snapshot().settling).toBeNull();
  });

  it('a change of churn counts (rates then come from the new stream only); a change of step size or rate window does not', () => {
    const s = sim();
    s.step(20);
    s.reconfigure({ stepSeconds: 0.5, rateWindowSeconds: WINDOW });
    expect(s.snapshot().settling).toBeNull();
    s.reconfigure({ churn: { modifiesPerSecond: 2_500 } });
    expect(s.snapshot().settling).toEqual({ since: 20, until: 25 });
    s.step(1);
    // Only the new stream: about (500 + 2,500 + 500) / 4 events per second per replica.
    const e = s.snapshot().modes.server.replicas[0]!.rates.eventsReceivedPerSec;
    const expected = s.snapshot().closedForm.server.replicaEventsPerSec[0]!;
    expect(Math.abs(e / expected - 1)).toBeLessThan(tolerance(expected, 1, 1));
  });

  it('seeking back restores the settling state the run had at that time', () => {
    const s = sim();
    s.step(10);
    s.reconfigure({ apiServers: { count: 2 } });
    s.step(2);
    const at12 = s.snapshot();
    s.step(10);
    expect(s.snapshot().settling).toBeNull();
    s.seek(12);
    const again = s.snapshot();
    expect(again.settling).toEqual({ since: 10, until: 15 });
    expect(again.modes.server.replicas.map((r) => r.rates)).toEqual(at12.modes.server.replicas.map((r) => r.rates));
  });

  it('a failed retry of a rejected selector is not a change: nothing flowed before or after it', () => {
    const s = sim();
    s.step(20);
    s.reconfigure({ replicas: { selectors: [{ kind: 'text', text: 'shardRange(' }] } });
    // Retries back off 1, 2, 4, 8, 16 s: five of them by t = 52.
    s.step(32);
    const snap = s.snapshot();
    expect(snap.modes.server.replicas[0]!.counters.requestErrors).toBeGreaterThanOrEqual(5);
    expect(snap.settling).toBeNull();
  });
});

describe('a replica whose requests fail', () => {
  const BAD = "shardRange(object.metadata.uid, '0xFF', '0x4000000000000000')";

  it('receives nothing while its requests fail, from the first snapshot after the change', () => {
    const s = sim();
    s.step(20);
    s.reconfigure({ replicas: { selectors: [{ kind: 'text', text: BAD }] } });
    for (let k = 0; k <= 40; k++) {
      if (k > 0) s.step(0.25);
      const r = s.snapshot().modes.server.replicas[0]!;
      expect(r.status).toBe('error');
      expect(r.error?.httpStatus).toBe(500);
      expect(r.cacheObjects).toBe(0);
      expect(r.rates.eventsReceivedPerSec, `t=${s.time}`).toBe(0);
      expect(r.rates.eventsKeptPerSec, `t=${s.time}`).toBe(0);
      expect(r.rates.bytesReceivedPerSec, `t=${s.time}`).toBe(0);
      expect(r.rates.decodeCpuCores, `t=${s.time}`).toBe(0);
    }
  });

  it('relists when the selector is fixed: the LIST bytes are counted once, then the watch stream flows', () => {
    const s = sim({ replicas: { initialList: 'list' } });
    s.step(20);
    s.reconfigure({ replicas: { selectors: [{ kind: 'text', text: BAD }] } });
    s.step(5);
    const failing = s.snapshot().modes.server.replicas[0]!;
    s.reconfigure({ replicas: { selectors: [] } });
    const fixed = s.snapshot();
    const r = fixed.modes.server.replicas[0]!;
    expect(r.status).toBe('ok');
    expect(r.filtering).toBe('server');
    expect(r.counters.listRequests).toBe(failing.counters.listRequests + 1);
    // The LIST body: the replica's quarter of the objects, all received at once.
    const list = s.listFor('server', 0);
    expect(list.status === 200 && list.totalItems).toBe(r.cacheObjects);
    const listBytes = r.counters.listBytes - failing.counters.listBytes;
    expect(listBytes).toBeGreaterThan(r.cacheObjects * 300);
    expect(r.counters.bytesReceived - failing.counters.bytesReceived).toBe(listBytes);
    // Rates are the watch stream only; the chart keeps the relist as the spike it was.
    checkSettled(s, fixed.time);
    const series = s.snapshot().modes.server.series;
    const k = series.t.findIndex((t) => t > fixed.time);
    expect(series.replicaBytesPerSec[0]![k]!).toBeGreaterThan(listBytes / WINDOW);
  });

  it('a whitespace-only selector is sent as typed, and a gate-on server trims it and answers HTTP 500', () => {
    for (const blank of [' ', '\t\n', '\u00a0', '\u3000 ']) {
      const s = sim({ replicas: { selectors: [{ kind: 'text', text: blank }] } });
      const r = s.snapshot().modes.server.replicas[0]!;
      expect(r.selectorSent).toBe(blank);
      expect(r.listUrl).toContain('shardSelector=');
      expect(r.status).toBe('error');
      expect(r.error).toEqual({ httpStatus: 500, message: `invalid shard selector: ${EMPTY_SELECTOR_MESSAGE}` });
      expect(EMPTY_SELECTOR_MESSAGE).toBe('empty shard selector is not allowed; omit the parameter for unfiltered lists');
      const list = s.listFor('server', 0);
      expect(list.status).toBe(500);
      expect(list.status === 500 && list.body.message).toBe(`invalid shard selector: ${EMPTY_SELECTOR_MESSAGE}`);
    }
  });

  it('an empty selector is no selector: the parameter is left out, the whole collection comes back without shardInfo, client-go keeps it all', () => {
    const s = sim({ replicas: { selectors: [{ kind: 'text', text: '' }] } });
    s.step(2);
    const snap = s.snapshot();
    const r = snap.modes.server.replicas[0]!;
    expect(r.selectorSent).toBeNull();
    expect(r.listUrl).not.toContain('shardSelector');
    expect(r.status).toBe('ok');
    expect(r.shardInfoSeen).toBe(false);
    expect(r.filtering).toBe('trust');
    expect(r.cacheObjects).toBe(snap.cluster.live);
    const list = s.listFor('server', 0);
    expect(list.status === 200 && list.totalItems).toBe(snap.cluster.live);
    expect(list.status === 200 && list.body.metadata.shardInfo).toBeUndefined();
  });
});

/** From `since` on, rates read the watch stream only (see {@link expectSteadyState}). */
function checkSettled(s: Simulation, since: number): void {
  for (let k = 1; k <= WINDOW * 4; k++) {
    s.step(0.25);
    expectSteadyState(s.snapshot(), since);
  }
}
