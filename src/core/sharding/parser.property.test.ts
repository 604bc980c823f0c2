import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShardSelectorError } from './errors';
import { formatHex, HASH_SPACE } from './hex';
import { parseShardSelector } from './parser';
import type { ShardKey, ShardRangeRequirement } from './types';

/**
 * Whatever the input, `parseShardSelector` returns a selector or throws a
 * ShardSelectorError whose span lies inside the input; anything else fails the property.
 */
function outcome(input: string): 'ok' | 'rejected' {
  try {
    const s = parseShardSelector(input);
    // Every selector it accepts must survive a round trip through its canonical text.
    expect(parseShardSelector(s.toString()).requirements).toEqual(s.requirements);
    return 'ok';
  } catch (e) {
    if (!(e instanceof ShardSelectorError)) throw e;
    const { offset, length, line, column } = e.span;
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(length).toBeGreaterThanOrEqual(0);
    expect(offset + length).toBeLessThanOrEqual(input.length);
    const before = input.slice(0, offset);
    expect(line).toBe(before.split('\n').length);
    expect(column).toBe(offset - before.lastIndexOf('\n'));
    expect(e.message.length).toBeGreaterThan(0);
    return 'rejected';
  }
}

// ---- valid selectors in every CEL spelling -------------------------------------------

const keyArb: fc.Arbitrary<ShardKey> = fc.constantFrom('object.metadata.uid', 'object.metadata.namespace');

/** start < end, both in [0, 2^64]: the exact bounds the apiserver accepts. */
const rangeArb: fc.Arbitrary<{ start: string; end: string }> = fc
  .tuple(fc.bigInt({ min: 0n, max: HASH_SPACE }), fc.bigInt({ min: 0n, max: HASH_SPACE }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => (a < b ? [a, b] : [b, a]))
  .map(([a, b]) => ({ start: formatHex(a), end: formatHex(b) }));

/** Whitespace and comments CEL allows between tokens. */
const gapArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r\n', '\f', '// note\n'), { maxLength: 3 })
  .map((parts) => parts.join(''));

/** One character of a string literal, possibly as an escape that decodes to it. */
function escapedChar(c: string): fc.Arbitrary<string> {
  const cp = c.codePointAt(0)!;
  const hex = (n: number, w: number): string => cp.toString(16).padStart(w, '0').slice(-n);
  return fc.constantFrom(
    c,
    `\\x${hex(2, 2)}`,
    `\\X${hex(2, 2).toUpperCase()}`,
    `\\${cp.toString(8).padStart(3, '0')}`,
    `\\u${hex(4, 4)}`,
    `\\U${hex(8, 8)}`,
  );
}

/** A CEL string literal whose value is `value` (which is plain ASCII hex here). */
function stringLiteralArb(value: string): fc.Arbitrary<string> {
  const raw = fc.constantFrom("r'", 'r"', "R'", 'R"', "r'''", 'r"""').map((open) => open + value + open.slice(1));
  const escaped = fc
    .tuple(fc.constantFrom("'", '"', "'''", '"""'), fc.tuple(...Array.from(value, escapedChar)))
    .map(([q, chars]) => q + chars.join('') + q);
  return fc.oneof(raw, escaped);
}

/** A field path written with optional spaces, comments and parentheses. */
function keyTextArb(key: ShardKey): fc.Arbitrary<string> {
  return fc
    .tuple(gapArb, gapArb, fc.boolean())
    .map(([g1, g2, paren]) => {
      const text = key.split('.').join(`${g1}.${g2}`);
      return paren ? `(${text})` : text;
    });
}

function callTextArb(r: ShardRangeRequirement): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('', '!!', '--', '!!!!'),
      fc.constantFrom('shardRange', 'x.shardRange', 'a.b.shardRange', '[1].shardRange'),
      gapArb,
      keyTextArb(r.key),
      stringLiteralArb(r.start),
      stringLiteralArb(r.end),
      gapArb,
      fc.nat({ max: 3 }),
    )
    .map(([prefix, fn, g, key, start, end, g2, parens]) => {
      const call = `${prefix}${fn}${g}(${g2}${key},${g}${start}${g2},${g}${end}${g2})`;
      return '('.repeat(parens) + call + ')'.repeat(parens);
    });
}

/** A valid selector over one key, its requirements, and one way of writing it. */
const validSelectorArb: fc.Arbitrary<{ text: string; requirements: ShardRangeRequirement[] }> = fc
  .tuple(keyArb, fc.array(rangeArb, { minLength: 1, maxLength: 5 }), gapArb, fc.constantFrom('', ' ', '\u0085', '\u00a0', '\u3000\n'))
  .chain(([key, ranges, gap, pad]) => {
    const requirements = ranges.map((r) => ({ key, ...r }));
    return fc.tuple(...requirements.map(callTextArb)).map((calls) => ({
      text: pad + calls.join(`${gap}||${gap}`) + pad,
      requirements,
    }));
  });

// ---- junk --------------------------------------------------------------------------------

const CEL_FRAGMENTS = [
  'shardRange', 'x.', '(', ')', ',', '||', '|', '&&', '!', '-', '--', 'object', '.', 'metadata', 'uid', 'namespace',
  "'0x0000000000000000'", '"0x8000000000000000"', "'0x10000000000000000'", "r'0x", "'''", '"""', "'", '"',
  '\\x30', '\\u0030', '\\ud800', '[', ']', '{', '}', ':', '?', '.?', '[?', '1', '-1', '1u', '0x', '1.5', '1e999',
  '9223372036854775808', "b''", 'true', 'null', 'in', 'if', '//', '/*', '*/', ' ', '\n', '\t', '\f', '\v',
  '\u0085', '\ufeff', '`', '#', '😀', '\ud800', '\udc00', 'é',
];

const tokenSoupArb: fc.Arbitrary<string> = fc.array(fc.constantFrom(...CEL_FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));

const utf16UnitArb: fc.Arbitrary<string> = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** A valid selector with one character deleted, replaced or inserted. */
const mutatedSelectorArb: fc.Arbitrary<string> = fc
  .tuple(validSelectorArb, fc.nat(), fc.constantFrom('delete', 'replace', 'insert'), fc.constantFrom(...CEL_FRAGMENTS))
  .map(([{ text }, at, op, piece]) => {
    const i = at % (text.length + 1);
    if (op === 'delete') return text.slice(0, i) + text.slice(i + 1);
    if (op === 'replace') return text.slice(0, i) + piece + text.slice(i + 1);
    return text.slice(0, i) + piece + text.slice(i);
  });

describe('parseShardSelector properties', () => {
  it('reads every spelling of a valid selector as its ranges, in order', () => {
    fc.assert(
      fc.property(validSelectorArb, ({ text, requirements }) => {
        expect(parseShardSelector(text).requirements).toEqual(requirements);
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the same ranges when parsing the canonical text of any parsed selector', () => {
    fc.assert(
      fc.property(validSelectorArb, ({ text }) => {
        const s = parseShardSelector(text);
        expect(parseShardSelector(String(s)).requirements).toEqual(s.requirements);
      }),
    );
  });

  it('only ever returns a selector or throws ShardSelectorError, for arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => void outcome(s)), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => void outcome(s)), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (s) => void outcome(s)), { numRuns: 300 });
  });

  it('only ever returns a selector or throws ShardSelectorError, for strings with unpaired surrogates', () => {
    fc.assert(fc.property(fc.string({ unit: utf16UnitArb, maxLength: 200 }), (s) => void outcome(s)), { numRuns: 500 });
  });

  it('only ever returns a selector or throws ShardSelectorError, for random mixes of CEL tokens', () => {
    fc.assert(fc.property(tokenSoupArb, (s) => void outcome(s)), { numRuns: 1000 });
  });

  it('only ever returns a selector or throws ShardSelectorError, for valid selectors with one edit', () => {
    fc.assert(fc.property(mutatedSelectorArb, (s) => void outcome(s)), { numRuns: 1000 });
  });
});

describe('parseShardSelector on hostile input', () => {
  it('rejects the empty string', () => {
    expect(outcome('')).toBe('rejected');
  });

  it('rejects a 1 MB string without parsing it (cel-go\'s code point limit)', () => {
    const big = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000') || ".repeat(13_000);
    expect(big.length).toBeGreaterThan(1_000_000);
    expect(outcome(big)).toBe('rejected');
    expect(() => parseShardSelector(big)).toThrow(`CEL parse error: expression code point size exceeds limit: size: ${big.trim().length}, limit 100000`);
    expect(outcome('x'.repeat(1 << 20))).toBe('rejected');
    expect(outcome(' '.repeat(1 << 20))).toBe('rejected');
  });

  it('rejects 10,000 nested parentheses at cel-go\'s recursion limit, without overflowing the stack', () => {
    const call = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";
    for (const text of ['('.repeat(10_000) + call + ')'.repeat(10_000), '('.repeat(10_000), '['.repeat(10_000), 'a ? b : '.repeat(10_000) + 'c', 'f('.repeat(10_000)]) {
      expect(() => parseShardSelector(text)).toThrow('CEL parse error: expression recursion limit exceeded: 250');
    }
  });

  it('rejects long left-nested chains at cel-go\'s depth limit, without overflowing the stack', () => {
    for (const text of ['a' + '.b'.repeat(40_000), '1' + '+1'.repeat(40_000), 'a' + '[0]'.repeat(25_000), 'x' + '.f()'.repeat(20_000)]) {
      expect(() => parseShardSelector(text)).toThrow('CEL parse error: max recursion depth exceeded');
    }
    // Unary runs are loops in the grammar, not nesting.
    expect(() => parseShardSelector('!'.repeat(90_000) + 'x')).toThrow('unexpected expression kind 3');
  });

  it('rejects binary junk', () => {
    const junk = Array.from({ length: 50_000 }, (_, i) => String.fromCharCode((i * 7919 + 13) & 0xffff)).join('');
    expect(outcome(junk)).toBe('rejected');
    expect(outcome('\u0000\u0001\u0002')).toBe('rejected');
  });

  it('rejects unpaired surrogates outside literals and reads them as U+FFFD inside', () => {
    expect(outcome('\ud800')).toBe('rejected');
    expect(outcome('shardRange(\udc00)')).toBe('rejected');
    expect(() => parseShardSelector("shardRange(object.metadata.uid, '\ud800', '0x8000000000000000')")).toThrow(
      `hexStart must have '0x' prefix, got "\ufffd"`,
    );
  });
});
