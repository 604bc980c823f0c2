import { beforeAll, describe, expect, it } from 'vitest';
import fixtures from '../../../tests/fixtures/selector-cases-celgo.json';
import { ShardSelectorError } from './errors';
import { goTrimSpace, parseShardSelector } from './parser';
import type { ShardRangeRequirement, SourceSpan } from './types';
import { loadSyntaxErrors } from './cel';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

const UID = 'object.metadata.uid';
const NS = 'object.metadata.namespace';
const LO = "'0x0000000000000000'";
const HI = "'0x8000000000000000'";
const END = "'0x10000000000000000'";

/** The error `parseShardSelector` throws for `input` (fails the test if it parses). */
function rejection(input: string): ShardSelectorError {
  try {
    const s = parseShardSelector(input);
    throw new Error(`parsed: ${s.toString()}`);
  } catch (e) {
    if (e instanceof ShardSelectorError) return e;
    throw e;
  }
}

/** Asserts the message and that the span underlines exactly `underlined`. */
function expectRejected(input: string, message: string, underlined: string): ShardSelectorError {
  const e = rejection(input);
  expect(e.message).toBe(message);
  expect(input.slice(e.span.offset, e.span.offset + e.span.length)).toBe(underlined);
  return e;
}

function requirements(input: string): ShardRangeRequirement[] {
  return [...parseShardSelector(input).requirements];
}

interface FixtureCase {
  readonly input: string;
  readonly ok: boolean;
  readonly error?: string;
  readonly requirements?: readonly ShardRangeRequirement[];
}

const cases = (fixtures as { cases: FixtureCase[] }).cases;
const CEL_PREFIX = 'CEL parse error: ';

describe('parseShardSelector against the cel-go fixtures', () => {
  it('has all 599 fixture cases, 182 of them valid', () => {
    expect(cases).toHaveLength(599);
    expect(cases.filter((c) => c.ok)).toHaveLength(182);
  });

  it.each(cases.map((c, i) => ({ ...c, i })))('fixture $i gets the verdict cel-go and the apiserver give', (c) => {
    if (c.ok) {
      const selector = parseShardSelector(c.input);
      expect(selector.requirements).toEqual(c.requirements);
      // The canonical text the apiserver echoes must itself parse to the same ranges.
      expect(parseShardSelector(selector.toString()).requirements).toEqual(c.requirements);
      return;
    }
    const e = rejection(c.input);
    expect(e).toBeInstanceOf(ShardSelectorError);
    if (c.error!.startsWith(CEL_PREFIX)) {
      // The rest of a CEL syntax message is ANTLR's wording; only the prefix is the apiserver's.
      expect(e.message.startsWith(CEL_PREFIX)).toBe(true);
      expect(e.code).toBe('syntax');
    } else {
      expect(e.message).toBe(c.error);
    }
  });
});

describe('parseShardSelector accepts', () => {
  it('one range, keeping the decoded bounds and the key', () => {
    expect(requirements(`shardRange(${UID}, ${LO}, ${HI})`)).toEqual([{ key: UID, start: '0x0000000000000000', end: '0x8000000000000000' }]);
    expect(requirements(`shardRange(${NS}, ${HI}, ${END})`)).toEqual([{ key: NS, start: '0x8000000000000000', end: '0x10000000000000000' }]);
  });

  it('ranges joined by || in the order written, however many', () => {
    const n = 300;
    const text = Array.from({ length: n }, (_, i) => `shardRange(${UID}, '0x${i.toString(16).padStart(16, '0')}', ${END})`).join(' || ');
    const reqs = requirements(text);
    expect(reqs).toHaveLength(n);
    expect(reqs.map((r) => r.start)).toEqual(Array.from({ length: n }, (_, i) => '0x' + i.toString(16).padStart(16, '0')));
  });

  it('every CEL string form for the bounds, decoded before the checks', () => {
    for (const [start, end] of [
      [`"0x0000000000000000"`, `"""0x8000000000000000"""`],
      [`'''0x0000000000000000'''`, `r'0x8000000000000000'`],
      [`R"0x0000000000000000"`, `r'''0x8000000000000000'''`],
      [String.raw`'\x30x0000000000000000'`, String.raw`'\u0030x800000000000000\U00000030'`],
      [String.raw`'\060\170\060000000000000000'`, String.raw`'0x8\X30\x300000000000000'`],
    ]) {
      expect(requirements(`shardRange(${UID}, ${start}, ${end})`)).toEqual([{ key: UID, start: '0x0000000000000000', end: '0x8000000000000000' }]);
    }
  });

  it('parentheses anywhere, comments, and any mix of the five CEL whitespace characters', () => {
    const text = `((shardRange // first\n(\t(${UID}),\r\n(${LO}),\f${HI})) || (shardRange(${UID}, ${HI}, ${END})))`;
    expect(requirements(text)).toHaveLength(2);
    const deep = '('.repeat(200) + `shardRange(${UID}, ${LO}, ${HI})` + ')'.repeat(200);
    expect(requirements(deep)).toHaveLength(1);
  });

  it('a receiver-style call, whose receiver the apiserver ignores', () => {
    expect(requirements(`x.shardRange(${UID}, ${LO}, ${HI})`)).toHaveLength(1);
    expect(requirements(`[1, {}].y.shardRange(${UID}, ${LO}, ${HI})`)).toHaveLength(1);
  });

  it('an even run of ! or -, which cel-go drops from the tree', () => {
    expect(requirements(`!!shardRange(${UID}, ${LO}, ${HI})`)).toHaveLength(1);
    expect(requirements(`--shardRange(${UID}, ${LO}, ${HI})`)).toHaveLength(1);
  });

  it('text trimmed of Unicode White_Space as Go does, including U+0085 and U+00A0', () => {
    expect(requirements(`\u0085\u00a0\u3000 shardRange(${UID}, ${LO}, ${HI})\v\u2028`)).toHaveLength(1);
  });

  it('its own canonical text', () => {
    const s = parseShardSelector(`shardRange(${UID}, ${LO}, ${HI}) || shardRange(${UID}, ${HI}, ${END})`);
    expect(s.toString()).toBe(`shardRange(${UID}, ${LO}, ${HI}) || shardRange(${UID}, ${HI}, ${END})`);
  });
});

describe('parseShardSelector rejects with the apiserver messages', () => {
  it('an empty or all-whitespace selector', () => {
    for (const input of ['', '  \t\n', '\u0085\u00a0\u2000']) {
      const e = expectRejected(input, 'empty shard selector is not allowed; omit the parameter for unfiltered lists', input);
      expect(e.code).toBe('empty');
      expect(e.span).toEqual({ offset: 0, length: input.length, line: 1, column: 1 });
    }
  });

  it('a zero width no-break space, which Go does not trim, as a CEL syntax error', () => {
    const e = rejection(`\ufeffshardRange(${UID}, ${LO}, ${HI})`);
    expect(e.message.startsWith(CEL_PREFIX)).toBe(true);
    expect(e.span).toMatchObject({ offset: 0, length: 1 });
  });

  it('a CEL syntax error, pointing at the unexpected token in the untrimmed input', () => {
    const input = `\n\n  shardRange(${UID}, ${LO} ${HI})`;
    const e = expectRejected(input, `CEL parse error: Syntax error: extraneous input '${HI}' expecting ')'`, HI);
    expect(e.code).toBe('syntax');
    expect(e.span).toEqual({ offset: 57, length: 20, line: 3, column: 56 });
    expect(e.hint).toBe(`unexpected string ${HI} at 3:56, expected ',' or ')'`);
  });

  it('C-style comments, with a hint', () => {
    const e = expectRejected(
      `shardRange(${UID}, /* a */ ${LO}, ${HI})`,
      "CEL parse error: Syntax error: mismatched input '/' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}",
      '/',
    );
    expect(e.code).toBe('syntax');
    expect(e.hint).toBe("unexpected '/' at 1:33, expected an expression (only // comments are supported)");
  });

  it('a \\u escape of a surrogate, with cel-go\'s message', () => {
    expectRejected(String.raw`shardRange(${UID}, '\ud800', ${HI})`, 'CEL parse error: invalid unicode code point', String.raw`'\ud800'`);
  });

  it('an int literal out of range, even where a later check would also fail', () => {
    expectRejected(`shardRange(object.metadata.name, ${LO}, 0xffffffffffffffff)`, 'CEL parse error: invalid int literal', '0xffffffffffffffff');
  });

  it('a backtick-quoted identifier', () => {
    expectRejected(`shardRange(object.\`metadata\`.uid, ${LO}, ${HI})`, "CEL parse error: unsupported syntax: '`'", '`metadata`');
  });

  it('a selector longer than cel-go\'s 100,000 code points', () => {
    const e = rejection('x'.repeat(100_001));
    expect(e.message).toBe('CEL parse error: expression code point size exceeds limit: size: 100001, limit 100000');
    // cel-go gives it no location: the whole expression.
    expect(e.span).toMatchObject({ offset: 0, length: 100_001 });
  });

  it('nesting past cel-go\'s recursion limit', () => {
    const e = rejection('('.repeat(300) + `shardRange(${UID}, ${LO}, ${HI})` + ')'.repeat(300));
    expect(e.message).toBe('CEL parse error: expression recursion limit exceeded: 250');
    // cel-go gives this error no location: the whole expression is underlined.
    expect(e.span).toMatchObject({ offset: 0, length: 300 + `shardRange(${UID}, ${LO}, ${HI})`.length + 300 });
  });

  it('any function but shardRange and ||, named as CEL names it, pointing at the operator', () => {
    const call = `shardRange(${UID}, ${LO}, ${HI})`;
    const cases: [string, string, string][] = [
      [`${call} && ${call}`, '_&&_', '&&'],
      [`!${call}`, '!_', '!'],
      [`-${call}`, '-_', '-'],
      [`${call} == true`, '_==_', '=='],
      [`${call} != true`, '_!=_', '!='],
      [`1 < 2`, '_<_', '<'],
      [`1 <= 2`, '_<=_', '<='],
      [`1 > 2`, '_>_', '>'],
      [`1 >= 2`, '_>=_', '>='],
      [`1 + 2`, '_+_', '+'],
      [`1 - 2`, '_-_', '-'],
      [`1 * 2`, '_*_', '*'],
      [`1 / 2`, '_/_', '/'],
      [`1 % 2`, '_%_', '%'],
      [`1 in [1]`, '@in', 'in'],
      [`true ? ${call} : ${call}`, '_?_:_', '?'],
      [`[${call}][0]`, '_[_]', '['],
      [`has(${UID})`, 'has', 'has'],
      [`ShardRange(${UID}, ${LO}, ${HI})`, 'ShardRange', 'ShardRange'],
      [`.shardRange(${UID}, ${LO}, ${HI})`, '.shardRange', '.shardRange'],
      [`x.size()`, 'size', 'size'],
    ];
    for (const [input, fn, underlined] of cases) {
      const e = expectRejected(input, `unsupported function "${fn}"; only shardRange() and || are allowed`, underlined);
      expect(e.code).toBe('unsupported-function');
    }
  });

  it('anything that is not a call at the root, with its expression kind number', () => {
    const cases: [string, number][] = [
      ["'0x0000000000000000'", 5],
      ['null', 5],
      ['-1', 5],
      ['!!true', 5],
      [UID, 7],
      ['object', 3],
      ['[]', 4],
      ['{}', 6],
      ['a.b.Msg{f: 1}', 8],
    ];
    for (const [input, kind] of cases) {
      const e = expectRejected(`  ${input}  `, `unexpected expression kind ${kind}; expected shardRange() call or || operator`, input);
      expect(e.code).toBe('unexpected-expression');
    }
  });

  it('a || operand that is not a shardRange call', () => {
    expectRejected(`shardRange(${UID}, ${LO}, ${HI}) || true`, 'unexpected expression kind 5; expected shardRange() call or || operator', 'true');
  });

  it('a wrong number of arguments, pointing at the function name', () => {
    for (const [args, n] of [
      ['', 0],
      [UID, 1],
      [`${UID}, ${LO}`, 2],
      [`${UID}, ${LO}, ${HI}, ${END}`, 4],
    ] as const) {
      const e = expectRejected(`shardRange(${args})`, `shardRange() requires exactly 3 arguments, got ${n}`, 'shardRange');
      expect(e.code).toBe('argument-count');
    }
  });

  it('a first argument that is not a field path, naming the kind of the part that is not', () => {
    for (const [arg, kind, part] of [
      [`'${UID}'`, 5, `'${UID}'`],
      [`[${UID}]`, 4, `[${UID}]`],
      [`${UID}()`, 1, `${UID}()`],
      [`object.metadata['uid']`, 1, `object.metadata['uid']`],
      [`{}.metadata.uid`, 6, '{}'],
      [`f().metadata.uid`, 1, 'f()'],
    ] as const) {
      const e = expectRejected(
        `shardRange(${arg}, ${LO}, ${HI})`,
        `shardRange() first argument: expected field path (e.g. object.metadata.uid), got expression kind ${kind}`,
        part,
      );
      expect(e.code).toBe('field-path');
    }
  });

  it('a field path other than the two supported ones, quoted as Go does', () => {
    for (const path of ['object.metadata.name', 'metadata.uid', 'object.metadata', '.object.metadata.uid', 'object.metadata.uid.x', 'uid']) {
      const e = expectRejected(
        `shardRange(${path}, ${LO}, ${HI})`,
        `unsupported field path "${path}"; supported: object.metadata.uid, object.metadata.namespace`,
        path,
      );
      expect(e.code).toBe('unsupported-field');
    }
    expectRejected(`shardRange(object . metadata . name, ${LO}, ${HI})`, 'unsupported field path "object.metadata.name"; supported: object.metadata.uid, object.metadata.namespace', 'object . metadata . name');
  });

  it('a bound that is not a literal, with its expression kind', () => {
    for (const [arg, kind] of [
      ['x', 3],
      ['x.y', 7],
      ['f()', 1],
      ['[]', 4],
      ['{}', 6],
      ['M{}', 8],
      ['---1', 1],
    ] as const) {
      const e = expectRejected(`shardRange(${UID}, ${arg}, ${HI})`, `hexStart must be a string literal (e.g. '0xff'), got expression kind ${kind}`, arg);
      expect(e.code).toBe('not-string-literal');
    }
    expectRejected(`shardRange(${UID}, ${LO}, x)`, "hexEnd must be a string literal (e.g. '0xff'), got expression kind 3", 'x');
  });

  it('a literal bound that is not a string, with its Go type', () => {
    for (const [arg, type] of [
      ['1', 'int64'],
      ['-1', 'int64'],
      ['0x8000000000000000u', 'uint64'],
      ['1.5', 'float64'],
      ['-.5e3', 'float64'],
      ['true', 'bool'],
      ["b'0x0000000000000000'", '[]uint8'],
      ["br'0x0000000000000000'", '[]uint8'],
      ['null', 'structpb.NullValue'],
    ] as const) {
      const e = expectRejected(`shardRange(${UID}, ${LO}, ${arg})`, `hexEnd must be a string literal, got ${type}`, arg);
      expect(e.code).toBe('not-string-literal');
    }
  });

  it('a bound without the 0x prefix, quoted as Go does', () => {
    expectRejected(`shardRange(${UID}, '0X0000000000000000', ${HI})`, `hexStart must have '0x' prefix, got "0X0000000000000000"`, "'0X0000000000000000'");
    expectRejected(`shardRange(${UID}, ${LO}, ' 0x8000000000000000')`, `hexEnd must have '0x' prefix, got " 0x8000000000000000"`, "' 0x8000000000000000'");
    const e = expectRejected(String.raw`shardRange(${UID}, 'tab\t"quote"\u00a0', ${HI})`, String.raw`hexStart must have '0x' prefix, got "tab\t\"quote\"\u00a0"`, String.raw`'tab\t"quote"\u00a0'`);
    expect(e.code).toBe('missing-prefix');
  });

  it('a bound with nothing after 0x', () => {
    const e = expectRejected(`shardRange(${UID}, ${LO}, '0x')`, "hexEnd: hex value is required after '0x'", "'0x'");
    expect(e.code).toBe('missing-digits');
  });

  it('more than 17 digits, counting UTF-8 bytes as Go\'s len does', () => {
    const e = expectRejected(`shardRange(${UID}, '0x${'0'.repeat(18)}', ${HI})`, `hexStart: hex value too long (18 chars, max 17): "${'0'.repeat(18)}"`, `'0x${'0'.repeat(18)}'`);
    expect(e.code).toBe('too-long');
    // Six é are 12 bytes, and 6 more ASCII digits make 18: too long before any character check.
    expectRejected(`shardRange(${UID}, '0xéééééé000000', ${HI})`, 'hexStart: hex value too long (18 chars, max 17): "éééééé000000"', "'0xéééééé000000'");
  });

  it('an uppercase or other non-hex digit, quoting the first one', () => {
    const e = expectRejected(`shardRange(${UID}, ${LO}, '0x8000000000000ABC')`, 'hexEnd: invalid hex character "A" in "0x8000000000000ABC"', "'0x8000000000000ABC'");
    expect(e.code).toBe('invalid-hex-char');
    expectRejected(`shardRange(${UID}, '0x00000000000000é', ${HI})`, 'hexStart: invalid hex character "é" in "0x00000000000000é"', "'0x00000000000000é'");
    expectRejected(String.raw`shardRange(${UID}, '0x000000000000000\x01', ${HI})`, String.raw`hexStart: invalid hex character "\x01" in "0x000000000000000\x01"`, String.raw`'0x000000000000000\x01'`);
  });

  it('a 17-digit bound other than 2^64', () => {
    const e = expectRejected(`shardRange(${UID}, '0x00000000000000000', ${HI})`, `hexStart: 17-digit hex value must be '0x10000000000000000' (2^64), got "0x00000000000000000"`, "'0x00000000000000000'");
    expect(e.code).toBe('bad-17-digit');
  });

  it('fewer than 16 digits, suggesting the zero-padded bound', () => {
    const e = expectRejected(`shardRange(${UID}, '0xff', ${HI})`, `hexStart must be a 0x-prefixed 16-digit hex value, got "0xff" (did you mean "0x00000000000000ff"?)`, "'0xff'");
    expect(e.code).toBe('short-hex');
    expect(e.suggestion).toBe('0x00000000000000ff');
    expect(rejection(`shardRange(${UID}, ${LO}, '0x8')`).suggestion).toBe('0x0000000000000008');
  });

  it('a start not below the end, pointing at both bounds', () => {
    const e = expectRejected(`shardRange(${UID}, ${HI}, ${HI})`, 'shard range start 0x8000000000000000 must be less than end 0x8000000000000000', `${HI}, ${HI}`);
    expect(e.code).toBe('start-not-less');
    expectRejected(`shardRange(${UID}, ${END}, ${HI})`, 'shard range start 0x10000000000000000 must be less than end 0x8000000000000000', `${END}, ${HI}`);
  });

  it('ranges over different fields, pointing at the first one that differs', () => {
    const e = expectRejected(
      `shardRange(${UID}, ${LO}, ${HI}) || shardRange(${UID}, ${HI}, ${END}) || shardRange(${NS}, ${LO}, ${HI})`,
      `all shard ranges must use the same field, got "${UID}" and "${NS}"`,
      NS,
    );
    expect(e.code).toBe('mixed-fields');
  });
});

describe('parseShardSelector reports the first problem the apiserver would', () => {
  it('walks || left to right and reports the leftmost bad range', () => {
    expect(rejection(`shardRange(${UID}, '0x1', ${HI}) || shardRange(${UID}, ${LO}, '0x2')`).message).toMatch(/^hexStart must be/);
    expect(rejection(`(shardRange(${UID}, ${LO}, ${HI}) || f()) || g()`).message).toBe('unsupported function "f"; only shardRange() and || are allowed');
  });

  it('checks the field path before the bounds, and hexStart before hexEnd', () => {
    expect(rejection(`shardRange(object.x, 1, 2)`).code).toBe('unsupported-field');
    expect(rejection(`shardRange(${UID}, 1, 2)`).message).toBe('hexStart must be a string literal, got int64');
  });

  it('validates every range before comparing their fields', () => {
    expect(rejection(`shardRange(${UID}, ${LO}, ${HI}) || shardRange(${NS}, ${LO}, '0x1')`).code).toBe('short-hex');
  });

  it('reports CEL parse errors anywhere before any shard-selector rule', () => {
    expect(rejection(`shardRange(object.metadata.name, ${LO}, ${HI}) || shardRange(${UID}, ${LO}, ${HI}) +`).code).toBe('syntax');
  });
});

describe('error spans', () => {
  it('count UTF-16 units of the untrimmed input, with 1-based line and column', () => {
    const input = `\u00a0\n// 😀 note\r\nshardRange(${UID}, '0x1', ${HI})`;
    const e = rejection(input);
    const offset = input.indexOf("'0x1'");
    const expected: SourceSpan = { offset, length: 5, line: 3, column: offset - input.lastIndexOf('\n') };
    expect(e.span).toEqual(expected);
  });
});

describe('goTrimSpace', () => {
  it('trims exactly Go\'s Unicode White_Space set and reports where the text starts', () => {
    expect(goTrimSpace('\t\n\v\f\r \u0085\u00a0x y\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000')).toEqual({ text: 'x y', offset: 8 });
    expect(goTrimSpace('\ufeffx\ufeff')).toEqual({ text: '\ufeffx\ufeff', offset: 0 });
    expect(goTrimSpace('\u200bx')).toEqual({ text: '\u200bx', offset: 0 });
    expect(goTrimSpace('   ')).toEqual({ text: '', offset: 3 });
    expect(goTrimSpace('')).toEqual({ text: '', offset: 0 });
  });
});
