import { beforeAll, describe, expect, it } from 'vitest';
import { ShardSelector, hashField, splitHashSpace, loadSyntaxErrors } from '../../core/sharding';
import { ApiServer } from '../apiserver';
import { EV_ADDED } from '../cluster';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import { badRequestBody, statusBody } from '../apiserver';
import { metricsExposition } from '../apiserver';
import { listOverheadBytes } from '../cluster';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

// The server artefacts exactly as kube-apiserver v1.36 emits them.

const QUIET = { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, bookmarkIntervalSeconds: 0, burst: { enabled: false } };
const BAD = 'shardRange(object.metadata.uid,';

function quiet(extra: SimParamsInput = {}) {
  return createSimulation({ seed: 'artefacts', cluster: { pods: 2_000, namespaces: 8 }, ...extra, churn: QUIET });
}

describe('the HTTP 500 body for a bad shard selector', () => {
  it('is a plain Go error turned into a Status: no reason, no details, keys in the apiserver\'s order', () => {
    expect(JSON.stringify(statusBody('invalid shard selector: boom'))).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"invalid shard selector: boom","code":500}',
    );
  });

  it('is what listFor returns for a replica whose gate-on API server rejects its selector', () => {
    const sim = quiet({ replicas: { count: 2, selectors: [{ kind: 'text', text: BAD }] } });
    const r = sim.listFor('server', 0);
    expect(r.status).toBe(500);
    const message = sim.snapshot().modes.server.replicas[0]!.error!.message;
    expect(message.startsWith('invalid shard selector: CEL parse error: ')).toBe(true);
    expect(JSON.stringify(r.body)).toBe(`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":${JSON.stringify(message)},"code":500}`);
  });
});

describe('the HTTP 400 body for an unreadable label selector', () => {
  it('is a BadRequest StatusError: a reason and code 400, but no details', () => {
    expect(JSON.stringify(badRequestBody('unable to parse label selector: x'))).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"unable to parse label selector: x","reason":"BadRequest","code":400}',
    );
    const sim = quiet({ replicas: { count: 2 } });
    const r = sim.listFor('server', 0, { labelSelector: 'app=(bad' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['kind', 'apiVersion', 'metadata', 'status', 'message', 'reason', 'code']);
  });
});

const HELP_SHARDS = '# HELP apiserver_watch_shards_total [ALPHA] Number of active sharded watch connections broken by resource type.';
const TYPE_SHARDS = '# TYPE apiserver_watch_shards_total gauge';
const HELP_FILTERED =
  '# HELP apiserver_watch_filtered_events_total [ALPHA] Counter of events filtered out by shard selector during watch dispatch, broken by resource type.';
const TYPE_FILTERED = '# TYPE apiserver_watch_filtered_events_total counter';
const LOWER_HALF = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";

describe('the metrics exposition', () => {
  it('prints nothing for a family with no series (a fresh server, as client_golang does)', () => {
    const s = new ApiServer(0, true);
    expect(s.metricsText()).toBe('');
    s.openWatch(0, null); // an unsharded watch creates no series
    expect(s.metricsText()).toBe('');
  });

  it('shows the gauge with the exact HELP and TYPE lines once a sharded watch was opened, and keeps it at 0 after it closed', () => {
    const s = new ApiServer(0, true);
    const w = s.openWatch(0, LOWER_HALF);
    expect(s.metricsText()).toBe([HELP_SHARDS, TYPE_SHARDS, 'apiserver_watch_shards_total{group="",resource="pods"} 1', ''].join('\n'));
    if (w.ok) s.closeWatch(w.watcher);
    expect(s.metricsText()).toBe([HELP_SHARDS, TYPE_SHARDS, 'apiserver_watch_shards_total{group="",resource="pods"} 0', ''].join('\n'));
  });

  it('adds the counter only once an event was filtered out', () => {
    const s = new ApiServer(0, true);
    const ws = splitHashSpace(2).map((r, i) => s.openWatch(i, new ShardSelector([{ key: 'object.metadata.uid', ...r }]).toString()));
    const hi = new Uint32Array(1);
    const lo = new Uint32Array(1);
    const h = BigInt('0x' + hashField('some-uid'));
    hi[0] = Number(h >> 32n);
    lo[0] = Number(h & 0xffffffffn);
    const cols = { uidHi: hi, uidLo: lo, nsHi: hi, nsLo: lo };
    expect(s.metricsText()).not.toContain('filtered');
    for (const w of ws) if (w.ok) s.route(w.watcher, EV_ADDED, cols, 0, 0);
    expect(s.metricsText()).toBe(
      [
        HELP_SHARDS,
        TYPE_SHARDS,
        'apiserver_watch_shards_total{group="",resource="pods"} 2',
        HELP_FILTERED,
        TYPE_FILTERED,
        'apiserver_watch_filtered_events_total{group="",resource="pods"} 1',
        '',
      ].join('\n'),
    );
  });

  it('is empty on a gate-off API server however long the run, and the snapshot says no series exists', () => {
    const sim = createSimulation({ seed: 'm', cluster: { pods: 2_000 }, apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4 } });
    sim.step(5);
    expect(sim.metricsText('server', 1)).toBe('');
    const off = sim.snapshot().modes.server.apiServers[1]!.metrics;
    expect(off.watchShardsSeries).toBe(false);
    expect(off.watchFilteredEventsSeries).toBe(false);
    const on = sim.snapshot().modes.server.apiServers[0]!.metrics;
    expect(on.watchShardsSeries).toBe(true);
    expect(on.watchFilteredEventsSeries).toBe(true);
    // The snapshot's figures print exactly what the server exposes.
    expect(metricsExposition(on)).toBe(sim.metricsText('server', 0));
    expect(metricsExposition(off)).toBe('');
  });

  it('starts afresh on a server whose gate is toggled (a restart): gate off, no series', () => {
    // LIST then WATCH: a reconnect's LISTs add nothing to the counter (a streaming list's initial events would).
    const sim = createSimulation({ seed: 'm', cluster: { pods: 2_000 }, apiServers: { count: 2, gates: [true, true] }, replicas: { count: 4, initialList: 'list' } });
    sim.step(3);
    expect(sim.metricsText('server', 1)).toContain('apiserver_watch_filtered_events_total{group="",resource="pods"} ');
    const keptOn = sim.snapshot().modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal;
    sim.reconfigure({ apiServers: { count: 2, gates: [true, false] } });
    expect(sim.metricsText('server', 1)).toBe('');
    // The server that was not restarted keeps its counter.
    expect(sim.snapshot().modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(keptOn);
  });

  it('is empty in the client-side run, where no selector is ever sent', () => {
    const sim = createSimulation({ seed: 'm', cluster: { pods: 1_000 }, replicas: { count: 2 } });
    sim.step(3);
    expect(sim.metricsText('client', 0)).toBe('');
  });
});

describe('pagination', () => {
  it('issues a continue token when any stored object follows the page, so a sharded LIST can end with an empty page that keeps shardInfo', () => {
    const sim = quiet({ replicas: { count: 4 } });
    // Find a replica whose last matching object is followed by objects it does not own.
    for (let replica = 0; replica < 4; replica++) {
      const whole = sim.listFor('server', replica);
      if (whole.status !== 200) throw new Error('expected 200');
      const n = whole.totalItems;
      const first = sim.listFor('server', replica, { limit: n });
      if (first.status !== 200) throw new Error('expected 200');
      expect(first.totalItems).toBe(n);
      const token = first.body.metadata.continue;
      if (!token) continue; // its last object is the last stored one: no page follows
      const last = sim.listFor('server', replica, { limit: n, continue: token });
      if (last.status !== 200) throw new Error('expected 200');
      expect(last.totalItems).toBe(0);
      expect(last.body.items).toHaveLength(0);
      expect(last.body.metadata.continue).toBeUndefined();
      expect(last.body.metadata.shardInfo?.selector).toBe(whole.body.metadata.shardInfo?.selector);
      return;
    }
    throw new Error('no replica ended with an unowned object: the fixture does not exercise the empty page');
  });

  it('follows the token page by page: the pages partition the matching objects, every page full but the last', () => {
    const sim = quiet({ replicas: { count: 3 } });
    const whole = sim.listFor('server', 1, { limit: 5_000 });
    if (whole.status !== 200) throw new Error('expected 200');
    const expected = whole.totalItems;
    const limit = 37;
    const seen = new Set<string>();
    let token: string | undefined;
    let pages = 0;
    let sum = 0;
    do {
      const r = sim.listFor('server', 1, { limit, continue: token });
      if (r.status !== 200) throw new Error('expected 200');
      expect(r.body.metadata.shardInfo).toBeDefined();
      token = r.body.metadata.continue;
      if (token) expect(r.totalItems).toBe(limit);
      for (const p of r.body.items) {
        expect(seen.has(p.metadata.uid)).toBe(false);
        seen.add(p.metadata.uid);
      }
      sum += r.totalItems;
      pages++;
    } while (token && pages < 1_000);
    expect(sum).toBe(expected);
    expect(seen.size).toBe(expected);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected / limit));
  });
});

describe('remainingItemCount', () => {
  it('is set on an unfiltered page and counts every stored object after it', () => {
    const sim = quiet({ apiServers: { count: 1, gates: [false] }, replicas: { count: 2 } });
    const live = sim.snapshot().cluster.live;
    const r = sim.listFor('server', 0, { limit: 10 });
    expect(r.status === 200 && r.body.metadata.remainingItemCount).toBe(live - 10);
  });

  it('is left out when a label selector filters, even with no shard selector', () => {
    const sim = quiet({ apiServers: { count: 1, gates: [false] }, replicas: { count: 2 } });
    const any = sim.listFor('server', 0, { limit: 1 });
    if (any.status !== 200) throw new Error('expected 200');
    const app = any.body.items[0]!.metadata.labels.app!;
    const r = sim.listFor('server', 0, { labelSelector: `app!=${app}`, limit: 10 });
    if (r.status !== 200) throw new Error('expected 200');
    expect(r.body.metadata.shardInfo).toBeUndefined();
    expect(r.body.metadata.continue).toBeTruthy();
    expect('remainingItemCount' in r.body.metadata).toBe(false);
  });

  it('is set on a sharded page too, unfiltered, as v1.36.0 to v1.36.3 do (SelectionPredicate.Empty ignores the shard selector)', () => {
    const sim = quiet({ replicas: { count: 2 } });
    const live = sim.snapshot().cluster.live;
    // Replica 1 owns the upper half of the hash space; stored objects run in hash order, so
    // its first page goes through the whole lower half to find its ten.
    const r = sim.listFor('server', 1, { limit: 10 });
    if (r.status !== 200) throw new Error('expected 200');
    expect(r.body.metadata.continue).toBeTruthy();
    expect(r.body.metadata.shardInfo).toBeDefined();
    // The watch cache's count: every stored object from the page's start, less the limit, not
    // the half of them this shard will still get.
    expect(r.body.metadata.remainingItemCount).toBe(live - 10);
    const page2 = sim.listFor('server', 1, { limit: 10, continue: r.body.metadata.continue! });
    if (page2.status !== 200) throw new Error('expected 200');
    // From the second page's start (after the first page's last item): the stored objects the
    // first page went through, half of them another shard's, are no longer counted.
    const firstPageScanned = live - 10 - page2.body.metadata.remainingItemCount!;
    expect(firstPageScanned).toBeGreaterThan(live / 2 - live / 10);
    expect(firstPageScanned).toBeLessThan(live / 2 + live / 10);
    expect(r.totalItems).toBe(10);
  });
});

describe('a LIST served with the gate off', () => {
  it('sends the whole collection (count and bytes as the model counts them) and says what a shardinfo client keeps', () => {
    const sim = quiet({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, client: 'shardinfo', initialList: 'list' } });
    const snap = sim.snapshot();
    const replica = snap.modes.server.replicas.find((x) => x.apiServer === 1)!;
    expect(replica.filtering).toBe('local');
    const r = sim.listFor('server', replica.index);
    if (r.status !== 200) throw new Error('expected 200');
    expect(r.totalItems).toBe(snap.cluster.live);
    // The body as sent: the list envelope plus every object's wire size.
    const p = snap.params;
    expect(r.bodyBytes).toBe(listOverheadBytes(p.sizes.encoding) + Math.round(snap.cluster.totalBytes));
    expect(r.bodyBytes).toBe(replica.counters.listBytes);
    // The fallback keeps its own share: what its cache holds after this very LIST.
    expect(r.kept.items).toBe(replica.cacheObjects);
    expect(r.kept.items).toBeLessThan(r.totalItems / 2);
    expect(r.kept.filtering).toBe('local');
  });

  it('is kept whole by a replica that naively trusts the stream', () => {
    const sim = quiet({ apiServers: { count: 1, gates: [false] }, replicas: { count: 4, serverFallback: 'trust' } });
    const r = sim.listFor('server', 2);
    if (r.status !== 200) throw new Error('expected 200');
    expect(r.kept).toEqual({ items: r.totalItems, bytes: r.bodyBytes - listOverheadBytes(sim.params.sizes.encoding), filtering: 'trust' });
  });

  it('is kept whole when the server filtered (shardInfo present)', () => {
    const sim = quiet({ replicas: { count: 4 } });
    const r = sim.listFor('server', 2);
    if (r.status !== 200) throw new Error('expected 200');
    expect(r.kept.items).toBe(r.totalItems);
    expect(r.kept.filtering).toBe('server');
  });
});
