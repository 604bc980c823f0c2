/**
 * What the page reads of one replica or one object, on demand: the LIST a replica would get
 * now, the watch events it received, the recent events with their fate, an API server's
 * metrics, the objects near a point of the hash space. Nothing here changes the model: a
 * LIST shown follows the same rules as the request path, without touching a counter.
 */
import { SHARD_KEY, hashFraction } from '../../core/sharding';
import { badRequestBody, decodeContinue, encodeContinue, parseForRequest, podJson, podLabels, podListBody, podName, requestInfo, statusBody, watchEnvelope } from '../apiserver';
import type { ListOptions, PodObject, WatchEventEnvelope } from '../apiserver';
import { EVENT_TYPE_NAMES, EV_DELETED, EV_NONE, LabelSelectorError, NO_SLOT, bookmarkBytes, eventEnvelopeBytes, listOverheadBytes, matchesLabels, parseLabelSelector, wireRatio } from '../cluster';
import type { LabelRequirement } from '../cluster';
import { keyHashes } from '../cluster';
import type { Mode } from '../params';
import { LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_RANGES } from '../client';
import type { Replica } from '../client';
import type { ModeEngine } from './mode';
import type { Model } from './model';
import type { ListResponse, ObjectInfo, RecentEvent } from './viewTypes';

/** A mode's engine and one of its replicas, or a RangeError naming the bounds. */
function replicaOf(m: Model, mode: Mode, replica: number): { engine: ModeEngine; r: Replica } {
  if (mode !== 'client' && mode !== 'server') throw new RangeError(`mode must be 'client' or 'server', got ${JSON.stringify(mode)}`);
  const engine = m.modes[mode];
  const r = engine.replicas[replica];
  if (!Number.isInteger(replica) || !r) {
    throw new RangeError(`replica must be an integer from 0 to ${engine.replicas.length - 1}, got ${String(replica)}`);
  }
  return { engine, r };
}

/** What replica `replica` of `mode` would get for a LIST now (materialised, at most `limit` items shown). */
export function listFor(m: Model, mode: Mode, replica: number, options: ListOptions = {}): ListResponse {
  const { engine, r } = replicaOf(m, mode, replica);
  const server = engine.servers[r.apiServer]!;
  const text = r.selectorSent;
  const limit = options.limit !== undefined && options.limit > 0 ? Math.floor(options.limit) : 0;
  const extra: Record<string, string> = {};
  if (limit > 0) extra.limit = String(limit);
  if (options.continue) extra.continue = options.continue;
  if (options.labelSelector) extra.labelSelector = options.labelSelector;
  const request = requestInfo('LIST', r.apiServer, text, extra);
  let labelReqs: LabelRequirement[];
  try {
    labelReqs = parseLabelSelector(options.labelSelector ?? '');
  } catch (e) {
    if (!(e instanceof LabelSelectorError)) throw e;
    return { status: 400, request, body: badRequestBody(`unable to parse label selector: ${e.message}`) };
  }
  // Same rules as the request path, without touching the counters.
  const adm = server.gate ? parseForRequest(text) : ({ ok: true, selector: null } as const);
  if (!adm.ok) return { status: 500, request, body: statusBody(adm.message) };
  const sel = adm.selector && !adm.selector.empty() ? adm.selector : null;
  const c = m.cluster;
  // An unsharded list reads no hash; the uid's columns stand in.
  const [H, L] = keyHashes(c, sel?.key ?? SHARD_KEY.uid.path);
  const cont = options.continue ? decodeContinue(options.continue) : null;
  const startPos = cont ? cont.pos : 0;
  const shown = Math.min(limit > 0 ? limit : 20, 500);
  // What the replica keeps of what it is sent (as after its LIST): all of it when the server
  // filtered or when it trusts the stream; with the fallback, what its own matcher takes.
  const keptFiltering = r.status === 'error' ? 'none' : r.filtering;
  const keeps = (s: number): boolean => {
    if (r.localKind === LOCAL_KEEP_ALL) return true;
    if (r.localKind === LOCAL_RANGES) return r.keepsHash(c.uidHi[s]!, c.uidLo[s]!, c.nsHi[s]!, c.nsLo[s]!);
    if (r.localKind === LOCAL_JUMP) return c.jumpBuckets[s] === r.index;
    return false;
  };
  const items: PodObject[] = [];
  let taken = 0;
  let lastSlot = -1;
  let itemJson = 0;
  let kept = 0;
  let keptJson = 0;
  let more = false;
  let after = 0;
  // Stored objects looked at before the page was full (matching or not).
  let scanned = 0;
  for (let s = startPos; s < c.slots; s++) {
    if (!c.alive[s]) continue;
    if (limit > 0 && taken >= limit) {
      // The page is full: any stored object after it, matching or not, means a continue
      // token (the apiserver does not look ahead for a match).
      more = true;
      after++;
      continue;
    }
    scanned++;
    // The label selector AND the shard check, as the apiserver's list filter applies them.
    if (sel && !sel.matchesHash(H[s]!, L[s]!)) continue;
    if (labelReqs.length > 0 && !matchesLabels(labelReqs, podLabels(c, s))) continue;
    taken++;
    lastSlot = s;
    itemJson += c.jsonBytes[s]!;
    if (keeps(s)) {
      kept++;
      keptJson += c.jsonBytes[s]!;
    }
    if (items.length < shown) items.push(podJson(c, s));
  }
  const rv = cont ? cont.rv : c.resourceVersion;
  const token = more ? encodeContinue(rv, `${c.namespace(lastSlot)}/${podName(c, lastSlot)}`, lastSlot + 1) : undefined;
  // remainingItemCount is set when the predicate is "empty": in v1.36.0 to v1.36.3
  // `SelectionPredicate.Empty()` looks at labels and fields only, so a sharded page gets one
  // too, the watch cache's unfiltered count: every stored object from the page's start, less
  // the limit (fixed on the main branch, "Make SelectionPredicate.Empty aware of sharding").
  const remaining = more && labelReqs.length === 0 ? scanned + after - limit : undefined;
  const body = podListBody(items, rv, { continueToken: token, remaining, shardSelector: sel ? sel.toString() : undefined });
  const ratio = wireRatio(m.params.sizes);
  return {
    status: 200,
    request,
    body,
    totalItems: taken,
    itemsShown: items.length,
    bodyBytes: listOverheadBytes(m.params.sizes.encoding) + Math.round(itemJson * ratio),
    kept: { items: kept, bytes: Math.round(keptJson * ratio), filtering: keptFiltering },
  };
}

/** The last `count` watch events the replica received, as wire envelopes, newest last. */
export function watchEventsFor(m: Model, mode: Mode, replica: number, count = 10): WatchEventEnvelope[] {
  const { engine, r } = replicaOf(m, mode, replica);
  const out: WatchEventEnvelope[] = [];
  const rec = m.recent;
  for (let k = 0; k < rec.count && out.length < count; k++) {
    const i = rec.newest(k);
    const type = rec.type[i]!;
    const target = rec.target[i]!;
    if (target >= 0) {
      // A BOOKMARK went to one watcher.
      if (target === (mode === 'server' ? 64 : 0) + r.index) out.push(watchEnvelope(m.cluster, 'BOOKMARK', NO_SLOT, rec.rv[i]!));
      continue;
    }
    const o = engine.outcome(type, rec.oldSlot[i]!, rec.newSlot[i]!)[r.index]!;
    if (o.sentAs === EV_NONE) continue;
    const slot = o.sentAs === EV_DELETED ? rec.oldSlot[i]! : rec.newSlot[i]!;
    out.push(watchEnvelope(m.cluster, EVENT_TYPE_NAMES[o.sentAs]!, slot, rec.rv[i]!));
  }
  return out.reverse();
}

/** The last `count` events of the shared stream with their fate in both modes, newest last. */
export function recentEvents(m: Model, count = 20): RecentEvent[] {
  const rec = m.recent;
  const c = m.cluster;
  const ratio = wireRatio(m.params.sizes);
  const out: RecentEvent[] = [];
  for (let k = 0; k < rec.count && out.length < count; k++) {
    const i = rec.newest(k);
    const type = rec.type[i]!;
    const target = rec.target[i]!;
    const slot = type === EV_DELETED ? rec.oldSlot[i]! : rec.newSlot[i]!;
    const fate = (mode: Mode) =>
      target >= 0
        ? m.modes[mode].replicas.map((r) => ({ replica: r.index, sentAs: target === (mode === 'server' ? 64 : 0) + r.index ? ('BOOKMARK' as const) : null, kept: false }))
        : m.modes[mode].outcome(type, rec.oldSlot[i]!, rec.newSlot[i]!).map((o) => ({
            replica: o.replica,
            sentAs: o.sentAs === EV_NONE ? null : EVENT_TYPE_NAMES[o.sentAs]!,
            kept: o.kept,
          }));
    out.push({
      resourceVersion: String(rec.rv[i]!),
      type: EVENT_TYPE_NAMES[type]!,
      object:
        slot === NO_SLOT
          ? null
          : { name: podName(c, slot), namespace: c.namespace(slot), uid: c.uid(slot), uidHash: c.uidHashHex(slot), position: hashFraction(c.uidHi[slot]!, c.uidLo[slot]!) },
      bytes:
        slot === NO_SLOT
          ? bookmarkBytes(m.params.sizes.encoding)
          : Math.round(c.jsonBytes[slot]! * ratio) + eventEnvelopeBytes(m.params.sizes.encoding),
      client: fate('client'),
      server: fate('server'),
    });
  }
  return out.reverse();
}

/** The Prometheus text exposition of one API server's two metrics in one mode. */
export function metricsText(m: Model, mode: Mode, apiServer: number): string {
  if (mode !== 'client' && mode !== 'server') throw new RangeError(`mode must be 'client' or 'server', got ${JSON.stringify(mode)}`);
  const s = m.modes[mode].servers[apiServer];
  if (!s) throw new RangeError(`apiServer must be an integer from 0 to ${m.modes[mode].servers.length - 1}, got ${String(apiServer)}`);
  return s.metricsText();
}

/** The `k` live objects nearest to `position` in [0, 1) on the uid-hash axis, nearest first. */
export function objectsNear(m: Model, position: number, k = 1): ObjectInfo[] {
  if (typeof position !== 'number' || !Number.isFinite(position)) throw new RangeError(`position must be a number in [0, 1), got ${String(position)}`);
  const p = Math.min(Math.max(position, 0), 1 - 2 ** -53);
  const kk = Math.max(1, Math.min(1000, Math.floor(k)));
  const c = m.cluster;
  const idx = c.index;
  const hi = Math.floor(p * 4294967296);
  const lo = Math.floor((p * 4294967296 - hi) * 4294967296);
  const at = idx.lowerBound(hi, lo);
  const cands: number[] = [];
  // k live neighbours on each side in the sorted order, plus every pending (unsorted) one.
  for (let i = at, got = 0; i < idx.order.length && got < kk; i++) {
    if (!idx.liveAt(i)) continue;
    cands.push(idx.order[i]!);
    got++;
  }
  for (let i = at - 1, got = 0; i >= 0 && got < kk; i--) {
    if (!idx.liveAt(i)) continue;
    cands.push(idx.order[i]!);
    got++;
  }
  for (const s of idx.pending) cands.push(s);
  const dist = (s: number) => Math.abs(hashFraction(c.uidHi[s]!, c.uidLo[s]!) - p);
  cands.sort((a, b) => dist(a) - dist(b) || a - b);
  return cands.slice(0, kk).map((s) => objectInfo(m, s));
}

export function objectInfo(m: Model, s: number): ObjectInfo {
  const c = m.cluster;
  return {
    name: podName(c, s),
    namespace: c.namespace(s),
    uid: c.uid(s),
    uidHash: c.uidHashHex(s),
    namespaceHash: c.namespaceHashHex(s),
    position: hashFraction(c.uidHi[s]!, c.uidLo[s]!),
    bytes: Math.round(c.jsonBytes[s]! * wireRatio(m.params.sizes)),
    resourceVersion: String(c.rv[s]!),
    owners: { client: m.modes.client.ownersOf(s), server: m.modes.server.ownersOf(s) },
  };
}

/** One live object's full JSON (by uid), or null. */
/**
 * Every live object as `kubectl get pods -A -o json` prints them: a `List`, indented by 4
 * spaces, keys in kubectl's order (apiVersion, items, kind, metadata). Importing this text gives
 * the same uids, namespaces and hashes back.
 */
export function exportListJson(m: Model): string {
  const c = m.cluster;
  const items: PodObject[] = [];
  for (let k = 0; k < c.liveCount; k++) items.push(podJson(c, c.liveSlots[k]!));
  return `${JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, 4)}\n`;
}

export function objectJson(m: Model, uid: string): PodObject | null {
  const s = m.cluster.findUid(uid);
  return s < 0 ? null : podJson(m.cluster, s);
}
