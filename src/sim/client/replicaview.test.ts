/**
 * How a replica shows its requests: the URLs client-go's reflector sends (LIST with
 * resourceVersion=0 and limit=500 at first, then from its last resourceVersion; a WATCH with
 * bookmarks and its timeout; a streaming list as one WATCH with sendInitialEvents), its
 * canonical selector and its ranges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_JUMP, Replica, resolveSelector } from './replica';
import { replicaView } from './replicaview';
import type { ClientKind, Mode, SelectorSpec } from '../params';
import { loadSyntaxErrors } from '../../core/sharding';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

function replica(mode: Mode, index = 1, count = 4, client: ClientKind = 'client-go', spec: SelectorSpec | null = null): Replica {
  return new Replica(mode, index, count, 0, resolveSelector(spec, index, count, 'object.metadata.uid'), client, client.startsWith('ksm') ? 'jump' : 'ranges');
}
const WATCHER = { id: 1, replica: 1, selector: null, keyIndex: null };

describe('replicaView', () => {
  it('the first LIST, and no watch yet', () => {
    const v = replicaView(replica('client'));
    expect(v.listUrl).toBe('/api/v1/pods?limit=500&resourceVersion=0');
    expect(v.watchUrl).toBeNull();
  });

  it('a WATCH from the LIST, with bookmarks and its timeout; a relist from the last resourceVersion, without a limit', () => {
    const r = replica('client');
    r.watcher = WATCHER;
    r.watchRequestRv = '1000';
    r.watchTimeoutSeconds = 450;
    expect(replicaView(r).watchUrl).toBe('/api/v1/pods?allowWatchBookmarks=true&resourceVersion=1000&timeout=7m30s&timeoutSeconds=450&watch=true');
    r.listRequestRv = '1234';
    r.watchRequestRv = '1234';
    r.watchTimeoutSeconds = null;
    const v = replicaView(r);
    expect(v.listUrl).toBe('/api/v1/pods?resourceVersion=1234');
    expect(v.watchUrl).toBe('/api/v1/pods?allowWatchBookmarks=true&resourceVersion=1234&watch=true');
  });

  it('a streaming list is one WATCH: from no resourceVersion at first, from the last one on a relist; a resumed watch is its own', () => {
    const r = replica('client');
    r.watcher = WATCHER;
    r.syncStreaming = true;
    r.watchStreaming = true;
    r.watchTimeoutSeconds = 300;
    const first = replicaView(r);
    expect(first.listUrl).toBe('/api/v1/pods?allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&timeout=5m0s&timeoutSeconds=300&watch=true');
    expect(first.watchUrl).toBe(first.listUrl);
    r.listRequestRv = '77';
    expect(replicaView(r).listUrl).toBe('/api/v1/pods?allowWatchBookmarks=true&resourceVersion=77&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&timeout=5m0s&timeoutSeconds=300&watch=true');
    r.watchStreaming = false;
    r.watchRequestRv = '90';
    expect(replicaView(r).watchUrl).toBe('/api/v1/pods?allowWatchBookmarks=true&resourceVersion=90&timeout=5m0s&timeoutSeconds=300&watch=true');
  });

  it('server-side requests carry the selector', () => {
    const v = replicaView(replica('server', 0, 2));
    expect(v.listUrl).toMatch(/^\/api\/v1\/pods\?limit=500&resourceVersion=0&shardSelector=shardRange%28object\.metadata\.uid%2C\+%270x0000000000000000%27%2C\+%270x8000000000000000%27%29$/);
  });

  it('the selector and its ranges as fractions of the hash space', () => {
    const v = replicaView(replica('server', 1, 4));
    expect(v.selector).toBe("shardRange(object.metadata.uid, '0x4000000000000000', '0x8000000000000000')");
    expect(v.ranges).toEqual([{ start: '0x4000000000000000', end: '0x8000000000000000', from: 0.25, to: 0.5 }]);
    const last = replicaView(replica('server', 3, 4));
    expect(last.ranges).toEqual([{ start: '0xc000000000000000', end: '0x10000000000000000', from: 0.75, to: 1 }]);
  });

  it('no selector: the whole space; one that does not parse: no ranges', () => {
    const all = replicaView(replica('server', 0, 2, 'client-go', { kind: 'text', text: '' }));
    expect(all.selector).toBeNull();
    expect(all.ranges).toEqual([{ start: '0x0000000000000000', end: '0x10000000000000000', from: 0, to: 1 }]);
    const bad = replicaView(replica('server', 0, 2, 'client-go', { kind: 'text', text: 'shardRange(' }));
    expect(bad.selector).toBeNull();
    expect(bad.ranges).toEqual([]);
  });

  it('a client-side kube-state-metrics replica filters by jump hash: no selector, no ranges once it runs', () => {
    const r = replica('client', 1, 4, 'ksm');
    expect(replicaView(r).selector).toBeNull();
    // Its sync alone (no request shown changes) decides it: the view follows.
    r.configureAfterList(false);
    expect(r.localKind).toBe(LOCAL_JUMP);
    expect(replicaView(r).ranges).toEqual([]);
    expect(replicaView(r).selector).toBeNull();
    // Kube-state-metrics reads no selector even when one is configured.
    const fresh = replica('client', 1, 4, 'ksm');
    fresh.configureAfterList(false);
    expect(replicaView(fresh)).toMatchObject({ selector: null, ranges: [] });
  });

  it('a server-side kube-state-metrics replica checks by ranges: its ranges stay once it runs', () => {
    const r = replica('server', 1, 4, 'ksm');
    const before = replicaView(r);
    r.configureAfterList(true);
    r.watcher = WATCHER;
    const after = replicaView(r);
    expect(after.ranges).toBe(before.ranges);
    expect(after.ranges).toEqual([{ start: '0x4000000000000000', end: '0x8000000000000000', from: 0.25, to: 0.5 }]);
    // It shows the selector it sends and checks by (the jump hash is client-side only).
    expect(replicaView(replica('server', 1, 4, 'ksm')).selector).toBe("shardRange(object.metadata.uid, '0x4000000000000000', '0x8000000000000000')");
  });

  it('the same view while nothing it shows changes, a new one when a request does', () => {
    const r = replica('client');
    const a = replicaView(r);
    expect(replicaView(r)).toBe(a);
    r.watcher = WATCHER;
    const b = replicaView(r);
    expect(b).not.toBe(a);
    expect(b.ranges).toBe(a.ranges);
    expect(b.selector).toBe(a.selector);
    for (const change of [() => (r.syncStreaming = true), () => (r.watchStreaming = true), () => (r.listRequestRv = '5'), () => (r.watchRequestRv = '6'), () => (r.watchTimeoutSeconds = 301)]) {
      const before = replicaView(r);
      change();
      expect(replicaView(r)).not.toBe(before);
    }
  });
});
