import { describe, expect, it } from 'vitest';
import { expr } from '../../../../../tests/support/celCorpus';
import { mulberry32 } from '../../../../../tests/support/mulberry32';
import { lex, lexErrorText } from '../lexer';
import { firstErrorShortened, longestRun } from './periodic';
import { parseTokens } from './run';
import type { FirstError } from './stop';

/** What `firstSyntaxError` is handed for `src`: the lexer's tokens and its first error, worded. */
function lexed(src: string): { tokens: ReturnType<typeof lex>['tokens']; lexerError: FirstError | null } {
  const { tokens, error } = lex(src);
  if (error === undefined) return { tokens, lexerError: null };
  const text = lexErrorText(src, error);
  return { tokens: tokens.slice(0, -1), lexerError: { kind: 'syntax', message: `Syntax error: token recognition error at: '${text}'`, start: error.start, end: error.start + text.length } };
}

/** The whole parse's first error and the shortened one's (undefined: not shortened). */
function both(src: string, depth = 250): { whole: FirstError | null; shortened: FirstError | null | undefined } {
  const { tokens, lexerError } = lexed(src);
  return { whole: parseTokens(src, tokens, lexerError, depth).error, shortened: firstErrorShortened(src, tokens, lexerError, depth) };
}

const repeat = (unit: string, sep: string, n: number): string => new Array<string>(n).fill(unit).join(sep);

describe('the longest run of repeated token kinds', () => {
  const kinds = (src: string) => lex(src).tokens;

  it('is found with its shortest period, wherever it is', () => {
    // `[` then `a ,` 599 times and a last `a`: the run starts at the first `a`, two tokens a copy.
    expect(longestRun(kinds('[' + repeat('a', ',', 600) + ' b'))).toEqual({ start: 1, period: 2, copies: 599 });
    expect(longestRun(kinds('x + (' + repeat('f(1)', '||', 300) + ')'))).toMatchObject({ start: 3, period: 5 });
  });

  it('is none when too few copies would be left out', () => {
    expect(longestRun(kinds('a + b * c'))).toBeNull();
    expect(longestRun(kinds(repeat('a', ',', 6)))).toBeNull();
  });
});

describe('the first error of a long input, found on a shortened copy', () => {
  const SELECTOR = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";

  it.each([
    ['a list, then a missing comma', '[' + repeat('a', ',', 2_000) + ' a'],
    ['a map, then a stray colon', '{' + repeat('a:a', ',', 1_000) + ' :'],
    ['negative literals (full-context prediction at every minus)', repeat('-1', '-', 2_000) + '--'],
    ['an index chain, then an open bracket', 'a' + '[0]'.repeat(1_000) + '['],
    ['an || chain of ranges, then a dangling ||', repeat(SELECTOR, ' || ', 200) + ' || '],
    ['message fields, then a stray brace', 'a.b{' + repeat('f:1', ',', 1_000) + ',}}'],
    ['sums in parentheses, then a bad character', '(' + repeat('a', '+', 2_000) + ') #'],
    ['a list, then a string that never ends', '[' + repeat("'x'", ',', 1_000) + ", 'y"],
  ])('%s: the same error as the whole parse, on the same token', (_, src) => {
    const { whole, shortened } = both(src);
    expect(whole).not.toBeNull();
    expect(shortened).toEqual(whole);
  });

  it.each([
    ['nesting (each copy one rule deeper)', repeat('(a+', '', 600)],
    ['a select chain (one prediction reads it all)', repeat('a', '.', 2_000) + '.'],
  ])('%s: not shortened, the whole input is parsed', (_, src) => {
    expect(both(src).shortened).toBeUndefined();
  });

  it('agrees with the whole parse on generated repetitions of every rule, with an error or none at the end', () => {
    const rand = mulberry32(5866);
    const TAILS = ['', ' a', ' ,', ' )', ' ]', ' }', ' :', ' .', ' ?', ' #', " '", ' ||', ' [', ' -', ' in'];
    const SHAPES: ((e: string) => [string, string, string])[] = [
      (e) => ['[', `(${e})`, ','],
      (e) => ['f(', `(${e})`, ','],
      (e) => ['{', `(${e}):(${e})`, ','],
      (e) => ['', `(${e})`, ' || '],
      (e) => ['', `(${e})`, ' + '],
      (e) => ['x', `[${e}]`, ''],
      (e) => ['x', `.f(${e})`, ''],
      (e) => ['a.B{', `f:(${e})`, ','],
      (e) => ['', e, ' '],
    ];
    let shortenedCount = 0;
    const wrong: string[] = [];
    for (let k = 0; k < 60; k++) {
      const e = expr(rand, 1 + Math.floor(rand() * 3)).join(' ');
      const [open, unit, sep] = SHAPES[Math.floor(rand() * SHAPES.length)]!(e);
      const copies = Math.ceil(1_200 / Math.max(1, lex(unit + sep).tokens.length - 1));
      const src = open + repeat(unit, sep, copies) + TAILS[Math.floor(rand() * TAILS.length)]!;
      const { whole, shortened } = both(src);
      if (shortened === undefined) continue;
      shortenedCount++;
      if (JSON.stringify(shortened) !== JSON.stringify(whole)) wrong.push(src.slice(0, 80));
    }
    expect(wrong).toEqual([]);
    // Most of them are shortened: the comparison is not vacuous.
    expect(shortenedCount).toBeGreaterThan(30);
  });

  it('keeps the nesting limit: a repetition that nests stops at the limit as the whole parse does', () => {
    const src = repeat('[a', ',', 1_500) + ']';
    const { whole, shortened } = both(src, 250);
    expect(whole).toEqual({ kind: 'recursion' });
    expect(shortened === undefined || JSON.stringify(shortened) === JSON.stringify(whole)).toBe(true);
  });
});
