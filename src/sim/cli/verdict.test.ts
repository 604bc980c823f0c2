import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { createSimulation } from '../engine';
import type { SimParamsInput } from '../params';
import type { SimSnapshot } from '../report';
import { CHINESE, HOT_REPLICA_FACTOR, failuresOf, headlineRatio, settlingSecondsLeft, verdictOf, verdictSentence } from '../report';
import { loadSyntaxErrors } from '../../core/sharding';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

const QUIET_BURSTS = { burst: { enabled: false } };

/** Long enough for the rate window (10 s) to fill after the start, so rates are measured, not settling. */
function run(input: SimParamsInput, seconds = 12) {
  const sim = createSimulation({ seed: 'verdict', cluster: { pods: 4_000, namespaces: 8 }, ...input, churn: { ...QUIET_BURSTS, ...input.churn } });
  sim.step(seconds);
  return sim;
}

/** Objects whose uid hash falls in [from, to) (fractions of 2^64), counted from the hash-space positions. */
function objectsIn(sim: ReturnType<typeof createSimulation>, from: number, to: number): number {
  const view = sim.hashSpace();
  let n = 0;
  for (let i = 0; i < view.count; i++) if (view.positions[i]! >= from && view.positions[i]! < to) n++;
  return n;
}

describe('verdictOf', () => {
  it('states only the saving for a healthy run of equal ranges', () => {
    const v = verdictOf(run({ replicas: { count: 4 } }).snapshot());
    expect(v.failures).toEqual([]);
    expect(v.sentence).toMatch(/^4 replicas: server-side sends [34]\.\d× less$/);
  });

  it('says which share of objects has no owner when the selectors leave a gap', () => {
    // Replica 1 stops at 0x6000... instead of 0x8000...: [3/8, 1/2) of the space is nobody's.
    const ranges = [
      [{ start: '0x0000000000000000', end: '0x4000000000000000' }],
      [{ start: '0x4000000000000000', end: '0x6000000000000000' }],
      [{ start: '0x8000000000000000', end: '0xc000000000000000' }],
      [{ start: '0xc000000000000000', end: '0x10000000000000000' }],
    ];
    const sim = run({ replicas: { count: 4, selectors: ranges.map((r) => ({ kind: 'ranges' as const, ranges: r })) } });
    const s = sim.snapshot();
    const v = verdictOf(s);
    const unowned = objectsIn(sim, 3 / 8, 1 / 2);
    expect(unowned).toBeGreaterThan(0);
    expect(v.failures[0]).toEqual({ kind: 'gaps', mode: 'server', count: unowned, share: unowned / s.cluster.live });
    // Also client-side: it filters by the same ranges.
    expect(v.failures[1]).toEqual({ kind: 'gaps', mode: 'client', count: unowned, share: unowned / s.cluster.live });
    const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(unowned / s.cluster.live);
    expect(v.sentence).toMatch(new RegExp(`^4 replicas: server-side sends \\d\\.\\d× less — but ${percent} of objects have no owner; client-side: ${percent} of objects have no owner$`));
  });

  describe('a gap of single objects: counted, not rounded away', () => {
    const hex = (v: bigint) => (v >= 1n << 64n ? '0x10000000000000000' : `0x${v.toString(16).padStart(16, '0')}`);
    /** Two replicas whose ranges cover the whole space except exactly the uid hashes of `holes`. */
    function leaving(holes: readonly bigint[]) {
      const bounds = [...holes].sort((a, b) => (a < b ? -1 : 1));
      const ranges: { start: string; end: string }[][] = [[], []];
      let from = 0n;
      bounds.forEach((h, k) => {
        ranges[k % 2]!.push({ start: hex(from), end: hex(h) });
        from = h + 1n;
      });
      ranges[bounds.length % 2]!.push({ start: hex(from), end: hex(1n << 64n) });
      // Nothing is created or deleted: the holes stay the only objects without an owner.
      return run({ replicas: { count: 2, selectors: ranges.map((r) => ({ kind: 'ranges' as const, ranges: r })) }, churn: { addsPerSecond: 0, deletesPerSecond: 0 } });
    }
    /** The uid hashes of `n` live objects of the run `run` builds (same seed and cluster). */
    function hashesOf(n: number): bigint[] {
      const sim = run({}, 0);
      return [0.3, 0.7].slice(0, n).map((p) => BigInt(sim.objectsNear(p, 1)[0]!.uidHash));
    }

    it('one object without an owner is a failure, in the singular: "1 object has no owner"', () => {
      const sim = leaving(hashesOf(1));
      const s = sim.snapshot();
      expect(s.modes.server.audit.gaps).toBe(1);
      const v = verdictOf(s);
      expect(v.failures.slice(0, 2)).toEqual([
        { kind: 'gaps', mode: 'server', count: 1, share: 1 / s.cluster.live },
        { kind: 'gaps', mode: 'client', count: 1, share: 1 / s.cluster.live },
      ]);
      expect(v.sentence).toMatch(/^2 replicas: server-side sends \d\.\d× less — but 1 object has no owner; client-side: 1 object has no owner$/);
      expect(verdictSentence(v, CHINESE)).toMatch(/；但是 1 个对象没有负责副本；客户端分片：1 个对象没有负责副本$/);
    });

    it('two objects without an owner, in the plural: "2 objects have no owner"', () => {
      const v = verdictOf(leaving(hashesOf(2)).snapshot());
      expect(v.failures.slice(0, 2).map((f) => f.kind === 'gaps' && f.count)).toEqual([2, 2]);
      expect(v.sentence).toMatch(/ — but 2 objects have no owner; client-side: 2 objects have no owner$/);
      expect(verdictSentence(v, CHINESE)).toMatch(/；但是 2 个对象没有负责副本；客户端分片：2 个对象没有负责副本$/);
    });
  });

  it('names the replicas that naively trust a gate-off API server, and the duplicates they make', () => {
    // Two API servers, the second with the gate off: replicas 1 and 3 are served by it.
    const sim = run({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } });
    const v = verdictOf(sim.snapshot());
    const kinds = v.failures.map((f) => f.kind);
    expect(kinds).toContain('duplicates');
    expect(v.failures.find((f) => f.kind === 'trust')).toEqual({ kind: 'trust', mode: 'server', replicas: [1, 3] });
    expect(v.sentence).toContain(' — but ');
    expect(v.sentence).toContain('of objects have more than one owner');
  });

  it('says which replicas fall back to local filtering, and that they are hot', () => {
    const sim = run({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'filter' } });
    const v = verdictOf(sim.snapshot());
    expect(v.failures[0]).toEqual({ kind: 'fallback', mode: 'server', replicas: [1, 3] });
    expect(v.sentence).toContain('— but replica-1 and replica-3 are on gate-off API servers: they receive the whole stream and filter it locally');
    // Replicas 1 and 3 each receive the whole stream, 0 and 2 a quarter: the busiest gets
    // 1 / mean(1/4, 1, 1/4, 1) = 1.6x the mean.
    const hot = v.failures.find((f) => f.kind === 'hot');
    expect(hot?.kind === 'hot' && [1, 3].includes(hot.replica)).toBe(true);
    expect(hot?.kind === 'hot' && hot.factor).toBeGreaterThan(1.5);
    expect(hot?.kind === 'hot' && hot.factor).toBeLessThan(1.7);
  });

  it('names a replica that gets HTTP 500 for a malformed selector', () => {
    const sim = run({ replicas: { count: 4, selectors: [null, null, { kind: 'text', text: 'shardRange(object.metadata.uid,' }] } });
    const v = verdictOf(sim.snapshot());
    expect(v.failures.find((f) => f.kind === 'http500')).toEqual({ kind: 'http500', mode: 'server', replicas: [2] });
    expect(v.sentence).toContain('replica-2 gets HTTP 500');
  });

  it('says a replica receives N× its fair share when its range is N times the mean', () => {
    // Replica 0 owns 70% of the space, the other three 10% each: 0.7 x 4 = 2.8x the mean.
    const bounds = ['0x0000000000000000', '0xb333333333333333', '0xcccccccccccccccc', '0xe666666666666666', '0x10000000000000000'];
    const selectors = [0, 1, 2, 3].map((i) => ({ kind: 'ranges' as const, ranges: [{ start: bounds[i]!, end: bounds[i + 1]! }] }));
    const sim = run({ cluster: { pods: 20_000, namespaces: 8 }, replicas: { count: 4, selectors } }, 20);
    const v = verdictOf(sim.snapshot());
    expect(v.failures).toHaveLength(1);
    const hot = v.failures[0]!;
    expect(hot.kind).toBe('hot');
    if (hot.kind !== 'hot') return;
    expect(hot.replica).toBe(0);
    expect(hot.factor).toBeGreaterThan(2.8 * 0.93);
    expect(hot.factor).toBeLessThan(2.8 * 1.07);
    expect(v.sentence).toMatch(/ — but replica-0 receives 2\.\d× its fair share$/);
  });

  it(`does not call a replica hot below ${HOT_REPLICA_FACTOR}× the mean`, () => {
    // Replica 0 owns 35%, the others about 21.7% each: 1.4x the mean.
    const bounds = ['0x0000000000000000', '0x5999999999999999', '0x8eeeeeeeeeeeeeee', '0xc444444444444444', '0x10000000000000000'];
    const selectors = [0, 1, 2, 3].map((i) => ({ kind: 'ranges' as const, ranges: [{ start: bounds[i]!, end: bounds[i + 1]! }] }));
    const v = verdictOf(run({ cluster: { pods: 20_000, namespaces: 8 }, replicas: { count: 4, selectors } }, 20).snapshot());
    expect(v.failures).toEqual([]);
  });

  it('does not call a replica hot when its excess is within the counting noise of the rate window', () => {
    const s = run({ replicas: { count: 4 } }).snapshot();
    const window = s.params.rateWindowSeconds;
    // Replica 0 receives 1.8x the bytes of the others, but over 8 events in the window
    // against 4: (8 - 5) / sqrt(5) = 1.3 standard deviations, a chance reading.
    const replicas = s.modes.server.replicas.map((r, i) => ({
      ...r,
      rates: { ...r.rates, bytesReceivedPerSec: i === 0 ? 1800 : 1000, eventsReceivedPerSec: (i === 0 ? 8 : 4) / window },
    }));
    const noisy: SimSnapshot = { ...s, modes: { ...s.modes, server: { ...s.modes.server, replicas } } };
    expect(verdictOf(noisy).failures).toEqual([]);
    // The same excess over 100 times the events is real: (800 - 500) / sqrt(500) = 13.4.
    const counted = replicas.map((r, i) => ({ ...r, rates: { ...r.rates, eventsReceivedPerSec: (i === 0 ? 800 : 400) / window } }));
    const real = verdictOf({ ...noisy, modes: { ...s.modes, server: { ...s.modes.server, replicas: counted } } });
    expect(real.failures).toEqual([{ kind: 'hot', mode: 'server', replica: 0, factor: 1800 / ((1800 + 3000) / 4) }]);
  });

  it('while rates settle, shows the closed-form prediction labelled as expected, never the transient', () => {
    const s = run({ replicas: { count: 4 } }).snapshot();
    // A transient: the client-side egress spikes to 13x what it is in steady state.
    const transient: SimSnapshot = {
      ...s,
      settling: { since: s.time - 1, until: s.time + 9 },
      modes: { ...s.modes, client: { ...s.modes.client, totals: { ...s.modes.client.totals, egressBytesPerSec: s.modes.client.totals.egressBytesPerSec * 13 } } },
    };
    const v = verdictOf(transient);
    const expected = s.closedForm.client.egressBytesPerSec / s.closedForm.server.egressBytesPerSec;
    expect(v.settling).toBe(true);
    expect(v.source).toBe('expected');
    expect(v.ratio).toBe(expected);
    expect(v.sentence).toBe(`4 replicas: server-side should send ${expected.toFixed(1)}× less (expected; rates settle in 9 s)`);
    // The same snapshot without settling reports the transient as measured.
    expect(verdictOf({ ...transient, settling: null }).source).toBe('measured');
  });

  it('while rates settle with every API server gate-off, says both modes should send the same, not "1.0× less"', () => {
    const s = run({ replicas: { count: 4 }, apiServers: { count: 2, gates: [false, false] } }).snapshot();
    expect(s.closedForm.client.egressBytesPerSec / s.closedForm.server.egressBytesPerSec).toBeCloseTo(1, 6);
    const v = verdictOf({ ...s, settling: { since: s.time - 1, until: s.time + 9 } });
    expect(v.settling).toBe(true);
    expect(v.sentence).toMatch(/^4 replicas: both modes should send the same \(expected; rates settle in 9 s\)( — but |$)/);
    expect(v.sentence).not.toMatch(/1\.0× less/);
  });

  it('while rates settle, judges a hot replica from the closed form, not the transient rates', () => {
    const s = run({ replicas: { count: 4 } }).snapshot();
    const server = s.modes.server;
    const spiky = server.replicas.map((r, i) =>
      i === 0 ? { ...r, rates: { ...r.rates, bytesReceivedPerSec: r.rates.bytesReceivedPerSec * 40, eventsReceivedPerSec: r.rates.eventsReceivedPerSec * 40 } } : r,
    );
    const transient: SimSnapshot = { ...s, settling: { since: s.time, until: s.time + 10 }, modes: { ...s.modes, server: { ...server, replicas: spiky } } };
    expect(verdictOf(transient).failures).toEqual([]);
    expect(verdictOf({ ...transient, settling: null }).failures.map((f) => f.kind)).toEqual(['hot']);
  });
});

describe('the CLI verdict', () => {
  it('prints the very same sentence as verdictOf under its table', () => {
    const argv = ['--pods', '3000', '--replicas', '4', '--seconds', '5', '--gates', 'on,off', '--fallback', 'trust', '--seed', 'cli-verdict'];
    const r = runCli(argv);
    expect(r.code).toBe(0);
    const sim = createSimulation({
      seed: 'cli-verdict',
      cluster: { pods: 3000 },
      replicas: { count: 4, serverFallback: 'trust' },
      apiServers: { count: 2, gates: [true, false] },
    });
    sim.step(5);
    const sentence = verdictOf(sim.snapshot()).sentence;
    expect(sentence).toContain(' — but ');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe(sentence);
  });
});

describe('the seconds a settling headline waits', () => {
  // From the snapshot's own settling window: the start is a change, so rates settle one window
  // after t = 0, and the headline counts down with the time as the replica cards do.
  it('counts down to the end of the rate window, rounded up, and is null once the rates are steady', () => {
    const sim = createSimulation({ seed: 'settling-seconds', cluster: { pods: 500 }, rateWindowSeconds: 5, stepSeconds: 0.25 });
    const seen: (number | null)[] = [];
    for (const t of [0.25, 1, 2.5, 4, 4.75, 5.25]) {
      sim.step(t - sim.snapshot().time);
      const snap = sim.snapshot();
      expect(headlineRatio(snap).settlingSeconds, `t=${snap.time}`).toBe(settlingSecondsLeft(snap));
      seen.push(verdictOf(snap).settlingSeconds);
    }
    expect(seen).toEqual([5, 4, 3, 1, 1, null]);
  });

  it('puts the seconds in the sentence, in both languages', () => {
    const snap = createSimulation({ seed: 'settling-seconds', cluster: { pods: 500 }, rateWindowSeconds: 5, stepSeconds: 0.25 });
    snap.step(2.5);
    const v = verdictOf(snap.snapshot());
    expect(v.settling).toBe(true);
    expect(v.sentence).toMatch(/\(expected; rates settle in 3 s\)$/);
    expect(verdictSentence(v, CHINESE)).toMatch(/；速率尚未稳定，还需 3 秒$/);
  });
});

/**
 * The verdict's rules on snapshots of a small healthy run with one figure changed at a time,
 * so each rule is seen on its own: the run itself says nothing is wrong.
 */
describe('verdict rules, one changed figure at a time', () => {
  const base = run({ cluster: { pods: 400, namespaces: 4 }, replicas: { count: 4 } }).snapshot();
  type Replicas = SimSnapshot['modes']['server']['replicas'];
  type Patch = Partial<Replicas[number]>;
  const server = base.modes.server;
  const client = base.modes.client;

  function withServer(patch: (r: Replicas[number], i: number) => Patch, extra: Partial<SimSnapshot['modes']['server']> = {}, s: SimSnapshot = base): SimSnapshot {
    return { ...s, modes: { ...s.modes, server: { ...s.modes.server, replicas: s.modes.server.replicas.map((r, i) => ({ ...r, ...patch(r, i) })), ...extra } } };
  }
  const lifecycle = (duplicatesMissed: number, duplicatesCaught: number) => ({ lifecycle: { ...server.lifecycle, duplicatesMissed, duplicatesCaught } });
  const totals = (s: SimSnapshot, clientEgress: number, serverEgress: number): SimSnapshot => ({
    ...s,
    modes: { client: { ...s.modes.client, totals: { ...s.modes.client.totals, egressBytesPerSec: clientEgress } }, server: { ...s.modes.server, totals: { ...s.modes.server.totals, egressBytesPerSec: serverEgress } } },
  });

  it('the base run is healthy and measured', () => {
    expect(verdictOf(base).failures).toEqual([]);
    expect(headlineRatio(base).source).toBe('measured');
  });

  it('the ratio is measured only with history, and egress in both modes; otherwise the closed form, or 1 without it', () => {
    expect(headlineRatio(totals(base, 3000, 1000))).toEqual({ ratio: 3, source: 'measured', settling: false, settlingSeconds: null });
    const expected = base.closedForm.client.egressBytesPerSec / base.closedForm.server.egressBytesPerSec;
    expect(headlineRatio({ ...totals(base, 3000, 1000), time: 0 })).toEqual({ ratio: expected, source: 'expected', settling: false, settlingSeconds: null });
    expect(headlineRatio(totals(base, 0, 1000))).toEqual({ ratio: expected, source: 'expected', settling: false, settlingSeconds: null });
    expect(headlineRatio(totals(base, 3000, 0))).toEqual({ ratio: expected, source: 'expected', settling: false, settlingSeconds: null });
    const noServer = { ...totals(base, 0, 0), closedForm: { ...base.closedForm, server: { ...base.closedForm.server, egressBytesPerSec: 0 } } };
    expect(headlineRatio(noServer).ratio).toBe(1);
    const noClient = { ...totals(base, 0, 0), closedForm: { ...base.closedForm, client: { ...base.closedForm.client, egressBytesPerSec: 0 } } };
    expect(headlineRatio(noClient).ratio).toBe(1);
  });

  it('gaps and duplicates as shares of the live objects (of at least one)', () => {
    const audit = (gaps: number, duplicates: number, live: number) => ({ audit: { ...server.audit, gaps, duplicates, live } });
    expect(failuresOf(withServer(() => ({}), audit(10, 20, 400)))).toEqual([
      { kind: 'gaps', mode: 'server', count: 10, share: 10 / 400 },
      { kind: 'duplicates', mode: 'server', count: 20, share: 20 / 400 },
    ]);
    expect(failuresOf(withServer(() => ({}), audit(3, 0, 0)))).toEqual([{ kind: 'gaps', mode: 'server', count: 3, share: 3 }]);
  });

  it('a failed LIST: HTTP 500, or down when its own selector does not parse (no status)', () => {
    const s = withServer((_, i) =>
      i === 1 ? { status: 'error', error: { httpStatus: 500, message: 'x' } } : i === 2 ? { status: 'error', error: { httpStatus: null, message: 'y' } } : {},
    );
    expect(failuresOf(s)).toEqual([
      { kind: 'http500', mode: 'server', replicas: [1] },
      { kind: 'down', mode: 'server', replicas: [2] },
    ]);
  });

  it('trust and fallback only for replicas that run', () => {
    const s = withServer((_, i) => (i === 0 ? { filtering: 'trust' } : i === 1 ? { filtering: 'local' } : i === 2 ? { status: 'error', error: { httpStatus: 500, message: 'x' }, filtering: 'trust' } : {}));
    expect(failuresOf(s).map((f) => f.kind)).toEqual(['http500', 'trust', 'fallback']);
    expect(failuresOf(s).find((f) => f.kind === 'trust')).toEqual({ kind: 'trust', mode: 'server', replicas: [0] });
    expect(failuresOf(s).find((f) => f.kind === 'fallback')).toEqual({ kind: 'fallback', mode: 'server', replicas: [1] });
  });

  it('duplicate events kept: named for a replica that trusts a gate-off WATCH after a LIST with shardInfo', () => {
    const gateOff = server.apiServers.map((a) => ({ ...a, gate: false }));
    const skewed = (patch: Patch, missed: number, caught: number, apiServers: SimSnapshot['modes']['server']['apiServers'] = gateOff) =>
      failuresOf(withServer((_, i) => (i === 2 ? patch : {}), { ...lifecycle(missed, caught), apiServers }));
    const trusting: Patch = { filtering: 'trust', shardInfoSeen: true };
    expect(skewed(trusting, 12, 0)).toEqual([
      { kind: 'trust', mode: 'server', replicas: [2] },
      { kind: 'skewTrust', mode: 'server', replicas: [2], events: 12 },
    ]);
    // Others caught some: still said, for the one that trusts.
    expect(skewed(trusting, 12, 5).map((f) => f.kind)).toEqual(['trust', 'skewTrust']);
    // No duplicates kept: nothing to say beyond trust.
    expect(skewed(trusting, 0, 0).map((f) => f.kind)).toEqual(['trust']);
    // Its WATCH is on a gate-on server, or it never had shardInfo: 'trust' says it all.
    expect(skewed(trusting, 12, 0, server.apiServers).map((f) => f.kind)).toEqual(['trust']);
    expect(skewed({ filtering: 'trust', shardInfoSeen: false }, 12, 0).map((f) => f.kind)).toEqual(['trust']);
    // A replica that checks locally on that server keeps no duplicate: it is not named.
    expect(skewed({ filtering: 'local', shardInfoSeen: true }, 12, 0)).toEqual([
      { kind: 'skewTrust', mode: 'server', replicas: [], events: 12 },
      { kind: 'fallback', mode: 'server', replicas: [2] },
    ]);
    // Nobody trusts any more and none were caught: in the past tense; some caught: nothing.
    expect(skewed({}, 12, 0)).toEqual([{ kind: 'skewTrust', mode: 'server', replicas: [], events: 12 }]);
    expect(skewed({}, 12, 3)).toEqual([]);
  });

  it('server-side problems first, each mode its audit before its causes, the hot replica last', () => {
    const bad = { status: 'error' as const, error: { httpStatus: 500 as const, message: 'x' } };
    const s0 = withServer((_, i) => (i === 0 ? bad : {}), { audit: { ...server.audit, gaps: 4 } });
    const s: SimSnapshot = { ...s0, modes: { ...s0.modes, client: { ...client, audit: { ...client.audit, gaps: 2 }, replicas: client.replicas.map((r, i) => (i === 3 ? { ...r, ...bad } : r)) } } };
    const hot = withServer((r, i) => (i === 1 ? { rates: { ...r.rates, bytesReceivedPerSec: 1e9, eventsReceivedPerSec: 1e6 } } : {}), {}, s);
    expect(failuresOf(hot).map((f) => `${f.mode} ${f.kind}`)).toEqual(['server gaps', 'server http500', 'client gaps', 'client http500', 'server hot']);
  });

  describe('a hot replica', () => {
    const window = base.params.rateWindowSeconds;
    /** Replicas receiving these bytes/s and these events per rate window. */
    const measured = (bytes: number[], events: number[]) =>
      withServer((r, i) => ({ rates: { ...r.rates, bytesReceivedPerSec: bytes[i]!, eventsReceivedPerSec: events[i]! / window } }));

    it(`from exactly ${HOT_REPLICA_FACTOR}x the mean, the first of equally busy ones`, () => {
      // Mean of 2.5, 1.5, 0, 0 is 1: the busiest is 2.5x; with the events far beyond noise.
      expect(failuresOf(measured([2.5, 1.5, 0, 0], [2500, 1500, 0, 0]))).toEqual([{ kind: 'hot', mode: 'server', replica: 0, factor: 2.5 }]);
      // 1.5x exactly: [1.5, 1.5, 0.5, 0.5] over a mean of 1.
      expect(failuresOf(measured([0.5, 1.5, 1.5, 0.5], [500, 1500, 1500, 500]))).toEqual([{ kind: 'hot', mode: 'server', replica: 1, factor: 1.5 }]);
      expect(failuresOf(measured([0.52, 1.48, 1.48, 0.52], [520, 1480, 1480, 520]))).toEqual([]);
    });

    it('measured, from 5 standard deviations of counting noise on: (busiest - mean) / sqrt(mean) events', () => {
      // Mean 100 events per window: the busiest needs 150 (z = 5); 149 is noise.
      const events = (busiest: number) => [busiest, 100 - (busiest - 100) / 3, 100 - (busiest - 100) / 3, 100 - (busiest - 100) / 3];
      expect(failuresOf(measured([3, 1, 1, 1], events(150))).map((f) => f.kind)).toEqual(['hot']);
      expect(failuresOf(measured([3, 1, 1, 1], events(149)))).toEqual([]);
      // No events at all: nothing to judge.
      expect(failuresOf(measured([3, 1, 1, 1], [0, 0, 0, 0]))).toEqual([]);
    });

    it('nothing to compare with one replica, or with nothing received', () => {
      expect(failuresOf(measured([0, 0, 0, 0], [0, 0, 0, 0]))).toEqual([]);
      const one = { ...measured([5, 1, 1, 1], [5000, 1000, 1000, 1000]) };
      const single = { ...one, modes: { ...one.modes, server: { ...one.modes.server, replicas: one.modes.server.replicas.slice(0, 1) } } };
      expect(failuresOf(single)).toEqual([]);
    });

    it('expected: from the closed form per replica, whatever the measured rates', () => {
      const cf = (replicaBytesPerSec: number[]): SimSnapshot => ({ ...base, closedForm: { ...base.closedForm, server: { ...base.closedForm.server, replicaBytesPerSec } } });
      expect(failuresOf(cf([1, 1, 4, 2]), 'expected')).toEqual([{ kind: 'hot', mode: 'server', replica: 2, factor: 2 }]);
      expect(failuresOf(cf([1, 1, 1, 1]), 'expected')).toEqual([]);
      expect(failuresOf(cf([3]), 'expected')).toEqual([]);
      // Two replicas: 3 and 1 over a mean of 2 is 1.5x.
      expect(failuresOf(cf([3, 1]), 'expected')).toEqual([{ kind: 'hot', mode: 'server', replica: 0, factor: 1.5 }]);
      expect(failuresOf(cf([0, 0, 0, 0]), 'expected')).toEqual([]);
    });
  });
});
