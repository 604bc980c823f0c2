/**
 * Owner lookup and balanced ranges on the model's own cluster: find the objects a pasted text names
 * (a uid, a pod name, `namespace/name`, a namespace), and weigh the live objects by the shard
 * key for balanced ranges (objects, bytes or expected events per group).
 */
import { hashFraction, type ShardKey } from '../../core/sharding';
import { assertNever } from '../../core/never';
import { podName } from '../apiserver';
import { keyColumns } from '../cluster';
import { balanceRanges, sortGroups, type BalanceMeasure, type BalanceResult, type WeightedGroups } from '../time';
import { objectInfo } from './inspect';
import type { Model } from './model';
import { churnRates } from '../params';
import type { ObjectInfo } from './viewTypes';

/** What a pasted text names in the cluster. */
export interface FoundObjects {
  /** Live objects whose uid, name or `namespace/name` is the text (at most `limit`). */
  readonly objects: readonly ObjectInfo[];
  /** How many matched in all. */
  readonly total: number;
  /** A namespace of that name with live objects, or null. */
  readonly namespace: { readonly name: string; readonly hash: string; readonly position: number; readonly objects: number } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The live objects and the namespace `text` names (exact match; the caller trims). */
export function findObjects(m: Model, text: string, limit = 10): FoundObjects {
  if (typeof text !== 'string') throw new RangeError('text must be a string');
  const c = m.cluster;
  const k = Math.max(1, Math.min(100, Math.floor(limit)));
  const slots: number[] = [];
  let total = 0;
  if (UUID.test(text)) {
    const s = c.findUid(text);
    if (s >= 0) {
      slots.push(s);
      total = 1;
    }
  } else if (text.length <= 253 * 2 + 1) {
    const slash = text.indexOf('/');
    const ns = slash >= 0 ? text.slice(0, slash) : null;
    const name = slash >= 0 ? text.slice(slash + 1) : text;
    // `namespace/name` compares the namespace index first: names are derived, and deriving a
    // million of them takes seconds.
    const nsIndex = ns === null ? -1 : c.namespaceNames.indexOf(ns);
    for (let i = 0; i < c.liveCount && (ns === null || nsIndex >= 0); i++) {
      const s = c.liveSlots[i]!;
      if (nsIndex >= 0 && c.nsOf[s] !== nsIndex) continue;
      if (podName(c, s) !== name) continue;
      total++;
      if (slots.length < k) slots.push(s);
    }
  }
  let namespace: FoundObjects['namespace'] = null;
  const i = c.namespaceNames.indexOf(text);
  if (i >= 0 && c.nsLive[i]! > 0) {
    const hi = c.nsHashHi[i]!;
    const lo = c.nsHashLo[i]!;
    namespace = { name: text, hash: '0x' + hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0'), position: hashFraction(hi, lo), objects: c.nsLive[i]! };
  }
  return { objects: slots.map((s) => objectInfo(m, s)), total, namespace };
}

/**
 * The live objects as weighted groups of the shard key: one group per namespace with live
 * objects (the cluster-scoped ones share the empty namespace's hash) or one per object.
 * `events` weighs the steady churn a group sees per second: adds by the namespace's share of
 * new objects, updates and deletions spread evenly over live objects (rolling-update bursts
 * are left out); under the uid key new objects get fresh uids, so only updates and deletions
 * fall on an existing object.
 */
export function keyWeights(m: Model, key: ShardKey, measure: BalanceMeasure): WeightedGroups {
  const c = m.cluster;
  const churn = churnRates(m.params);
  const live = c.liveCount;
  const perObject = live > 0 ? (churn.modifiesPerSecond + churn.deletesPerSecond) / live : 0;
  const lookup = keyColumns(key).lookup;
  if (lookup === 'namespace-hash') {
    const ids: number[] = [];
    for (let i = 0; i <= c.namespaceCount; i++) if (c.nsLive[i]! > 0) ids.push(i);
    const hi = new Uint32Array(ids.length);
    const lo = new Uint32Array(ids.length);
    const w = new Float64Array(ids.length);
    const scoped = c.params.clusterScopedShare;
    ids.forEach((i, j) => {
      hi[j] = c.nsHashHi[i]!;
      lo[j] = c.nsHashLo[i]!;
      const addShare = i === c.namespaceCount ? scoped : (1 - scoped) * c.namespaceWeight(i);
      w[j] = measure === 'objects' ? c.nsLive[i]! : measure === 'bytes' ? c.nsLiveJsonBytes[i]! : churn.addsPerSecond * addShare + perObject * c.nsLive[i]!;
    });
    return sortGroups(hi, lo, w);
  }
  if (lookup !== 'sorted-index') return assertNever(lookup, 'key lookup');
  // The uid-hash index is sorted already, but for the few objects added since its last build:
  // merge those (sorted) into it rather than sorting a million slots again.
  const idx = c.index;
  const pending = idx.pending.slice().sort((a, b) => c.uidHi[a]! - c.uidHi[b]! || c.uidLo[a]! - c.uidLo[b]!);
  const hi = new Uint32Array(live);
  const lo = new Uint32Array(live);
  const w = new Float64Array(live);
  let j = 0;
  let p = 0;
  const put = (s: number) => {
    hi[j] = c.uidHi[s]!;
    lo[j] = c.uidLo[s]!;
    w[j++] = measure === 'objects' ? 1 : measure === 'bytes' ? c.jsonBytes[s]! : perObject;
  };
  for (let i = 0; i < idx.order.length; i++) {
    if (!idx.liveAt(i)) continue;
    const s = idx.order[i]!;
    while (p < pending.length && (c.uidHi[pending[p]!]! < c.uidHi[s]! || (c.uidHi[pending[p]!] === c.uidHi[s] && c.uidLo[pending[p]!]! < c.uidLo[s]!))) put(pending[p++]!);
    put(s);
  }
  while (p < pending.length) put(pending[p++]!);
  if (j !== live) throw new Error(`the uid index holds ${j} live objects, the cluster ${live}`);
  return { hi, lo, weight: w };
}

/** Balanced ranges on the run's shard key, next to equal ranges, and what they weigh. */
export type BalanceReport = BalanceResult & { readonly key: ShardKey; readonly measure: BalanceMeasure };

/** Balanced ranges for `n` replicas on the run's shard key, next to equal ranges. */
export function balanceFor(m: Model, measure: BalanceMeasure, n: number): BalanceReport {
  if (measure !== 'objects' && measure !== 'bytes' && measure !== 'events') throw new RangeError(`measure must be objects, bytes or events, got ${JSON.stringify(measure)}`);
  const key = m.params.replicas.key;
  return { ...balanceRanges(keyWeights(m, key, measure), n), key, measure };
}
