/**
 * A replica's sync as the informer does it (src/sim/client/informer.ts), on a cluster that
 * does not change: what each LIST or streaming list returns, what each client keeps and
 * checks. The expected figures are counted from the hash space (which object's hash falls
 * in which range), not from the informer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import { bookmarkBytes, eventEnvelopeBytes, listOverheadBytes } from '../cluster';
import { loadSyntaxErrors } from '../../core/sharding';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

const STATIC = { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } };
const Q = ['0x0000000000000000', '0x4000000000000000', '0x8000000000000000', '0xc000000000000000', '0x10000000000000000'];

function synced(input: SimParamsInput) {
  const sim = createSimulation({ seed: 'informer', cluster: { pods: 600, namespaces: 6 }, ...input, churn: STATIC });
  sim.step(1);
  return sim;
}

/** Objects whose key hash falls in [from, to) (fractions of 2^64). */
function objectsIn(sim: ReturnType<typeof createSimulation>, from: number, to: number): number {
  const view = sim.hashSpace();
  let n = 0;
  for (let i = 0; i < view.count; i++) if (view.positions[i]! >= from && view.positions[i]! < to) n++;
  return n;
}
const quarters = (sim: ReturnType<typeof createSimulation>) => [0, 1, 2, 3].map((i) => objectsIn(sim, i / 4, (i + 1) / 4));
const ranges = (...rs: [number, number][]) => ({ kind: 'ranges' as const, ranges: rs.map(([a, b]) => ({ start: Q[a]!, end: Q[b]! })) });

// Each test syncs its own run: mutation testing runs a mutant's tests only if they executed its code.
describe('a LIST then a WATCH', () => {
  const overhead = listOverheadBytes('json');
  const setup = () => {
    const sim = synced({ replicas: { count: 4, initialList: 'list' } });
    const s = sim.snapshot();
    return { sim, s, live: s.cluster.live };
  };

  it('server-side: each replica lists its quarter of the hash space, once, and keeps it all', () => {
    const { sim, s, live } = setup();
    const expected = quarters(sim);
    expect(expected.reduce((a, b) => a + b, 0)).toBe(live);
    const c = s.modes.server.replicas.map((r) => r.counters);
    expect(c.map((x) => x.listItems)).toEqual(expected);
    expect(c.map((x) => x.listItemsKept)).toEqual(expected);
    expect(c.map((x) => x.listRequests)).toEqual([1, 1, 1, 1]);
    expect(s.modes.server.replicas.map((r) => r.cacheObjects)).toEqual(expected);
    // client-go checks nothing itself.
    expect(c.map((x) => x.localHashes)).toEqual([0, 0, 0, 0]);
    // Four list bodies carry every object once: 4 envelopes and the cluster's bytes (each body rounded).
    const bodies = c.reduce((a, x) => a + x.listBytes, 0);
    expect(Math.abs(bodies - (4 * overhead + s.cluster.totalBytes))).toBeLessThanOrEqual(4);
    for (const x of c) {
      expect(x.bytesDiscarded).toBe(0);
      expect(x.bytesKept).toBe(x.listBytes - overhead);
      expect(x.bytesReceived).toBeGreaterThanOrEqual(x.listBytes);
    }
    // The API server answers four LISTs, checks every object once for each, and sends (and
    // encodes) exactly the bodies the replicas receive.
    const api = s.modes.server.apiServers[0]!;
    expect(api.listRequests).toBe(4);
    expect(api.hashes).toBe(4 * live);
    expect(api.egressBytes).toBe(bodies);
    expect(api.encodedBytes).toBe(bodies);
  });

  it('client-side: each replica lists everything, hashes every object, and keeps its quarter', () => {
    const { sim, s, live } = setup();
    const c = s.modes.client.replicas.map((r) => r.counters);
    expect(c.map((x) => x.listItems)).toEqual([live, live, live, live]);
    expect(c.map((x) => x.listItemsKept)).toEqual(quarters(sim));
    expect(c.map((x) => x.localHashes)).toEqual([live, live, live, live]);
    for (const x of c) {
      expect(x.listBytes).toBe(overhead + s.cluster.totalBytes);
      expect(x.bytesKept + x.bytesDiscarded).toBe(x.listBytes - overhead);
    }
  });

  it('a selector of overlapping, nested, adjacent or unordered ranges lists each object once', () => {
    const o = synced({
      replicas: {
        count: 4,
        initialList: 'list',
        selectors: [ranges([0, 2], [1, 3]), ranges([0, 2], [0, 1]), ranges([2, 3], [0, 1]), ranges([0, 1], [1, 2])],
      },
    });
    const items = o.snapshot().modes.server.replicas.map((r) => r.counters.listItems);
    const q = quarters(o);
    expect(items).toEqual([q[0]! + q[1]! + q[2]!, q[0]! + q[1]!, q[0]! + q[2]!, q[0]! + q[1]!]);
  });

  it('a namespace key lists the objects of the namespaces whose hash is in range', () => {
    const n = synced({ replicas: { count: 4, initialList: 'list', key: 'object.metadata.namespace' } });
    const ns = n.snapshot();
    expect(n.hashSpace().key).toBe('object.metadata.namespace');
    expect(ns.modes.server.replicas.map((r) => r.counters.listItems)).toEqual(quarters(n));
    expect(ns.modes.server.replicas.map((r) => r.counters.listItems).reduce((a, b) => a + b, 0)).toBe(ns.cluster.live);
  });
});

describe('what each client checks of its LIST', () => {
  it('a checked client checks every item of its shard again; a shardinfo client trusts a LIST with shardInfo', () => {
    const checked = synced({ replicas: { count: 4, initialList: 'list', client: 'checked' } });
    const q = quarters(checked);
    expect(checked.snapshot().modes.server.replicas.map((r) => r.counters.localHashes)).toEqual(q);
    const shardinfo = synced({ replicas: { count: 4, initialList: 'list', client: 'shardinfo' } });
    expect(shardinfo.snapshot().modes.server.replicas.map((r) => r.counters.localHashes)).toEqual([0, 0, 0, 0]);
    expect(shardinfo.snapshot().modes.server.replicas.map((r) => r.filtering)).toEqual(['server', 'server', 'server', 'server']);
  });

  it('on a gate-off API server: everything arrives; a checking client hashes it all and keeps its quarter, client-go keeps it all', () => {
    const off = { count: 1, gates: [false] };
    const live = (x: ReturnType<typeof synced>) => x.snapshot().cluster.live;
    const checked = synced({ apiServers: off, replicas: { count: 4, initialList: 'list', client: 'shardinfo' } });
    const c = checked.snapshot().modes.server.replicas;
    expect(c.map((r) => r.counters.listItems)).toEqual([0, 1, 2, 3].map(() => live(checked)));
    expect(c.map((r) => r.counters.localHashes)).toEqual([0, 1, 2, 3].map(() => live(checked)));
    expect(c.map((r) => r.counters.listItemsKept)).toEqual(quarters(checked));
    expect(c.map((r) => r.filtering)).toEqual(['local', 'local', 'local', 'local']);
    const trusting = synced({ apiServers: off, replicas: { count: 4, initialList: 'list', client: 'client-go' } });
    const t = trusting.snapshot().modes.server.replicas;
    expect(t.map((r) => r.counters.listItemsKept)).toEqual([0, 1, 2, 3].map(() => live(trusting)));
    expect(t.map((r) => r.counters.localHashes)).toEqual([0, 0, 0, 0]);
    expect(t.map((r) => r.filtering)).toEqual(['trust', 'trust', 'trust', 'trust']);
  });

  it('kube-state-metrics client-side keeps its jump-hash bucket: the buckets partition the objects', () => {
    const k = synced({ replicas: { count: 4, initialList: 'list', client: 'ksm' } });
    const c = k.snapshot().modes.client.replicas.map((r) => r.counters);
    const live = k.snapshot().cluster.live;
    expect(c.map((x) => x.listItems)).toEqual([live, live, live, live]);
    expect(c.map((x) => x.localHashes)).toEqual([live, live, live, live]);
    expect(c.reduce((a, x) => a + x.listItemsKept, 0)).toBe(live);
    expect(c.every((x) => x.listItemsKept > live / 8)).toBe(true);
  });
});

describe('a streaming list (one WATCH with the initial events)', () => {
  const setup = () => {
    const sim = synced({ replicas: { count: 4, initialList: 'watch-list' } });
    return { sim, s: sim.snapshot() };
  };

  it('no LIST request; the initial events of its shard, each in a watch envelope, then one BOOKMARK', () => {
    const { sim, s } = setup();
    const q = quarters(sim);
    const c = s.modes.server.replicas.map((r) => r.counters);
    expect(c.map((x) => x.listRequests)).toEqual([0, 0, 0, 0]);
    expect(c.map((x) => x.listItems)).toEqual(q);
    expect(c.map((x) => x.listItemsKept)).toEqual(q);
    const bodies = c.reduce((a, x) => a + x.listBytes, 0);
    const expected = s.cluster.totalBytes + s.cluster.live * eventEnvelopeBytes('json') + 4 * bookmarkBytes('json');
    // Each object's bytes are rounded on its own.
    expect(Math.abs(bodies - expected)).toBeLessThanOrEqual(s.cluster.live);
    // Kept: the initial events; the closing BOOKMARK has no object to keep.
    for (const x of c) expect(x.bytesDiscarded).toBe(bookmarkBytes('json'));
    // Nor does the API server see a LIST. It checks every object for each replica, filters
    // out the other three quarters, and sends each replica its items and one BOOKMARK.
    const api = s.modes.server.apiServers[0]!;
    expect(api.listRequests).toBe(0);
    expect(api.hashes).toBe(4 * s.cluster.live);
    expect(api.metrics.watchFilteredEventsTotal).toBe(3 * s.cluster.live);
    expect(api.eventsSent).toBe(s.cluster.live + 4);
    expect(api.egressBytes).toBe(bodies);
    expect(api.encodedBytes).toBe(bodies);
  });

  it('client-side: everything, hashed locally, its quarter kept and the rest discarded', () => {
    const { sim, s } = setup();
    const live = s.cluster.live;
    const c = s.modes.client.replicas.map((r) => r.counters);
    expect(c.map((x) => x.listItems)).toEqual([live, live, live, live]);
    expect(c.map((x) => x.localHashes)).toEqual([live, live, live, live]);
    expect(c.map((x) => x.listItemsKept)).toEqual(quarters(sim));
    for (const x of c) expect(x.bytesKept + x.bytesDiscarded).toBe(x.listBytes);
  });

  it('a checking client hashes the initial events of its shard again', () => {
    const checked = synced({ replicas: { count: 4, initialList: 'watch-list', client: 'checked' } });
    expect(checked.snapshot().modes.server.replicas.map((r) => r.counters.localHashes)).toEqual(quarters(checked));
  });
});

describe('a sync that fails', () => {
  it('a selector the API server rejects: HTTP 500, nothing listed, retried after a backoff, counted as an error each time', () => {
    const sim = synced({ replicas: { count: 2, initialList: 'list', selectors: [null, { kind: 'text', text: 'shardRange(object.metadata.uid,' }] } });
    sim.step(5);
    const r = sim.snapshot().modes.server.replicas[1]!;
    expect(r.status).toBe('error');
    expect(r.error?.httpStatus).toBe(500);
    expect(r.counters.listItems).toBe(0);
    expect(r.counters.listBytes).toBe(0);
    expect(r.cacheObjects).toBe(0);
    // 0.8, 1.6 and 3.2 s backoff (each x [1, 2)): at least two retries in 6 s, each refused.
    expect(r.counters.requestErrors).toBeGreaterThanOrEqual(3);
    expect(sim.snapshot().modes.server.lifecycle.relists.error).toBe(0);
  });
});

describe('in protobuf', () => {
  it('a LIST body is the overhead and the JSON items scaled by the protobuf ratio; the initial events likewise, each rounded', () => {
    const json = synced({ replicas: { count: 4, initialList: 'list' } }).snapshot();
    const pb = synced({ replicas: { count: 4, initialList: 'list' }, sizes: { encoding: 'protobuf' } }).snapshot();
    const ratio = pb.params.sizes.protobufRatio;
    expect(ratio).toBeLessThan(1);
    for (const mode of ['server', 'client'] as const) {
      pb.modes[mode].replicas.forEach((r, i) => {
        const items = json.modes[mode].replicas[i]!.counters.listBytes - listOverheadBytes('json');
        expect(r.counters.listBytes).toBe(listOverheadBytes('protobuf') + Math.round(items * ratio));
        expect(r.counters.bytesKept + r.counters.bytesDiscarded).toBe(Math.round(items * ratio));
        expect(Math.abs(r.counters.bytesKept - json.modes[mode].replicas[i]!.counters.bytesKept * ratio)).toBeLessThanOrEqual(1);
      });
    }
    expect(pb.modes.server.apiServers[0]!.egressBytes).toBe(pb.modes.server.replicas.reduce((a, r) => a + r.counters.listBytes, 0));
  });

  it('a streaming list: each initial event is its object scaled and rounded, in a protobuf envelope', () => {
    const json = synced({ replicas: { count: 4, initialList: 'watch-list' } }).snapshot();
    const pb = synced({ replicas: { count: 4, initialList: 'watch-list' }, sizes: { encoding: 'protobuf' } }).snapshot();
    const ratio = pb.params.sizes.protobufRatio;
    pb.modes.server.replicas.forEach((r, i) => {
      const j = json.modes.server.replicas[i]!.counters;
      const jsonItems = j.listBytes - j.listItems * eventEnvelopeBytes('json') - bookmarkBytes('json');
      const pbItems = r.counters.listBytes - r.counters.listItems * eventEnvelopeBytes('protobuf') - bookmarkBytes('protobuf');
      // Each object rounded on its own: within half a byte per item of the scaled total.
      expect(Math.abs(pbItems - jsonItems * ratio)).toBeLessThanOrEqual(r.counters.listItems / 2 + 1e-9);
      expect(pbItems).toBeLessThan(jsonItems * ratio * 1.01);
      expect(r.counters.bytesDiscarded).toBe(bookmarkBytes('protobuf'));
    });
  });
});
