import { describe, expect, it } from 'vitest';
import { ApiServer } from '../apiserver';
import { Cluster } from '../cluster';
import { EV_ADDED, EV_DELETED, EV_MODIFIED, EV_NONE, EventBatch, NO_SLOT } from '../cluster';
import { ModeEngine } from './mode';
import { resolveParams } from '../params';
import { createPrng } from '../cluster';
import { C_EVENTS_RECEIVED } from '../client';

function setup(gates: boolean[] = [true]) {
  const params = resolveParams({ cluster: { pods: 1_000, namespaces: 4 }, replicas: { count: 4 }, apiServers: { count: gates.length, gates } });
  const cluster = new Cluster(params.cluster, params.sizes, createPrng('fanout'));
  const engine = new ModeEngine('server', cluster);
  engine.configure(params, 0, 0.01, false);
  return { params, cluster, engine };
}

describe('fan-out fast path', () => {
  it('sends, drops and counts exactly as ApiServer.route does for every watcher', () => {
    const { cluster, engine } = setup();
    // A reference server with the same selectors, fed the same events one by one through route().
    const ref = new ApiServer(0, true);
    const watchers = engine.replicas.map((r) => {
      const w = ref.openWatch(r.index, r.selectorSent);
      if (!w.ok) throw new Error(w.message);
      return w.watcher;
    });
    const p = createPrng('events');
    const batch = new EventBatch();
    for (let i = 0; i < 3_000; i++) {
      const s = cluster.liveSlots[p.int(cluster.liveCount)]!;
      const t = [EV_MODIFIED, EV_MODIFIED, EV_ADDED, EV_DELETED][p.int(4)]!;
      // ADDED and DELETED here are re-deliveries of existing objects: only routing is compared.
      batch.push(t, t === EV_ADDED ? NO_SLOT : s, t === EV_DELETED ? NO_SLOT : s, i);
    }
    const srv = engine.servers[0]!;
    const hashes0 = srv.hashes;
    // The streaming list's initial events were filtered already (3 of 4 watchers per object).
    const filtered0 = srv.filteredEvents;
    expect(filtered0).toBe(3 * cluster.liveCount);
    const received0 = engine.replicas.map((r) => r.counters[C_EVENTS_RECEIVED]!);
    engine.process(batch);
    const expectedSent = new Array(4).fill(0);
    for (let e = 0; e < batch.length; e++) {
      watchers.forEach((w, k) => {
        if (ref.route(w, batch.type[e]!, cluster, batch.oldSlot[e]!, batch.newSlot[e]!) !== EV_NONE) expectedSent[k]++;
      });
    }
    expect(engine.replicas.map((r, k) => r.counters[C_EVENTS_RECEIVED]! - received0[k]!)).toEqual(expectedSent);
    expect(srv.filteredEvents - filtered0).toBe(ref.filteredEvents);
    expect(srv.hashes - hashes0).toBe(ref.hashes);
  });

  it('routes a hand-built MODIFIED that changes shards as DELETED to the old owner and ADDED to the new', () => {
    const { cluster, engine } = setup();
    const owner = (s: number) => Math.floor(cluster.uidHi[s]! / 2 ** 30);
    const a = cluster.liveSlots[0]!;
    let b = -1;
    for (let i = 1; i < cluster.liveCount; i++) {
      const s = cluster.liveSlots[i]!;
      if (owner(s) !== owner(a)) {
        b = s;
        break;
      }
    }
    expect(engine.ownersOf(a)).toEqual([owner(a)]);
    const batch = new EventBatch();
    batch.push(EV_MODIFIED, a, b, 1);
    const before = engine.replicas.map((r) => r.cacheObjects);
    const filtered0 = engine.servers[0]!.filteredEvents;
    engine.process(batch);
    // The old owner saw it leave (DELETED: cache shrinks); the new owner saw it arrive (ADDED; already cached from the LIST).
    expect(engine.replicas[owner(a)]!.cacheObjects).toBe(before[owner(a)]! - 1);
    expect(engine.ownersOf(a)).toEqual([]);
    // Two uninvolved watchers fail both checks (2 each); the two involved fail one each.
    expect(engine.servers[0]!.filteredEvents - filtered0).toBe(2 * 2 + 1 + 1);
  });
});
