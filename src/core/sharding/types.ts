import type { ShardKey } from './keys';

export type { ShardKey, ShardableObject } from './keys';

/**
 * One `shardRange(key, start, end)` term. `start` and `end` keep the `0x` prefix and are
 * exactly as the apiserver validated them: 16 lowercase hex digits, or the 17-digit 2^64
 * (`0x10000000000000000`), which can only usefully be an end.
 */
export interface ShardRangeRequirement {
  readonly key: ShardKey;
  readonly start: string;
  readonly end: string;
}

/**
 * A place in the selector text. `offset` and `length` count UTF-16 code units of the string
 * that was passed to the parser (before trimming), so an editor can underline
 * `text.slice(offset, offset + length)`. `line` and `column` are 1-based; the column counts
 * UTF-16 code units from the start of the line.
 */
export interface SourceSpan {
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
}
