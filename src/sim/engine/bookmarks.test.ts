import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import type { SimSnapshot } from '../report';
import { bookmarkBytes } from '../cluster';

const INTERVAL = 2;
const SECONDS = 10;
/** The BOOKMARKs a watcher that asked for them gets in the run: one every INTERVAL seconds. */
const BOOKMARKS = SECONDS / INTERVAL;
const MODES = ['client', 'server'] as const;

/**
 * Four replicas behind two API servers, the second with the gate off: server-side has sharded
 * watchers (replicas 0 and 2) and unfiltered ones that fall back to local filtering (1 and 3),
 * client-side four unfiltered watchers. The stream is small, so every event stays in the
 * recent-events ring.
 */
function run(bookmarks: boolean, extra: SimParamsInput = {}) {
  const sim = createSimulation({
    seed: 'bookmarks',
    cluster: { pods: 1_000, namespaces: 4 },
    apiServers: { count: 2, gates: [true, false] },
    watch: { bookmarks },
    churn: { addsPerSecond: 3, modifiesPerSecond: 5, deletesPerSecond: 2, bookmarkIntervalSeconds: INTERVAL, burst: { enabled: false } },
    ...extra,
    replicas: { count: 4, ...extra.replicas },
  });
  sim.step(SECONDS);
  return sim;
}

const objectEvents = (s: SimSnapshot) => s.churn.total.added + s.churn.total.modified + s.churn.total.deleted;

describe('BOOKMARKs reach only the watchers that asked for them (watch.bookmarks)', () => {
  it('without allowWatchBookmarks no replica receives one, in either mode; with it every replica receives one every interval', () => {
    const off = run(false).snapshot();
    const on = run(true).snapshot();
    // The same stream both times: the churn and its bookmarks do not depend on who asked.
    expect(on.churn.total).toEqual(off.churn.total);
    expect(on.churn.total.bookmarks).toBe(BOOKMARKS);
    const bookmark = bookmarkBytes(on.params.sizes.encoding);
    for (const mode of MODES) {
      expect(off.modes[mode].replicas).toHaveLength(4);
      off.modes[mode].replicas.forEach((r, i) => {
        const what = `${mode} replica ${i}`;
        const o = on.modes[mode].replicas[i]!;
        expect(r.counters.listRequests, what).toBe(1);
        expect(o.counters.eventsReceived - r.counters.eventsReceived, what).toBe(BOOKMARKS);
        expect(o.counters.bytesReceived - r.counters.bytesReceived, what).toBeCloseTo(BOOKMARKS * bookmark, 6);
      });
    }
    // An unfiltered watcher receives every object event of the stream, and a bookmark only if it asked.
    for (const r of off.modes.client.replicas) expect(r.counters.eventsReceived).toBe(objectEvents(off));
    for (const r of on.modes.client.replicas) expect(r.counters.eventsReceived).toBe(objectEvents(on) + BOOKMARKS);
  });

  it('with bookmarks on, the recent events show each BOOKMARK sent to every replica of both modes', () => {
    const sim = run(true);
    const marks = sim.recentEvents(2_048).filter((e) => e.type === 'BOOKMARK');
    expect(marks).toHaveLength(BOOKMARKS);
    for (const e of marks) {
      expect(e.object).toBeNull();
      for (const mode of MODES) expect(e[mode].map((o) => o.sentAs)).toEqual(['BOOKMARK', 'BOOKMARK', 'BOOKMARK', 'BOOKMARK']);
    }
    for (const mode of MODES) for (let i = 0; i < 4; i++) expect(sim.watchEventsFor(mode, i, 2_048).filter((e) => e.type === 'BOOKMARK')).toHaveLength(BOOKMARKS);
  });

  // KNOWN BUG: the counters are right (see above), but the recent-events and watch-event views
  // (engine/fanout.ts `outcome`) show every BOOKMARK as sent even with watch.bookmarks false.
  // When `outcome` honours watch.bookmarks this test fails: make it a plain `it`.
  it.fails('KNOWN BUG: with bookmarks off, the recent events show no BOOKMARK sent to any replica', () => {
    const sim = run(false);
    const marks = sim.recentEvents(2_048).filter((e) => e.type === 'BOOKMARK');
    expect(marks).toHaveLength(BOOKMARKS);
    for (const e of marks) for (const mode of MODES) expect(e[mode].map((o) => o.sentAs)).toEqual([null, null, null, null]);
    for (const mode of MODES) for (let i = 0; i < 4; i++) expect(sim.watchEventsFor(mode, i, 2_048).filter((e) => e.type === 'BOOKMARK')).toEqual([]);
  });
});

describe('local hashes (a BOOKMARK has no object to hash)', () => {
  // A replica that filters on its own side hashes every LIST item and every object event it
  // receives; of what it receives, BOOKMARKS (one every INTERVAL s) carry no object.
  it.each([
    ['client-side ranges, server-side fallback and trust-stream', {}],
    ['client-side jump hash', { replicas: { clientFilter: 'jump' } }],
    ['server-side check-locally', { replicas: { watchPolicy: 'check-locally' } }],
  ] as const)('%s: exactly the LIST items plus the events received minus the bookmarks', (_, extra) => {
    const sim = run(true, extra as SimParamsInput);
    const s = sim.snapshot();
    // The bookmarks the replicas received, as the recent events show them.
    expect(sim.recentEvents(2_048).filter((e) => e.type === 'BOOKMARK')).toHaveLength(BOOKMARKS);
    let hashing = 0;
    for (const mode of MODES) {
      for (const r of s.modes[mode].replicas) {
        const what = `${mode} replica ${r.index} (${r.filtering})`;
        expect(r.counters.listRequests, what).toBe(1);
        const local = ['local-ranges', 'local-jump', 'fallback'].includes(r.filtering) || (r.filtering === 'server' && s.params.replicas.watchPolicy === 'check-locally');
        if (!local) {
          expect(r.counters.localHashes, what).toBe(0);
          continue;
        }
        hashing++;
        expect(r.counters.eventsReceived, what).toBeGreaterThan(BOOKMARKS);
        expect(r.counters.localHashes, what).toBe(r.counters.listItems + r.counters.eventsReceived - BOOKMARKS);
      }
    }
    expect(hashing).toBeGreaterThanOrEqual(6);
  });
});
