import { describe, expect, it } from 'vitest';
import { INVALID_SHARD_SELECTOR_PREFIX, ShardSelector, hashFieldInto, splitHashSpace } from '../../core/sharding';
import { ApiServer, METRIC_FILTERED_EVENTS, METRIC_WATCH_SHARDS, watchDecision } from './server';
import type { HashColumns } from './server';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE } from '../cluster';

const LOWER_HALF = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";
const UPPER_HALF = "shardRange(object.metadata.uid, '0x8000000000000000', '0x10000000000000000')";

/** Two objects: slot 0 hashes into the lower half, slot 1 into the upper half. */
function columns(): HashColumns {
  const uidHi = new Uint32Array([0x10000000, 0xf0000000]);
  const uidLo = new Uint32Array([1, 2]);
  const ns = new Uint32Array(2);
  hashFieldInto('default', ns, 0);
  return { uidHi, uidLo, nsHi: new Uint32Array([ns[0]!, ns[0]!]), nsLo: new Uint32Array([ns[1]!, ns[1]!]) };
}

describe('watchDecision (the per-watcher rule for one event)', () => {
  it('sends MODIFIED when old and new both pass', () => {
    expect(watchDecision(EV_MODIFIED, true, true)).toBe(EV_MODIFIED);
  });
  it('turns MODIFIED into ADDED when the object moves into the shard (fail -> pass)', () => {
    expect(watchDecision(EV_MODIFIED, false, true)).toBe(EV_ADDED);
  });
  it('turns MODIFIED into DELETED when the object moves out of the shard (pass -> fail)', () => {
    expect(watchDecision(EV_MODIFIED, true, false)).toBe(EV_DELETED);
  });
  it('drops MODIFIED when old and new both fail', () => {
    expect(watchDecision(EV_MODIFIED, false, false)).toBe(EV_NONE);
  });
  it('checks the new object of an ADDED and the old object of a DELETED', () => {
    expect(watchDecision(EV_ADDED, false, true)).toBe(EV_ADDED);
    expect(watchDecision(EV_ADDED, true, false)).toBe(EV_NONE);
    expect(watchDecision(EV_DELETED, true, false)).toBe(EV_DELETED);
    expect(watchDecision(EV_DELETED, false, true)).toBe(EV_NONE);
  });
  it('lets BOOKMARK through whatever the checks say', () => {
    expect(watchDecision(EV_BOOKMARK, false, false)).toBe(EV_BOOKMARK);
  });
});

describe('ApiServer.route counts shard checks and filtered events per watcher', () => {
  const cols = columns();

  function lowerWatcher() {
    const s = new ApiServer(0, true);
    const w = s.openWatch(0, LOWER_HALF);
    if (!w.ok) throw new Error(w.message);
    return { s, w: w.watcher };
  }

  it('MODIFIED pass/pass is sent as MODIFIED, 2 hashes, nothing filtered', () => {
    const { s, w } = lowerWatcher();
    expect(s.route(w, EV_MODIFIED, cols, 0, 0)).toBe(EV_MODIFIED);
    expect(s.hashes).toBe(2);
    expect(s.filteredEvents).toBe(0);
  });
  it('MODIFIED fail -> pass is sent as ADDED and counts one filtered check', () => {
    const { s, w } = lowerWatcher();
    expect(s.route(w, EV_MODIFIED, cols, 1, 0)).toBe(EV_ADDED);
    expect(s.filteredEvents).toBe(1);
  });
  it('MODIFIED pass -> fail is sent as DELETED and counts one filtered check', () => {
    const { s, w } = lowerWatcher();
    expect(s.route(w, EV_MODIFIED, cols, 0, 1)).toBe(EV_DELETED);
    expect(s.filteredEvents).toBe(1);
  });
  it('MODIFIED fail/fail is dropped and counts two filtered checks', () => {
    const { s, w } = lowerWatcher();
    expect(s.route(w, EV_MODIFIED, cols, 1, 1)).toBe(EV_NONE);
    expect(s.filteredEvents).toBe(2);
    expect(s.hashes).toBe(2);
  });
  it('DELETED checks the old object once', () => {
    const { s, w } = lowerWatcher();
    expect(s.route(w, EV_DELETED, cols, 1, 0)).toBe(EV_NONE);
    expect(s.route(w, EV_DELETED, cols, 0, 1)).toBe(EV_DELETED);
    expect(s.hashes).toBe(2);
    expect(s.filteredEvents).toBe(1);
  });
  it('BOOKMARK skips the filter: no hash, no filtered count', () => {
    const { s, w } = lowerWatcher();
    expect(s.route(w, EV_BOOKMARK, cols, 0xffffffff, 0xffffffff)).toBe(EV_BOOKMARK);
    expect(s.hashes).toBe(0);
    expect(s.filteredEvents).toBe(0);
  });
  it('an unsharded watcher gets every event unchecked', () => {
    const s = new ApiServer(0, true);
    const w = s.openWatch(0, null);
    if (!w.ok) throw new Error(w.message);
    expect(s.route(w.watcher, EV_MODIFIED, cols, 1, 1)).toBe(EV_MODIFIED);
    expect(s.hashes).toBe(0);
  });
  it('a namespace-keyed watcher hashes the namespace, not the uid', () => {
    const s = new ApiServer(0, true);
    const h = new Uint32Array(2);
    hashFieldInto('default', h, 0);
    const upper = h[0]! >= 0x80000000;
    const w = s.openWatch(0, upper ? UPPER_HALF.replace('uid', 'namespace') : LOWER_HALF.replace('uid', 'namespace'));
    if (!w.ok) throw new Error(w.message);
    // Both objects are in "default", whatever their uid hashes.
    expect(s.route(w.watcher, EV_ADDED, cols, 0, 0)).toBe(EV_ADDED);
    expect(s.route(w.watcher, EV_ADDED, cols, 1, 1)).toBe(EV_ADDED);
  });
});

describe('ApiServer.admit (the request path)', () => {
  it('with the gate off ignores the selector, even a malformed one', () => {
    const s = new ApiServer(0, false);
    expect(s.admit('shardRange(')).toEqual({ ok: true, selector: null });
    expect(s.admit('   ')).toEqual({ ok: true, selector: null });
    expect(s.errors).toBe(0);
  });
  it('with the gate on parses the selector and keeps its canonical text', () => {
    const s = new ApiServer(0, true);
    const a = s.admit(`  ${UPPER_HALF}  `);
    expect(a.ok && a.selector?.toString()).toBe(UPPER_HALF);
  });
  it.each([
    [
      "shardRange(object.metadata.uid, '0x8000000000000000', '0x0000000000000000')",
      'shard range start 0x8000000000000000 must be less than end 0x0000000000000000',
    ],
    [
      "shardRange(object.metadata.name, '0x0000000000000000', '0x8000000000000000')",
      'unsupported field path "object.metadata.name"; supported: object.metadata.uid, object.metadata.namespace',
    ],
    ['   ', 'empty shard selector is not allowed; omit the parameter for unfiltered lists'],
    [
      "shardRange(object.metadata.uid, '0x00', '0x8000000000000000')",
      'hexStart must be a 0x-prefixed 16-digit hex value, got "0x00" (did you mean "0x0000000000000000"?)',
    ],
  ])('with the gate on answers HTTP 500 "invalid shard selector: <message>" for %j', (text, message) => {
    const s = new ApiServer(0, true);
    const a = s.admit(text);
    expect(a).toEqual({ ok: false, status: 500, message: INVALID_SHARD_SELECTOR_PREFIX + message });
    expect(INVALID_SHARD_SELECTOR_PREFIX).toBe('invalid shard selector: ');
    expect(s.errors).toBe(1);
  });
  it('fails the watch before it starts: no watcher is registered', () => {
    const s = new ApiServer(0, true);
    const w = s.openWatch(0, 'shardRange(object.metadata.uid)');
    expect(w.ok).toBe(false);
    expect(s.watchers.size).toBe(0);
    expect(s.shardedWatchers).toBe(0);
  });
});

describe('apiserver metrics', () => {
  it('apiserver_watch_shards_total is a gauge of open sharded watchers', () => {
    const s = new ApiServer(0, true);
    const ranges = splitHashSpace(3).map((r) => new ShardSelector([{ key: 'object.metadata.uid', ...r }]).toString());
    const ws = ranges.map((t, i) => s.openWatch(i, t));
    s.openWatch(9, null); // unsharded: not counted
    expect(s.shardedWatchers).toBe(3);
    const first = ws[0]!;
    if (first.ok) s.closeWatch(first.watcher);
    expect(s.shardedWatchers).toBe(2);
    expect(s.watchers.size).toBe(3);
  });
  it('with the gate off no watcher is sharded', () => {
    const s = new ApiServer(0, false);
    s.openWatch(0, LOWER_HALF);
    expect(s.shardedWatchers).toBe(0);
  });
  it('exposes both metrics in the Prometheus text format with group and resource labels', () => {
    const s = new ApiServer(0, true);
    s.openWatch(0, LOWER_HALF);
    s.filteredEvents = 7;
    const text = s.metricsText();
    expect(METRIC_WATCH_SHARDS).toBe('apiserver_watch_shards_total');
    expect(METRIC_FILTERED_EVENTS).toBe('apiserver_watch_filtered_events_total');
    expect(text).toContain('# TYPE apiserver_watch_shards_total gauge\n');
    expect(text).toContain('apiserver_watch_shards_total{group="",resource="pods"} 1\n');
    expect(text).toContain('# TYPE apiserver_watch_filtered_events_total counter\n');
    expect(text).toContain('apiserver_watch_filtered_events_total{group="",resource="pods"} 7\n');
  });
});

