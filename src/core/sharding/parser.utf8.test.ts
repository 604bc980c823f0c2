import { beforeAll, describe, expect, it } from 'vitest';
import { ShardSelectorError } from './errors';
import { parseShardSelector } from './parser';
import { loadSyntaxErrors } from './cel';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

// The apiserver checks a bound's length with Go's len, which counts UTF-8 bytes: 1 below
// U+0080, 2 below U+0800, 3 up to U+FFFF and 4 beyond (a surrogate pair in JavaScript). Over
// 17 bytes it is "too long" before any character is looked at; at 17 or fewer the first
// non-hex character is reported instead.

const UID = 'object.metadata.uid';

function messageFor(hexStart: string): string {
  try {
    parseShardSelector(`shardRange(${UID}, '0x${hexStart}', '0x8000000000000000')`);
  } catch (e) {
    if (e instanceof ShardSelectorError) return e.message;
    throw e;
  }
  throw new Error(`${hexStart} parsed`);
}

const tooLong = (digits: string, bytes: number) => `hexStart: hex value too long (${bytes} chars, max 17): "${digits}"`;
/** `c` and `digits` as Go's %q prints them. */
const badChar = (c: string, digits: string) => `hexStart: invalid hex character "${c}" in "0x${digits}"`;

describe('the length check counts UTF-8 bytes at every encoded length', () => {
  it('U+007F is one byte and U+0080 two', () => {
    expect(messageFor('0'.repeat(16) + '\u007f')).toBe(badChar('\\x7f', '0'.repeat(16) + '\\x7f'));
    expect(messageFor('0'.repeat(16) + '\u0080')).toBe(tooLong('0'.repeat(16) + '\\u0080', 18));
  });

  it('U+07FF is two bytes and U+0800 three', () => {
    expect(messageFor('0'.repeat(15) + '\u07ff')).toBe(badChar('\u07ff', '0'.repeat(15) + '\u07ff'));
    expect(messageFor('0'.repeat(15) + '\u0800')).toBe(tooLong('0'.repeat(15) + '\u0800', 18));
  });

  it('U+FFFD is three bytes and an astral character four', () => {
    expect(messageFor('0'.repeat(14) + '\ufffd')).toBe(badChar('\ufffd', '0'.repeat(14) + '\ufffd'));
    expect(messageFor('0'.repeat(13) + '😀')).toBe(badChar('😀', '0'.repeat(13) + '😀'));
    expect(messageFor('0'.repeat(14) + '😀')).toBe(tooLong('0'.repeat(14) + '😀', 18));
    expect(messageFor('😀'.repeat(5))).toBe(tooLong('😀'.repeat(5), 20));
  });
});
