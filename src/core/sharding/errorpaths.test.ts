import { describe, expect, it } from 'vitest';
import { HASH_SPACE, parseHex } from './hex';
import { ShardSelector, requirementToString, resolveFieldValue } from './selector';
import { parseShardSelector } from './parser';
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

describe('a ShardSelector built from requirements, as apimachinery’s NewSelector (v0.36.3)', () => {
  const obj = (uid: string) => ({ metadata: { uid, namespace: 'ns' } });

  it('accepts well-formed ranges on either key, and no range at all (everything)', () => {
    expect(new ShardSelector([req('object.metadata.uid', LOW, END)]).toString()).toBe(`shardRange(object.metadata.uid, '${LOW}', '${END}')`);
    expect(new ShardSelector([req('object.metadata.namespace')]).key).toBe('object.metadata.namespace');
    expect(new ShardSelector([]).empty()).toBe(true);
    expect(new ShardSelector([]).matches(obj('x'))).toBe(true);
  });

  it('does not validate the bound text: String() of bounds 0x00 and 0x80 prints them unchanged', () => {
    const sel = new ShardSelector([req('object.metadata.uid', '0x00', '0x80')]);
    expect(sel.toString()).toBe("shardRange(object.metadata.uid, '0x00', '0x80')");
    expect(requirementToString(req('object.metadata.uid', '0xFF', 'nothing'))).toBe("shardRange(object.metadata.uid, '0xFF', 'nothing')");
  });

  it('compares with HexLess: a shorter string is smaller, so [0x00, 0x80) holds no 16-digit hash and a 17-digit end holds every hash above the start', () => {
    const short = new ShardSelector([req('object.metadata.uid', '0x00', '0x80')]);
    const long = new ShardSelector([req('object.metadata.uid', LOW, '0xd0ba679834556c0bf')]);
    for (const uid of ['a', 'b', 'pod-1', '3f2b0001-9c1e-4d2a-8f6b-000000001eef', '']) {
      // "0x" + 16 digits is longer than "0x80": never below the end.
      expect(short.matches(obj(uid)), uid).toBe(false);
      // ... and shorter than the 19-character end: always below it.
      expect(long.matches(obj(uid)), uid).toBe(true);
    }
    // The same through the hash halves the model matches with.
    expect(short.matchesHash(0, 0)).toBe(false);
    expect(long.matchesHash(0xffffffff, 0xffffffff)).toBe(true);
    // A 16-digit bound written in uppercase compares by bytes: 'A' < 'a', so 0x8000000000000ABC
    // sits below every lowercase hash that starts 0x8000000000000a.
    const upper = new ShardSelector([req('object.metadata.uid', LOW, '0x8000000000000ABC')]);
    expect(upper.matchesHash(0x80000000, 0x00000a00)).toBe(false);
    expect(upper.matchesHash(0x80000000, 0x00000900)).toBe(true);
  });

  it('fails to match when its ranges name different fields: "inconsistent shard keys"', () => {
    const mixed = new ShardSelector([req('object.metadata.uid'), req('object.metadata.namespace', HALF, END)]);
    expect(() => mixed.matches(obj('x'))).toThrow('inconsistent shard keys: "object.metadata.uid" vs "object.metadata.namespace"');
  });

  it('fails to match on an unsupported field path, with Go’s %q quoting', () => {
    expect(() => new ShardSelector([req('')]).matches(obj('x'))).toThrow('unsupported field path: ""');
    expect(() => new ShardSelector([req('object.metadata.name')]).matches(obj('x'))).toThrow('unsupported field path: "object.metadata.name"');
  });

  it('leaves start-below-end and one field to the parser, which refuses them with its own messages', () => {
    // A start not below its end simply matches nothing.
    expect(new ShardSelector([req('object.metadata.uid', HALF, HALF)]).matches(obj('x'))).toBe(false);
    expect(() => parseShardSelector(`shardRange(object.metadata.uid, '${HALF}', '${HALF}')`)).toThrow(`shard range start ${HALF} must be less than end ${HALF}`);
    expect(() => parseShardSelector(`shardRange(object.metadata.uid, '${LOW}', '${HALF}') || shardRange(object.metadata.namespace, '${HALF}', '${END}')`)).toThrow(
      'all shard ranges must use the same field, got "object.metadata.uid" and "object.metadata.namespace"',
    );
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
