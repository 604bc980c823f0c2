import { beforeAll, describe, expect, it } from 'vitest';
import fixtures from '../../../tests/fixtures/syntax-errors-celgo.json';
import fresh from '../../../tests/fixtures/syntax-errors-fresh-celgo.json';
import { ShardSelectorError } from './errors';
import { goTrimSpace, parseShardSelector } from './parser';
import { loadSyntaxErrors } from './cel';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

/**
 * 2,000 syntax errors with cel-go's verdicts (v0.26.1 and v0.18.2 agree on each).
 * For every one, the message is cel-go's word for word and the span starts where cel-go's
 * location points: `at.line` (1-based) and `at.column` (0-based, code points) in the trimmed
 * text cel-go parsed, `at.offset` in code points of the untrimmed input, or -1 throughout
 * where cel-go reports no location (then the whole expression is underlined).
 */

interface Case {
  readonly input: string;
  readonly error: string;
  readonly at: { readonly line: number; readonly column: number; readonly offset: number };
}

const cases = (fixtures as { cases: Case[] }).cases;
/** 2,000 cases drawn by scripts/cel-differential.ts from random inputs, the parser never tuned on them first. */
const freshCases = (fresh as { cases: Case[] }).cases;

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    n++;
  }
  return n;
}

/** Where the error points, as cel-go counts: line and column in the trimmed text, offset in the input. */
function celLocation(input: string, e: ShardSelectorError): Case['at'] {
  const { text, offset } = goTrimSpace(input);
  const at = e.span.offset - offset;
  if (at === 0 && e.span.length === text.length && /recursion (limit|depth) exceeded|code point size exceeds limit/.test(e.message)) return { line: -1, column: -1, offset: -1 };
  const before = text.slice(0, at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {
    line: before.split('\n').length,
    column: codePoints(before.slice(lineStart)),
    offset: codePoints(input.slice(0, e.span.offset)),
  };
}

function verdict(input: string): { error: string; at: Case['at'] } {
  try {
    const s = parseShardSelector(input);
    return { error: `accepted: ${s.toString()}`, at: { line: -1, column: -1, offset: -1 } };
  } catch (e) {
    if (!(e instanceof ShardSelectorError)) throw e;
    return { error: e.message, at: celLocation(input, e) };
  }
}

function misses(set: readonly Case[]): string[] {
  const wrong: string[] = [];
  for (const c of set) {
    const got = verdict(c.input);
    if (got.error !== c.error || JSON.stringify(got.at) !== JSON.stringify(c.at)) {
      wrong.push(`${JSON.stringify(c.input.slice(0, 300))}\n  want ${c.error} @${JSON.stringify(c.at)}\n  got  ${got.error} @${JSON.stringify(got.at)}`);
    }
  }
  return wrong;
}

describe('syntax errors exactly as cel-go words and places them (the acceptance set)', () => {
  it('holds 2,000 cases, each message with the prefix the apiserver adds', () => {
    expect(cases).toHaveLength(2000);
    for (const c of cases) expect(c.error.startsWith('CEL parse error: ')).toBe(true);
  });

  it('gives cel-go\'s message and location for every case', () => {
    const wrong = misses(cases);
    expect(wrong.slice(0, 10).join('\n'), `${wrong.length} of ${cases.length} differ`).toBe('');
  });
});

describe('syntax errors drawn at random, as cel-go words and places them', () => {
  it('holds 2,000 cases of cel-go parse errors', () => {
    expect(freshCases).toHaveLength(2000);
    for (const c of freshCases) expect(c.error.startsWith('CEL parse error: ')).toBe(true);
  });

  it('gives cel-go\'s message and location for every case', () => {
    const wrong = misses(freshCases);
    expect(wrong.slice(0, 10).join('\n'), `${wrong.length} of ${freshCases.length} differ`).toBe('');
  });
});
