/**
 * A replica on its own: its selector as sent and as parsed, its bit in the owner masks, and
 * what each client kind keeps once its sync answered (the `ClientKind` table in params).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fnv1a64Bytes, hexToParts, loadSyntaxErrors } from '../../core/sharding';
import { jumpHash } from '../cluster';
import { LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_KEEP_NONE, LOCAL_RANGES, Replica, resolveSelector } from './replica';
import type { ClientKind, Mode, SelectorSpec } from '../params';

// A malformed selector's HTTP 500 carries cel-go's exact message: the model that words it loads first.
beforeAll(() => loadSyntaxErrors());

const UID = 'object.metadata.uid' as const;
const NS = 'object.metadata.namespace' as const;

function replica(mode: Mode, index: number, count: number, client: ClientKind = 'client-go', spec: SelectorSpec | null = null, key: typeof UID | typeof NS = UID): Replica {
  return new Replica(mode, index, count, 0, resolveSelector(spec, index, count, key), client, client === 'ksm' || client === 'ksm-2.18' ? 'jump' : 'ranges');
}

describe('resolveSelector', () => {
  it('an equal split: replica 1 of 4 owns the second quarter of the hash space', () => {
    const r = resolveSelector(null, 1, 4, UID);
    expect(r.text).toBe("shardRange(object.metadata.uid, '0x4000000000000000', '0x8000000000000000')");
    expect(r.local?.toString()).toBe(r.text);
    expect(r.localError).toBeNull();
    expect(r.key).toBe(UID);
    expect(resolveSelector({ kind: 'equal' }, 3, 4, NS).text).toBe("shardRange(object.metadata.namespace, '0xc000000000000000', '0x10000000000000000')");
  });

  it('explicit ranges are sent as one shardRange per range, joined by ||, under their own key', () => {
    const r = resolveSelector(
      { kind: 'ranges', key: NS, ranges: [{ start: '0x0000000000000000', end: '0x1000000000000000' }, { start: '0x8000000000000000', end: '0x9000000000000000' }] },
      0,
      2,
      UID,
    );
    expect(r.text).toBe("shardRange(object.metadata.namespace, '0x0000000000000000', '0x1000000000000000') || shardRange(object.metadata.namespace, '0x8000000000000000', '0x9000000000000000')");
    expect(r.key).toBe(NS);
    expect(r.local?.requirements).toHaveLength(2);
    // Without a key of their own, the run's.
    expect(resolveSelector({ kind: 'ranges', ranges: [{ start: '0x0000000000000000', end: '0x1000000000000000' }] }, 0, 2, NS).text).toBe(
      "shardRange(object.metadata.namespace, '0x0000000000000000', '0x1000000000000000')",
    );
  });

  it('an empty selector is sent as none and means everything locally', () => {
    expect(resolveSelector({ kind: 'text', text: '' }, 0, 2, UID)).toEqual({ text: null, local: null, localError: null, key: UID });
    expect(resolveSelector({ kind: 'ranges', key: NS, ranges: [] }, 0, 2, UID)).toEqual({ text: null, local: null, localError: null, key: NS });
    expect(resolveSelector({ kind: 'ranges', ranges: [] }, 0, 2, UID).key).toBe(UID);
  });

  it('a text selector is sent as written; its key is the one it names; a malformed one says why locally', () => {
    const ok = resolveSelector({ kind: 'text', text: "shardRange(object.metadata.namespace, '0x0000000000000000', '0x8000000000000000')" }, 0, 2, UID);
    expect(ok.key).toBe(NS);
    expect(ok.localError).toBeNull();
    expect(ok.local?.key).toBe(NS);
    const bad = resolveSelector({ kind: 'text', text: "shardRange(object.metadata.uid," }, 0, 2, UID);
    expect(bad.text).toBe("shardRange(object.metadata.uid,");
    expect(bad.local).toBeNull();
    expect(bad.localError).toMatch(/\S/);
    expect(bad.key).toBe(UID);
  });
});

describe('a replica', () => {
  it('has its own bit in the 64-bit owner masks (low word for 0-31, high word for 32-63)', () => {
    const bits = [0, 1, 31, 32, 33, 63].map((i) => {
      const r = replica('server', i, 64);
      return [r.bitLo, r.bitHi];
    });
    expect(bits).toEqual([
      [1, 0],
      [2, 0],
      [2 ** 31, 0],
      [0, 1],
      [0, 2],
      [0, 2 ** 31],
    ]);
  });

  it('sends its selector in server-side mode only', () => {
    expect(replica('server', 0, 2).selectorSent).toBe("shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')");
    expect(replica('client', 0, 2).selectorSent).toBeNull();
  });

  it('filters client-side by jump hash for kube-state-metrics or a jump filter, by ranges otherwise', () => {
    expect(replica('client', 0, 2, 'ksm').usesJump).toBe(true);
    expect(replica('client', 0, 2, 'ksm-2.18').usesJump).toBe(true);
    expect(replica('client', 0, 2, 'client-go').usesJump).toBe(false);
    expect(replica('client', 0, 2, 'checked').usesJump).toBe(false);
    expect(new Replica('client', 0, 2, 0, resolveSelector(null, 0, 2, UID), 'client-go', 'jump').usesJump).toBe(true);
  });

  it("keeps by the hash of its key: a uid key reads the uid's hash, a namespace key the namespace's", () => {
    const uidFirstHalf = replica('server', 0, 2);
    const nsFirstHalf = replica('server', 0, 2, 'checked', null, NS);
    const low = { hi: 0x10000000, lo: 0 };
    const high = { hi: 0x90000000, lo: 0 };
    expect(uidFirstHalf.keepsHash(low.hi, low.lo, high.hi, high.lo)).toBe(true);
    expect(uidFirstHalf.keepsHash(high.hi, high.lo, low.hi, low.lo)).toBe(false);
    expect(nsFirstHalf.keepsHash(low.hi, low.lo, high.hi, high.lo)).toBe(false);
    expect(nsFirstHalf.keepsHash(high.hi, high.lo, low.hi, low.lo)).toBe(true);
    // Without a selector it keeps everything.
    expect(replica('server', 0, 2, 'checked', { kind: 'text', text: '' }).keepsHash(high.hi, high.lo, high.hi, high.lo)).toBe(true);
  });

  it("kube-state-metrics v2.18 drops a BOOKMARK on every shard but the one that owns the empty uid's hash", () => {
    // FNV-1a 64 of "" is 0xcbf29ce484222325: in the last quarter of the space.
    expect(fnv1a64Bytes(new Uint8Array(0))).toBe(0xcbf29ce484222325n);
    expect([0, 1, 2, 3].map((i) => replica('server', i, 4, 'ksm-2.18').dropsBookmarks)).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3].map((i) => replica('server', i, 4, 'ksm-2.18', null, NS).dropsBookmarks)).toEqual([true, true, true, false]);
    // Client-side, by jump hash: exactly one of the shards keeps it.
    for (const n of [2, 3, 5, 8]) {
      const keeps = Array.from({ length: n }, (_, i) => !replica('client', i, n, 'ksm-2.18').dropsBookmarks);
      expect(keeps.filter(Boolean)).toHaveLength(1);
    }
    // Every other client keeps every bookmark.
    for (const client of ['client-go', 'checked', 'shardinfo', 'ksm'] as const) {
      expect([0, 1, 2, 3].some((i) => replica('server', i, 4, client).dropsBookmarks || replica('client', i, 4, client).dropsBookmarks)).toBe(false);
    }
  });
});

describe('what a replica keeps once its sync answered', () => {
  /** After a sync with or without shardInfo: its local check and its filtering on a gate-on and a gate-off stream. */
  function after(r: Replica, shardInfo: boolean) {
    r.configureAfterList(shardInfo);
    const kind = r.localKind;
    const status = r.status;
    r.updateFiltering(true);
    const on = r.filtering;
    r.updateFiltering(false);
    return { kind, status, on, off: r.filtering, shardInfoSeen: r.shardInfoSeen };
  }

  it('server-side, client-go keeps whatever it is sent: filtered by a gate-on server, everything from a gate-off one', () => {
    expect(after(replica('server', 0, 2, 'client-go'), true)).toEqual({ kind: LOCAL_KEEP_ALL, status: 'ok', on: 'server', off: 'trust', shardInfoSeen: true });
    expect(after(replica('server', 0, 2, 'client-go'), false)).toEqual({ kind: LOCAL_KEEP_ALL, status: 'ok', on: 'server', off: 'trust', shardInfoSeen: false });
  });

  it('server-side, a checked client and kube-state-metrics check every object again', () => {
    for (const client of ['checked', 'ksm', 'ksm-2.18'] as const) {
      expect(after(replica('server', 0, 2, client), true)).toEqual({ kind: LOCAL_RANGES, status: 'ok', on: 'server+check', off: 'local', shardInfoSeen: true });
    }
  });

  it('server-side, the shardinfo client checks only after a LIST without shardInfo', () => {
    expect(after(replica('server', 0, 2, 'shardinfo'), true)).toMatchObject({ kind: LOCAL_KEEP_ALL, on: 'server', off: 'trust' });
    expect(after(replica('server', 0, 2, 'shardinfo'), false)).toMatchObject({ kind: LOCAL_RANGES, on: 'server+check', off: 'local' });
  });

  it('server-side, a client that checks cannot with a selector that does not parse: it stops; client-go does not check and runs', () => {
    const bad: SelectorSpec = { kind: 'text', text: "shardRange(object.metadata.uid," };
    const checked = replica('server', 0, 2, 'checked', bad);
    const state = after(checked, false);
    expect(state).toEqual({ kind: LOCAL_KEEP_NONE, status: 'error', on: 'none', off: 'none', shardInfoSeen: false });
    expect(checked.error).toEqual({ httpStatus: null, message: checked.resolved.localError });
    expect(after(replica('server', 0, 2, 'client-go', bad), false)).toMatchObject({ kind: LOCAL_KEEP_ALL, status: 'ok' });
    // A shardinfo client that got shardInfo needs no matcher.
    expect(after(replica('server', 0, 2, 'shardinfo', bad), true)).toMatchObject({ kind: LOCAL_KEEP_ALL, status: 'ok' });
  });

  it('server-side, a client that checks with an empty selector keeps everything', () => {
    expect(after(replica('server', 0, 2, 'checked', { kind: 'text', text: '' }), false)).toMatchObject({ kind: LOCAL_KEEP_ALL, status: 'ok', on: 'server', off: 'trust' });
  });

  it('client-side: ranges or jump hash, whatever the stream; a selector that does not parse stops it, unless it uses the jump hash', () => {
    expect(after(replica('client', 0, 2, 'client-go'), false)).toMatchObject({ kind: LOCAL_RANGES, status: 'ok', on: 'local-ranges', off: 'local-ranges' });
    expect(after(replica('client', 0, 2, 'ksm'), false)).toMatchObject({ kind: LOCAL_JUMP, status: 'ok', on: 'local-jump', off: 'local-jump' });
    expect(after(replica('client', 0, 2, 'client-go', { kind: 'text', text: '' }), false)).toMatchObject({ kind: LOCAL_KEEP_ALL, status: 'ok' });
    const bad: SelectorSpec = { kind: 'text', text: 'nope' };
    expect(after(replica('client', 0, 2, 'client-go', bad), false)).toMatchObject({ kind: LOCAL_KEEP_NONE, status: 'error', on: 'none' });
    expect(after(replica('client', 0, 2, 'ksm', bad), false)).toMatchObject({ kind: LOCAL_JUMP, status: 'ok' });
  });

  it('a failure clears the state of a sync, and a later sync restores it', () => {
    const r = replica('server', 0, 2, 'checked');
    r.configureAfterList(true);
    r.nextBookmarkTick = 50;
    r.fail(500, 'boom');
    expect({ status: r.status, error: r.error, kind: r.localKind, filtering: r.filtering, shardInfoSeen: r.shardInfoSeen, next: r.nextBookmarkTick }).toEqual({
      status: 'error',
      error: { httpStatus: 500, message: 'boom' },
      kind: LOCAL_KEEP_NONE,
      filtering: 'none',
      shardInfoSeen: false,
      next: -1,
    });
    r.configureAfterList(true);
    expect({ status: r.status, error: r.error, kind: r.localKind }).toEqual({ status: 'ok', error: null, kind: LOCAL_RANGES });
  });
});

describe('a replica before its first sync', () => {
  it('is ok, filters nothing yet, and has no retry, deadline or bookmark pending', () => {
    const r = replica('server', 0, 2);
    expect([r.status, r.error, r.filtering, r.shardInfoSeen]).toEqual(['ok', null, 'none', false]);
    expect([r.retryAtTick, r.retryRewatch, r.retryCause, r.watchEndsAtTick, r.nextBookmarkTick]).toEqual([-1, false, -1, -1, -1]);
    expect([r.listRequestRv, r.watchRequestRv]).toEqual(['0', '']);
  });

  it('kube-state-metrics filters by jump hash client-side whatever its filter option says', () => {
    for (const client of ['ksm', 'ksm-2.18'] as const) {
      expect(new Replica('client', 0, 2, 0, resolveSelector(null, 0, 2, UID), client, 'ranges').usesJump).toBe(true);
    }
  });

  it("client-side, kube-state-metrics v2.18 keeps its BOOKMARKs on the jump-hash bucket of the empty uid's hash, not on the range that holds it", () => {
    const empty = hexToParts('0xcbf29ce484222325');
    let differs = 0;
    for (const n of [2, 3, 4, 5, 8]) {
      const bucket = jumpHash(empty.hi, empty.lo, n);
      const keeps = Array.from({ length: n }, (_, i) => !replica('client', i, n, 'ksm-2.18').dropsBookmarks);
      expect(keeps.indexOf(true)).toBe(bucket);
      const rangeOwner = Array.from({ length: n }, (_, i) => !replica('server', i, n, 'ksm-2.18').dropsBookmarks).indexOf(true);
      if (rangeOwner !== bucket) differs++;
    }
    // The two rules disagree for some counts, so the test tells them apart.
    expect(differs).toBeGreaterThan(0);
  });
});
