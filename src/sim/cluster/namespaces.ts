/**
 * A cluster's namespaces: their names and hashes, a size factor each, Zipf weights over them,
 * and how many workloads each holds. Index `count` is the cluster-scoped pseudo-namespace "".
 */
import { hashFieldInto } from '../../core/sharding';
import type { ClusterParams } from '../params';
import { namespaceName } from './names';
import type { Prng } from './prng';
import { sampleNamespaceFactor } from './sizes';

export interface Namespaces {
  readonly count: number;
  readonly names: readonly string[];
  /** FNV-1a 64 of each name, high and low words. */
  readonly hashHi: Uint32Array;
  readonly hashLo: Uint32Array;
  /** Each namespace's object-size factor (its pods are alike). */
  readonly sizeFactor: Float64Array;
  /** Cumulative Zipf weights over the namespaced objects. */
  readonly cdf: Float64Array;
  /** Workloads (Deployments) per namespace, by its expected size. */
  readonly workloads: Uint16Array;
  /** An import's real names (hashed) when `names` shows pseudonyms; else absent. */
  readonly keys?: readonly string[];
}

/** Probability that a namespaced object lands in namespace `i`, from the cumulative weights. */
export function weightOf(cdf: Float64Array, i: number): number {
  return cdf[i]! - (i > 0 ? cdf[i - 1]! : 0);
}

/** Draws the namespaces of a cluster (the draws, in order: size factors, then the Zipf ranks). */
export function createNamespaces(params: ClusterParams, prng: Prng): Namespaces {
  const n = params.namespaces;
  const names: string[] = [];
  for (let i = 0; i < n; i++) names.push(namespaceName(i));
  names.push('');
  const hashHi = new Uint32Array(n + 1);
  const hashLo = new Uint32Array(n + 1);
  const sizeFactor = new Float64Array(n + 1);
  const scratch = new Uint32Array(2);
  for (let i = 0; i <= n; i++) {
    hashFieldInto(names[i]!, scratch, 0);
    hashHi[i] = scratch[0]!;
    hashLo[i] = scratch[1]!;
    sizeFactor[i] = i < n ? sampleNamespaceFactor(prng) : 0.6;
  }
  // Zipf weights by rank; ranks are shuffled so the biggest namespace is not always "default".
  const rank = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    [rank[i], rank[j]] = [rank[j]!, rank[i]!];
  }
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / Math.pow(rank[i]! + 1, params.zipfExponent);
    cdf[i] = sum;
  }
  for (let i = 0; i < n; i++) cdf[i]! /= sum;
  cdf[n - 1] = 1;
  const workloads = new Uint16Array(n + 1);
  for (let i = 0; i <= n; i++) {
    const expected = params.pods * (i < n ? weightOf(cdf, i) * (1 - params.clusterScopedShare) : params.clusterScopedShare);
    workloads[i] = Math.max(1, Math.min(400, Math.round(Math.sqrt(expected) / 2)));
  }
  return { count: n, names, hashHi, hashLo, sizeFactor, cdf, workloads };
}

/**
 * The namespaces of an imported cluster: its namespaces in name order (one called "default"
 * if every object is cluster-scoped), weighted by how many objects each holds, so churn adds
 * pods where the real cluster has them. No draws: the same objects give the same namespaces.
 */
export function importedNamespaces(objects: readonly { readonly namespace: string; readonly shownNamespace?: string }[]): Namespaces {
  const counts = new Map<string, number>();
  for (const o of objects) if (o.namespace !== '') counts.set(o.namespace, (counts.get(o.namespace) ?? 0) + 1);
  if (counts.size === 0) counts.set('default', 1);
  const names = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = names.length;
  names.push('');
  const hashHi = new Uint32Array(n + 1);
  const hashLo = new Uint32Array(n + 1);
  const sizeFactor = new Float64Array(n + 1).fill(1);
  const scratch = new Uint32Array(2);
  for (let i = 0; i <= n; i++) {
    hashFieldInto(names[i]!, scratch, 0);
    hashHi[i] = scratch[0]!;
    hashLo[i] = scratch[1]!;
  }
  const total = names.slice(0, n).reduce((s, name) => s + counts.get(name)!, 0);
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += counts.get(names[i]!)!;
    cdf[i] = sum / total;
  }
  cdf[n - 1] = 1;
  const workloads = new Uint16Array(n + 1);
  for (let i = 0; i < n; i++) workloads[i] = Math.max(1, Math.min(400, Math.round(Math.sqrt(counts.get(names[i]!)!) / 2)));
  workloads[n] = 1;
  // Hidden names: the hashes stay those of the real names, the views show the pseudonyms.
  const shown = new Map<string, string>();
  for (const o of objects) if (o.shownNamespace !== undefined) shown.set(o.namespace, o.shownNamespace);
  if (shown.size === 0) return { count: n, names, hashHi, hashLo, sizeFactor, cdf, workloads };
  return { count: n, names: names.map((x) => shown.get(x) ?? x), keys: names, hashHi, hashLo, sizeFactor, cdf, workloads };
}
