/**
 * Where the model keeps each shard key's hash, and how it finds the objects a range of that
 * key holds: one entry per key of the core's table (`SHARD_KEY_TABLE`), so a new key is a
 * compile error here until the model says where its hash lives.
 */
import { SHARD_KEY_TABLE, shardKeyOf } from '../../core/sharding';
import type { ShardKey, ShardKeyId, ShardKeyIndex } from '../../core/sharding';

/** The per-slot hash columns (high and low 32 bits) of every key: a cluster's, a recorded stream's. */
export interface HashColumns {
  readonly uidHi: Uint32Array;
  readonly uidLo: Uint32Array;
  readonly nsHi: Uint32Array;
  readonly nsLo: Uint32Array;
}

/**
 * How the objects a range holds are found:
 * - `sorted-index`: the cluster's sorted hash index (`Cluster.index`) orders slots by this
 *   key's hash, so a range is a contiguous run of it;
 * - `namespace-hash`: the value is the object's namespace, whose hash the cluster keeps per
 *   namespace (`Cluster.nsHashHi`/`nsHashLo`): a range holds whole namespaces.
 */
export type KeyLookup = 'sorted-index' | 'namespace-hash';

/** What the model keeps for one key. */
export interface KeyColumns {
  readonly hi: keyof HashColumns;
  readonly lo: keyof HashColumns;
  readonly lookup: KeyLookup;
}

/** The model's columns and lookup per key. */
export const KEY_COLUMNS = {
  uid: { hi: 'uidHi', lo: 'uidLo', lookup: 'sorted-index' },
  namespace: { hi: 'nsHi', lo: 'nsLo', lookup: 'namespace-hash' },
} as const satisfies { readonly [I in ShardKeyId]: KeyColumns };

const BY_INDEX: readonly KeyColumns[] = SHARD_KEY_TABLE.map((k) => KEY_COLUMNS[k.id]);

/** The model's entry for a key. */
export function keyColumns(key: ShardKey): KeyColumns {
  return KEY_COLUMNS[shardKeyOf(key).id];
}

/** The column of a key's hash, high 32 bits, by slot. */
export function keyHashHi(c: HashColumns, key: ShardKeyIndex): Uint32Array {
  return c[BY_INDEX[key]!.hi];
}

/** The column of a key's hash, low 32 bits, by slot. */
export function keyHashLo(c: HashColumns, key: ShardKeyIndex): Uint32Array {
  return c[BY_INDEX[key]!.lo];
}

/** Both columns of a key's hash, by slot. */
export function keyHashes(c: HashColumns, key: ShardKey): readonly [Uint32Array, Uint32Array] {
  const k = keyColumns(key);
  return [c[k.hi], c[k.lo]];
}
