/**
 * The hash space by namespace. With `object.metadata.namespace` as the shard key every object
 * of a namespace has the same hash, so the picture is one column of dots per namespace. The
 * model's hash-space arrays are by uid, so this adapter builds the namespace picture from the
 * snapshot's per-namespace counts (no per-object data needed).
 */
import { hashField } from '../core/sharding';
import type { ClusterSummary } from '../sim';

/** One namespace on the hash axis. */
export interface NamespacePoint {
  /** "" for cluster-scoped objects. */
  readonly name: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the name. */
  readonly hash: string;
  readonly position: number;
  readonly count: number;
}

/** Dot positions for every object (namespace hash plus a sub-pixel spread) and the namespaces. */
export interface NamespaceView {
  readonly count: number;
  /** Ascending. Objects of one namespace sit within 2^-20 of its hash, invisible on screen. */
  readonly positions: Float64Array;
  /** Sorted by position. */
  readonly namespaces: readonly NamespacePoint[];
}

const hashCache = new Map<string, NamespacePoint>();

function point(name: string, count: number): NamespacePoint {
  let p = hashCache.get(name);
  if (!p) {
    const hex = hashField(name);
    const position = (parseInt(hex.slice(0, 8), 16) * 4294967296 + parseInt(hex.slice(8), 16)) / 18446744073709551616;
    p = { name, hash: '0x' + hex, position, count: 0 };
    if (hashCache.size > 20_000) hashCache.clear();
    hashCache.set(name, p);
  }
  return { ...p, count };
}

/**
 * Builds the namespace view. Each object gets its namespace's position plus `j / n * 2^-20`,
 * which the painter's jitter (the bits below 2^-20) turns into an even vertical spread.
 */
export function namespaceView(cluster: ClusterSummary): NamespaceView {
  const list: NamespacePoint[] = [];
  cluster.namespaceNames.forEach((name, i) => {
    const n = cluster.perNamespace[i] ?? 0;
    if (n > 0) list.push(point(name, n));
  });
  if (cluster.clusterScoped > 0) list.push(point('', cluster.clusterScoped));
  list.sort((a, b) => a.position - b.position);
  const count = list.reduce((a, p) => a + p.count, 0);
  const positions = new Float64Array(count);
  const spread = 2 ** -20;
  let k = 0;
  for (const p of list) {
    for (let j = 0; j < p.count; j++) positions[k++] = Math.min(p.position + ((j + 0.5) / p.count) * spread, 1 - 2 ** -53);
  }
  return { count, positions, namespaces: list };
}
