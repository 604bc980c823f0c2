/**
 * The closed form for the current configuration: each replica's plan follows the same rules
 * as the model (its API server's gate, the request's admission, the fallback or trust after
 * a LIST without `shardInfo`, the client-side filter), and each selector's share is read off
 * the cluster as it is now (hash-space width, live objects and their bytes in its ranges, or
 * the namespaces whose hash it holds).
 */
import { ShardSelector, hexToParts } from '../../core/sharding';

import { parseForRequest, sendCostRates } from '../apiserver';
import { assertNever } from '../../core/never';
import type { Cluster } from '../cluster';
import { churnRates } from '../params';
import { keyColumns } from '../cluster';
import { bookmarkBytes, eventEnvelopeBytes, expectedJsonBytes, listOverheadBytes, wireRatio } from '../cluster';
import { bookmarksPerSecond, closedForm } from '../report';
import type { ClosedForm, ReplicaPlan, Share } from '../report';
import { SERVER_WATCH_TIMEOUT_MIN_SECONDS, WATCH_TIMEOUT_MIN_SECONDS } from '../client';
import type { Model } from './model';
import { LOCAL_RANGES } from '../client';

/** The page size of a reflector's first LIST (client-go's pager; see `client/replicaview`). */
const FIRST_LIST_LIMIT = 500;

/** A uid-keyed selector's merged ranges as [startHi, startLo, endHi, endLo] and their width. */
interface MergedRanges {
  readonly bounds: Float64Array;
  readonly width: number;
}

/**
 * Per selector: its canonical text and merged ranges, derived once (selectors are immutable),
 * since the closed form reads every replica's share on every snapshot and a selector may hold
 * thousands of ranges.
 */
const selectorKeys = new WeakMap<ShardSelector, string>();
const mergedRanges = new WeakMap<ShardSelector, MergedRanges>();

function selectorKey(sel: ShardSelector): string {
  let key = selectorKeys.get(sel);
  if (key === undefined) selectorKeys.set(sel, (key = sel.toString()));
  return key;
}

function mergeRanges(sel: ShardSelector): MergedRanges {
  const hit = mergedRanges.get(sel);
  if (hit) return hit;
  // Overlapping ranges of one selector count once (an object matches when any range does).
  const rs = sel.requirements.map((q) => [BigInt(q.start), BigInt(q.end)] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: [bigint, bigint][] = [];
  for (const [a, b] of rs) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) {
      if (b > last[1]) last[1] = b;
    } else if (a < b) merged.push([a, b]);
  }
  let width = 0;
  const bounds = new Float64Array(merged.length * 4);
  merged.forEach(([a, b], i) => {
    width += Number(b - a) / 2 ** 64;
    const sa = hexToParts('0x' + a.toString(16).padStart(16, '0'));
    const sb = hexToParts('0x' + b.toString(16).padStart(16, '0'));
    bounds.set([sa.hi, sa.lo, sb.hi, sb.lo], i * 4);
  });
  const out = { bounds, width };
  mergedRanges.set(sel, out);
  return out;
}

/**
 * Sorted positions of a selector's range bounds in the cluster's hash index, kept until the
 * index is rebuilt (its `orderKey` changes): every snapshot reads each range's objects and
 * bytes, and at 64 replicas x 126 ranges the binary searches were most of a snapshot's cost.
 */
const boundPositions = new WeakMap<MergedRanges, { key: Uint32Array; at: Int32Array }>();

/** A uid-keyed selector's share: covered width of the hash space, live objects and bytes in it. */
function uidShare(c: Cluster, sel: ShardSelector): Share {
  const merged = mergeRanges(sel);
  const { bounds, width } = merged;
  let objects = 0;
  let jsonBytes = 0;
  const idx = c.index;
  let cached = boundPositions.get(merged);
  if (!cached || cached.key !== idx.orderKey) {
    const at = new Int32Array(bounds.length / 2);
    for (let i = 0; i < bounds.length; i += 2) at[i / 2] = idx.lowerBound(bounds[i]!, bounds[i + 1]!);
    cached = { key: idx.orderKey, at };
    boundPositions.set(merged, cached);
  }
  const at = cached.at;
  for (let i = 0; i < bounds.length; i += 4) {
    const ah = bounds[i]!;
    const al = bounds[i + 1]!;
    const bh = bounds[i + 2]!;
    const bl = bounds[i + 3]!;
    const pa = at[i / 2]!;
    const pb = at[i / 2 + 1]!;
    const qa = idx.pendingBelow(ah, al);
    const qb = idx.pendingBelow(bh, bl);
    // The same sums, in the same order, as countRange and weightBelow make.
    objects += idx.countAt(pb, qb) - idx.countAt(pa, qa);
    jsonBytes += idx.weightAt(pb, qb) - idx.weightAt(pa, qa);
  }
  return { kind: 'uid', width, objects, jsonBytes };
}

/** A namespace-keyed selector's share: the namespaces (and cluster-scoped "") whose hash it holds. */
function namespaceShare(c: Cluster, sel: ShardSelector): Share {
  const members: number[] = [];
  for (let i = 0; i <= c.namespaceCount; i++) if (sel.matchesHash(c.nsHashHi[i]!, c.nsHashLo[i]!)) members.push(i);
  return { kind: 'namespaces', members };
}

/** Admission of selector texts (parsing is pure; a snapshot need not parse again). Not model state. */
export type Admissions = Map<string, ReturnType<typeof parseForRequest>>;

/** The closed form of the model now. */
export function closedFormOf(m: Model, admissions: Admissions): ClosedForm {
  const p = m.params;
  const c = m.cluster;
  const n = p.replicas.count;
  if (m.newBytesCache?.sizes !== p.sizes) {
    const bytes = new Float64Array(c.namespaceCount + 1);
    for (let i = 0; i <= c.namespaceCount; i++) bytes[i] = expectedJsonBytes(p.sizes, c.nsSizeFactor[i]!);
    m.newBytesCache = { sizes: p.sizes, bytes };
  }
  const shares = new Map<string, Share>();
  const shareOf = (sel: ShardSelector | null): Share => {
    if (sel === null || sel.empty()) return { kind: 'all' };
    const key = selectorKey(sel);
    const lookup = keyColumns(sel.key!).lookup;
    switch (lookup) {
      case 'namespace-hash': {
        let share = m.nsShareCache.get(key);
        if (!share) {
          share = namespaceShare(c, sel);
          m.nsShareCache.set(key, share);
        }
        return share;
      }
      case 'sorted-index': {
        let share = shares.get(key);
        if (!share) {
          share = uidShare(c, sel);
          shares.set(key, share);
        }
        return share;
      }
      default:
        return assertNever(lookup, 'key lookup');
    }
  };
  const cacheAll = p.replicas.clientCache === 'all';
  const none: ReplicaPlan = { apiServer: 0, receives: 'none', shard: { kind: 'none' }, keeps: { kind: 'none' }, owns: { kind: 'none' }, hashesLocally: false };
  const client = m.modes.client.replicas.map((r): ReplicaPlan => {
    // A client-side controller checks its own shard config at start and never lists with a bad one.
    if (!r.usesJump && r.resolved.localError !== null) return { ...none, apiServer: r.apiServer };
    const owns: Share = r.usesJump ? { kind: 'fraction', fraction: 1 / n } : shareOf(r.resolved.local);
    const keeps: Share = cacheAll ? { kind: 'all' } : owns;
    return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps, owns, hashesLocally: r.usesJump || r.resolved.local !== null };
  });
  const server = m.modes.server.replicas.map((r): ReplicaPlan => {
    if (r.status === 'error') return { ...none, apiServer: r.apiServer };
    const gate = m.modes.server.servers[r.apiServer]?.gate ?? true;
    const text = r.selectorSent;
    // Whether its client checks every object itself (see `Replica.configureAfterList`).
    const checks = r.localKind === LOCAL_RANGES;
    if (gate && text !== null && text !== '') {
      let adm = admissions.get(text);
      if (!adm) {
        if (admissions.size >= 1024) admissions.clear();
        adm = parseForRequest(text);
        admissions.set(text, adm);
      }
      if (!adm.ok) return { ...none, apiServer: r.apiServer }; // HTTP 500: no list, no watch
      if (adm.selector && !adm.selector.empty()) {
        const share = shareOf(adm.selector);
        return { apiServer: r.apiServer, receives: 'shard', shard: share, keeps: share, owns: share, hashesLocally: checks };
      }
    }
    // Its watch's server does not filter (gate off): the whole stream arrives. A client that
    // checks keeps its share; one that does not keeps, and processes, everything.
    if (!checks) return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps: { kind: 'all' }, owns: { kind: 'all' }, hashesLocally: false };
    const owns = shareOf(r.resolved.local);
    return { apiServer: r.apiServer, receives: 'all', shard: { kind: 'all' }, keeps: cacheAll ? { kind: 'all' } : owns, owns, hashesLocally: r.resolved.local !== null };
  });
  // What each server serialises: everything if one of its watchers gets everything, else the
  // union of its watchers' shards (one selector holding all their ranges).
  const encodes = (mode: 'client' | 'server', plans: readonly ReplicaPlan[]): Share[] => {
    const out: Share[] = [];
    const replicas = m.modes[mode].replicas;
    for (let srv = 0; srv < p.apiServers.count; srv++) {
      const on = plans.map((plan, i) => ({ plan, r: replicas[i]! })).filter((x) => x.plan.apiServer === srv && x.plan.receives !== 'none');
      if (on.length === 0) out.push({ kind: 'none' });
      else if (on.some((x) => x.plan.receives === 'all')) out.push({ kind: 'all' });
      else {
        const sels = on.map((x) => admissions.get(x.r.selectorSent ?? '')).flatMap((a) => (a?.ok && a.selector ? [a.selector] : []));
        const keys = new Set(sels.map((sel) => sel.key));
        // Watchers on different keys cover different things: the whole stream bounds what they need.
        out.push(keys.size !== 1 ? { kind: 'all' } : shareOf(new ShardSelector(sels.flatMap((sel) => sel.requirements))));
      }
    }
    return out;
  };
  const ratio = wireRatio(p.sizes);
  const rates = churnRates(p);
  return closedForm({
    stream: {
      addsPerSec: rates.addsPerSecond,
      modifiesPerSec: rates.modifiesPerSecond,
      deletesPerSec: rates.deletesPerSecond,
      addWeights: m.addWeights,
      burstPodsPerSec: m.churn.expectedBurstPodsPerSecond(),
      nsLive: c.nsLive,
      nsJsonBytes: c.nsLiveJsonBytes,
      newJsonBytes: m.newBytesCache.bytes,
    },
    wireRatio: ratio,
    envelopeBytes: eventEnvelopeBytes(p.sizes.encoding),
    bookmarksPerSec: p.watch.bookmarks ? bookmarksPerSecond(p.churn.bookmarkIntervalSeconds, p.watch.timeouts ? WATCH_TIMEOUT_MIN_SECONDS : SERVER_WATCH_TIMEOUT_MIN_SECONDS) : 0,
    bookmarkBytes: bookmarkBytes(p.sizes.encoding),
    decodeNsPerByte: p.sizes.encoding === 'protobuf' ? p.costs.protobufDecodeNsPerByte : p.costs.jsonDecodeNsPerByte,
    cacheBytesPerJsonByte: p.costs.cacheBytesPerJsonByte,
    cacheOverheadBytes: p.costs.cacheOverheadBytes,
    listOverheadBytes: listOverheadBytes(p.sizes.encoding),
    decodeAllocBytesPerByte: p.costs.decodeAllocBytesPerByte,
    apiServers: p.apiServers.count,
    client,
    server,
    clientEncodes: encodes('client', client),
    serverEncodes: encodes('server', server),
    sendRates: sendCostRates(p),
    syncStreaming: p.replicas.initialList === 'watch-list',
    // The first LIST asks for pages of 500 (with resourceVersion=0, which the watch cache ignores; APF does not).
    syncLimit: p.replicas.initialList === 'watch-list' ? 0 : FIRST_LIST_LIMIT,
  });
}
