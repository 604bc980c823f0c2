import { describe, expect, it } from 'vitest';
import { ShardSelector } from './selector';
import { hashField } from './hash';

const uidRange = (start: string, end: string) => ({ key: 'object.metadata.uid' as const, start, end });

describe('ShardSelector', () => {
  it('prints the canonical text the apiserver echoes in shardInfo', () => {
    const s = new ShardSelector([uidRange('0x0000000000000000', '0x4000000000000000'), uidRange('0x8000000000000000', '0xc000000000000000')]);
    expect(s.toString()).toBe(
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000') || shardRange(object.metadata.uid, '0x8000000000000000', '0xc000000000000000')",
    );
  });

  it('includes the start and excludes the end of a range', () => {
    const uid = '52fdfc07-2182-454f-963f-5f0f9a621d72'; // hash 072c9868e99474df
    expect(hashField(uid)).toBe('072c9868e99474df');
    expect(new ShardSelector([uidRange('0x072c9868e99474df', '0x072c9868e99474e0')]).matches({ metadata: { uid } })).toBe(true);
    expect(new ShardSelector([uidRange('0x0000000000000000', '0x072c9868e99474df')]).matches({ metadata: { uid } })).toBe(false);
  });

  it('hashes the namespace for namespace keys, "" for a cluster-scoped object', () => {
    const s = new ShardSelector([{ key: 'object.metadata.namespace', start: '0xcbf29ce484222325', end: '0xcbf29ce484222326' }]);
    expect(s.matches({ metadata: { uid: 'x' } })).toBe(true);
    expect(s.matches({ metadata: { uid: 'x', namespace: 'default' } })).toBe(false);
  });

  it('matches everything when it has no ranges (apimachinery Everything)', () => {
    const s = new ShardSelector([]);
    expect(s.empty()).toBe(true);
    expect(s.matches({ metadata: {} })).toBe(true);
    expect(s.toString()).toBe('');
  });

  it('lets the top of the space reach 2^64', () => {
    const s = new ShardSelector([uidRange('0xffffffffffffffff', '0x10000000000000000')]);
    expect(s.matchesHash(0xffffffff, 0xffffffff)).toBe(true);
    expect(s.matchesHash(0xffffffff, 0xfffffffe)).toBe(false);
  });
});
