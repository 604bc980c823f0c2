/**
 * A replica's sync (informer.ts) on a hand-built world: a real cluster of a few hundred
 * objects that does not change, real API servers, scripted load-balancer draws. Each expected
 * figure is counted here from the cluster's objects (their uid hash as text, their JSON size),
 * not from the informer: which objects a cache holds, how many bytes it takes, what a LIST or
 * a streaming list carries, which server answers, and when a failed sync is retried and
 * counted as a relist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../apiserver';
import { Cluster, bookmarkBytes, createPrng, eventEnvelopeBytes, jumpHash, listOverheadBytes, type Prng } from '../cluster';
import { DEFAULT_PARAMS, type ClientKind, type InitialList, type Mode, type SelectorSpec, type SimParams } from '../params';
import { connect, retryDue, retryPending, routeSync } from './informer';
import { RELIST_ERROR, RELIST_GONE, RELIST_RESHARD } from './lifecycle';
import { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BYTES_RECEIVED, C_LIST_BYTES, C_LIST_ITEMS, C_LIST_ITEMS_KEPT, C_LIST_REQUESTS, C_LOCAL_HASHES, C_REQUEST_ERRORS, Replica, resolveSelector } from './replica';
import type { ClientWorld } from './world';
import { loadSyntaxErrors } from '../../core/sharding';
beforeAll(() => loadSyntaxErrors()); // A malformed selector's HTTP 500 carries cel-go's exact message: load its model first.

/** A load balancer that answers `int(n)` from a script (then always 0), and counts its draws. */
function scripted(picks: number[]): Prng & { asked: number[] } {
  const g = {
    asked: [] as number[],
    float: () => 0,
    int(n: number) {
      g.asked.push(n);
      const k = picks.shift() ?? 0;
      if (k >= n) throw new Error(`int(${n}) asked for ${k}`);
      return k;
    },
  };
  return g as unknown as Prng & { asked: number[] };
}

/** The world's shape; `picks`: the load balancer's draws; `jitter`: the backoff's draw in [0, 1). */
interface Options {
  mode?: Mode;
  replicas?: number;
  servers?: number;
  gates?: boolean[];
  client?: ClientKind;
  initialList?: InitialList;
  routing?: 'l4' | 'l7';
  selectors?: (SelectorSpec | null)[];
  picks?: number[];
  jitter?: number;
}

// Each world builds the same cluster (the same seed); a test may change its own.
const CLUSTER_PODS = 400;

function world(o: Options = {}) {
  const params: SimParams = {
    ...DEFAULT_PARAMS,
    apiServers: { ...DEFAULT_PARAMS.apiServers, count: o.servers ?? 1, routing: o.routing ?? 'l4' },
    replicas: { ...DEFAULT_PARAMS.replicas, count: o.replicas ?? 4, client: o.client ?? 'client-go', initialList: o.initialList ?? 'list' },
  };
  const cluster = new Cluster({ ...DEFAULT_PARAMS.cluster, pods: CLUSTER_PODS, namespaces: 8 }, DEFAULT_PARAMS.sizes, createPrng('informer-unit'));
  const servers = Array.from({ length: o.servers ?? 1 }, (_, i) => new ApiServer(i, o.gates?.[i] ?? true));
  const n = o.replicas ?? 4;
  const mode = o.mode ?? 'server';
  const spec = (i: number) => resolveSelector(o.selectors?.[i] ?? null, i, n, params.replicas.key);
  const replicas = Array.from({ length: n }, (_, i) => new Replica(mode, i, n, i % servers.length, spec(i), params.replicas.client, 'ranges'));
  const m = {
    mode, cluster, params, servers, replicas,
    maskLo: new Uint32Array(cluster.capacity),
    maskHi: new Uint32Array(cluster.capacity),
    ownersEpoch: 0,
    relists: new Float64Array(4),
    relistBytes: new Float64Array(4),
    resumes: new Float64Array(2),
    watchTimeouts: 0,
    goneResponses: 0,
    lbRng: scripted(o.picks ?? []),
    jitterRng: { float: () => o.jitter ?? 0 } as unknown as Prng,
    timeoutRng: { float: () => 0 } as unknown as Prng,
    goawayRng: { float: () => 0.99 } as unknown as Prng,
    watchDueAt: Infinity,
    audits: 0,
    ensureCapacity() {},
    recountAudit: () => void m.audits++,
  };
  return m as ClientWorld & { audits: number; lbRng: ReturnType<typeof scripted> };
}

/** The live objects, in no particular order. */
const liveSlots = (c: Cluster): number[] => Array.from(c.liveSlots.subarray(0, c.liveCount));

/** Live objects whose uid hash (read as text) lies in one of [start, end). */
function objectsIn(c: Cluster, ranges: [bigint, bigint][]): number[] {
  return liveSlots(c).filter((s) => {
    const h = BigInt(c.uidHashHex(s));
    return ranges.some(([a, b]) => h >= a && h < b);
  });
}

/** The objects whose owner bit for replica `r` is set: what its cache holds. */
const held = (m: ClientWorld, r: Replica): number[] =>
  Array.from({ length: m.cluster.slots }, (_, s) => s).filter((s) => (m.maskLo[s]! & r.bitLo) !== 0 || (m.maskHi[s]! & r.bitHi) !== 0);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const jsonOf = (c: Cluster, slots: number[]) => slots.reduce((a, s) => a + c.jsonBytes[s]!, 0);
const hex = (h: bigint) => `0x${h.toString(16).padStart(16, '0')}`;
const Q = (k: number) => (BigInt(k) << 62n) as bigint;
const spec = (...rs: [bigint, bigint][]): SelectorSpec => ({ kind: 'ranges', ranges: rs.map(([a, b]) => ({ start: hex(a), end: hex(b) })) });

describe('a LIST then a WATCH', () => {
  it("each server-side replica's cache holds exactly the objects of its range, in bytes 1.2 x their JSON plus 400 each", () => {
    const m = world({ replicas: 4 });
    const c = m.cluster;
    const costs = m.params.costs;
    for (const r of m.replicas) connect(m, r, 0, 1);
    m.replicas.forEach((r, i) => {
      const mine = objectsIn(c, [[Q(i), Q(i + 1)]]);
      expect(mine.length).toBeGreaterThan(CLUSTER_PODS / 8);
      expect(sorted(held(m, r))).toEqual(sorted(mine));
      expect(r.cacheObjects).toBe(mine.length);
      expect(r.cacheBytes).toBeCloseTo(jsonOf(c, mine) * costs.cacheBytesPerJsonByte + mine.length * costs.cacheOverheadBytes, 6);
      expect(r.counters[C_LIST_ITEMS]).toBe(mine.length);
      expect(r.counters[C_LIST_BYTES]).toBe(listOverheadBytes('json') + jsonOf(c, mine));
      expect(r.counters[C_BYTES_RECEIVED]).toBe(r.counters[C_LIST_BYTES]);
      expect(r.counters[C_BYTES_DECODED]).toBe(r.counters[C_LIST_BYTES]);
      expect(r.counters[C_LIST_REQUESTS]).toBe(1);
      expect(r.watcher?.selector?.toString()).toBe(r.resolved.text);
    });
  });

  it('a client-side cache holds its quarter; the cache size counts only what it keeps', () => {
    const m = world({ mode: 'client', replicas: 4 });
    const c = m.cluster;
    for (const r of m.replicas) connect(m, r, 0, 1);
    m.replicas.forEach((r, i) => {
      const mine = objectsIn(c, [[Q(i), Q(i + 1)]]);
      expect(sorted(held(m, r))).toEqual(sorted(mine));
      expect(r.cacheBytes).toBeCloseTo(jsonOf(c, mine) * 1.2 + mine.length * 400, 6);
      expect(r.counters[C_LIST_ITEMS]).toBe(c.liveCount);
      expect(r.counters[C_LOCAL_HASHES]).toBe(c.liveCount);
    });
  });
});

describe("a selector's ranges are merged before the hash index is walked", () => {
  // Boundaries at real objects' hashes, so one object more or less changes the counts.
  const m0 = world({ replicas: 1 });
  const hashes = liveSlots(m0.cluster)
    .map((s) => BigInt(m0.cluster.uidHashHex(s)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // An object in the second quarter whose neighbours share its upper 32 bits.
  const h = hashes.find((x) => x > Q(1) + (1n << 40n) && (x & 0xffffffffn) > 8n && (x & 0xffffffffn) < 0xfffffff0n)!;
  const cases: [string, [bigint, bigint][]][] = [
    ['two ranges that share one object', [[Q(1), h + 1n], [h, Q(3)]]],
    ['the same, given in reverse order', [[h, Q(3)], [Q(1), h + 1n]]],
    ['adjacent ranges, the later one first', [[h + 1n, Q(3)], [h, h + 1n]]],
    ['a one-object range inside a larger one', [[Q(1), Q(3)], [h, h + 1n]]],
    ['two ranges from the same start, the longer first', [[Q(1), h + 1n], [Q(1), h]]],
    ['the same start, the shorter first', [[Q(1), h], [Q(1), h + 1n]]],
    ['ends that differ only in their lower 32 bits', [[h - 2n, h + 1n], [h - 1n, h]]],
    ['starts that differ only in their lower 32 bits', [[h - 1n, Q(2)], [h - 2n, h]]],
    ['three ranges, each overlapping the next', [[h, Q(2)], [Q(1), h + 1n], [h - 3n, h + 2n]]],
    ['disjoint ranges around the object', [[Q(0), h], [h + 1n, Q(4)]]],
  ];
  for (const [name, rs] of cases) {
    it(`${name}: each object once`, () => {
      for (const mode of ['server', 'client'] as const) {
        const m = world({ mode, replicas: 1, selectors: [spec(...rs)] });
        const r = m.replicas[0]!;
        connect(m, r, 0, 1);
        const mine = objectsIn(m.cluster, rs);
        expect(sorted(held(m, r))).toEqual(sorted(mine));
        expect(r.counters[C_LIST_ITEMS_KEPT]).toBe(mine.length);
        if (mode === 'server') expect(r.counters[C_LIST_ITEMS]).toBe(mine.length);
      }
    });
  }
});

describe('what a sync records about its requests', () => {
  it('a first LIST asks from resourceVersion 0 and its WATCH from the LIST; a relist asks from the last resourceVersion seen', () => {
    const m = world({ replicas: 1 });
    const r = m.replicas[0]!;
    m.cluster.resourceVersion = 5000;
    const epoch = m.ownersEpoch;
    connect(m, r, 0, 1);
    expect([r.listRequestRv, r.watchRequestRv, r.syncStreaming, r.watchStreaming]).toEqual(['0', '5000', false, false]);
    // Each sync refills the cache, so views must read every owner again.
    expect(m.ownersEpoch).toBe(epoch + 1);
    r.lastRv = 5100;
    m.cluster.resourceVersion = 5200;
    connect(m, r, 10, 1, true);
    expect([r.listRequestRv, r.watchRequestRv]).toEqual(['5100', '5200']);
    expect(m.ownersEpoch).toBe(epoch + 2);
  });

  it('a streaming list sends one WATCH: from no resourceVersion at first, from the last one seen on a relist', () => {
    const m = world({ replicas: 1, initialList: 'watch-list' });
    const r = m.replicas[0]!;
    connect(m, r, 0, 1);
    expect([r.listRequestRv, r.watchRequestRv, r.syncStreaming, r.watchStreaming]).toEqual(['0', '', true, true]);
    r.lastRv = 1234;
    connect(m, r, 10, 1, true);
    expect([r.listRequestRv, r.watchRequestRv]).toEqual(['1234', '1234']);
  });

  it('a sync closes the watch it replaces: one watcher per replica on the API server, and the shards gauge stays at 1', () => {
    const m = world({ replicas: 1, servers: 2, routing: 'l7' });
    const r = m.replicas[0]!;
    connect(m, r, 0, 1);
    const first = r.watcher;
    expect(m.servers[0]!.watchers.size).toBe(1);
    // The relist's WATCH lands on the other server: the old one is closed where it was open.
    r.apiServer = 1;
    r.listServer = 1;
    connect(m, r, 10, 1, true);
    expect(r.watcher).not.toBe(first);
    expect(m.servers.map((s) => s.watchers.size)).toEqual([0, 1]);
    expect(m.servers.map((s) => s.metrics().watchShardsTotal)).toEqual([0, 1]);
  });

  it('each request may draw a GOAWAY once: a LIST then a WATCH twice, a streaming list once, a relist routed by routeSync too', () => {
    for (const [routing, initialList, draws] of [['l4', 'list', 2], ['l7', 'list', 2], ['l4', 'watch-list', 1]] as const) {
      const m = world({ replicas: 1, servers: 2, routing, initialList });
      let n = 0;
      (m as { goawayRng: Prng }).goawayRng = { float: () => (n++, 0.99) } as unknown as Prng;
      (m.params as { apiServers: SimParams['apiServers'] }).apiServers = { ...m.params.apiServers, goawayChance: 0.5 };
      const r = m.replicas[0]!;
      connect(m, r, 0, 1);
      expect([routing, initialList, n]).toEqual([routing, initialList, draws]);
      // routeSync draws the LIST's (so the WATCH follows it under L4); connect does not draw it again.
      for (const tick of [1, 2]) if (routeSync(m, r, tick)) connect(m, r, tick, 1, true);
      expect([routing, initialList, n]).toEqual([routing, initialList, 3 * draws]);
    }
  });
});

describe('a streaming list under kube-state-metrics (client-side: every object, its jump-hash bucket kept)', () => {
  it("the buckets partition the objects; each cache holds its bucket and counts its bytes", () => {
    const m = world({ mode: 'client', client: 'ksm', initialList: 'watch-list', replicas: 3 });
    const c = m.cluster;
    const env = eventEnvelopeBytes('json');
    for (const r of m.replicas) connect(m, r, 0, 1);
    let total = 0;
    m.replicas.forEach((r, i) => {
      const mine = liveSlots(c).filter((s) => jumpHash(c.uidHi[s]!, c.uidLo[s]!, 3) === i);
      total += mine.length;
      expect(mine.length).toBeGreaterThan(CLUSTER_PODS / 6);
      expect(sorted(held(m, r))).toEqual(sorted(mine));
      const x = r.counters;
      expect(x[C_LIST_REQUESTS]).toBe(0);
      expect(x[C_LIST_ITEMS]).toBe(c.liveCount);
      expect(x[C_LOCAL_HASHES]).toBe(c.liveCount);
      expect(x[C_LIST_ITEMS_KEPT]).toBe(mine.length);
      const bytes = c.liveJsonBytes + c.liveCount * env + bookmarkBytes('json');
      expect(x[C_LIST_BYTES]).toBe(bytes);
      expect(x[C_BYTES_RECEIVED]).toBe(bytes);
      expect(x[C_BYTES_DECODED]).toBe(bytes);
      expect(x[C_BYTES_KEPT]).toBe(jsonOf(c, mine) + mine.length * env);
      expect(x[C_BYTES_DISCARDED]).toBe(bytes - x[C_BYTES_KEPT]!);
      expect(r.cacheBytes).toBeCloseTo(jsonOf(c, mine) * 1.2 + mine.length * 400, 6);
      // What it was sent (an informer that caches all it receives would hold this).
      expect([r.recvObjects, r.recvJson]).toEqual([c.liveCount, c.liveJsonBytes]);
      expect(r.filtering).toBe('local-jump');
    });
    expect(total).toBe(c.liveCount);
    // No selector is sent: the API server checks nothing and filters nothing.
    expect([m.servers[0]!.hashes, m.servers[0]!.filteredEvents, m.servers[0]!.listRequests]).toEqual([0, 0, 0]);
    expect(m.servers[0]!.eventsSent).toBe(3 * (c.liveCount + 1));
  });

  it('server-side, kube-state-metrics checks each initial event of its shard again and keeps them', () => {
    const m = world({ client: 'ksm', initialList: 'watch-list', replicas: 4 });
    const c = m.cluster;
    for (const r of m.replicas) connect(m, r, 0, 1);
    m.replicas.forEach((r, i) => {
      const mine = objectsIn(c, [[Q(i), Q(i + 1)]]);
      expect(sorted(held(m, r))).toEqual(sorted(mine));
      expect(r.counters[C_LOCAL_HASHES]).toBe(mine.length);
      expect([r.recvObjects, r.recvJson]).toEqual([mine.length, jsonOf(c, mine)]);
    });
    // Each streaming list is checked against every object once, and the rest filtered out.
    expect(m.servers[0]!.hashes).toBe(4 * c.liveCount);
    expect(m.servers[0]!.filteredEvents).toBe(3 * c.liveCount);
  });

  it('on a gate-off API server a streaming list sends everything, checks and filters nothing; client-go keeps it all', () => {
    const m = world({ initialList: 'watch-list', replicas: 2, gates: [false] });
    const c = m.cluster;
    for (const r of m.replicas) connect(m, r, 0, 1);
    for (const r of m.replicas) {
      expect(sorted(held(m, r))).toEqual(sorted(liveSlots(c)));
      expect(r.counters[C_LIST_ITEMS]).toBe(c.liveCount);
      // client-go checks nothing itself.
      expect(r.counters[C_LOCAL_HASHES]).toBe(0);
      expect(r.filtering).toBe('trust');
      expect(r.watcher?.selector).toBeNull();
    }
    expect([m.servers[0]!.hashes, m.servers[0]!.filteredEvents]).toEqual([0, 0]);
  });
});

describe('a checking client', () => {
  it('keeps the shard the API server sent it, having checked each item', () => {
    const m = world({ client: 'checked', replicas: 4 });
    const c = m.cluster;
    for (const r of m.replicas) connect(m, r, 0, 1);
    m.replicas.forEach((r, i) => {
      const mine = objectsIn(c, [[Q(i), Q(i + 1)]]);
      expect(sorted(held(m, r))).toEqual(sorted(mine));
      expect(r.counters[C_LOCAL_HASHES]).toBe(mine.length);
      expect(r.filtering).toBe('server+check');
    });
  });

  it("whose selector does not parse stops after the sync a gate-off server answered: nothing kept, no watch", () => {
    for (const initialList of ['list', 'watch-list'] as const) {
      const m = world({ client: 'checked', replicas: 2, gates: [false], initialList, selectors: [null, { kind: 'text', text: "shardRange(object.metadata.uid, '0x0'" }] });
      const c = m.cluster;
      for (const r of m.replicas) connect(m, r, 0, 1);
      const bad = m.replicas[1]!;
      expect(bad.status).toBe('error');
      expect(bad.error?.httpStatus).toBeNull();
      expect(bad.error?.message).toMatch(/^invalid shard selector: /);
      expect(held(m, bad)).toEqual([]);
      expect([bad.cacheObjects, bad.cacheBytes, bad.recvObjects, bad.recvJson]).toEqual([0, 0, 0, 0]);
      expect(bad.counters[C_LIST_ITEMS]).toBe(c.liveCount);
      expect(bad.counters[C_LIST_ITEMS_KEPT]).toBe(0);
      expect(bad.watcher).toBeNull();
      // The good replica's watch is the only one open.
      expect(m.servers[0]!.watchers.size).toBe(1);
      expect(sorted(held(m, m.replicas[0]!))).toEqual(sorted(objectsIn(c, [[Q(0), Q(2)]])));
    }
  });
});

describe('client-side, a selector that does not parse', () => {
  it('fails at start: no LIST, no request error, no retry', () => {
    const m = world({ mode: 'client', replicas: 1, selectors: [{ kind: 'text', text: 'shardRange(' }] });
    const r = m.replicas[0]!;
    connect(m, r, 0, 1);
    expect(r.status).toBe('error');
    expect(r.error?.httpStatus).toBeNull();
    expect(r.error?.message).toBe(r.resolved.localError);
    expect([r.counters[C_LIST_REQUESTS], r.counters[C_REQUEST_ERRORS], r.retryAtTick]).toEqual([0, 0, -1]);
    expect(m.servers[0]!.listRequests).toBe(0);
    expect(r.watcher).toBeNull();
  });

  it('kube-state-metrics does not read it: it lists and keeps its bucket', () => {
    const m = world({ mode: 'client', client: 'ksm', replicas: 2, selectors: [{ kind: 'text', text: 'shardRange(' }, null] });
    const r = m.replicas[0]!;
    connect(m, r, 0, 1);
    expect(r.status).toBe('ok');
    expect(r.counters[C_LIST_REQUESTS]).toBe(1);
    expect(held(m, r).length).toBe(liveSlots(m.cluster).filter((s) => jumpHash(m.cluster.uidHi[s]!, m.cluster.uidLo[s]!, 2) === 0).length);
  });
});

describe('where a sync goes (routeSync)', () => {
  it('under L4 the LIST and the WATCH share the open connection: no draw', () => {
    const m = world({ replicas: 1, servers: 3 });
    const r = m.replicas[0]!;
    r.connection = 2;
    expect(routeSync(m, r, 0)).toBe(true);
    expect([r.listServer, r.apiServer, r.connection]).toEqual([2, 2, 2]);
    expect(m.lbRng.asked).toEqual([]);
  });

  it('under L4 a connection to a server that is away is replaced by one to a live server, for both requests', () => {
    const m = world({ replicas: 1, servers: 3, picks: [1] });
    const r = m.replicas[0]!;
    r.connection = 0;
    m.servers[0]!.goDown(100);
    expect(routeSync(m, r, 10)).toBe(true);
    // The second of the two live servers (1 and 2).
    expect([r.listServer, r.apiServer, r.connection]).toEqual([2, 2, 2]);
    expect(m.lbRng.asked).toEqual([2]);
  });

  it('under L7 the LIST and the WATCH are balanced each on its own', () => {
    const m = world({ replicas: 1, servers: 3, routing: 'l7', picks: [2, 0] });
    const r = m.replicas[0]!;
    expect(routeSync(m, r, 0)).toBe(true);
    expect([r.listServer, r.apiServer, r.connection]).toEqual([2, 0, -1]);
    expect(m.lbRng.asked).toEqual([3, 3]);
    connect(m, r, 0, 1);
    expect(m.servers.map((s) => s.listRequests)).toEqual([0, 0, 1]);
    expect(m.servers.map((s) => s.watchers.size)).toEqual([1, 0, 0]);
    // The LIST body leaves the server that answered it.
    expect(m.servers[2]!.egressBytes).toBe(r.counters[C_LIST_BYTES]);
    expect(m.servers[0]!.egressBytes).toBe(0);
  });

  it('under L7 a streaming list is one request: one draw, the LIST server is its WATCH server', () => {
    const m = world({ replicas: 1, servers: 3, routing: 'l7', initialList: 'watch-list', picks: [1, 2] });
    const r = m.replicas[0]!;
    expect(routeSync(m, r, 0)).toBe(true);
    expect([r.listServer, r.apiServer]).toEqual([1, 1]);
    expect(m.lbRng.asked).toEqual([3]);
  });

  it('with every server away the connection is refused: false, and the replica keeps its servers', () => {
    for (const routing of ['l4', 'l7'] as const) {
      const m = world({ replicas: 1, servers: 2, routing });
      const r = m.replicas[0]!;
      r.listServer = 1;
      r.apiServer = 1;
      for (const s of m.servers) s.goDown(50);
      expect(routeSync(m, r, 10)).toBe(false);
      expect([r.listServer, r.apiServer]).toEqual([1, 1]);
    }
  });
});

describe('a WATCH refused after a LIST that another server answered', () => {
  // A rolling upgrade half done: server 0 has the gate off (ignores even a bad selector),
  // server 1 has it on (HTTP 500). Under L7 the LIST reaches 0, the WATCH 1.
  const setup = () => {
    const m = world({ replicas: 1, servers: 2, gates: [false, true], routing: 'l7', picks: [0, 1], jitter: 0.5, selectors: [{ kind: 'text', text: "shardRange(object.metadata.uid, '0x0000000000000000')" }] });
    const r = m.replicas[0]!;
    expect(routeSync(m, r, 100)).toBe(true);
    connect(m, r, 100, 0.1);
    return { m, r };
  };

  it('the LIST is answered in full; the WATCH gets HTTP 500 with the parser message; a relist is scheduled one backoff step later', () => {
    const { m, r } = setup();
    const c = m.cluster;
    expect(r.counters[C_LIST_REQUESTS]).toBe(1);
    expect(r.counters[C_LIST_ITEMS]).toBe(c.liveCount);
    expect(r.counters[C_REQUEST_ERRORS]).toBe(1);
    expect(r.status).toBe('error');
    expect(r.error?.httpStatus).toBe(500);
    expect(r.error?.message).toMatch(/^invalid shard selector: /);
    expect(r.watcher).toBeNull();
    // No WATCH was opened, so none carries a resourceVersion.
    expect(r.watchRequestRv).toBe('');
    expect(m.servers.map((s) => s.watchers.size)).toEqual([0, 0]);
    expect(m.servers.map((s) => s.errors)).toEqual([0, 1]);
    // 0.8 s x (1 + 0.5) = 1.2 s = 12 ticks of 0.1 s; the cause is a failed request.
    expect([r.retryAtTick, r.retryRewatch, r.retryCause]).toEqual([112, false, -1]);
    expect(retryPending(m.replicas, 111)).toBe(false);
    expect(retryPending(m.replicas, 112)).toBe(true);
  });

  it('the retry, once the gate is off everywhere, relists and counts one relist for an error, with the bytes of its LIST', () => {
    const { m, r } = setup();
    m.servers[1]!.gate = false;
    m.lbRng.asked.length = 0;
    const before = r.counters[C_BYTES_RECEIVED]!;
    r.lastRv = 4321;
    expect(retryDue(m, 111, 0.1, () => {})).toBe(false);
    expect(m.relists[RELIST_ERROR]).toBe(0);
    expect(retryDue(m, 112, 0.1, () => {})).toBe(true);
    expect(r.status).toBe('ok');
    expect(r.watcher).not.toBeNull();
    expect(Array.from(m.relists)).toEqual([0, 0, 0, 1]);
    const listed = r.counters[C_BYTES_RECEIVED]! - before;
    expect(listed).toBe(listOverheadBytes('json') + m.cluster.liveJsonBytes);
    expect(m.relistBytes[RELIST_ERROR]).toBe(listed);
    expect([r.retryAtTick, r.retryCause]).toEqual([-1, -1]);
    expect(r.counters[C_LIST_REQUESTS]).toBe(2);
    // A relist asks from the last resourceVersion the reflector saw, not from 0.
    expect(r.listRequestRv).toBe('4321');
  });
});

describe('retries (retryDue)', () => {
  const synced = (o: Options = {}) => {
    const m = world({ replicas: 4, ...o });
    for (const r of m.replicas) connect(m, r, 0, 1);
    m.audits = 0;
    return m;
  };

  it('nothing is due before its tick; at its tick a relist runs, is counted by its cause, and the audit is recounted', () => {
    const m = synced();
    const r = m.replicas[1]!;
    const others = m.replicas.filter((x) => x !== r).map((x) => Array.from(x.counters));
    r.retryAtTick = 10;
    r.retryCause = RELIST_GONE;
    expect(retryPending(m.replicas, 9)).toBe(false);
    expect(retryDue(m, 9, 1, () => {})).toBe(false);
    expect([m.audits, r.counters[C_LIST_REQUESTS], r.retryAtTick]).toEqual([0, 1, 10]);
    expect(retryPending(m.replicas, 10)).toBe(true);
    expect(retryDue(m, 10, 1, () => {})).toBe(true);
    const mine = objectsIn(m.cluster, [[Q(1), Q(2)]]);
    expect(Array.from(m.relists)).toEqual([0, 0, 1, 0]);
    expect(m.relistBytes[RELIST_GONE]).toBe(listOverheadBytes('json') + jsonOf(m.cluster, mine));
    expect([r.counters[C_LIST_REQUESTS], r.retryAtTick, r.retryCause]).toEqual([2, -1, -1]);
    expect(m.audits).toBe(1);
    expect(sorted(held(m, r))).toEqual(sorted(mine));
    expect(m.replicas.filter((x) => x !== r).map((x) => Array.from(x.counters))).toEqual(others);
    // Done: nothing is pending any more.
    expect(retryPending(m.replicas, 10)).toBe(false);
    expect(retryDue(m, 11, 1, () => {})).toBe(false);
    expect(m.audits).toBe(1);
  });

  it('a reshard relist (cause 0) is counted as a reshard', () => {
    const m = synced();
    const r = m.replicas[0]!;
    r.retryAtTick = 3;
    r.retryCause = RELIST_RESHARD;
    expect(retryDue(m, 3, 1, () => {})).toBe(true);
    expect(Array.from(m.relists)).toEqual([1, 0, 0, 0]);
  });

  it('a retry due at tick 0 is pending at tick 0', () => {
    const m = synced();
    m.replicas[2]!.retryAtTick = 0;
    expect(retryPending(m.replicas, 0)).toBe(true);
    expect(retryDue(m, 0, 1, () => {})).toBe(true);
  });

  it('a refused connection is retried as a watch (resume), not a relist: nothing listed, nothing counted', () => {
    const m = synced();
    const r = m.replicas[3]!;
    r.retryAtTick = 20;
    r.retryRewatch = true;
    const resumed: Replica[] = [];
    expect(retryDue(m, 20, 1, (x) => resumed.push(x))).toBe(false);
    expect(resumed).toEqual([r]);
    expect([r.retryAtTick, r.retryRewatch, r.counters[C_LIST_REQUESTS]]).toEqual([-1, false, 1]);
    expect(Array.from(m.relists)).toEqual([0, 0, 0, 0]);
    expect(m.audits).toBe(0);
  });

  it('with every server away the relist backs off again: nothing listed, nothing counted, retried one step later', () => {
    const m = synced();
    const r = m.replicas[0]!;
    r.retryAtTick = 30;
    r.retryCause = RELIST_GONE;
    for (const s of m.servers) s.goDown(1000);
    expect(retryDue(m, 30, 0.1, () => {})).toBe(false);
    // The first step: 0.8 s = 8 ticks of 0.1 s; still a GONE relist when it comes.
    expect([r.retryAtTick, r.retryCause, r.counters[C_LIST_REQUESTS]]).toEqual([38, RELIST_GONE, 1]);
    expect(Array.from(m.relists)).toEqual([0, 0, 0, 0]);
    expect(m.audits).toBe(1);
  });

  it('a relist refused again (HTTP 500) is not counted, and is tried again', () => {
    const m = world({ replicas: 1, selectors: [{ kind: 'text', text: 'shardRange(' }] });
    const r = m.replicas[0]!;
    connect(m, r, 0, 1);
    expect(r.status).toBe('error');
    const first = r.retryAtTick;
    expect(first).toBeGreaterThan(0);
    expect(retryDue(m, first, 1, () => {})).toBe(false);
    expect(r.counters[C_REQUEST_ERRORS]).toBe(2);
    expect(r.retryAtTick).toBeGreaterThan(first);
    expect(Array.from(m.relists)).toEqual([0, 0, 0, 0]);
  });

  it('a LIST refused for its selector is retried after a backoff step, and the relist that succeeds counts as one for an error', () => {
    const m = world({ replicas: 1, selectors: [{ kind: 'text', text: "shardRange(object.metadata.uid, '0x0000000000000000')" }] });
    const r = m.replicas[0]!;
    connect(m, r, 0, 1);
    expect([r.status, r.error?.httpStatus, r.counters[C_LIST_REQUESTS], r.counters[C_REQUEST_ERRORS]]).toEqual(['error', 500, 0, 1]);
    expect([r.retryAtTick, r.retryCause]).toEqual([1, -1]);
    // The server restarts with the gate off, which ignores the selector.
    m.servers[0]!.gate = false;
    expect(retryDue(m, 1, 1, () => {})).toBe(true);
    expect(r.status).toBe('ok');
    expect(Array.from(m.relists)).toEqual([0, 0, 0, 1]);
  });
});

describe('a relist starts the cache afresh', () => {
  it('after a gate-off server sent everything, a relist to a gate-on server leaves the cache with its shard only', () => {
    const m = world({ replicas: 2, gates: [false] });
    const c = m.cluster;
    for (const r of m.replicas) connect(m, r, 0, 1);
    const r = m.replicas[1]!;
    expect(held(m, r).length).toBe(c.liveCount);
    // The server restarts with the gate on; the replica relists.
    m.servers[0]!.gate = true;
    r.lastRv = c.resourceVersion;
    connect(m, r, 10, 1, true);
    const mine = objectsIn(c, [[Q(2), Q(4)]]);
    expect(sorted(held(m, r))).toEqual(sorted(mine));
    expect(r.cacheObjects).toBe(mine.length);
    expect(r.cacheBytes).toBeCloseTo(jsonOf(c, mine) * 1.2 + mine.length * 400, 6);
    // The other replica's cache is untouched.
    expect(held(m, m.replicas[0]!).length).toBe(c.liveCount);
  });

  it('the same for a replica beyond the 32nd (the high word of the owner masks)', () => {
    const n = 40;
    const m = world({ replicas: n, gates: [false] });
    const c = m.cluster;
    for (const r of m.replicas) connect(m, r, 0, 1);
    for (const r of m.replicas) expect(held(m, r).length).toBe(c.liveCount);
    m.servers[0]!.gate = true;
    const r = m.replicas[35]!;
    connect(m, r, 10, 1, true);
    const mine = objectsIn(c, [[(35n << 64n) / 40n, (36n << 64n) / 40n]]);
    expect(mine.length).toBeGreaterThan(0);
    expect(sorted(held(m, r))).toEqual(sorted(mine));
    for (const i of [0, 31, 32, 34, 36, 39]) expect(held(m, m.replicas[i]!).length).toBe(c.liveCount);
  });
});
