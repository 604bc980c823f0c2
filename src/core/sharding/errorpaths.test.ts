import { describe, expect, it } from 'vitest';
import { HASH_SPACE, parseHex } from './hex';
import { ShardSelector, requirementToString, resolveFieldValue } from './selector';
import { splitHashSpace, splitShard } from './split';
import type { ShardKey, ShardRangeRequirement } from './types';

// The public functions keep the error paths of their Go counterparts: bad input is an error,
// never a silent default or a printed `shardRange(, ...)`.

const LOW = '0x0000000000000000';
const HALF = '0x8000000000000000';
const END = '0x10000000000000000';

/** A requirement with a key the type system would refuse (as a JavaScript caller can pass). */
function req(key: string, start = LOW, end = HALF): ShardRangeRequirement {
  return { key: key as ShardKey, start, end };
}

describe('resolveFieldValue', () => {
  it('reads the uid and the namespace, a missing field reading as ""', () => {
    const obj = { metadata: { uid: 'u-1', namespace: 'ns' } };
    expect(resolveFieldValue(obj, 'object.metadata.uid')).toBe('u-1');
    expect(resolveFieldValue(obj, 'object.metadata.namespace')).toBe('ns');
    expect(resolveFieldValue({ metadata: {} }, 'object.metadata.namespace')).toBe('');
  });

  it('rejects an unsupported field path with Go\'s %q quoting instead of reading the namespace', () => {
    const obj = { metadata: { uid: 'u-1', namespace: 'ns' } };
    expect(() => resolveFieldValue(obj, 'object.metadata.name' as ShardKey)).toThrow('unsupported field path: "object.metadata.name"');
    expect(() => resolveFieldValue(obj, '' as ShardKey)).toThrow('unsupported field path: ""');
    expect(() => resolveFieldValue(obj, 'a\tb' as ShardKey)).toThrow('unsupported field path: "a\\tb"');
  });
});

describe('constructing a ShardSelector', () => {
  it('accepts well-formed ranges on either key, and no range at all (everything)', () => {
    expect(new ShardSelector([req('object.metadata.uid', LOW, END)]).toString()).toBe(`shardRange(object.metadata.uid, '${LOW}', '${END}')`);
    expect(new ShardSelector([req('object.metadata.namespace')]).key).toBe('object.metadata.namespace');
    expect(new ShardSelector([]).empty()).toBe(true);
  });

  it('refuses an empty or unsupported key', () => {
    expect(() => new ShardSelector([req('')])).toThrow('unsupported field path: ""');
    expect(() => new ShardSelector([req('object.metadata.name')])).toThrow('unsupported field path: "object.metadata.name"');
  });

  it('refuses malformed bounds: no 0x, uppercase, short, too long, or beyond 2^64', () => {
    for (const bad of ['8000000000000000', '0x8000000000000ABC', '0x80', '0x', '0x800000000000000000', '0x10000000000000001', '0x20000000000000000', ' 0x8000000000000000']) {
      expect(() => new ShardSelector([req('object.metadata.uid', LOW, bad)]), bad).toThrow(/^invalid shard range bound /);
      expect(() => new ShardSelector([req('object.metadata.uid', bad, END)]), bad).toThrow(/^invalid shard range bound /);
    }
    expect(() => new ShardSelector([req('object.metadata.uid', LOW, '0x80')])).toThrow(
      `invalid shard range bound "0x80": must be '0x' and 16 lowercase hex digits, or '0x10000000000000000'`,
    );
  });

  it('refuses a range whose start is not below its end, with the parser\'s message', () => {
    expect(() => new ShardSelector([req('object.metadata.uid', HALF, HALF)])).toThrow(`shard range start ${HALF} must be less than end ${HALF}`);
    expect(() => new ShardSelector([req('object.metadata.uid', END, HALF)])).toThrow(`shard range start ${END} must be less than end ${HALF}`);
  });

  it('refuses ranges on two different fields, with the parser\'s message', () => {
    expect(() => new ShardSelector([req('object.metadata.uid'), req('object.metadata.namespace', HALF, END)])).toThrow(
      'all shard ranges must use the same field, got "object.metadata.uid" and "object.metadata.namespace"',
    );
  });
});

describe('requirementToString', () => {
  it('prints the canonical text of a well-formed requirement', () => {
    expect(requirementToString(req('object.metadata.namespace', LOW, END))).toBe(`shardRange(object.metadata.namespace, '${LOW}', '${END}')`);
  });

  it('never prints shardRange(, ...): an empty or unsupported key or a malformed bound is an error', () => {
    expect(() => requirementToString(req(''))).toThrow('unsupported field path: ""');
    expect(() => requirementToString(req('metadata.uid'))).toThrow('unsupported field path: "metadata.uid"');
    expect(() => requirementToString(req('object.metadata.uid', LOW, '0xFF'))).toThrow(/^invalid shard range bound "0xFF"/);
  });

  it('still prints a start-not-below-end range: that text is for the server to reject (HTTP 500)', () => {
    expect(requirementToString(req('object.metadata.uid', HALF, LOW))).toBe(`shardRange(object.metadata.uid, '${HALF}', '${LOW}')`);
  });
});

describe('splitShard (shard i of an equal split)', () => {
  it('is entry i of splitHashSpace(n) for every i in [0, n)', () => {
    for (const n of [1, 2, 3, 7, 16, 64, 1000]) {
      const all = splitHashSpace(n);
      for (let i = 0; i < n; i++) expect(splitShard(i, n)).toEqual(all[i]);
    }
    const i = 999_999;
    expect(parseHex(splitShard(i, 1_000_000).start)).toBe((BigInt(i) * HASH_SPACE) / 1_000_000n);
  });

  it('refuses an index outside [0, n)', () => {
    for (const [i, n] of [[-1, 4], [4, 4], [5, 4], [1.5, 4], [Number.NaN, 4], [0, 0]] as const) {
      expect(() => splitShard(i, n), `${i} of ${n}`).toThrow(RangeError);
    }
    expect(() => splitShard(4, 4)).toThrow('shard index must be an integer from 0 to 3, got 4');
  });
});
