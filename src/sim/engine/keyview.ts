/**
 * What the views show per shard key: the field of an `ObjectInfo` that holds the object's
 * hash under a key, and whether the hash-space view groups objects by namespace.
 */
import { shardKeyOf } from '../../core/sharding';
import type { ShardKey, ShardKeyId } from '../../core/sharding';
import { keyColumns } from '../cluster';
import type { ObjectInfo } from './viewTypes';

/** The field of an `ObjectInfo` with its hash under each key. */
const OBJECT_HASH = { uid: 'uidHash', namespace: 'namespaceHash' } as const satisfies { readonly [I in ShardKeyId]: keyof ObjectInfo };

/** An object's hash under `key` (`0x` + 16 hex digits). */
export function objectHash(o: ObjectInfo, key: ShardKey): string {
  return o[OBJECT_HASH[shardKeyOf(key).id]];
}

/**
 * Whether the hash-space view under `key` groups objects by namespace: every object of a
 * namespace sits at its namespace's position, and the view lists the namespaces.
 */
export function viewGroupsByNamespace(key: ShardKey): boolean {
  return keyColumns(key).lookup === 'namespace-hash';
}
