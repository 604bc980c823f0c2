import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import { BACKOFF_CAP_SECONDS, BACKOFF_INITIAL_SECONDS, nextBackoffSeconds } from '../client';
import { Replica } from '../client';
import { ENGLISH, bookmarksPerSecond, failurePhrase, verdictOf } from '../report';
import { bookmarkBytes, createPrng, eventEnvelopeBytes, listOverheadBytes } from '../cluster';
import { loadSyntaxErrors } from '../../core/sharding';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

const STATIC = { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } };

function sim(extra: SimParamsInput) {
  return createSimulation({ seed: 'lifecycle', cluster: { pods: 3_000, namespaces: 8 }, ...extra });
}

describe('client-go backoff (reflector v0.36.3: 800 ms doubling to 30 s, jitter 1.0, reset after 2 minutes)', () => {
  it('starts at 800 ms, doubles, caps at 30 s, stretches each delay by jitter in [1, 2), and resets after 2 quiet minutes', () => {
    const r = new Replica('server', 0, 1, 0, { text: null, local: null, localError: null, key: 'object.metadata.uid' }, 'client-go', 'ranges');
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

describe('the defaults are client-go v1.36 as shipped', () => {
  it('stream the initial list, send timeoutSeconds, ask for bookmarks, and in a quiet control plane relist nothing and see no duplicates', () => {
    const s = sim({});
    s.step(30);
    const snap = s.snapshot();
    expect(snap.params.replicas.client).toBe('client-go');
    expect(snap.params.replicas.initialList).toBe('watch-list');
    expect(snap.params.watch).toEqual({ timeouts: true, bookmarks: true, historySeconds: 75 });
    expect(snap.params.apiServers.routing).toBe('l4');
    for (const m of [snap.modes.client, snap.modes.server]) {
      expect(m.lifecycle.relists).toEqual({ reshard: 0, restart: 0, gone: 0, error: 0 });
      expect(m.lifecycle.duplicatesMissed + m.lifecycle.duplicatesCaught).toBe(0);
      // A streaming list is one request: the informer's LIST and WATCH are the same.
      expect(m.replicas.every((r) => r.listServer === r.apiServer && r.counters.listRequests === 0)).toBe(true);
    }
  });

  it('accept the legacy serverFallback and watchPolicy values as aliases: trust is client-go, filter is shardinfo, check-locally is checked', () => {
    const p = (replicas: SimParamsInput['replicas']) => createSimulation({ cluster: { pods: 100 }, replicas }).params.replicas;
    expect(p({ serverFallback: 'trust' }).client).toBe('client-go');
    expect(p({ serverFallback: 'filter' })).toMatchObject({ client: 'shardinfo', initialList: 'list' });
    expect(p({ serverFallback: 'filter', watchPolicy: 'check-locally' }).client).toBe('checked');
    expect(p({ watchPolicy: 'check-locally' }).client).toBe('checked');
    // An explicit client wins over the aliases.
    expect(p({ client: 'client-go', serverFallback: 'filter' }).client).toBe('client-go');
    // A shardinfo client reads LIST pages: a streaming list is refused, with the reason.
    expect(() => createSimulation({ replicas: { client: 'shardinfo', initialList: 'watch-list' } })).toThrow(/shardInfo on LIST pages/);
  });
});

describe('rolling upgrade of the API servers (HA: resumes, not relists)', () => {
  it('every watch on a restarting server resumes at once on a live server, from its resourceVersion: no LIST, no 410', () => {
    const s = sim({ apiServers: { count: 3, gates: [true, true, true], rollout: { gate: true, at: 10, everySeconds: 20 } }, replicas: { count: 6 } });
    let expected = 0;
    // Before each restart: the watchers on that server are the ones that must resume.
    for (const [at, server] of [[10, 0], [30, 1], [50, 2]] as const) {
      s.step(at - s.time - 0.5);
      expected += s.snapshot().modes.server.replicas.filter((r) => r.apiServer === server).length;
      s.step(1);
      // None of them is left on the server that went away.
      expect(s.snapshot().modes.server.replicas.filter((r) => r.apiServer === server)).toHaveLength(0);
    }
    s.step(30);
    const snap = s.snapshot();
    const l = snap.modes.server.lifecycle;
    expect(expected).toBeGreaterThan(0);
    expect(l.watchResumesByCause.restart).toBe(expected);
    expect(l.relists).toEqual({ reshard: 0, restart: 0, gone: 0, error: 0 });
    expect(l.goneResponses).toBe(0);
    expect(snap.modes.server.replicas.every((r) => r.status === 'ok' && r.counters.listRequests === 0)).toBe(true);
  });

  it('with one API server the clients back off while it is away, then its fresh watch cache answers 410 Gone and they relist', () => {
    const s = sim({ churn: { ...STATIC, modifiesPerSecond: 20 }, apiServers: { count: 1, gates: [false], rollout: { gate: true, at: 5, everySeconds: 20 }, restartSeconds: 10 }, replicas: { initialList: 'list' } });
    s.step(4);
    const before = s.snapshot();
    expect(before.modes.server.apiServers[0]!.gate).toBe(false);
    s.step(6);
    // Away from 5 to 15 s: refused connections, no relist yet.
    const away = s.snapshot();
    expect(away.modes.server.apiServers[0]!.up).toBe(false);
    expect(away.modes.server.lifecycle.relists.gone).toBe(0);
    s.step(60);
    const snap = s.snapshot();
    expect(snap.modes.server.apiServers[0]!.gate).toBe(true);
    for (const m of [snap.modes.client, snap.modes.server]) {
      // Each replica's resourceVersion predates the cache the server started at 15 s: 410, then a relist.
      expect(m.lifecycle.goneResponses).toBe(4);
      expect(m.lifecycle.relists).toEqual({ reshard: 0, restart: 0, gone: 4, error: 0 });
      expect(m.lifecycle.watchResumes).toBe(0);
    }
    // Client-side each relist is the whole collection; server-side each replica's shard from the now gate-on server.
    const full = listOverheadBytes('json') + Math.round(snap.cluster.totalBytes);
    expect(Math.abs(snap.modes.client.lifecycle.relistBytes.gone - 4 * full)).toBeLessThan(4 * 20 * 6_000);
    expect(snap.modes.server.lifecycle.relistBytes.gone).toBeLessThan(snap.modes.client.lifecycle.relistBytes.gone / 3);
    expect(snap.modes.server.replicas.every((r) => r.shardInfoSeen && r.filtering === 'server')).toBe(true);
  });
});

describe('routing: one HTTP/2 connection (L4), requests balanced one by one (L7), GOAWAY', () => {
  const base = (apiServers: SimParamsInput['apiServers']): SimParamsInput => ({
    seed: 'routing',
    cluster: { pods: 500, namespaces: 4 },
    churn: { ...STATIC, modifiesPerSecond: 1 },
    replicas: { count: 12, initialList: 'list' },
    apiServers: { count: 3, ...apiServers },
  });
  /** How many times a replica's WATCH moved to another server, sampled every resume window. */
  function moves(input: SimParamsInput, seconds: number): { moves: number; resumes: number } {
    const s = createSimulation(input);
    let last = s.snapshot().modes.server.replicas.map((r) => r.apiServer);
    let moved = 0;
    for (let t = 0; t < seconds; t += 50) {
      s.step(50);
      const now = s.snapshot().modes.server.replicas.map((r) => r.apiServer);
      moved += now.filter((a, i) => a !== last[i]).length;
      last = now;
    }
    return { moves: moved, resumes: s.snapshot().modes.server.lifecycle.watchResumes };
  }

  it('L4 without GOAWAY: the LIST and the WATCH share one connection, and every resumed watch stays on that server', () => {
    const s = createSimulation(base({ routing: 'l4' }));
    expect(s.snapshot().modes.server.replicas.every((r) => r.listServer === r.apiServer)).toBe(true);
    const r = moves(base({ routing: 'l4' }), 3_000);
    expect(r.resumes).toBeGreaterThan(12 * 4);
    expect(r.moves).toBe(0);
  });

  it('L7: the WATCH is balanced apart from the LIST, and each resume lands on a random server (2 in 3 elsewhere, with 3 servers)', () => {
    const s = createSimulation(base({ routing: 'l7' }));
    const split = s.snapshot().modes.server.replicas.filter((r) => r.listServer !== r.apiServer).length;
    // Binomial(12, 2/3): mean 8.
    expect(split).toBeGreaterThan(2);
    const r = moves(base({ routing: 'l7' }), 3_000);
    expect(Math.abs(r.moves / r.resumes - 2 / 3)).toBeLessThan(0.2);
  });

  it('L4 with GOAWAY: a request has the given chance of closing its connection, and the next request may go elsewhere', () => {
    const p = 0.02;
    const r = moves(base({ routing: 'l4', goawayChance: p }), 20_000);
    // Each resume is a request; after a GOAWAY the next one opens a new connection, elsewhere with chance 2/3.
    const mean = r.resumes * p * (2 / 3);
    expect(r.moves).toBeGreaterThan(0);
    expect(Math.abs(r.moves - mean)).toBeLessThan(4 * Math.sqrt(mean) + 2);
  });
});

/**
 * A run in which replicas LIST on a gate-on server and, balanced by an L7 load balancer,
 * WATCH on a gate-off one (a rollout half way, or a rollback).
 */
function skewRun(client: 'shardinfo' | 'checked') {
  return createSimulation({
    seed: 'skew-1',
    cluster: { pods: 2_000, namespaces: 8 },
    churn: { addsPerSecond: 2, modifiesPerSecond: 10, deletesPerSecond: 2, bookmarkIntervalSeconds: 0, burst: { enabled: false } },
    apiServers: { count: 3, gates: [true, true, false], routing: 'l7' },
    replicas: { count: 12, client, initialList: 'list' },
  });
}

describe('a WATCH on a gate-off server after a LIST with shardInfo', () => {
  it('the shardinfo client keeps exactly the events outside its range that the gate-off server sends; the checked client catches them all', () => {
    const trust = skewRun('shardinfo');
    const snap0 = trust.snapshot();
    const gates = snap0.modes.server.apiServers.map((a) => a.gate);
    const skewed = snap0.modes.server.replicas.filter((r) => gates[r.listServer] && !gates[r.apiServer]).map((r) => r.index);
    expect(skewed.length).toBeGreaterThan(0);
    trust.step(20);
    const snap = trust.snapshot();
    // From the event stream: each event a skewed replica was sent whose object is outside its range.
    let expected = 0;
    for (const e of trust.recentEvents(2048)) {
      if (e.object === null) continue;
      for (const i of skewed) {
        const inRange = e.object.position >= i / 12 && e.object.position < (i + 1) / 12;
        if (!inRange) expected++;
      }
    }
    expect(expected).toBeGreaterThan(0);
    expect(snap.modes.server.lifecycle.duplicatesMissed).toBe(expected);
    expect(snap.modes.server.audit.duplicates).toBeGreaterThan(0);

    const check = skewRun('checked');
    check.step(20);
    const c = check.snapshot();
    expect(c.modes.server.lifecycle.duplicatesMissed).toBe(0);
    // The same servers, the same streams: the checked client drops what the shardinfo one kept, and
    // also what the replicas that listed on the gate-off server receive outside their range.
    expect(c.modes.server.lifecycle.duplicatesCaught).toBeGreaterThanOrEqual(snap.modes.server.lifecycle.duplicatesMissed);
    expect(c.modes.server.audit.duplicates).toBe(0);
    // The headline says so for the trusting client, and not for the checked one.
    const v = verdictOf(snap);
    expect(v.failures.map((f) => f.kind)).toContain('skewTrust');
    expect(verdictOf(c).failures.map((f) => f.kind)).not.toContain('skewTrust');
    const phrase = failurePhrase(v.failures.find((f) => f.kind === 'skewTrust')!, ENGLISH);
    expect(phrase).toMatch(/^[\d,]+ duplicate events kept: replica-\d+ trusts a WATCH that a gate-off API server sends unfiltered$/);
    // The local check costs a hash per object event on every replica, not only the skewed ones.
    expect(c.modes.server.totals.localHashes).toBeGreaterThan(snap.modes.server.totals.localHashes);
  });
});

describe('client-go on a gate-off server', () => {
  it('with its default watch-list, is named once, by what it caches: the headline says trust, not also skewTrust for the same events', () => {
    // No LIST with shardInfo before the WATCH: the replica on the gate-off server streams its
    // initial state from that server, so nothing about it is a skew between a LIST and a WATCH.
    const s = createSimulation({
      seed: 'skew-1',
      cluster: { pods: 2_000, namespaces: 8 },
      churn: { addsPerSecond: 2, modifiesPerSecond: 10, deletesPerSecond: 2, bookmarkIntervalSeconds: 0, burst: { enabled: false } },
      apiServers: { count: 3, gates: [true, true, false], routing: 'l7' },
      replicas: { count: 12, client: 'client-go' },
    });
    s.step(20);
    const snap = s.snapshot();
    // It keeps what the gate-off server sends outside its range...
    expect(snap.modes.server.lifecycle.duplicatesMissed).toBeGreaterThan(0);
    const kinds = verdictOf(snap).failures.map((f) => f.kind);
    // ...and the headline names that once: the replica caches the whole collection.
    expect(kinds).toContain('trust');
    expect(kinds).not.toContain('skewTrust');
  });
});

describe('what the local check costs', () => {
  it('is one hash per object event a replica receives: the closed form matches the measured rate, and client-go costs none', () => {
    const run = (client: 'client-go' | 'checked') => {
      const s = createSimulation({
        seed: 'check-cost',
        cluster: { pods: 3_000, namespaces: 8 },
        churn: { addsPerSecond: 50, modifiesPerSecond: 500, deletesPerSecond: 50, bookmarkIntervalSeconds: 5, burst: { enabled: false } },
        replicas: { client },
      });
      s.step(5);
      const h0 = s.snapshot().modes.server.totals.localHashes;
      s.step(60);
      const snap = s.snapshot();
      return { measured: (snap.modes.server.totals.localHashes - h0) / 60, expected: snap.closedForm.server.replicaLocalHashesPerSec.reduce((a, b) => a + b, 0) };
    };
    const check = run('checked');
    // 600 writes/s reach the four replicas' shards once in all (bookmarks are not hashed).
    expect(check.expected).toBeCloseTo(600, 6);
    expect(Math.abs(check.measured - check.expected) / check.expected).toBeLessThan(0.05);
    const shipped = run('client-go');
    expect(shipped.measured).toBe(0);
    expect(shipped.expected).toBe(0);
  });
});

describe('streaming lists (sendInitialEvents, client-go’s default since v1.35)', () => {
  it('carry no shardInfo; the initial events pass the server’s shard filter and cost an envelope each and an end bookmark, not a LIST body', () => {
    const list = sim({ churn: STATIC, replicas: { initialList: 'list' } });
    const wl = sim({ churn: STATIC, replicas: { initialList: 'watch-list' } });
    const a = list.snapshot().modes.server;
    const b = wl.snapshot().modes.server;
    for (let i = 0; i < 4; i++) {
      const ra = a.replicas[i]!;
      const rb = b.replicas[i]!;
      expect(ra.shardInfoSeen).toBe(true);
      expect(rb.shardInfoSeen).toBe(false);
      expect(rb.counters.listRequests).toBe(0);
      // The server's shard filter applied: the same objects, and client-go checks none of them.
      expect(rb.filtering).toBe('server');
      expect(rb.cacheObjects).toBe(ra.cacheObjects);
      expect(rb.counters.listItems).toBe(ra.counters.listItems);
      expect(rb.counters.localHashes).toBe(0);
      const items = ra.counters.listItems;
      const diff = rb.counters.listBytes - ra.counters.listBytes;
      expect(Math.abs(diff - (items * eventEnvelopeBytes('json') + bookmarkBytes('json') - listOverheadBytes('json')))).toBeLessThanOrEqual(items / 2 + 1);
      // Initial events are the sync, not the watch stream.
      expect(rb.counters.eventsReceived).toBe(0);
    }
  });
});

describe('watch lifecycle: deadlines, bookmarks, 410 Gone', () => {
  const T = 18_000;
  function run(extra: SimParamsInput, lambda = 0.04, R = 4) {
    const s = createSimulation({
      seed: 'gone',
      cluster: { pods: 500, namespaces: 4 },
      churn: { addsPerSecond: 0, modifiesPerSecond: lambda, deletesPerSecond: 0, burst: { enabled: false } },
      sampleSeconds: 60,
      stepSeconds: 600,
      ...extra,
      replicas: { count: R, initialList: 'list', ...extra.replicas },
    });
    s.step(T);
    return s.snapshot();
  }

  it('end at client-go’s timeoutSeconds (5 to 10 minutes) and resume from the last resourceVersion without a relist', { timeout: 60_000 }, () => {
    const snap = run({});
    for (const m of [snap.modes.client, snap.modes.server]) {
      // Renewal: a watch lasts 450 s on average, so about R x T / 450 deadlines.
      const expected = (4 * T) / 450;
      expect(Math.abs(m.lifecycle.watchTimeouts - expected)).toBeLessThan(4 * Math.sqrt(expected));
      expect(m.lifecycle.watchResumesByCause.timeout).toBe(m.lifecycle.watchTimeouts);
      expect(m.lifecycle.relists.gone).toBe(0);
      expect(m.replicas.every((r) => r.counters.listRequests === 1)).toBe(true);
    }
  });

  it('without timeoutSeconds, end at the server’s --min-request-timeout times [1, 2): 2,700 s on average', { timeout: 60_000 }, () => {
    const snap = run({ watch: { timeouts: false } });
    const expected = (4 * T) / 2_700;
    expect(Math.abs(snap.modes.server.lifecycle.watchTimeouts - expected)).toBeLessThan(4 * Math.sqrt(expected) + 1);
  });

  it('send each watcher a BOOKMARK every 60 s and 2 s before its deadline: the measured rate is the renewal closed form', { timeout: 60_000 }, () => {
    const snap = run({}, 1);
    const expected = 4 * T * bookmarksPerSecond(60, 300);
    // E[floor((D - 2) / 60) + 1] / E[D] for D uniform in [300, 600): 7.9667 / 450.
    expect(bookmarksPerSecond(60, 300)).toBeCloseTo(7.966_666_7 / 450, 8);
    expect(Math.abs(snap.modes.server.lifecycle.bookmarks - expected) / expected).toBeLessThan(0.03);
  });

  it('a client whose filter drops other shards’ BOOKMARKs (kube-state-metrics v2.18) gets 410 as often as the rule says', { timeout: 120_000 }, () => {
    // At 0.04 writes/s the watch cache stays at its smallest, C = 100 events (100 events span
    // 2,500 s, far more than the 75 s window). A replica that sees neither other shards' events
    // nor any bookmark falls behind; a resume gets 410 when 101 or more writes came since its
    // last own event (or its last relist), once the cache has evicted anything.
    const N = 64;
    const C = 100;
    const lambda = 0.04;
    const snap = run({ replicas: { count: N, client: 'ksm-2.18' } }, lambda, N);
    const m = snap.modes.server;
    const keepers = m.replicas.filter((r) => r.counters.bookmarksDropped === 0 && r.counters.bookmarks > 0);
    // Exactly one shard owns the hash of the empty uid: it keeps every bookmark and is never behind.
    expect(keepers).toHaveLength(1);
    expect(m.lifecycle.relists.gone).toBe(m.lifecycle.goneResponses);
    // The rule, simulated on its own: Poisson writes, each one replica's with chance 1/N,
    // deadlines uniform in [300, 600) s.
    const rng = createPrng('410-rule');
    let gone = 0;
    let resumes = 0;
    for (let rep = 0; rep < (N - 1) * 10; rep++) {
      let written = 0;
      let lastOwn = 0;
      let nextWrite = -Math.log(1 - rng.float()) / lambda;
      let deadline = 300 * (1 + rng.float());
      while (deadline < T) {
        if (nextWrite < deadline) {
          written++;
          if (rng.float() < 1 / N) lastOwn = written;
          nextWrite += -Math.log(1 - rng.float()) / lambda;
          continue;
        }
        resumes++;
        if (written > C && written - lastOwn >= C + 1) {
          gone++;
          lastOwn = written;
        }
        deadline += 300 * (1 + rng.float());
      }
    }
    const p = gone / resumes;
    const atRisk = (m.lifecycle.watchTimeouts * (N - 1)) / N;
    const mean = atRisk * p;
    // Binomial noise of the run, plus the rule's own estimate's.
    const sd = Math.sqrt(atRisk * p * (1 - p) + (atRisk * atRisk * p * (1 - p)) / resumes);
    expect(p).toBeGreaterThan(0.03);
    expect(Math.abs(m.lifecycle.goneResponses - mean)).toBeLessThan(4 * sd);
    // client-go keeps every bookmark: never behind, never 410.
    const shipped = run({ replicas: { count: N } }, lambda, N);
    expect(shipped.modes.server.lifecycle.goneResponses).toBe(0);
    expect(shipped.modes.server.lifecycle.bookmarksDropped).toBe(0);
  });
});

describe('determinism', () => {
  it('replays a rollout with deadlines, GOAWAY and L7 exactly, and seeking back gives the state of a fresh run', () => {
    const input: SimParamsInput = {
      seed: 'det',
      cluster: { pods: 1_000, namespaces: 4 },
      apiServers: { count: 3, gates: [false, false, false], rollout: { gate: true, at: 3, everySeconds: 4 }, routing: 'l7', goawayChance: 0.02 },
      replicas: { count: 6, client: 'checked' },
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
