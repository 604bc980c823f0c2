import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import type { SimSnapshot } from '../report';
import { bookmarkBytes } from '../cluster';

const INTERVAL = 2;
const SECONDS = 10;
/**
 * The BOOKMARKs a watcher that asked for them gets in the run: one every INTERVAL seconds from
 * its start at t = 0, at 2, 4, 6 and 8 s (10 s is the next step's first tick), none before
 * its deadline (5 minutes away at least).
 */
const BOOKMARKS = Math.ceil(SECONDS / INTERVAL) - 1;
const MODES = ['client', 'server'] as const;

/**
 * Four replicas behind two API servers, the second with the gate off: server-side has sharded
 * watchers (replicas 0 and 2) and unfiltered ones (1 and 3), client-side four unfiltered
 * watchers. The stream is small, so every event stays in the recent-events ring.
 */
function run(bookmarks: boolean, extra: SimParamsInput = {}) {
  const sim = createSimulation({
    seed: 'bookmarks',
    cluster: { pods: 1_000, namespaces: 4 },
    apiServers: { count: 2, gates: [true, false] },
    watch: { bookmarks },
    churn: { addsPerSecond: 3, modifiesPerSecond: 5, deletesPerSecond: 2, bookmarkIntervalSeconds: INTERVAL, burst: { enabled: false } },
    ...extra,
    replicas: { count: 4, initialList: 'list', ...extra.replicas },
  });
  sim.step(SECONDS);
  return sim;
}

const objectEvents = (s: SimSnapshot) => s.churn.total.added + s.churn.total.modified + s.churn.total.deleted;

describe('BOOKMARKs come to each watcher that asked for them (watch.bookmarks), on its own schedule', () => {
  it('without allowWatchBookmarks no replica receives one, in either mode; with it every replica receives one every interval', () => {
    const off = run(false).snapshot();
    const on = run(true).snapshot();
    // The same stream both times: bookmarks are not part of it.
    expect(on.churn.total.added + on.churn.total.modified + on.churn.total.deleted).toBe(objectEvents(off));
    expect(off.churn.total.bookmarks).toBe(0);
    // One per server-side watcher each time.
    expect(on.churn.total.bookmarks).toBe(4 * BOOKMARKS);
    const bookmark = bookmarkBytes(on.params.sizes.encoding);
    for (const mode of MODES) {
      expect(off.modes[mode].replicas).toHaveLength(4);
      off.modes[mode].replicas.forEach((r, i) => {
        const what = `${mode} replica ${i}`;
        const o = on.modes[mode].replicas[i]!;
        expect(r.counters.bookmarks, what).toBe(0);
        expect(o.counters.bookmarks, what).toBe(BOOKMARKS);
        expect(o.counters.eventsReceived - r.counters.eventsReceived, what).toBe(BOOKMARKS);
        expect(o.counters.bytesReceived - r.counters.bytesReceived, what).toBeCloseTo(BOOKMARKS * bookmark, 6);
      });
    }
    // An unfiltered watcher receives every object event of the stream, and a bookmark only if it asked.
    for (const r of off.modes.client.replicas) expect(r.counters.eventsReceived).toBe(objectEvents(off));
    for (const r of on.modes.client.replicas) expect(r.counters.eventsReceived).toBe(objectEvents(on) + BOOKMARKS);
  });

  it('the recent events show each BOOKMARK sent to exactly one watcher, and each watcher’s events hold its own', () => {
    const sim = run(true);
    const marks = sim.recentEvents(2_048).filter((e) => e.type === 'BOOKMARK');
    // Four watchers per mode, two modes.
    expect(marks).toHaveLength(8 * BOOKMARKS);
    for (const e of marks) {
      expect(e.object).toBeNull();
      const sent = [...e.client, ...e.server].filter((o) => o.sentAs === 'BOOKMARK');
      expect(sent).toHaveLength(1);
      expect([...e.client, ...e.server].every((o) => !o.kept)).toBe(true);
    }
    for (const mode of MODES) for (let i = 0; i < 4; i++) expect(sim.watchEventsFor(mode, i, 2_048).filter((e) => e.type === 'BOOKMARK')).toHaveLength(BOOKMARKS);
  });

  it('with bookmarks off, the recent events and each watcher’s events hold no BOOKMARK', () => {
    const sim = run(false);
    expect(sim.recentEvents(2_048).filter((e) => e.type === 'BOOKMARK')).toEqual([]);
    for (const mode of MODES) for (let i = 0; i < 4; i++) expect(sim.watchEventsFor(mode, i, 2_048).filter((e) => e.type === 'BOOKMARK')).toEqual([]);
  });
});

describe('local hashes (a BOOKMARK has no object to hash)', () => {
  // A replica whose client checks objects hashes every LIST item and every object event it
  // receives; of what it receives, BOOKMARKS (one every INTERVAL s) carry no object.
  it.each([
    ['client-side ranges, server-side client-go', {}],
    ['client-side jump hash', { replicas: { clientFilter: 'jump' } }],
    ['server-side checked', { replicas: { client: 'checked' } }],
    ['server-side shardinfo', { replicas: { client: 'shardinfo' } }],
  ] as const)('%s: exactly the LIST items plus the events received minus the bookmarks', (_, extra) => {
    const sim = run(true, extra as SimParamsInput);
    const s = sim.snapshot();
    let hashing = 0;
    for (const mode of MODES) {
      for (const r of s.modes[mode].replicas) {
        const what = `${mode} replica ${r.index} (${r.filtering})`;
        expect(r.counters.listRequests, what).toBe(1);
        expect(r.counters.bookmarks, what).toBe(BOOKMARKS);
        const local = ['local-ranges', 'local-jump', 'local', 'server+check'].includes(r.filtering);
        if (!local) {
          expect(r.counters.localHashes, what).toBe(0);
          continue;
        }
        hashing++;
        expect(r.counters.eventsReceived, what).toBeGreaterThan(BOOKMARKS);
        expect(r.counters.localHashes, what).toBe(r.counters.listItems + r.counters.eventsReceived - r.counters.bookmarks);
      }
    }
    expect(hashing).toBeGreaterThanOrEqual(4);
  });
});
