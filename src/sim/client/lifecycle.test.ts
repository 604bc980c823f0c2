/**
 * The watch lifecycle's rules on a hand-built world: fixed draws, real API servers, a cluster
 * that is only a resourceVersion. Each figure follows from client-go's reflector and the
 * watch cache as lifecycle.ts's header states them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../apiserver';
import { DEFAULT_PARAMS } from '../params';
import type { SimParams } from '../params';
import type { Prng } from '../cluster';
import {
  BACKOFF_RESET_SECONDS,
  RELIST_ERROR,
  RELIST_GONE,
  RELIST_RESHARD,
  RESUME_RESTART,
  RESUME_TIMEOUT,
  bookmarksDue,
  countRelist,
  drawWatchEnd,
  maybeGoaway,
  nextBackoffSeconds,
  nextBookmark,
  pickLive,
  restartServer,
  resumeWatch,
  routeRequest,
  scheduleRelist,
  scheduleWatch,
  timeoutDue,
  watchPending,
} from './lifecycle';
import { C_BOOKMARKS, C_BOOKMARKS_DROPPED, C_BYTES_DECODED, C_BYTES_RECEIVED, C_EVENTS_DECODED, C_EVENTS_RECEIVED, C_REQUEST_ERRORS, Replica, resolveSelector } from './replica';
import type { ClientWorld } from './world';
import type { ClientKind } from '../params';
import { loadSyntaxErrors } from '../../core/sharding';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

/** A generator that always draws the same: `float()` gives `u`, `int(n)` gives `k` (checked against n). */
function fixed(u: number, k = 0): Prng & { floats: number; ints: number[] } {
  const g = {
    floats: 0,
    ints: [] as number[],
    float() {
      g.floats++;
      return u;
    },
    int(n: number) {
      g.ints.push(n);
      if (k >= n) throw new Error(`int(${n}) asked for ${k}`);
      return k;
    },
  };
  return g as unknown as Prng & { floats: number; ints: number[] };
}

interface WorldOptions {
  servers?: number;
  replicas?: number;
  client?: ClientKind;
  rv?: number;
  params?: Partial<{ timeouts: boolean; bookmarks: boolean; interval: number; routing: 'l4' | 'l7'; goaway: number }>;
  u?: { lb?: number; jitter?: number; timeout?: number; goaway?: number };
}

function world(o: WorldOptions = {}) {
  const p = o.params ?? {};
  const params: SimParams = {
    ...DEFAULT_PARAMS,
    churn: { ...DEFAULT_PARAMS.churn, bookmarkIntervalSeconds: p.interval ?? 60 },
    watch: { ...DEFAULT_PARAMS.watch, timeouts: p.timeouts ?? true, bookmarks: p.bookmarks ?? true },
    apiServers: { ...DEFAULT_PARAMS.apiServers, routing: p.routing ?? 'l4', goawayChance: p.goaway ?? 0 },
  };
  const servers = Array.from({ length: o.servers ?? 2 }, (_, i) => new ApiServer(i, true));
  const n = o.replicas ?? 2;
  const replicas = Array.from({ length: n }, (_, i) => new Replica('server', i, n, i % servers.length, resolveSelector(null, i, n, 'object.metadata.uid'), o.client ?? 'client-go', 'ranges'));
  const u = o.u ?? {};
  const m = {
    mode: 'server',
    cluster: { resourceVersion: o.rv ?? 1000 },
    params,
    servers,
    replicas,
    maskLo: new Uint32Array(0),
    maskHi: new Uint32Array(0),
    ownersEpoch: 0,
    relists: new Float64Array(4),
    relistBytes: new Float64Array(4),
    resumes: new Float64Array(2),
    watchTimeouts: 0,
    goneResponses: 0,
    lbRng: fixed(u.lb ?? 0, 0),
    jitterRng: fixed(u.jitter ?? 0),
    timeoutRng: fixed(u.timeout ?? 0),
    goawayRng: fixed(u.goaway ?? 0),
    watchDueAt: Infinity,
    ensureCapacity() {},
    recountAudit() {},
  };
  return m as unknown as ClientWorld & { lbRng: ReturnType<typeof fixed>; goawayRng: ReturnType<typeof fixed>; cluster: { resourceVersion: number } };
}

/** Opens replica r's watch on its server, as a sync would. */
function watching(m: ClientWorld, r: Replica, tick = 0, tickSeconds = 1): void {
  const w = m.servers[r.apiServer]!.openWatch(r.index, r.selectorSent);
  if (!w.ok) throw new Error(w.message);
  r.watcher = w.watcher;
  r.configureAfterList(true);
  r.lastRv = m.cluster.resourceVersion;
  r.watchStartRv = r.lastRv;
  scheduleWatch(m, r, tick, tickSeconds);
}

describe('backoff', () => {
  it('resets only once more than 2 minutes have passed since the last failure', () => {
    const r = world().replicas[0]!;
    expect(nextBackoffSeconds(r, 0, 1, 0)).toBe(0.8);
    expect(nextBackoffSeconds(r, BACKOFF_RESET_SECONDS, 1, 0)).toBe(1.6);
    // Exactly 120 s later: not yet.
    expect(nextBackoffSeconds(r, 2 * BACKOFF_RESET_SECONDS, 1, 0)).toBe(3.2);
    expect(nextBackoffSeconds(r, 3 * BACKOFF_RESET_SECONDS + 1, 1, 0)).toBe(0.8);
    // The jitter stretches the delay: 0.8 x (1 + 0.5).
    const fresh = world().replicas[0]!;
    expect(nextBackoffSeconds(fresh, 0, 1, 0.5)).toBeCloseTo(1.2, 12);
  });

  it('a relist is scheduled one jittered backoff step later (at least one tick), with its cause', () => {
    const m = world({ u: { jitter: 0.5 } });
    const r = m.replicas[0]!;
    r.retryRewatch = true;
    // 0.8 s x 1.5 = 1.2 s = 12 ticks of 0.1 s.
    scheduleRelist(m, r, 100, 0.1, RELIST_GONE);
    expect([r.retryAtTick, r.retryRewatch, r.retryCause]).toEqual([112, false, RELIST_GONE]);
    // A failed request (-1) leaves the cause as it was; the next step is 1.6 x 1.5 = 2.4 s.
    scheduleRelist(m, r, 200, 0.1, -1);
    expect([r.retryAtTick, r.retryCause]).toEqual([224, RELIST_GONE]);
    // Ticks longer than the delay: the next tick.
    const m2 = world();
    scheduleRelist(m2, m2.replicas[0]!, 7, 10, RELIST_ERROR);
    expect(m2.replicas[0]!.retryAtTick).toBe(8);
  });
});

describe("a watch's deadline and bookmarks", () => {
  it('client-go sends timeoutSeconds = int(300 x (1 + u)): whole seconds, 5 to 10 minutes', () => {
    const m = world({ u: { timeout: 0.5 } });
    const r = m.replicas[0]!;
    expect(drawWatchEnd(m, r, 10, 1)).toBe(10 + 450);
    expect(r.watchTimeoutSeconds).toBe(450);
    const m2 = world({ u: { timeout: 0.9999 } });
    expect(drawWatchEnd(m2, m2.replicas[0]!, 0, 0.5)).toBe(2 * 599);
    expect(m2.replicas[0]!.watchTimeoutSeconds).toBe(599);
  });

  it('without timeoutSeconds the server picks 1,800 s x (1 + u), and the request carries none', () => {
    const m = world({ params: { timeouts: false }, u: { timeout: 0.25 } });
    const r = m.replicas[0]!;
    r.watchTimeoutSeconds = 300;
    expect(drawWatchEnd(m, r, 0, 1)).toBe(2250);
    expect(r.watchTimeoutSeconds).toBeNull();
  });

  it('a bookmark every interval from the watch start, or 2 s before the deadline if that comes first', () => {
    const m = world();
    const r = m.replicas[0]!;
    r.watchEndsAtTick = 1000;
    expect(nextBookmark(m, r, 0, 1)).toBe(60);
    expect(nextBookmark(m, r, 900, 1)).toBe(960);
    expect(nextBookmark(m, r, 950, 1)).toBe(998);
    // In ticks of 0.5 s: 120 ticks, and 4 ticks before the deadline.
    expect(nextBookmark(m, r, 0, 0.5)).toBe(120);
    expect(nextBookmark(m, r, 990, 0.5)).toBe(996);
    // Past the last one before the deadline: none.
    expect(nextBookmark(m, r, 998, 1)).toBe(-1);
    expect(nextBookmark(m, r, 999, 1)).toBe(-1);
    // Without a deadline, every interval.
    r.watchEndsAtTick = -1;
    expect(nextBookmark(m, r, 5000, 1)).toBe(5060);
  });

  it('no bookmarks to a watcher that did not ask, nor with an interval of 0', () => {
    const r0 = world({ params: { bookmarks: false } });
    expect(nextBookmark(r0, r0.replicas[0]!, 0, 1)).toBe(-1);
    const r1 = world({ params: { interval: 0 } });
    expect(nextBookmark(r1, r1.replicas[0]!, 0, 1)).toBe(-1);
    const r2 = world({ params: { interval: 0.01 } });
    // An interval shorter than a tick: the next tick.
    r2.replicas[0]!.watchEndsAtTick = -1;
    expect(nextBookmark(r2, r2.replicas[0]!, 10, 1)).toBe(11);
  });

  it('scheduling a watch lowers the earliest due tick to its first bookmark or its deadline', () => {
    const m = world({ u: { timeout: 0 } });
    const r = m.replicas[0]!;
    scheduleWatch(m, r, 0, 1);
    expect([r.watchEndsAtTick, r.nextBookmarkTick, m.watchDueAt]).toEqual([300, 60, 60]);
    const quiet = world({ params: { bookmarks: false }, u: { timeout: 0 } });
    scheduleWatch(quiet, quiet.replicas[0]!, 0, 1);
    expect(quiet.watchDueAt).toBe(300);
    quiet.watchDueAt = 10;
    scheduleWatch(quiet, quiet.replicas[1]!, 0, 1);
    expect(quiet.watchDueAt).toBe(10);
  });

  it('watchPending: nothing before the earliest due tick; past it, the next due tick of any replica', () => {
    const m = world();
    const [a, b] = m.replicas as [Replica, Replica];
    a.watchEndsAtTick = 300;
    a.nextBookmarkTick = 60;
    b.watchEndsAtTick = 50;
    b.nextBookmarkTick = -1;
    m.watchDueAt = 40;
    expect(watchPending(m, 39)).toBe(false);
    expect(m.watchDueAt).toBe(40);
    expect(watchPending(m, 40)).toBe(false);
    expect(m.watchDueAt).toBe(50);
    expect(watchPending(m, 50)).toBe(true);
    b.watchEndsAtTick = -1;
    expect(watchPending(m, 55)).toBe(false);
    expect(m.watchDueAt).toBe(60);
    a.nextBookmarkTick = -1;
    a.watchEndsAtTick = -1;
    expect(watchPending(m, 60)).toBe(false);
    expect(m.watchDueAt).toBe(Infinity);
  });
});

describe('routing', () => {
  it('pickLive: -1 when every server is down, the only live one without a draw, else the k-th live one', () => {
    const m = world({ servers: 3 });
    m.servers[0]!.goDown(100);
    m.servers[1]!.goDown(100);
    m.servers[2]!.goDown(100);
    expect(pickLive(m, 50)).toBe(-1);
    m.servers[2]!.downUntilTick = -1;
    expect(pickLive(m, 50)).toBe(2);
    expect(m.lbRng.ints).toEqual([]);
    // At tick 100 all three are up again: a draw among 3.
    expect(pickLive(m, 100)).toBe(0);
    expect(m.lbRng.ints).toEqual([3]);
    const m2 = world({ servers: 3 });
    m2.lbRng.int = () => 1;
    m2.servers[0]!.goDown(100);
    expect(pickLive(m2, 0)).toBe(2);
  });

  it('L4: a request reuses its connection while its server is up, else opens one; L7 balances each request', () => {
    const m = world({ servers: 2 });
    const r = m.replicas[1]!;
    r.connection = 1;
    expect(routeRequest(m, r, 0)).toBe(1);
    expect(m.lbRng.ints).toEqual([]);
    m.servers[1]!.goDown(10);
    expect(routeRequest(m, r, 0)).toBe(0);
    expect(r.connection).toBe(0);
    r.connection = -1;
    expect(routeRequest(m, r, 20)).toBe(0);
    expect(r.connection).toBe(0);
    const l7 = world({ servers: 2, params: { routing: 'l7' } });
    const q = l7.replicas[1]!;
    q.connection = 1;
    expect(routeRequest(l7, q, 0)).toBe(0);
    expect(q.connection).toBe(-1);
  });

  it('GOAWAY closes the connection with its chance, under L4 only, and draws nothing at chance 0', () => {
    const never = world({ params: { goaway: 0 } });
    maybeGoaway(never, never.replicas[0]!);
    expect(never.replicas[0]!.connection).toBe(0);
    expect(never.goawayRng.floats).toBe(0);
    const hit = world({ params: { goaway: 0.5 }, u: { goaway: 0.49 } });
    maybeGoaway(hit, hit.replicas[0]!);
    expect(hit.replicas[0]!.connection).toBe(-1);
    const miss = world({ params: { goaway: 0.5 }, u: { goaway: 0.5 } });
    maybeGoaway(miss, miss.replicas[0]!);
    expect(miss.replicas[0]!.connection).toBe(0);
    const l7 = world({ params: { goaway: 0.5, routing: 'l7' }, u: { goaway: 0.1 } });
    maybeGoaway(l7, l7.replicas[0]!);
    expect(l7.replicas[0]!.connection).toBe(0);
  });
});

describe('resuming a watch', () => {
  it('after its deadline: from its last resourceVersion on the same connection, counted as a timeout resume', () => {
    const m = world({ u: { timeout: 0 } });
    const r = m.replicas[0]!;
    watching(m, r);
    const first = r.watcher;
    m.cluster.resourceVersion = 1050;
    timeoutDue(m, 299, 1);
    expect(r.watcher).toBe(first);
    timeoutDue(m, 300, 1);
    expect(m.watchTimeouts).toBe(1);
    expect(m.servers[0]!.watchers.has(first!)).toBe(false);
    expect(r.watcher).not.toBe(first);
    expect(m.servers[0]!.watchers.has(r.watcher!)).toBe(true);
    expect([r.apiServer, r.watchRequestRv, r.watchStartRv, r.watchStreaming]).toEqual([0, '1000', 1000, false]);
    expect([r.watchEndsAtTick, r.nextBookmarkTick]).toEqual([600, 360]);
    expect(Array.from(m.resumes)).toEqual([1, 0]);
    expect(r.filtering).toBe('server');
    expect(Array.from(m.relists)).toEqual([0, 0, 0, 0]);
  });

  it('on a gate-off server: the stream is unfiltered, and client-go trusts it', () => {
    const m = world();
    const r = m.replicas[0]!;
    watching(m, r);
    m.servers[0]!.gate = false;
    expect(resumeWatch(m, r, 10, 1, RESUME_TIMEOUT)).toBe(true);
    expect(r.filtering).toBe('trust');
  });

  it('older than the watch cache holds: 410 Gone, and a relist after a backoff step', () => {
    const m = world({ u: { jitter: 0 } });
    const r = m.replicas[0]!;
    watching(m, r);
    m.servers[0]!.cache.restart(1001);
    r.watcher = null;
    expect(resumeWatch(m, r, 10, 1, RESUME_TIMEOUT)).toBe(false);
    expect(m.goneResponses).toBe(1);
    expect([r.watcher, r.retryAtTick, r.retryRewatch, r.retryCause, r.watchEndsAtTick, r.nextBookmarkTick]).toEqual([null, 11, false, RELIST_GONE, -1, -1]);
    expect(Array.from(m.resumes)).toEqual([0, 0]);
    // Exactly where the cache starts is still served.
    const m2 = world();
    const q = m2.replicas[0]!;
    watching(m2, q);
    m2.servers[0]!.cache.restart(1000);
    expect(resumeWatch(m2, q, 10, 1, RESUME_TIMEOUT)).toBe(true);
  });

  it('with every server down: no request, a backoff step, then the watch again (no relist)', () => {
    const m = world({ u: { jitter: 0 } });
    const r = m.replicas[0]!;
    watching(m, r);
    for (const s of m.servers) s.goDown(100);
    r.watcher = null;
    expect(resumeWatch(m, r, 10, 1, RESUME_RESTART)).toBe(false);
    expect([r.retryAtTick, r.retryRewatch]).toEqual([11, true]);
    expect(m.goneResponses).toBe(0);
  });

  it('refused for its selector (HTTP 500): a request error and a relist', () => {
    const m = world({ u: { jitter: 0 } });
    const r = new Replica('server', 0, 2, 0, resolveSelector({ kind: 'text', text: 'shardRange(' }, 0, 2, 'object.metadata.uid'), 'client-go', 'ranges');
    expect(resumeWatch(m, r, 10, 1, RESUME_TIMEOUT)).toBe(false);
    expect(r.counters[C_REQUEST_ERRORS]).toBe(1);
    expect([r.retryAtTick, r.retryRewatch, r.retryCause]).toEqual([11, false, -1]);
  });

  it("a server's restart ends its watches and closes its connections; its replicas resume elsewhere at once", () => {
    const m = world({ servers: 2, replicas: 2 });
    const [a, b] = m.replicas as [Replica, Replica];
    watching(m, a);
    watching(m, b);
    // Replica 1's connection is to server 0 too, its watch on server 1.
    b.connection = 0;
    m.cluster.resourceVersion = 1001;
    restartServer(m, 0, 50, 10, 1);
    expect(m.servers[0]!.isUp(10)).toBe(false);
    expect([a.apiServer, a.connection, a.watcher !== null]).toEqual([1, 1, true]);
    expect(Array.from(m.resumes)).toEqual([0, 1]);
    // Replica 1 keeps its watch; only its connection is gone.
    expect([b.apiServer, b.connection]).toEqual([1, -1]);
    expect(m.servers[1]!.watchers.size).toBe(2);
    // An unknown server: nothing happens.
    restartServer(m, 7, 50, 10, 1);
    expect(Array.from(m.resumes)).toEqual([0, 1]);
  });
});

describe('bookmarks', () => {
  const BYTES = 100;

  it('each due watcher gets its own: counted on the wire, in decode, and moving its resourceVersion on', () => {
    const m = world({ u: { timeout: 0 } });
    const [a, b] = m.replicas as [Replica, Replica];
    watching(m, a);
    watching(m, b);
    m.cluster.resourceVersion = 1010;
    const sent: [number, number][] = [];
    bookmarksDue(m, 59, 1, BYTES, (r, rv) => sent.push([r.index, rv]));
    expect(sent).toEqual([]);
    bookmarksDue(m, 60, 1, BYTES, (r, rv) => sent.push([r.index, rv]));
    expect(sent).toEqual([
      [0, 1010],
      [1, 1010],
    ]);
    for (const r of [a, b]) {
      expect([C_EVENTS_RECEIVED, C_BYTES_RECEIVED, C_EVENTS_DECODED, C_BYTES_DECODED, C_BOOKMARKS, C_BOOKMARKS_DROPPED].map((c) => r.counters[c])).toEqual([1, BYTES, 1, BYTES, 1, 0]);
      expect(r.lastRv).toBe(1010);
      expect(r.nextBookmarkTick).toBe(120);
    }
    expect([m.servers[0]!.egressBytes, m.servers[0]!.encodedBytes, m.servers[0]!.eventsSent]).toEqual([BYTES, BYTES, 1]);
    expect(m.watchDueAt).toBe(60);
  });

  it('none while the cache is not past where the watch started, and none to a replica without a watch', () => {
    const m = world({ u: { timeout: 0 } });
    const [a, b] = m.replicas as [Replica, Replica];
    watching(m, a);
    watching(m, b);
    b.watcher = null;
    const sent: number[] = [];
    bookmarksDue(m, 60, 1, BYTES, (r) => sent.push(r.index));
    expect(sent).toEqual([]);
    expect(a.counters[C_BOOKMARKS]).toBe(0);
    // Its schedule still moves on.
    expect(a.nextBookmarkTick).toBe(120);
    expect(b.nextBookmarkTick).toBe(60);
  });

  it('kube-state-metrics v2.18 drops it on the shards that do not own the empty uid: received, not moving the resourceVersion', () => {
    const m = world({ client: 'ksm-2.18', u: { timeout: 0 } });
    const [a, b] = m.replicas as [Replica, Replica];
    watching(m, a);
    watching(m, b);
    m.cluster.resourceVersion = 1010;
    bookmarksDue(m, 60, 1, BYTES, () => {});
    // The empty uid's hash, 0xcbf2..., is in replica 1's half.
    expect([a.counters[C_BOOKMARKS], a.counters[C_BOOKMARKS_DROPPED], a.lastRv]).toEqual([1, 1, 1000]);
    expect([b.counters[C_BOOKMARKS], b.counters[C_BOOKMARKS_DROPPED], b.lastRv]).toEqual([1, 0, 1010]);
  });
});

describe('counting a relist', () => {
  it('by cause, with the bytes its sync carried', () => {
    const m = world();
    const r = m.replicas[0]!;
    r.counters[C_BYTES_RECEIVED] = 5000;
    countRelist(m, r, RELIST_GONE, 1200);
    countRelist(m, r, RELIST_GONE, 4000);
    expect(Array.from(m.relists)).toEqual([0, 0, 2, 0]);
    expect(Array.from(m.relistBytes)).toEqual([0, 0, 3800 + 1000, 0]);
  });
});

describe('edges of the schedule', () => {
  it('the backoff resets after a quiet 2 minutes counted from a failure at tick 0', () => {
    const r = world().replicas[0]!;
    expect(nextBackoffSeconds(r, 0, 1, 0)).toBe(0.8);
    expect(nextBackoffSeconds(r, BACKOFF_RESET_SECONDS + 1, 1, 0)).toBe(0.8);
  });

  it('a relist scheduled for a reshard (cause 0) keeps that cause', () => {
    const m = world();
    const r = m.replicas[0]!;
    scheduleRelist(m, r, 10, 1, RELIST_RESHARD);
    expect(r.retryCause).toBe(RELIST_RESHARD);
  });

  it('a refused connection is retried after one jittered backoff step, at least one tick later', () => {
    const m = world({ u: { jitter: 0.5 } });
    const r = m.replicas[0]!;
    for (const s of m.servers) s.goDown(10_000);
    // 0.8 s x 1.5 = 1.2 s = 12 ticks of 0.1 s.
    expect(resumeWatch(m, r, 100, 0.1, RESUME_TIMEOUT)).toBe(false);
    expect([r.retryAtTick, r.retryRewatch]).toEqual([112, true]);
    // Ticks of 10 s: the next tick.
    expect(resumeWatch(m, r, 200, 10, RESUME_TIMEOUT)).toBe(false);
    expect(r.retryAtTick).toBe(201);
  });

  it('a watch on a connection to server 0 reuses it under L4', () => {
    const m = world({ servers: 2 });
    const r = m.replicas[0]!;
    r.connection = 0;
    expect(routeRequest(m, r, 0)).toBe(0);
    expect(m.lbRng.ints).toEqual([]);
  });

  it("a server's restart leaves other servers' connections, and resumes no replica that had no watch", () => {
    const m = world({ servers: 2, replicas: 3 });
    const [a, b, c] = m.replicas as [Replica, Replica, Replica];
    watching(m, a);
    watching(m, b);
    // Replica 2 is on server 0 without a watch (its sync failed): it waits for its retry.
    c.apiServer = 0;
    c.connection = 1;
    restartServer(m, 0, 50, 10, 1);
    expect(Array.from(m.resumes)).toEqual([0, 1]);
    expect([b.connection, c.connection]).toEqual([1, 1]);
    expect([c.watcher, c.retryAtTick]).toEqual([null, -1]);
  });

  it('a deadline or a bookmark at tick 0 is due at tick 0', () => {
    const m = world({ replicas: 1 });
    const r = m.replicas[0]!;
    watching(m, r);
    r.watchEndsAtTick = 0;
    m.watchDueAt = 0;
    expect(watchPending(m, 0)).toBe(true);
    timeoutDue(m, 0, 1);
    expect(m.watchTimeouts).toBe(1);
    const m2 = world({ replicas: 1 });
    const r2 = m2.replicas[0]!;
    watching(m2, r2);
    m2.cluster.resourceVersion = 1001;
    r2.nextBookmarkTick = 0;
    r2.watchEndsAtTick = 500;
    m2.watchDueAt = 0;
    expect(watchPending(m2, 0)).toBe(true);
    const sent: number[] = [];
    bookmarksDue(m2, 0, 1, 100, (x) => sent.push(x.index));
    expect(sent).toEqual([0]);
    // Scheduling a watch whose first bookmark is at tick 0 makes it the earliest due tick.
    const m3 = world({ replicas: 1, params: { interval: 1 } });
    const r3 = m3.replicas[0]!;
    watching(m3, r3, -1, 1);
    expect(r3.nextBookmarkTick).toBe(0);
    expect(m3.watchDueAt).toBe(0);
  });

  it('a watch with no bookmark scheduled gets none', () => {
    const m = world({ replicas: 1, params: { bookmarks: false } });
    const r = m.replicas[0]!;
    watching(m, r);
    m.cluster.resourceVersion = 1001;
    expect(r.nextBookmarkTick).toBe(-1);
    const sent: number[] = [];
    bookmarksDue(m, 60, 1, 100, (x) => sent.push(x.index));
    expect(sent).toEqual([]);
    expect(r.counters[C_BOOKMARKS]).toBe(0);
  });
});
