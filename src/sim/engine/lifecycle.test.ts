import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import { BACKOFF_CAP_SECONDS, BACKOFF_INITIAL_SECONDS, nextBackoffSeconds } from '../client';
import { Replica } from '../client';
import { ENGLISH, failurePhrase, verdictOf } from '../report';
import { bookmarkBytes, eventEnvelopeBytes, listOverheadBytes } from '../cluster';

const STATIC = { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, bookmarkIntervalSeconds: 0, burst: { enabled: false } };

function sim(extra: SimParamsInput) {
  return createSimulation({ seed: 'lifecycle', cluster: { pods: 3_000, namespaces: 8 }, ...extra });
}

describe('client-go backoff', () => {
  it('starts at 800 ms, doubles, caps at 30 s, stretches each delay by jitter in [1, 2), and resets after 2 quiet minutes', () => {
    const r = new Replica('server', 0, 1, 0, { text: null, local: null, localError: null, key: 'object.metadata.uid' }, 'ranges', 'filter');
    const bases: number[] = [];
    for (let i = 0; i < 9; i++) {
      const low = nextBackoffSeconds(r, i, 0.01, 0);
      bases.push(r.backoffSeconds);
      expect(low).toBe(r.backoffSeconds);
    }
    expect(bases).toEqual([0.8, 1.6, 3.2, 6.4, 12.8, 25.6, 30, 30, 30]);
    expect(bases[0]).toBe(BACKOFF_INITIAL_SECONDS);
    expect(Math.max(...bases)).toBe(BACKOFF_CAP_SECONDS);
    const high = nextBackoffSeconds(r, 10, 0.01, 0.999);
    expect(high).toBeGreaterThanOrEqual(30);
    expect(high).toBeLessThan(60);
    // 121 s after the last failure: afresh.
    expect(nextBackoffSeconds(r, 10 + 12_100, 0.01, 0)).toBe(0.8);
  });
});

describe('defaults keep today’s behaviour', () => {
  it('relist nothing, time out nothing and see no duplicates with rollout null, timeouts off, trust-stream, LIST', () => {
    const s = sim({});
    s.step(30);
    const snap = s.snapshot();
    for (const m of [snap.modes.client, snap.modes.server]) {
      expect(m.lifecycle.relists).toEqual({ reshard: 0, restart: 0, gone: 0, error: 0 });
      expect(m.lifecycle.watchTimeouts).toBe(0);
      expect(m.lifecycle.duplicatesMissed + m.lifecycle.duplicatesCaught).toBe(0);
      expect(m.replicas.every((r) => r.listServer === r.apiServer)).toBe(true);
    }
    expect(snap.params.replicas.watchPolicy).toBe('trust-stream');
  });
});

describe('rolling upgrade of the API servers', () => {
  it('relists every dropped replica: the storm is the sum of their LIST sizes, 1/N of client-side in server-side', () => {
    const s = sim({ churn: STATIC, apiServers: { count: 1, gates: [false], rollout: { gate: true, at: 5, everySeconds: 20 } } });
    s.step(4);
    const before = s.snapshot();
    expect(before.modes.server.apiServers[0]!.gate).toBe(false);
    s.step(6);
    const snap = s.snapshot();
    expect(snap.modes.server.apiServers[0]!.gate).toBe(true);
    const full = listOverheadBytes('json') + Math.round(before.cluster.totalBytes);
    // Client-side: each of the 4 replicas relists the whole collection.
    expect(snap.modes.client.lifecycle.relists.restart).toBe(4);
    expect(Math.abs(snap.modes.client.lifecycle.relistBytes.restart - 4 * full)).toBeLessThanOrEqual(4);
    // Server-side: each relists its shard from the now gate-on server.
    expect(snap.modes.server.lifecycle.relists.restart).toBe(4);
    let shards = 0;
    for (let i = 0; i < 4; i++) {
      const l = s.listFor('server', i);
      shards += l.status === 200 ? l.bodyBytes : 0;
    }
    expect(snap.modes.server.lifecycle.relistBytes.restart).toBe(shards);
    expect(Math.abs(shards - (full + 3 * listOverheadBytes('json')))).toBeLessThanOrEqual(4);
    // The storm shows in the API server's egress series.
    const eg = snap.modes.client.series.serverEgressBytesPerSec[0]!;
    expect(Math.max(...eg)).toBeGreaterThan(0);
    expect(Math.max(...snap.modes.client.series.relistBytesPerSec)).toBeGreaterThan(0);
  });

  it('restarts server i at at + i x every and moves its clients to live servers chosen by the load balancer', () => {
    const s = sim({ apiServers: { count: 3, gates: [false, false, false], rollout: { gate: true, at: 2, everySeconds: 3 } }, replicas: { count: 6 } });
    s.step(2.5);
    expect(s.snapshot().modes.server.apiServers.map((a) => a.gate)).toEqual([true, false, false]);
    s.step(3);
    expect(s.snapshot().modes.server.apiServers.map((a) => a.gate)).toEqual([true, true, false]);
    s.step(6.5); // past the last restart at 8 s and its reconnects' backoff
    const snap = s.snapshot();
    expect(snap.modes.server.apiServers.map((a) => a.gate)).toEqual([true, true, true]);
    expect(snap.modes.server.lifecycle.relists.restart).toBeGreaterThanOrEqual(6);
  });
});

/** A run where some replicas LIST on a gate-on server and WATCH on a gate-off one. */
function skewRun(policy: 'trust-stream' | 'check-locally') {
  return createSimulation({
    seed: 'skew-1',
    cluster: { pods: 2_000, namespaces: 8 },
    churn: { addsPerSecond: 2, modifiesPerSecond: 10, deletesPerSecond: 2, bookmarkIntervalSeconds: 0, burst: { enabled: false } },
    apiServers: { count: 3, gates: [true, true, false], rollout: { gate: true, at: 1, everySeconds: 10_000 } },
    replicas: { count: 12, watchPolicy: policy },
  });
}

describe('watch policy after a LIST with shardInfo', () => {
  it('trust-stream keeps exactly the events the gate-off server sends outside the range; check-locally catches them all', () => {
    const trust = skewRun('trust-stream');
    trust.step(5); // the restart at 1 s and the reconnects (backoff < 2 s) are over
    const snap0 = trust.snapshot();
    const gates = snap0.modes.server.apiServers.map((a) => a.gate);
    const skewed = snap0.modes.server.replicas.filter((r) => gates[r.listServer] && !gates[r.apiServer]).map((r) => r.index);
    expect(skewed.length).toBeGreaterThan(0);
    const rv0 = snap0.cluster.resourceVersion;
    const missed0 = snap0.modes.server.lifecycle.duplicatesMissed;
    trust.step(20);
    const snap = trust.snapshot();
    // From the event stream: each event a skewed replica was sent whose object is outside its range.
    let expected = 0;
    for (const e of trust.recentEvents(2048)) {
      if (Number(e.resourceVersion) <= rv0 || e.object === null) continue;
      for (const i of skewed) {
        const inRange = e.object.position >= i / 12 && e.object.position < (i + 1) / 12;
        if (!inRange) expected++;
      }
    }
    expect(expected).toBeGreaterThan(0);
    expect(snap.modes.server.lifecycle.duplicatesMissed - missed0).toBe(expected);
    expect(snap.modes.server.audit.duplicates).toBeGreaterThan(0);

    const check = skewRun('check-locally');
    check.step(25);
    const c = check.snapshot();
    expect(c.modes.server.lifecycle.duplicatesMissed).toBe(0);
    expect(c.modes.server.lifecycle.duplicatesCaught).toBe(snap.modes.server.lifecycle.duplicatesMissed);
    expect(c.modes.server.audit.duplicates).toBe(0);
    // The headline says so under trust, and not under the local check.
    const v = verdictOf(snap);
    expect(v.failures.map((f) => f.kind)).toContain('skewTrust');
    expect(verdictOf(c).failures.map((f) => f.kind)).not.toContain('skewTrust');
    const phrase = failurePhrase(v.failures.find((f) => f.kind === 'skewTrust')!, ENGLISH);
    expect(phrase).toMatch(/^[\d,]+ duplicate events kept: replica-\d+ trusts a WATCH that a gate-off API server sends unfiltered$/);
    // The local check costs a hash per object event on every replica, not only the skewed ones.
    expect(c.modes.server.totals.localHashes).toBeGreaterThan(snap.modes.server.totals.localHashes);
  });
});

describe('what the local check costs', () => {
  it('is one hash per object event a replica receives: the closed form matches the measured rate, and trust-stream costs none', () => {
    const run = (policy: 'trust-stream' | 'check-locally') => {
      const s = createSimulation({
        seed: 'check-cost',
        cluster: { pods: 3_000, namespaces: 8 },
        churn: { addsPerSecond: 50, modifiesPerSecond: 500, deletesPerSecond: 50, bookmarkIntervalSeconds: 5, burst: { enabled: false } },
        replicas: { watchPolicy: policy },
      });
      s.step(5);
      const h0 = s.snapshot().modes.server.totals.localHashes;
      s.step(60);
      const snap = s.snapshot();
      return { measured: (snap.modes.server.totals.localHashes - h0) / 60, expected: snap.closedForm.server.replicaLocalHashesPerSec.reduce((a, b) => a + b, 0) };
    };
    const check = run('check-locally');
    // 600 writes/s reach the four replicas' shards once in all (bookmarks are not hashed).
    expect(check.expected).toBeCloseTo(600, 6);
    expect(Math.abs(check.measured - check.expected) / check.expected).toBeLessThan(0.05);
    const trust = run('trust-stream');
    expect(trust.measured).toBe(0);
    expect(trust.expected).toBe(0);
  });
});

describe('streaming lists (sendInitialEvents)', () => {
  it('carry no shardInfo, so the client filters locally; initial events cost an envelope each and an end bookmark, not a LIST body', () => {
    const list = sim({ churn: STATIC });
    const wl = sim({ churn: STATIC, replicas: { initialList: 'watch-list' } });
    const a = list.snapshot().modes.server;
    const b = wl.snapshot().modes.server;
    for (let i = 0; i < 4; i++) {
      const ra = a.replicas[i]!;
      const rb = b.replicas[i]!;
      expect(rb.shardInfoSeen).toBe(false);
      expect(rb.counters.listRequests).toBe(0);
      expect(rb.filtering).toBe('fallback');
      // The server's shard filter still applied: the same objects, now hashed locally too.
      expect(rb.cacheObjects).toBe(ra.cacheObjects);
      expect(rb.counters.localHashes).toBe(ra.counters.listItems);
      const items = ra.counters.listItems;
      const diff = rb.counters.bytesReceived - ra.counters.bytesReceived;
      expect(Math.abs(diff - (items * eventEnvelopeBytes('json') + bookmarkBytes('json') - listOverheadBytes('json')))).toBeLessThanOrEqual(items / 2 + 1);
      expect(rb.counters.eventsReceived).toBe(items + 1);
    }
    expect(a.totals.localHashes).toBe(0);
  });
});

describe('watch lifecycle: timeouts, bookmarks, 410 Gone', () => {
  const R = 4;
  const lambda = 0.04; // cluster writes per second
  const W = 100; // compaction window, seconds
  const T = 18_000;
  function run(watch: SimParamsInput['watch'], bookmarkIntervalSeconds = 0) {
    const s = createSimulation({
      seed: 'gone',
      cluster: { pods: 500, namespaces: 4 },
      churn: { addsPerSecond: 0, modifiesPerSecond: lambda, deletesPerSecond: 0, bookmarkIntervalSeconds, burst: { enabled: false } },
      replicas: { count: R },
      watch,
      sampleSeconds: 60,
      stepSeconds: 600,
    });
    s.step(T);
    return s.snapshot();
  }

  it('time out after 5 to 10 minutes and resume without a relist', { timeout: 60_000 }, () => {
    const snap = run({ timeouts: true, bookmarks: true, compactionSeconds: 0 });
    for (const m of [snap.modes.client, snap.modes.server]) {
      // Renewal: about T / 450 s per replica.
      const expected = (R * T) / 450;
      expect(Math.abs(m.lifecycle.watchTimeouts - expected)).toBeLessThan(4 * Math.sqrt(expected));
      expect(m.lifecycle.relists.gone).toBe(0);
      expect(m.replicas.every((r) => r.counters.listRequests === 1)).toBe(true);
    }
  });

  it('give 410 Gone to sharded watchers whose resourceVersion fell out of the window: P = (1 - 1/N) exp(-λW/N) per timeout', { timeout: 60_000 }, () => {
    const snap = run({ timeouts: true, bookmarks: false, compactionSeconds: W });
    const m = snap.modes.server;
    const p = (1 - 1 / R) * Math.exp((-lambda * W) / R);
    const n = m.lifecycle.watchTimeouts;
    const mean = n * p;
    const sd = Math.sqrt(n * p * (1 - p));
    expect(m.lifecycle.relists.gone).toBe(m.lifecycle.goneResponses);
    expect(Math.abs(m.lifecycle.goneResponses - mean)).toBeLessThan(4 * sd);
    // A client-side watcher sees every write, so its resourceVersion is always the newest.
    expect(snap.modes.client.lifecycle.goneResponses).toBe(0);
    expect(m.lifecycle.relistBytes.gone).toBeGreaterThan(0);
  });

  it('never give 410 Gone when bookmarks come more often than the window', { timeout: 60_000 }, () => {
    const snap = run({ timeouts: true, bookmarks: true, compactionSeconds: W }, 60);
    expect(snap.modes.server.lifecycle.watchTimeouts).toBeGreaterThan(0);
    expect(snap.modes.server.lifecycle.goneResponses).toBe(0);
  });
});

describe('determinism', () => {
  it('replays a rollout with watch timeouts exactly, and seeking back gives the state of a fresh run', () => {
    const input: SimParamsInput = {
      seed: 'det',
      cluster: { pods: 1_000, namespaces: 4 },
      apiServers: { count: 3, gates: [false, false, false], rollout: { gate: true, at: 3, everySeconds: 4 } },
      replicas: { count: 6, watchPolicy: 'check-locally' },
      watch: { timeouts: true, bookmarks: false, compactionSeconds: 30 },
    };
    const a = createSimulation(input);
    const b = createSimulation(input);
    a.step(20);
    for (let i = 0; i < 40; i++) b.step(0.5);
    expect(a.snapshot().modes).toEqual(b.snapshot().modes);
    a.step(10);
    a.seek(12);
    const fresh = createSimulation(input);
    fresh.step(12);
    const sa = a.snapshot();
    const sf = fresh.snapshot();
    expect(sa.modes.server.lifecycle).toEqual(sf.modes.server.lifecycle);
    expect(sa.modes.server.replicas.map((r) => [r.apiServer, r.listServer, r.counters])).toEqual(sf.modes.server.replicas.map((r) => [r.apiServer, r.listServer, r.counters]));
  });
});
