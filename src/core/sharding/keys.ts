/**
 * The shard keys: one entry per field that kube-apiserver v1.36 can hash (apimachinery
 * `pkg/sharding`, `ResolveFieldValue`), in the order the parser's message lists them. Every
 * list, union and lookup of keys in ShardScope derives from this table, so a key added here
 * is a compile error wherever the code must say what to do with it.
 */

/** The part of a Kubernetes object the matcher reads. */
export interface ShardableObject {
  readonly metadata: { readonly uid?: string; readonly namespace?: string };
}

/** What the table says about one key. */
interface ShardKeySpec {
  /** Its short name: the command line's `--key` value. */
  readonly id: string;
  /** The field path a `shardRange()` names, and the apiserver echoes. */
  readonly path: string;
  /** Its position in the table: an index for typed arrays and per-key columns. */
  readonly index: number;
  /** Its value in an object; undefined when the object does not set it (read as ""). */
  readonly read: (obj: ShardableObject) => string | undefined;
}

/** Every shard key, in the apiserver's order (its "supported: ..." message lists them so). */
export const SHARD_KEY_TABLE = [
  { id: 'uid', path: 'object.metadata.uid', index: 0, read: (obj) => obj.metadata.uid },
  { id: 'namespace', path: 'object.metadata.namespace', index: 1, read: (obj) => obj.metadata.namespace },
] as const satisfies readonly ShardKeySpec[];

/** One entry of {@link SHARD_KEY_TABLE}. */
export type ShardKeyEntry = (typeof SHARD_KEY_TABLE)[number];
/** A key's short name (`uid`, `namespace`). */
export type ShardKeyId = ShardKeyEntry['id'];
/** A key's field path (`object.metadata.uid`, ...): what selectors, parameters and links carry. */
export type ShardKey = ShardKeyEntry['path'];
/** A key's index in the table. */
export type ShardKeyIndex = ShardKeyEntry['index'];

/** The entries by short name: `SHARD_KEY.uid.path`. */
export const SHARD_KEY: { readonly [I in ShardKeyId]: Extract<ShardKeyEntry, { readonly id: I }> } = Object.freeze(
  Object.fromEntries(SHARD_KEY_TABLE.map((k) => [k.id, k])) as { [I in ShardKeyId]: Extract<ShardKeyEntry, { readonly id: I }> },
);

/** Every key's field path, in table order. */
export const SHARD_KEYS: readonly ShardKey[] = Object.freeze(SHARD_KEY_TABLE.map((k) => k.path));

/** Every key's short name, in table order. */
export const SHARD_KEY_IDS: readonly ShardKeyId[] = Object.freeze(SHARD_KEY_TABLE.map((k) => k.id));

const BY_PATH: ReadonlyMap<string, ShardKeyEntry> = new Map(SHARD_KEY_TABLE.map((k) => [k.path, k]));
const BY_ID: ReadonlyMap<string, ShardKeyEntry> = new Map(SHARD_KEY_TABLE.map((k) => [k.id, k]));

/** The entry whose field path is `path`, or undefined for a field the apiserver does not support. */
export function shardKeyByPath(path: string): ShardKeyEntry | undefined {
  return BY_PATH.get(path);
}

/** The entry whose short name is `id`, or undefined. */
export function shardKeyById(id: string): ShardKeyEntry | undefined {
  return BY_ID.get(id);
}

/** Whether `value` is one of the field paths the apiserver supports. */
export function isShardKey(value: unknown): value is ShardKey {
  return typeof value === 'string' && BY_PATH.has(value);
}

/**
 * The entry of a key typed as one. Throws for a value that only claims to be a key (built by
 * a cast, or read from outside), as apimachinery's `ResolveFieldValue` fails on any other path.
 */
export function shardKeyOf(key: ShardKey): ShardKeyEntry {
  const entry = BY_PATH.get(key);
  if (entry === undefined) throw new Error(`not a shard key: ${JSON.stringify(key)}`);
  return entry;
}

/** The index of a key typed as one (see {@link shardKeyOf}). */
export function shardKeyIndex(key: ShardKey): ShardKeyIndex {
  return shardKeyOf(key).index;
}
