/**
 * The closed form on a stream small enough to work out by hand. Every expected figure below
 * is derived in the comments from the stream's definition (closedform.ts's header), not read
 * off the implementation.
 *
 * The stream: two namespaces (the second stands for the cluster-scoped objects).
 * - 2 ordinary ADDED/s, 3/4 of them into namespace 0, 1/4 into namespace 1;
 * - 3 MODIFIED/s and 1 DELETED/s over the 40 live objects (30 in ns 0, 10 in ns 1);
 * - rolling updates replace 0.5 pods/s, all in namespace 0: per pod ADDED + 2 MODIFIED on the
 *   new pod and MODIFIED + DELETED on the old one.
 * Sizes: new objects 140 JSON bytes in ns 0 and 200 in ns 1; the live ones hold 3,000 and
 * 1,000 JSON bytes (100 per object in both). Wire = JSON x 0.5 + a 10-byte envelope, so:
 * - an ADDED: 3/4 x (70 + 10) + 1/4 x (100 + 10) = 60 + 27.5 = 87.5 bytes;
 * - a MODIFIED/DELETED of a live object: (3,000 + 1,000) x 0.5 / 40 + 10 = 60 bytes
 *   (35 from ns 0's 30 objects, 15 from ns 1's 10);
 * - a burst's new pod: 80 bytes; its old pod (100 JSON bytes): 60 bytes.
 * Events: 2 + 4 + 0.5 x 3 + 0.5 x 2 = 8.5/s, bytes: 2 x 87.5 + 4 x 60 + 1.5 x 80 + 1 x 60 = 595/s.
 * Shard checks per watcher (one per event, two per MODIFIED): 2 + 2 x 3 + 1 + 0.5 x (1 + 2 + 2 + 2 + 1) = 13/s.
 */
import { describe, expect, it } from 'vitest';
import { bookmarksPerSecond, closedForm, type ClosedFormInput, type ReplicaPlan, type Share } from './closedform';

const NS0: Share = { kind: 'namespaces', members: [0] };
/** A uid range over a fifth of the hash space, holding a quarter of the live objects now (10 of 40, 1,000 JSON bytes). */
const UID: Share = { kind: 'uid', width: 0.2, objects: 10, jsonBytes: 1000 };
const NONE: Share = { kind: 'none' };
const ALL: Share = { kind: 'all' };

function plan(apiServer: number, receives: ReplicaPlan['receives'], shard: Share, keeps: Share, owns: Share, hashesLocally: boolean): ReplicaPlan {
  return { apiServer, receives, shard, keeps, owns, hashesLocally };
}

const BASE: ClosedFormInput = {
  stream: {
    addsPerSec: 2,
    modifiesPerSec: 3,
    deletesPerSec: 1,
    addWeights: [0.75, 0.25],
    burstPodsPerSec: [0.5, 0],
    nsLive: [30, 10],
    nsJsonBytes: [3000, 1000],
    newJsonBytes: [140, 200],
  },
  wireRatio: 0.5,
  envelopeBytes: 10,
  bookmarksPerSec: 0.1,
  bookmarkBytes: 50,
  decodeNsPerByte: 100,
  cacheBytesPerJsonByte: 2,
  cacheOverheadBytes: 100,
  listOverheadBytes: 20,
  decodeAllocBytesPerByte: 3,
  apiServers: 2,
  // Client-side: two replicas, each sent everything and filtering locally, keeping half.
  client: [plan(0, 'all', ALL, { kind: 'fraction', fraction: 0.5 }, { kind: 'fraction', fraction: 0.5 }, true), plan(1, 'all', ALL, { kind: 'fraction', fraction: 0.5 }, { kind: 'fraction', fraction: 0.5 }, true)],
  server: [
    // Server 0 filters by namespace: replica 0 gets namespace 0.
    plan(0, 'shard', NS0, NS0, NS0, false),
    // Server 1 filters by uid, and replica 1 checks again locally.
    plan(1, 'shard', UID, UID, UID, true),
    // Replica 2 is sent everything (gate off) and filters locally, keeping half of it.
    plan(1, 'all', ALL, { kind: 'fraction', fraction: 0.5 }, { kind: 'fraction', fraction: 0.25 }, true),
    // Replica 3's requests fail: it receives nothing, whatever it would check.
    plan(0, 'none', NONE, NONE, NONE, true),
  ],
  clientEncodes: [ALL, ALL],
  serverEncodes: [NS0, ALL],
  sendRates: { selectorEvalNs: 1000, encodeNsPerByte: 10, sendNsPerByte: 2, sendEventNs: 500 },
  syncStreaming: false,
  syncLimit: 0,
};

describe('closedForm on a stream worked out by hand', () => {
  // Computed inside each test, not when the file loads: mutation testing runs a mutant's
  // tests only if they executed its code.

  it('the stream: 8.5 events/s of 70 bytes on average (595 B/s)', () => {
    const cf = closedForm(BASE);
    expect(cf.streamEventsPerSec).toBeCloseTo(8.5, 12);
    expect(cf.meanEventBytes).toBeCloseTo(595 / 8.5, 12);
    expect(cf.meanEventBytes).toBeCloseTo(70, 12);
  });

  it('a namespace shard: the events of its namespace, by their weights and populations', () => {
    const cf = closedForm(BASE);
    // Namespace 0: 3/4 of the adds (60 B each in expectation: 3/4 x 80), 3/4 of the live
    // objects (45 B per MODIFIED/DELETED: 1,500 + 300 bytes over 40), every burst.
    // Events 2 x 0.75 + 4 x 0.75 + 1.5 + 1 = 7, bytes 2 x 60 + 4 x 45 + 1.5 x 80 + 60 = 480; plus 0.1 bookmarks of 50 B.
    expect(cf.server.replicaEventsPerSec[0]).toBeCloseTo(7.1, 12);
    expect(cf.server.replicaBytesPerSec[0]).toBeCloseTo(485, 12);
    expect(cf.server.replicaCpuCores[0]).toBeCloseTo(485 * 100e-9, 18);
    expect(cf.server.replicaAllocBytesPerSec[0]).toBeCloseTo(485 * 3, 9);
    // Its cache: 3,000 JSON bytes x 2 + 30 objects x 100.
    expect(cf.server.replicaCacheBytes[0]).toBeCloseTo(9000, 9);
    // Its LIST: 20 + 3,000 x 0.5 wire bytes, decoded at 3 bytes per byte, on top of the cache.
    expect(cf.server.replicaListPeakBytes[0]).toBeCloseTo(1520 * 3 + 9000, 9);
    expect(cf.server.replicaLocalHashesPerSec[0]).toBe(0);
  });

  it('a uid shard: new objects by the width of its ranges, existing ones by what the ranges hold now', () => {
    const cf = closedForm(BASE);
    // New objects (ADDED, a burst's new pod) pass with 1/5; live ones (MODIFIED, DELETED, a
    // burst's old pod) with 10/40 = 1/4, by their actual bytes: (1,000 x 0.5 + 10 x 10) / 40 = 15 B.
    // Events 2/5 + 4/4 + 1.5/5 + 1/4 = 1.95; bytes 2 x 87.5/5 + 4 x 15 + 1.5 x 80/5 + 60/4 = 134.
    expect(cf.server.replicaEventsPerSec[1]).toBeCloseTo(1.95 + 0.1, 12);
    expect(cf.server.replicaBytesPerSec[1]).toBeCloseTo(134 + 5, 12);
    // Its local check hashes every object event, not the bookmarks.
    expect(cf.server.replicaLocalHashesPerSec[1]).toBeCloseTo(1.95, 12);
    expect(cf.server.replicaCacheBytes[1]).toBeCloseTo(1000 * 2 + 10 * 100, 9);
    expect(cf.server.replicaListPeakBytes[1]).toBeCloseTo((20 + 500) * 3 + 3000, 9);
  });

  it('an unfiltered stream: everything, and a local check of every object event', () => {
    const cf = closedForm(BASE);
    expect(cf.server.replicaEventsPerSec[2]).toBeCloseTo(8.6, 12);
    expect(cf.server.replicaBytesPerSec[2]).toBeCloseTo(600, 12);
    expect(cf.server.replicaLocalHashesPerSec[2]).toBeCloseTo(8.5, 12);
    // It keeps half: 20 objects, 2,000 JSON bytes; its LIST is of everything (4,000 JSON bytes).
    expect(cf.server.replicaCacheBytes[2]).toBeCloseTo(2000 * 2 + 20 * 100, 9);
    expect(cf.server.replicaListPeakBytes[2]).toBeCloseTo((20 + 2000) * 3 + 6000, 9);
  });

  it('a replica whose requests fail receives, hashes, holds and lists nothing', () => {
    const cf = closedForm(BASE);
    expect(cf.server.replicaEventsPerSec[3]).toBe(0);
    expect(cf.server.replicaBytesPerSec[3]).toBe(0);
    expect(cf.server.replicaCpuCores[3]).toBe(0);
    expect(cf.server.replicaLocalHashesPerSec[3]).toBe(0);
    expect(cf.server.replicaCacheBytes[3]).toBe(0);
    expect(cf.server.replicaAllocBytesPerSec[3]).toBe(0);
    expect(cf.server.replicaListPeakBytes[3]).toBe(0);
  });

  it('the API servers: egress per server, one check per event and per sharded watcher, each event encoded once', () => {
    const cf = closedForm(BASE);
    // Server 0: replica 0 (485); replica 3 gets nothing. Server 1: replicas 1 and 2 (139 + 600).
    expect(cf.server.apiServerEgressBytesPerSec[0]).toBeCloseTo(485, 12);
    expect(cf.server.apiServerEgressBytesPerSec[1]).toBeCloseTo(739, 12);
    expect(cf.server.egressBytesPerSec).toBeCloseTo(1224, 12);
    // Each server has one sharded watcher, checked against every event of the stream.
    expect(cf.server.apiServerHashesPerSec).toEqual([13, 13].map((x) => expect.closeTo(x, 12)));
    expect(cf.server.hashesPerSec).toBeCloseTo(26, 12);
    // Server 0 encodes namespace 0's events (480 B/s) and one watcher's bookmarks; server 1
    // everything (595) and two watchers' bookmarks.
    expect(cf.server.apiServerEncodedBytesPerSec[0]).toBeCloseTo(480 + 5, 12);
    expect(cf.server.apiServerEncodedBytesPerSec[1]).toBeCloseTo(595 + 10, 12);
    // Writes: every event and bookmark each watcher receives, 7.1 + 2.05 + 8.6 per second.
    expect(cf.server.apiServerEventsPerSec).toEqual([7.1, 2.05 + 8.6].map((x) => expect.closeTo(x, 12)));
    // CPU: 26 checks x 1,000 ns, 1,090 bytes encoded x 10 ns, and per watcher 1,224 bytes
    // written x 2 ns and 17.75 writes x 500 ns.
    expect(cf.server.apiServerCpu.select).toBeCloseTo(26 * 1000 * 1e-9, 18);
    expect(cf.server.apiServerCpu.encode).toBeCloseTo(1090 * 10 * 1e-9, 18);
    expect(cf.server.apiServerCpu.send).toBeCloseTo((1224 * 2 + 17.75 * 500) * 1e-9, 18);
    expect(cf.server.apiServerCpuCores).toBeCloseTo((26 * 1000 + 1090 * 10 + 1224 * 2 + 17.75 * 500) * 1e-9, 18);
  });

  it('a sync: a filtered one checks every stored object; each body is encoded and written for its request alone', () => {
    const cf = closedForm(BASE);
    // Replicas 0 and 1 list their shards (30 and 10 objects), each checking all 40 stored
    // objects; replica 2 lists all 40 unchecked; replica 3 fails. LIST bodies: 20 + 1,500,
    // 20 + 500 and 20 + 2,000 bytes, one write each.
    expect(cf.server.replicaSyncObjects).toEqual([30, 10, 40, 0]);
    expect(cf.server.syncCpuSeconds).toBeCloseTo((80 * 1000 + 4060 * 10 + 4060 * 2 + 3 * 500) * 1e-9, 18);
    // Client-side: both list all 40 objects (2,020 bytes) and check none.
    expect(cf.client.syncCpuSeconds).toBeCloseTo((4040 * 10 + 4040 * 2 + 2 * 500) * 1e-9, 18);
    // A streaming list: each object in its 10-byte envelope then a 50-byte BOOKMARK, one write each:
    // 1,500 + 300 + 50 in 31 writes, 500 + 100 + 50 in 11, 2,000 + 400 + 50 in 41.
    const streaming = closedForm({ ...BASE, syncStreaming: true });
    expect(streaming.server.syncCpuSeconds).toBeCloseTo((80 * 1000 + 4950 * 10 + 4950 * 2 + 83 * 500) * 1e-9, 18);
  });

  it('APF charges a sync for the whole collection: 40 objects of 50 bytes on average, one seat in either mode', () => {
    expect(closedForm(BASE).syncSeats).toBe(1);
    // 40 objects of 100,000 bytes is 4 MB, charged 1 MB from the watch cache: 10 seats; a limit of 5 makes it 5.
    const big = { ...BASE, wireRatio: 1000 };
    expect(closedForm(big).syncSeats).toBe(10);
    expect(closedForm({ ...big, syncLimit: 5 }).syncSeats).toBe(5);
  });

  it('client-side: every replica gets the whole stream and hashes it; the servers check nothing', () => {
    const cf = closedForm(BASE);
    expect(cf.client.replicaEventsPerSec).toEqual([8.6, 8.6].map((x) => expect.closeTo(x, 12)));
    expect(cf.client.replicaLocalHashesPerSec).toEqual([8.5, 8.5].map((x) => expect.closeTo(x, 12)));
    expect(cf.client.egressBytesPerSec).toBeCloseTo(1200, 12);
    expect(cf.client.hashesPerSec).toBe(0);
    expect(cf.client.apiServerHashesPerSec).toEqual([0, 0]);
    expect(cf.client.apiServerEncodedBytesPerSec).toEqual([600, 600].map((x) => expect.closeTo(x, 12)));
    // Each event encoded once per server (600 B/s each), written to each watcher: 1,200 bytes in 17.2 writes.
    expect(cf.client.apiServerCpuCores).toBeCloseTo((1200 * 10 + 1200 * 2 + 17.2 * 500) * 1e-9, 18);
  });

  it('imbalance: the largest server-side owner over the mean share (30 of 40 objects over 4 replicas: 3)', () => {
    const cf = closedForm(BASE);
    expect(cf.imbalance).toBeCloseTo(3, 12);
  });

  it('an API server with no watcher encodes nothing, not even for a share its plans name', () => {
    const quiet = closedForm({ ...BASE, server: [plan(0, 'shard', NS0, NS0, NS0, false)], serverEncodes: [NS0, ALL] });
    expect(quiet.server.apiServerEncodedBytesPerSec).toEqual([expect.closeTo(485, 12), 0]);
    expect(quiet.server.apiServerEgressBytesPerSec).toEqual([expect.closeTo(485, 12), 0]);
  });

  it('a jump-hash fraction passes that fraction of every event; a shard of nothing passes nothing; a server without a share encodes nothing', () => {
    const half: Share = { kind: 'fraction', fraction: 0.5 };
    const cf2 = closedForm({ ...BASE, server: [plan(0, 'shard', half, half, half, false), plan(1, 'shard', NONE, NONE, NONE, false)], serverEncodes: [half] });
    // Half of 8.5 events and 595 bytes, plus the bookmarks.
    expect(cf2.server.replicaEventsPerSec[0]).toBeCloseTo(4.25 + 0.1, 12);
    expect(cf2.server.replicaBytesPerSec[0]).toBeCloseTo(297.5 + 5, 12);
    expect(cf2.server.replicaCacheBytes[0]).toBeCloseTo(2000 * 2 + 20 * 100, 9);
    // Only the bookmarks reach a watcher whose shard holds nothing.
    expect(cf2.server.replicaEventsPerSec[1]).toBeCloseTo(0.1, 12);
    expect(cf2.server.replicaBytesPerSec[1]).toBeCloseTo(5, 12);
    expect(cf2.server.replicaListPeakBytes[1]).toBeCloseTo(20 * 3, 12);
    // Server 1 has no share listed: it encodes only its watcher's bookmarks.
    expect(cf2.server.apiServerEncodedBytesPerSec).toEqual([expect.closeTo(297.5 + 5, 12), expect.closeTo(5, 12)]);
  });

  it("another namespace's shard: namespace 1's adds, live objects and no bursts", () => {
    const ns1: Share = { kind: 'namespaces', members: [1] };
    const cf2 = closedForm({ ...BASE, server: [plan(0, 'shard', ns1, ns1, ns1, false)] });
    // 1/4 of the adds (110 B each: 27.5 B in expectation) and 10 of 40 live objects (15 B per MODIFIED/DELETED, (500 + 100) / 40).
    // Events 2 x 0.25 + 4 x 0.25 = 1.5; bytes 2 x 27.5 + 4 x 15 = 115.
    expect(cf2.server.replicaEventsPerSec[0]).toBeCloseTo(1.5 + 0.1, 12);
    expect(cf2.server.replicaBytesPerSec[0]).toBeCloseTo(115 + 5, 12);
    expect(cf2.server.replicaCacheBytes[0]).toBeCloseTo(1000 * 2 + 10 * 100, 9);
    expect(cf2.imbalance).toBeCloseTo(10 / 40, 12);
  });

  it('a plan on an API server that does not exist counts for no server', () => {
    const stray = closedForm({ ...BASE, server: [plan(2, 'all', ALL, ALL, ALL, false), plan(-1, 'all', ALL, ALL, ALL, false)] });
    expect(stray.server.apiServerEgressBytesPerSec).toEqual([0, 0]);
    expect(stray.server.egressBytesPerSec).toBe(0);
    expect(stray.server.apiServerEncodedBytesPerSec).toEqual([0, 0]);
    expect(stray.server.replicaBytesPerSec).toEqual([600, 600].map((x) => expect.closeTo(x, 12)));
  });

  it('without bursts or MODIFIED/DELETED, and without live objects: no division by zero', () => {
    const empty = closedForm({
      ...BASE,
      stream: { addsPerSec: 0, modifiesPerSec: 0, deletesPerSec: 0, addWeights: [1, 0], burstPodsPerSec: [0, 0], nsLive: [0, 0], nsJsonBytes: [0, 0], newJsonBytes: [140, 200] },
    });
    expect(empty.streamEventsPerSec).toBe(0);
    // No event to average over: an event's size is its envelope.
    expect(empty.meanEventBytes).toBe(10);
    expect(empty.imbalance).toBe(0);
    expect(empty.server.replicaEventsPerSec[1]).toBeCloseTo(0.1, 12);
    expect(empty.server.replicaBytesPerSec[1]).toBeCloseTo(5, 12);
    // Adds only: each is checked once, whatever the (absent) MODIFIED share would be.
    const adds = closedForm({ ...BASE, stream: { ...BASE.stream, modifiesPerSec: 0, deletesPerSec: 0, burstPodsPerSec: [0, 0] } });
    expect(adds.server.hashesPerSec).toBeCloseTo(2 * 2, 12);
    expect(adds.streamEventsPerSec).toBeCloseTo(2, 12);
    expect(adds.meanEventBytes).toBeCloseTo(87.5, 12);
  });

  it('deletes are checked once, modifies twice (old and new object)', () => {
    const deletes = closedForm({ ...BASE, stream: { ...BASE.stream, addsPerSec: 0, modifiesPerSec: 0, deletesPerSec: 4, burstPodsPerSec: [0, 0] } });
    expect(deletes.server.apiServerHashesPerSec[0]).toBeCloseTo(4, 12);
    const modifies = closedForm({ ...BASE, stream: { ...BASE.stream, addsPerSec: 0, modifiesPerSec: 4, deletesPerSec: 0, burstPodsPerSec: [0, 0] } });
    expect(modifies.server.apiServerHashesPerSec[0]).toBeCloseTo(8, 12);
  });

  it('a burst in a namespace without live objects: the old pod is sized as a new one', () => {
    const s = { ...BASE.stream, addsPerSec: 0, modifiesPerSec: 0, deletesPerSec: 0, burstPodsPerSec: [0, 1], nsLive: [30, 0], nsJsonBytes: [3000, 0] };
    const cf2 = closedForm({ ...BASE, stream: s });
    // 1 pod/s in namespace 1: 3 events on the new pod, 2 on the old, each 200 x 0.5 + 10 = 110 bytes.
    expect(cf2.streamEventsPerSec).toBeCloseTo(5, 12);
    expect(cf2.meanEventBytes).toBeCloseTo(110, 12);
    // Replica 0 (namespace 0) gets none of it.
    expect(cf2.server.replicaEventsPerSec[0]).toBeCloseTo(0.1, 12);
  });
});

describe('bookmarksPerSecond', () => {
  it('is 0 without an interval or a timeout', () => {
    expect(bookmarksPerSecond(0, 300)).toBe(0);
    expect(bookmarksPerSecond(60, 0)).toBe(0);
    expect(bookmarksPerSecond(-1, 300)).toBe(0);
    expect(bookmarksPerSecond(Number.NaN, 300)).toBe(0);
  });

  it('one every second over a watch of 10 to 20 s: floor(D - 2) + 1 bookmarks per watch, 13.5 on average over 15 s', () => {
    expect(bookmarksPerSecond(1, 10)).toBeCloseTo(13.5 / 15, 12);
  });

  it('an interval longer than any watch: only the one before the deadline', () => {
    // D in [300, 600): floor((D - 2) / 1000) = 0, one bookmark per watch of 450 s on average.
    expect(bookmarksPerSecond(1000, 300)).toBeCloseTo(1 / 450, 12);
  });

  it('every 60 s over watches of 5 to 10 minutes, against a count over many deadlines', () => {
    // The mean of floor((D - 2) / 60) + 1 for D uniform in [300, 600), by a fine midpoint sum.
    const n = 300_000;
    let total = 0;
    for (let i = 0; i < n; i++) total += Math.floor((300 + (300 * (i + 0.5)) / n - 2) / 60) + 1;
    expect(bookmarksPerSecond(60, 300)).toBeCloseTo(total / n / 450, 6);
  });
});
