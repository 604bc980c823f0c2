import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, MAX_LINK_LENGTH } from './link';
import { encodeShortLink } from './shortLink';
import { createShardScopeStore } from './store';
import { withObjects } from './churn';
import { SLICED_LINK_LENGTH, syncUrl, type UrlHost } from './urlSync';

/** An address bar in memory: `navigate` is a pasted link (fires hashchange), `replace` is replaceState (does not). */
function fakeHost(initial = '') {
  let hash = initial;
  const listeners = new Set<() => void>();
  const writes: string[] = [];
  const host: UrlHost = {
    hash: () => hash,
    replace: (h) => {
      hash = h;
      writes.push(h);
    },
    onHashChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const navigate = (h: string) => {
    hash = h;
    for (const l of listeners) l();
  };
  /** A navigation whose `hashchange` is still queued: the bar holds the link, no listener has run. */
  const arrive = (h: string) => {
    hash = h;
  };
  return { host, writes, navigate, arrive, current: () => hash };
}

/** Timers run by hand, so no test waits on the wall clock. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void) => {
      pending.set(next, fn);
      return next++;
    },
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    flush: () => {
      for (const [id, fn] of [...pending]) {
        pending.delete(id);
        fn();
      }
    },
  };
}

const small = () => ({ ...defaultSimParams(), objects: 300, namespaces: 4 });
const link = (params: ReturnType<typeof small>, view = defaultViewParams()) => encodeLink({ params, view });
/** What the page writes (the short form; `#state=` links are still read). */
const written = (params: ReturnType<typeof small>, view = defaultViewParams()) => encodeShortLink(params, view);

function setup(initialHash = '') {
  const timers = manualTimers();
  const store = createShardScopeStore({ params: small(), setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
  const url = fakeHost(initialHash);
  const stop = syncUrl(store, url.host, { setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
  return { store, url, timers, stop };
}

describe('the address bar follows the state', () => {
  it('writes the state after a change, once the change has settled', () => {
    const { store, url, timers } = setup();
    store.getState().setScalar('seed', 7);
    expect(url.writes).toEqual([]);
    timers.flush();
    expect(url.current()).toBe(written({ ...small(), seed: 7 }));
  });

  it('applies a new link navigated to in the same tab, and a later change writes from it, not the old state', async () => {
    const { store, url, timers } = setup();
    await store.getState().start();
    const pasted = { ...small(), seed: 99, replicas: 2, selectors: ["shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')", 'typed'] };
    url.navigate(link(pasted, { ...defaultViewParams(), view: 'ring' }));
    expect(store.getState().params).toEqual(pasted);
    expect(store.getState().view.view).toBe('ring');
    await store.getState().idle();
    expect(store.getState().sim.applied).toEqual(pasted);
    // Reading the link wrote nothing back.
    timers.flush();
    expect(url.writes).toEqual([]);
    store.getState().setScalar('objects', 500);
    timers.flush();
    // The churn scales with the objects.
    expect(url.current()).toBe(written(withObjects(pasted, 500), { ...defaultViewParams(), view: 'ring' }));
    store.getState().dispose();
  });

  it('names what a newly opened link could not use, with the same validation as on load', () => {
    const { store, url } = setup();
    const before = store.getState().link.opened;
    url.navigate('#state=' + encodeURIComponent(JSON.stringify({ v: 1, p: { seed: 5, objects: 'lots', apiServers: [{ gate: 'false' }] } })));
    expect(store.getState().link.issues.map((i) => i.field).sort()).toEqual(['apiServers[0].gate', 'objects']);
    expect(store.getState().link.opened).toBe(before + 1);
    expect(store.getState().params.seed).toBe(5);
  });

  it('a change not yet written loses to a link opened meanwhile', () => {
    const { store, url, timers } = setup();
    store.getState().setScalar('seed', 1);
    url.navigate(link({ ...small(), seed: 2 }));
    timers.flush();
    expect(store.getState().params.seed).toBe(2);
    expect(url.writes).toEqual([]);
  });

  it('ignores another anchor, and never re-applies its own writes', () => {
    const { store, url, timers } = setup();
    store.getState().setScalar('seed', 3);
    timers.flush();
    const opened = store.getState().link.opened;
    url.navigate(url.current());
    url.navigate('#main');
    expect(store.getState().link.opened).toBe(opened);
    expect(store.getState().params.seed).toBe(3);
  });

  it('keeps the last state that fits when the state outgrows a link, names the selector, and clears once it fits again', () => {
    const { store, url, timers } = setup();
    store.getState().setScalar('seed', 11);
    timers.flush();
    const fit = url.current();
    store.getState().setSelector(2, 'x'.repeat(MAX_LINK_LENGTH));
    timers.flush();
    expect(url.current()).toBe(fit);
    expect(store.getState().link.tooLong).toMatchObject({ ok: false, replica: 2, limit: MAX_LINK_LENGTH });
    store.getState().setSelector(2, 'short');
    timers.flush();
    expect(store.getState().link.tooLong).toBeNull();
    const { params, view } = store.getState();
    expect(url.current()).toBe(encodeShortLink(params, view));
  });

  it('Back to a fragment the page wrote earlier reopens that state', () => {
    const { store, url, timers } = setup();
    store.getState().setScalar('seed', 21);
    timers.flush();
    const earlier = url.current();
    url.navigate(link({ ...small(), seed: 22 }));
    expect(store.getState().params.seed).toBe(22);
    url.navigate(earlier);
    expect(store.getState().params.seed).toBe(21);
  });

  it('stops listening when stopped', () => {
    const { store, url, timers, stop } = setup();
    stop();
    store.getState().setScalar('seed', 8);
    timers.flush();
    url.navigate(link({ ...small(), seed: 9 }));
    expect(url.writes).toEqual([]);
    expect(store.getState().params.seed).toBe(8);
  });
});

describe('a link navigated to while a write is pending', () => {
  it('wins: a write due before its hashchange is handled opens the link instead of overwriting it', () => {
    const { store, url, timers } = setup();
    store.getState().setScalar('seed', 7);
    // A link pasted in the address bar: the bar holds it, and its hashchange is still queued
    // when the pending write comes due (a loaded machine runs the timer first).
    const pasted = link({ ...small(), seed: 31 });
    url.arrive(pasted);
    timers.flush();
    // Before: the write put seed 7's link back, and the hashchange then saw "the page's own".
    expect(url.writes).not.toContain(written({ ...small(), seed: 7 }));
    expect(store.getState().params.seed).toBe(31);
    // The queued hashchange, when it comes, changes nothing more.
    url.navigate(url.current());
    expect(store.getState().params.seed).toBe(31);
  });

  it('a long link navigated to is read in pieces, one task per selector, and opened last; the run shown and the bar stay meanwhile', async () => {
    const { store, url, timers } = setup();
    await store.getState().start();
    // 8 selectors of 1,000 ranges each: each parsed in a task of its own, not all in one.
    const range = (k: number, i: number) => `shardRange(object.metadata.uid, '0x${(i * 8 + k).toString(16).padStart(16, '0')}', '0x${(i * 8 + k + 1).toString(16).padStart(16, '0')}')`;
    const selectors = Array.from({ length: 8 }, (_, k) => Array.from({ length: 1_000 }, (_, i) => range(k, i)).join(' || '));
    const long = written({ ...small(), seed: 5, replicas: 8, selectors });
    expect(long.length).toBeGreaterThan(SLICED_LINK_LENGTH);
    url.navigate(long);
    // Nothing yet: the link is read in the next task.
    expect(store.getState().params.seed).not.toBe(5);
    let tasks = 0;
    while (store.getState().params.seed !== 5) {
      timers.flush();
      tasks++;
      expect(tasks).toBeLessThan(20);
      // The address bar keeps the link being opened, whatever the run shown writes meanwhile.
      expect(url.current()).toBe(long);
    }
    // The link read, 8 selectors parsed, then opened: 10 tasks.
    expect(tasks).toBe(10);
    expect(store.getState().params.selectors).toEqual(selectors);
    // Another link navigated to while a long one is read wins: the long one is never opened.
    url.navigate(written({ ...small(), seed: 6, replicas: 8, selectors: selectors.map((t) => t + ' ') }));
    url.navigate(link({ ...small(), seed: 7 }));
    for (let i = 0; i < 12; i++) timers.flush();
    expect(store.getState().params.seed).toBe(7);
  });
});
