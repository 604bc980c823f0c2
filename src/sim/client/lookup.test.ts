import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitHashSpace, requirementToString } from '../../core/sharding';
import { LOOKUP_MAX_LENGTH, lookupOwner } from './lookup';

const UID = 'object.metadata.uid' as const;
const NS = 'object.metadata.namespace' as const;
const equal = (n: number, key: typeof UID | typeof NS = UID) => splitHashSpace(n).map((r) => requirementToString({ key, start: r.start, end: r.end }));
/** Jump consistent hash (Lamping & Veach) in BigInt, written here from the paper, as the reference. */
function jumpHashBigInt(key: bigint, buckets: number): number {
  let k = key;
  let b = -1;
  let j = 0;
  while (j < buckets) {
    b = j;
    k = (k * 2862933555777941757n + 1n) & 0xffffffffffffffffn;
    j = Math.floor((b + 1) * (2 ** 31 / Number((k >> 33n) + 1n)));
  }
  return b;
}
const golden = JSON.parse(readFileSync(join(__dirname, '../../../tests/fixtures/fnv1a64-go.json'), 'utf8')) as { fnv1a64: { value: string; hash: string }[] };

describe('lookupOwner', () => {
  it("hashes bit for bit as Go's hash/fnv New64a (every golden vector)", () => {
    for (const { value, hash } of golden.fnv1a64) expect(lookupOwner(value, { key: UID, selectors: equal(4), clientJump: false }).hash).toBe('0x' + hash);
  });

  it('server-side: the replica whose [start, end) holds the hash, with that range as the selector text', () => {
    for (const { value, hash } of golden.fnv1a64.slice(0, 50)) {
      const h = BigInt('0x' + hash);
      const r = lookupOwner(value, { key: UID, selectors: equal(4), clientJump: false });
      const want = Number(h / (1n << 62n));
      expect(r.server.owners).toEqual([want]);
      const range = splitHashSpace(4)[want]!;
      expect(r.server.matches).toEqual([{ replica: want, selector: `shardRange(object.metadata.uid, '${range.start}', '${range.end}')` }]);
      expect(r.position).toBeCloseTo(Number(h) / 2 ** 64, 12);
      expect(r.client).toEqual({ kind: 'ranges', ...r.server });
    }
  });

  it('a bound is inclusive at start and exclusive at end', () => {
    // "a" hashes to 0xaf63dc4c8601ec8c.
    const at = (start: string, end: string) => lookupOwner('a', { key: UID, selectors: [`shardRange(object.metadata.uid, '${start}', '${end}')`], clientJump: false }).server.owners;
    expect(at('0xaf63dc4c8601ec8c', '0xaf63dc4c8601ec8d')).toEqual([0]);
    expect(at('0x0000000000000000', '0xaf63dc4c8601ec8c')).toEqual([]);
  });

  it('client-side jump hash: the kube-state-metrics bucket of the uid hash, also under the namespace key when the uid is known', () => {
    for (const { value, hash } of golden.fnv1a64.slice(0, 30)) {
      const r = lookupOwner(value, { key: UID, selectors: equal(5), clientJump: true });
      expect(r.client).toEqual({ kind: 'jump', owner: jumpHashBigInt(BigInt('0x' + hash), 5), uidHash: '0x' + hash });
    }
    const ns = lookupOwner('default', { key: NS, selectors: equal(5, NS), clientJump: true }, golden.fnv1a64[0]!.value);
    expect(ns.hash).toBe('0xebada5168620c5fe');
    expect(ns.client).toEqual({ kind: 'jump', owner: jumpHashBigInt(BigInt('0x' + golden.fnv1a64[0]!.hash), 5), uidHash: '0x' + golden.fnv1a64[0]!.hash });
    expect(lookupOwner('default', { key: NS, selectors: equal(5, NS), clientJump: true }).client).toEqual({ kind: 'jump-per-object' });
  });

  it('gaps, overlaps, an empty selector and a selector the apiserver rejects', () => {
    const sel = [
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x1000000000000000')",
      "shardRange(object.metadata.uid, '0xa000000000000000', '0xb000000000000000') || shardRange(object.metadata.uid, '0xaf00000000000000', '0xc000000000000000')",
      "shardRange(object.metadata.uid, '0xaf00000000000000', '0xb000000000000000')",
      "shardRange(object.metadata.uid, '0x0', '0x1')",
      '',
    ];
    const r = lookupOwner('a', { key: UID, selectors: sel, clientJump: false });
    expect(r.server.owners).toEqual([1, 2, 4]);
    expect(r.server.matches.map((m) => m.replica)).toEqual([1, 1, 2, 4]);
    expect(r.server.failing).toEqual([{ replica: 3, message: expect.stringMatching(/^invalid shard selector: hexStart must be a 0x-prefixed 16-digit hex value, got "0x0"/) }]);
    expect(lookupOwner('a', { key: UID, selectors: [sel[0]!], clientJump: false }).server.owners).toEqual([]);
  });

  it('any text, even a lone surrogate or an empty string, hashes without throwing; an over-long one is refused with a message', () => {
    expect(lookupOwner('', { key: NS, selectors: equal(2, NS), clientJump: false }).hash).toBe('0xcbf29ce484222325');
    expect(lookupOwner('\ud800', { key: UID, selectors: equal(2), clientJump: false }).hash).toMatch(/^0x[0-9a-f]{16}$/);
    expect(() => lookupOwner('x'.repeat(LOOKUP_MAX_LENGTH + 1), { key: UID, selectors: equal(2), clientJump: false })).toThrow(/at most 100000 characters/);
  });
});
