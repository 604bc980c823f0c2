import { beforeAll, describe, expect, it } from 'vitest';
import { hashField, loadSyntaxErrors } from '../../core/sharding';
import { createSimulation } from './simulation';
import { SimParamsError } from '../params';
import type { SimParamsInput } from '../params';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

const QUIET = { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, bookmarkIntervalSeconds: 0, burst: { enabled: false } };
const BAD = 'shardRange(object.metadata.uid,';
/** Four equal uid ranges: the default selectors of four replicas. */
const EQUAL_QUARTERS = [
  [{ start: '0x0000000000000000', end: '0x4000000000000000' }],
  [{ start: '0x4000000000000000', end: '0x8000000000000000' }],
  [{ start: '0x8000000000000000', end: '0xc000000000000000' }],
  [{ start: '0xc000000000000000', end: '0x10000000000000000' }],
];

function small(extra: SimParamsInput = {}) {
  return createSimulation({
    seed: 'test',
    cluster: { pods: 2_000, namespaces: 8 },
    ...extra,
    churn: { addsPerSecond: 20, modifiesPerSecond: 200, deletesPerSecond: 20, bookmarkIntervalSeconds: 5, burst: { enabled: false }, ...extra.churn },
  });
}

describe('LIST responses', () => {
  it('carry metadata.shardInfo.selector with the canonical text when the gate is on and a selector was sent', () => {
    const sim = small();
    const r = sim.listFor('server', 1);
    expect(r.status).toBe(200);
    if (r.status !== 200) return;
    expect(r.body.kind).toBe('PodList');
    expect(r.body.metadata.shardInfo).toEqual({ selector: "shardRange(object.metadata.uid, '0x4000000000000000', '0x8000000000000000')" });
    expect(r.request.url).toBe('/api/v1/pods?shardSelector=shardRange%28object.metadata.uid%2C+%270x4000000000000000%27%2C+%270x8000000000000000%27%29');
    expect(Number(r.body.metadata.resourceVersion)).toBeGreaterThan(0);
  });

  it('echo the canonical text, not what was typed', () => {
    const typed = "  shardRange( object.metadata.uid ,\"0x0000000000000000\",  '0x8000000000000000' )\n";
    const sim = small({ replicas: { count: 2, selectors: [{ kind: 'text', text: typed }] } });
    const r = sim.listFor('server', 0);
    expect(r.status === 200 && r.body.metadata.shardInfo?.selector).toBe(
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')",
    );
    expect(r.request.shardSelector).toBe(typed);
  });

  it('have no shardInfo when no selector is sent (client-side mode)', () => {
    const sim = small();
    const r = sim.listFor('client', 0);
    expect(r.status === 200 && 'shardInfo' in r.body.metadata).toBe(false);
    expect(r.status === 200 && r.totalItems).toBe(sim.snapshot().cluster.live);
  });

  it('have no shardInfo and list everything when the gate is off', () => {
    const sim = small({ apiServers: { count: 1, gates: [false] } });
    const r = sim.listFor('server', 0);
    expect(r.status).toBe(200);
    if (r.status !== 200) return;
    expect(r.body.metadata.shardInfo).toBeUndefined();
    expect(r.totalItems).toBe(sim.snapshot().cluster.live);
  });

  it('put the same unfiltered remainingItemCount on sharded and unsharded first pages (v1.36.0 to v1.36.3)', () => {
    const sim = small({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 2 } });
    const sharded = sim.listFor('server', 0, { limit: 10 });
    const unsharded = sim.listFor('server', 1, { limit: 10 });
    expect(sharded.status === 200 && sharded.body.metadata.continue).toBeTruthy();
    const live = sim.snapshot().cluster.live;
    expect(sharded.status === 200 && sharded.body.metadata.remainingItemCount).toBe(live - 10);
    expect(unsharded.status === 200 && unsharded.body.metadata.remainingItemCount).toBe(live - 10);
  });

  it('paginate with limit and continue, every page keeping shardInfo, until the last page has no token', () => {
    const sim = createSimulation({ cluster: { pods: 200, namespaces: 2 }, replicas: { count: 2 }, churn: QUIET });
    let token: string | undefined;
    let seen = 0;
    let pages = 0;
    do {
      const r = sim.listFor('server', 0, { limit: 40, continue: token });
      if (r.status !== 200) throw new Error('expected 200');
      expect(r.body.metadata.shardInfo).toBeDefined();
      seen += r.body.items.length;
      token = r.body.metadata.continue;
      pages++;
    } while (token && pages < 20);
    expect(seen).toBe(sim.snapshot().modes.server.replicas[0]!.cacheObjects);
  });

  it('carry shardInfo even on an empty page', () => {
    const tiny = "shardRange(object.metadata.uid, '0x0000000000000000', '0x0000000000000001')";
    const sim = small({ replicas: { count: 1, selectors: [{ kind: 'text', text: tiny }] } });
    const r = sim.listFor('server', 0);
    expect(r.status === 200 && r.body.items.length).toBe(0);
    expect(r.status === 200 && r.body.metadata.shardInfo?.selector).toBe(tiny);
  });

  it('show real pods whose uid hashes into the replica range', () => {
    const sim = small();
    const r = sim.listFor('server', 3, { limit: 5 });
    if (r.status !== 200) throw new Error('expected 200');
    for (const pod of r.body.items) {
      expect(pod.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(hashField(pod.metadata.uid) >= 'c000000000000000').toBe(true);
    }
  });
});

describe('a bad selector on one replica', () => {
  it('is that replica\'s HTTP 500 with the parser message when its API server has the gate on; the rest keep running', () => {
    const sim = small({ replicas: { count: 4, selectors: [null, { kind: 'text', text: BAD }] } });
    sim.step(3);
    const s = sim.snapshot().modes.server;
    const bad = s.replicas[1]!;
    expect(bad.status).toBe('error');
    expect(bad.error?.httpStatus).toBe(500);
    expect(bad.error?.message.startsWith('invalid shard selector: CEL parse error: ')).toBe(true);
    expect(bad.cacheObjects).toBe(0);
    expect(bad.counters.requestErrors).toBeGreaterThanOrEqual(2); // retried with backoff
    expect(s.apiServers[0]!.errors).toBe(bad.counters.requestErrors);
    for (const i of [0, 2, 3]) expect(s.replicas[i]!.status).toBe('ok');
    // Nobody owns what replica 1 should have owned.
    expect(s.audit.gaps).toBeGreaterThan(0);
    expect(s.audit.gaps + s.replicas[0]!.cacheObjects + s.replicas[2]!.cacheObjects + s.replicas[3]!.cacheObjects).toBe(s.audit.live);
    const list = sim.listFor('server', 1);
    expect(list.status).toBe(500);
    if (list.status === 500) {
      expect(list.body.kind).toBe('Status');
      expect(list.body.code).toBe(500);
      expect(list.body.message).toBe(bad.error?.message);
    }
  });

  it('is ignored by an API server with the gate off: client-go caches what arrives, a checking client cannot build its matcher', () => {
    // client-go never parses the selector (it only puts it on the request): the replica runs.
    const shipped = small({ apiServers: { count: 1, gates: [false] }, replicas: { count: 2, selectors: [{ kind: 'text', text: BAD }] } });
    const a = shipped.snapshot().modes.server;
    expect(a.apiServers[0]!.errors).toBe(0);
    expect(shipped.listFor('server', 0).status).toBe(200);
    expect(a.replicas[0]!.status).toBe('ok');
    expect(a.replicas[0]!.filtering).toBe('trust');
    expect(a.replicas[0]!.cacheObjects).toBe(a.audit.live);
    // A client that checks every object needs the matcher, and the selector does not parse.
    const checked = small({ apiServers: { count: 1, gates: [false] }, replicas: { count: 2, client: 'checked', selectors: [{ kind: 'text', text: BAD }] } });
    const b = checked.snapshot().modes.server;
    expect(b.apiServers[0]!.errors).toBe(0);
    expect(b.replicas[0]!.status).toBe('error');
    expect(b.replicas[0]!.error?.httpStatus).toBeNull();
  });

  it('makes a client-side replica fail on its own config (nothing is sent to the server)', () => {
    const sim = small({ replicas: { count: 2, selectors: [{ kind: 'text', text: BAD }] } });
    const c = sim.snapshot().modes.client;
    expect(c.replicas[0]!.status).toBe('error');
    expect(c.replicas[0]!.selectorSent).toBeNull();
    expect(c.replicas[0]!.counters.listRequests).toBe(0);
    expect(c.apiServers[0]!.errors).toBe(0);
  });
});

describe('watch fan-out', () => {
  it('server-side: each replica receives about 1/N of the stream; client-side: all of it; each watcher its own BOOKMARKs', () => {
    const sim = small({ replicas: { count: 4 } });
    sim.step(20);
    const s = sim.snapshot();
    const events = s.churn.total.added + s.churn.total.modified + s.churn.total.deleted;
    for (const r of s.modes.client.replicas) expect(r.counters.eventsReceived).toBe(events + r.counters.bookmarks);
    const server = s.modes.server.replicas.reduce((a, r) => a + r.counters.eventsReceived - r.counters.bookmarks, 0);
    // Each object event reaches exactly one server-side replica (uid ranges split the space).
    expect(server).toBe(events);
    // A bookmark every 5 s from each watch's start (t = 0): at 5, 10 and 15 s (20 s is the
    // next step's first tick), per watcher, in both modes.
    for (const m of [s.modes.client, s.modes.server]) for (const r of m.replicas) expect(r.counters.bookmarks).toBe(3);
    expect(s.churn.total.bookmarks).toBe(12);
  });

  it('counts apiserver_watch_filtered_events_total as 2 per MODIFIED per non-matching watcher', () => {
    const sim = small({ replicas: { count: 4, initialList: 'list' }, churn: { ...QUIET, modifiesPerSecond: 300 } });
    sim.step(5);
    const s = sim.snapshot();
    const mods = s.churn.total.modified;
    expect(mods).toBeGreaterThan(0);
    expect(s.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(2 * mods * 3);
    expect(s.modes.server.apiServers[0]!.metrics.watchShardsTotal).toBe(4);
    // The client-side mode opens no sharded watch and filters nothing on the server.
    expect(s.modes.client.apiServers[0]!.metrics).toEqual({ watchShardsTotal: 0, watchFilteredEventsTotal: 0, watchShardsSeries: false, watchFilteredEventsSeries: false });
  });

  it("counts a streaming list's initial events that fail the shard check in apiserver_watch_filtered_events_total", () => {
    // The initial events pass the same per-watcher filter as the stream: each of the 2,000
    // objects fails it for 3 of the 4 watchers.
    const sim = small({ replicas: { count: 4, initialList: 'watch-list' }, churn: { ...QUIET, modifiesPerSecond: 300 } });
    expect(sim.snapshot().modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(3 * 2_000);
    sim.step(5);
    const s = sim.snapshot();
    expect(s.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(3 * 2_000 + 2 * s.churn.total.modified * 3);
  });

  it('counts one filtered event per ADDED and per DELETED per non-matching watcher', () => {
    const sim = small({ replicas: { count: 4, initialList: 'list' }, churn: { ...QUIET, addsPerSecond: 100, deletesPerSecond: 100 } });
    sim.step(5);
    const s = sim.snapshot();
    const n = s.churn.total.added + s.churn.total.deleted;
    expect(s.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(n * 3);
  });

  it('sends each watcher its own BOOKMARKs, unfiltered, once the cache has moved past where the watch started', () => {
    // No event at all: the cache never moves past the watch's start, so no bookmark is sent.
    const quiet = small({ replicas: { count: 3 }, churn: { ...QUIET, bookmarkIntervalSeconds: 1 } });
    quiet.step(10);
    for (const m of [quiet.snapshot().modes.client, quiet.snapshot().modes.server]) for (const r of m.replicas) expect(r.counters.bookmarks).toBe(0);
    // One write a second: every watcher gets one bookmark a second (at 1 to 9 s in [0, 10)), and the shard filter never applies to them.
    const sim = small({ replicas: { count: 3, initialList: 'list' }, churn: { ...QUIET, modifiesPerSecond: 1, bookmarkIntervalSeconds: 1 } });
    sim.step(10);
    const s = sim.snapshot();
    for (const m of [s.modes.client, s.modes.server]) for (const r of m.replicas) expect(r.counters.bookmarks).toBe(9);
    expect(s.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(2 * s.churn.total.modified * 2);
    const marks = sim.watchEventsFor('server', 0, 100).filter((e) => e.type === 'BOOKMARK');
    expect(marks).toHaveLength(9);
    // Each carries the watch cache's resourceVersion at the time it was sent.
    expect(marks.map((e) => Number(e.object.metadata.resourceVersion))).toEqual([...marks].map((e) => Number(e.object.metadata.resourceVersion)).sort((a, b) => a - b));
  });

  it('never puts shardInfo on a watch event', () => {
    const sim = small();
    sim.step(2);
    const events = sim.watchEventsFor('server', 0, 50);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('shardInfo');
    for (const e of events) expect(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK']).toContain(e.type);
  });

  it('shows which replicas got each recent event and what they did with it', () => {
    const sim = small({ replicas: { count: 4 } });
    sim.step(1);
    const recent = sim.recentEvents(30).filter((e) => e.object !== null);
    expect(recent.length).toBeGreaterThan(0);
    for (const e of recent) {
      expect(e.client.every((o) => o.sentAs === e.type)).toBe(true);
      expect(e.client.filter((o) => o.kept).length).toBe(1);
      expect(e.server.filter((o) => o.sentAs !== null).length).toBe(1);
      const owner = Math.floor(parseInt(e.object!.uidHash.slice(2, 3), 16) / 4);
      expect(e.server[owner]!.sentAs).toBe(e.type);
    }
  });
});

describe('HA rollout and the client fallback', () => {
  it('a shardinfo client on a gate-off API server falls back to local filtering: no gaps, no duplicates, full stream', () => {
    const sim = small({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, client: 'shardinfo', initialList: 'list' } });
    sim.step(10);
    const s = sim.snapshot().modes.server;
    expect(s.replicas.map((r) => r.filtering)).toEqual(['server', 'local', 'server', 'local']);
    expect(s.replicas.map((r) => r.shardInfoSeen)).toEqual([true, false, true, false]);
    expect(s.audit.gaps).toBe(0);
    expect(s.audit.duplicates).toBe(0);
    const client = sim.snapshot().modes.client;
    // Without shardInfo the replica receives, and keeps, what a client-side replica with the same ranges does.
    expect(s.replicas[1]!.counters.eventsReceived).toBe(client.replicas[1]!.counters.eventsReceived);
    expect(s.replicas[1]!.counters.bytesReceived).toBeCloseTo(client.replicas[1]!.counters.bytesReceived, 3);
    // It keeps only its own share, as the client-side replica with the same range does, not
    // everything the unfiltered stream brings it.
    expect(s.replicas[1]!.cacheObjects).toBe(client.replicas[1]!.cacheObjects);
    expect(s.replicas[1]!.cacheObjects).toBe(sim.recount(EQUAL_QUARTERS).perReplica[1]);
    expect(s.replicas[1]!.cacheObjects).toBeLessThan(s.audit.live / 2);
    expect(s.apiServers[1]!.metrics.watchShardsTotal).toBe(0);
    expect(s.apiServers[0]!.metrics.watchShardsTotal).toBe(2);
  });

  it('the default client (client-go as shipped) on a gate-off API server caches the whole collection, silently', () => {
    const sim = small({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4 } });
    sim.step(5);
    const s = sim.snapshot().modes.server;
    expect(sim.snapshot().params.replicas.client).toBe('client-go');
    expect(s.replicas.map((r) => r.filtering)).toEqual(['server', 'trust', 'server', 'trust']);
    expect(s.replicas[1]!.cacheObjects).toBe(s.audit.live);
    expect(s.replicas[1]!.status).toBe('ok');
    expect(s.replicas[1]!.error).toBeNull();
  });

  it('a replica that naively trusts the stream keeps everything and duplicates every object', () => {
    const sim = small({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } });
    sim.step(5);
    const s = sim.snapshot().modes.server;
    expect(s.replicas[1]!.filtering).toBe('trust');
    expect(s.replicas[1]!.cacheObjects).toBe(s.audit.live);
    // Replicas 1 and 3 both hold everything: every live object is owned at least twice.
    expect(s.audit.duplicates).toBe(s.audit.live);
    expect(s.audit.gaps).toBe(0);
  });
});

describe('ownership audit', () => {
  it('finds overlaps and holes in custom ranges, in both modes, matching a recount', () => {
    const ranges = [
      [{ start: '0x0000000000000000', end: '0x6000000000000000' }],
      [{ start: '0x4000000000000000', end: '0x8000000000000000' }],
      [{ start: '0xa000000000000000', end: '0x10000000000000000' }],
    ];
    const sim = small({ replicas: { count: 3, selectors: ranges.map((r) => ({ kind: 'ranges' as const, ranges: r })) } });
    sim.step(5);
    const s = sim.snapshot();
    const re = sim.recount(ranges);
    for (const m of [s.modes.client, s.modes.server]) {
      expect(m.audit.duplicates).toBe(re.duplicates);
      expect(m.audit.gaps).toBe(re.gaps);
      expect(m.audit.perReplica).toEqual(re.perReplica);
      expect(m.audit.gaps).toBeGreaterThan(0);
      expect(m.audit.duplicates).toBeGreaterThan(0);
      expect(m.audit.exact).toBe(m.audit.live - m.audit.gaps - m.audit.duplicates);
    }
  });

  it('keeps the audit right event by event (equal to a full recount after churn and bursts)', () => {
    const sim = small({ replicas: { count: 5 }, churn: { addsPerSecond: 200, deletesPerSecond: 200, burst: { enabled: true, everySeconds: 4, podsPerSecond: 200, maxSeconds: 2 } } });
    sim.step(12);
    const s = sim.snapshot();
    const ranges = s.modes.server.replicas.map((r) => r.ranges.map((x) => ({ start: x.start, end: x.end })));
    const re = sim.recount(ranges);
    expect(s.modes.server.audit.perReplica).toEqual(re.perReplica);
    expect(s.modes.server.audit.gaps).toBe(0);
    expect(s.modes.server.audit.duplicates).toBe(0);
    expect(re.live).toBe(s.cluster.live);
  });

  it('sharding by namespace keeps whole namespaces together; cluster-scoped objects go to the shard of hash("")', () => {
    const sim = small({ cluster: { pods: 2_000, namespaces: 8, clusterScopedShare: 0.1 }, replicas: { count: 4, key: 'object.metadata.namespace' } });
    sim.step(3);
    const s = sim.snapshot();
    for (const m of [s.modes.client, s.modes.server]) {
      expect(m.audit.gaps).toBe(0);
      expect(m.audit.duplicates).toBe(0);
    }
    const owner = (ns: string) => Math.floor(parseInt(hashField(ns).slice(0, 1), 16) / 4);
    const expected = [0, 0, 0, 0];
    s.cluster.namespaceNames.forEach((ns, i) => (expected[owner(ns)]! += s.cluster.perNamespace[i]!));
    // 0xcbf29ce484222325 is in the last quarter.
    expected[3]! += s.cluster.clusterScoped;
    expect(s.modes.server.audit.perReplica).toEqual(expected);
    expect(s.modes.server.replicas[0]!.selector).toContain('object.metadata.namespace');
  });

  it('kube-state-metrics jump hash owns every object exactly once', () => {
    const sim = small({ replicas: { count: 6, clientFilter: 'jump' } });
    sim.step(5);
    const c = sim.snapshot().modes.client;
    expect(c.replicas[0]!.filtering).toBe('local-jump');
    expect(c.audit.gaps).toBe(0);
    expect(c.audit.duplicates).toBe(0);
    expect(c.audit.perReplica.reduce((a, b) => a + b, 0)).toBe(c.audit.live);
  });

  it('reports per-object owners in the hash-space view and on hover', () => {
    const sim = small({ replicas: { count: 4 } });
    sim.step(2);
    const view = sim.hashSpace();
    expect(view.count).toBe(sim.snapshot().cluster.live);
    for (let i = 1; i < view.count; i++) expect(view.positions[i]!).toBeGreaterThanOrEqual(view.positions[i - 1]!);
    for (let i = 0; i < view.count; i += 97) {
      expect(view.ownerServer[i]).toBe(Math.min(3, Math.floor(view.positions[i]! * 4)));
      expect(view.ownerClient[i]).toBe(view.ownerServer[i]);
    }
    const [near] = sim.objectsNear(0.3, 1);
    expect(near).toBeDefined();
    expect(near!.uidHash).toBe('0x' + hashField(near!.uid));
    expect(near!.namespaceHash).toBe('0x' + hashField(near!.namespace));
    expect(near!.owners.server).toEqual([1]);
    const idx = view.positions.findIndex((p) => p >= 0.3);
    const best = [idx - 1, idx].filter((i) => i >= 0).sort((a, b) => Math.abs(view.positions[a]! - 0.3) - Math.abs(view.positions[b]! - 0.3))[0]!;
    expect(near!.position).toBe(view.positions[best]);
    expect(sim.objectJson(near!.uid)?.metadata.uid).toBe(near!.uid);
  });
});

describe('cluster model', () => {
  it('gives cluster-scoped objects namespace "" whose hash is cbf29ce484222325', () => {
    const sim = createSimulation({ cluster: { pods: 500, clusterScopedShare: 1 }, churn: QUIET });
    const [o] = sim.objectsNear(0.5);
    expect(o!.namespace).toBe('');
    expect(o!.namespaceHash).toBe('0xcbf29ce484222325');
    expect(sim.snapshot().cluster.clusterScoped).toBe(500);
  });

  it('skews namespaces by Zipf: the biggest is much larger than the smallest', () => {
    const sim = createSimulation({ cluster: { pods: 5_000, namespaces: 20, zipfExponent: 1.2 }, churn: QUIET });
    const per = sim.snapshot().cluster.perNamespace;
    expect(Math.max(...per)).toBeGreaterThan(5 * Math.min(...per));
    const even = createSimulation({ cluster: { pods: 5_000, namespaces: 20, zipfExponent: 0 }, churn: QUIET }).snapshot().cluster.perNamespace;
    expect(Math.max(...even)).toBeLessThan(2 * Math.min(...even));
  });

  it('shows why the server hashes: sequential uids pile up when ranged raw, but hash evenly', () => {
    const seq = createSimulation({ cluster: { pods: 4_000, sequentialIds: true }, replicas: { count: 4 }, churn: QUIET }).snapshot();
    const rnd = createSimulation({ cluster: { pods: 4_000 }, replicas: { count: 4 }, churn: QUIET }).snapshot();
    expect(seq.cluster.rawUidImbalance).toBeGreaterThan(3.5);
    expect(rnd.cluster.rawUidImbalance).toBeLessThan(1.2);
    expect(seq.modes.server.audit.imbalance).toBeLessThan(1.2);
  });

  it('makes protobuf events smaller than JSON by the configured ratio', () => {
    const json = small().snapshot();
    const proto = small({ sizes: { encoding: 'protobuf', protobufRatio: 0.5 } }).snapshot();
    expect(proto.cluster.totalBytes / json.cluster.totalBytes).toBeCloseTo(0.5, 6);
  });

  it('materialises a pod whose JSON length is close to its modelled size', () => {
    const sim = small();
    const [o] = sim.objectsNear(0.7);
    const pod = sim.objectJson(o!.uid)!;
    const len = JSON.stringify(pod).length;
    expect(Math.abs(len - o!.bytes) / o!.bytes).toBeLessThan(0.05);
  });
});

describe('determinism', () => {
  it('gives the same results for the same seed', () => {
    const run = () => {
      const sim = small({ seed: 'same', churn: { burst: { enabled: true, everySeconds: 3, podsPerSecond: 100, maxSeconds: 1 } } });
      sim.step(7);
      const s = sim.snapshot();
      return JSON.stringify({ cluster: s.cluster, churn: s.churn, modes: s.modes });
    };
    expect(run()).toBe(run());
  });

  it('gives different results for a different seed', () => {
    const a = small({ seed: 'a' });
    const b = small({ seed: 'b' });
    expect(a.objectsNear(0.5)[0]!.uid).not.toBe(b.objectsNear(0.5)[0]!.uid);
  });

  it('does not depend on how time is sliced into steps', () => {
    const a = small();
    for (let i = 0; i < 50; i++) a.step(0.1);
    const b = small();
    b.step(5);
    expect(a.time).toBeCloseTo(5, 9);
    expect(JSON.stringify(a.snapshot().modes)).toBe(JSON.stringify(b.snapshot().modes));
  });

  it('steps back by replaying: seek(3) after running to 6 equals a fresh run to 3, reconfigurations included', () => {
    const a = small();
    a.step(2);
    a.reconfigure({ apiServers: { count: 1, gates: [false] } });
    a.step(4);
    a.seek(3);
    const b = small();
    b.step(2);
    b.reconfigure({ apiServers: { count: 1, gates: [false] } });
    b.step(1);
    expect(a.time).toBe(3);
    const strip = (s: ReturnType<typeof a.snapshot>) => JSON.stringify({ modes: s.modes, cluster: s.cluster, churn: s.churn.total });
    expect(strip(a.snapshot())).toBe(strip(b.snapshot()));
  });
});

describe('reconfigure', () => {
  it('turning the gate off mid-run reconnects: shardinfo replicas lose shardInfo and fall back', () => {
    const sim = small({ replicas: { count: 2, client: 'shardinfo' } });
    sim.step(1);
    sim.reconfigure({ apiServers: { gates: [false] } });
    const s = sim.snapshot().modes.server;
    expect(s.replicas.map((r) => r.filtering)).toEqual(['local', 'local']);
    expect(s.apiServers[0]!.metrics.watchShardsTotal).toBe(0);
    expect(sim.time).toBe(1);
  });

  it('a new pod count rebuilds the cluster and restarts time', () => {
    const sim = small();
    sim.step(1);
    sim.reconfigure({ cluster: { pods: 300 } });
    expect(sim.time).toBe(0);
    expect(sim.snapshot().cluster.live).toBe(300);
  });

  it('rejects bad parameters and leaves the simulation as it was', () => {
    const sim = small();
    const before = sim.params;
    expect(() => sim.reconfigure({ replicas: { count: 0 } })).toThrow(SimParamsError);
    expect(sim.params).toBe(before);
  });
});

describe('bad parameters', () => {
  it.each([
    [{ replicas: { count: 0 } }, 'replicas.count must be an integer from 1 to 64, got 0'],
    [{ cluster: { pods: 2_000_000 } }, 'cluster.pods must be an integer from 1 to 1,000,000, got 2,000,000'],
    [{ churn: { addsPerSecond: -5 } }, 'churn.addsPerSecond must be a number from 0 to 1,000,000, or null for 1 per 1,000 pods, got -5'],
    [{ apiServers: { count: 6 } }, 'apiServers.count must be an integer from 1 to 5, got 6'],
    [{ replicas: { apiServerOf: [0, 3] } }, 'replicas.apiServerOf[1] must be an integer from 0 to 0, got 3'],
    [{ apiServers: { count: 1, gates: [true, false] } }, 'apiServers.gates has 2 entries but apiServers.count is 1'],
  ] as [SimParamsInput, string][])('%j fails naming the parameter and its bounds', (input, message) => {
    let err: unknown;
    try {
      createSimulation(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SimParamsError);
    expect((err as SimParamsError).issues.map((i) => i.message)).toContain(message);
  });

  it('reports every problem at once', () => {
    try {
      createSimulation({ replicas: { count: 0 }, cluster: { pods: -1 }, churn: { deletesPerSecond: -1 } });
      expect.unreachable();
    } catch (e) {
      expect((e as SimParamsError).issues.map((i) => i.path).sort()).toEqual(['churn.deletesPerSecond', 'cluster.pods', 'replicas.count']);
    }
  });

  it('rejects bad arguments to the display helpers with the parameter and its bounds', () => {
    const sim = small({ replicas: { count: 2 } });
    expect(() => sim.listFor('server', 5)).toThrow('replica must be an integer from 0 to 1, got 5');
    expect(() => sim.step(-1)).toThrow('step seconds must be a number from 0 to 86,400, got -1');
  });
});

describe('per-replica event accounting', () => {
  it('never keeps more watch events than it received, even right after a reconnect LIST', () => {
    const sim = createSimulation({ cluster: { pods: 5_000 }, replicas: { count: 4 } });
    sim.step(5);
    // Turning the gate off reconnects every replica with a fresh, unfiltered LIST.
    sim.reconfigure({ apiServers: { count: 1, gates: [false] } });
    sim.step(1);
    for (const mode of ['client', 'server'] as const) {
      for (const r of sim.snapshot().modes[mode].replicas) {
        expect(r.rates.eventsKeptPerSec).toBeLessThanOrEqual(r.rates.eventsReceivedPerSec);
        expect(r.counters.eventsKept + r.counters.eventsDiscarded).toBeLessThanOrEqual(r.counters.eventsDecoded);
        expect(r.counters.listItemsKept).toBeLessThanOrEqual(r.counters.listItems);
        expect(r.counters.listItemsKept).toBeGreaterThan(0);
      }
    }
  });
});
