import { describe, expect, it } from 'vitest';
import { CelError } from './cel';
import { INVALID_SHARD_SELECTOR_PREFIX, ShardSelectorError } from './errors';
import { parseShardSelector } from './parser';

describe('the error types', () => {
  it('ShardSelectorError is an Error named after its class, with code, span and suggestion', () => {
    let caught: unknown;
    try {
      parseShardSelector("shardRange(object.metadata.uid, '0x1', '0x8000000000000000')");
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ShardSelectorError);
    expect(caught).toBeInstanceOf(Error);
    const e = caught as ShardSelectorError;
    expect(e.name).toBe('ShardSelectorError');
    expect(String(e)).toBe(`ShardSelectorError: ${e.message}`);
    expect(e.code).toBe('short-hex');
    expect(e.suggestion).toBe('0x0000000000000001');
    expect(e.span).toEqual({ offset: 32, length: 5, line: 1, column: 33 });
  });

  it('CelError is an Error named after its class, with its span', () => {
    const e = new CelError('m', 1, 3);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('CelError');
    expect([e.message, e.start, e.end]).toEqual(['m', 1, 3]);
  });

  it('the server prefixes parser messages with "invalid shard selector: "', () => {
    expect(INVALID_SHARD_SELECTOR_PREFIX).toBe('invalid shard selector: ');
  });
});
