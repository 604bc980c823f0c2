/**
 * The default branch of an exhaustive `switch`: with every case handled, `value` has type
 * `never` and this compiles; a case added to the union (a shard key, a client profile) and
 * not handled makes it a compile error at that `switch`. At run time it throws, for a value
 * that only claims to be of the union.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
