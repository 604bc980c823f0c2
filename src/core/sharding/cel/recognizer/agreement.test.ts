import { describe, expect, it } from 'vitest';
import selectorFixtures from '../../../../../tests/fixtures/selector-cases-celgo.json';
import syntaxFixtures from '../../../../../tests/fixtures/syntax-errors-celgo.json';
import { corpus } from '../../../../../tests/support/celCorpus';
import { lex } from '../lexer';
import { ParseFailure, parseTokens } from '../parser';
import { firstSyntaxError } from './index';

/**
 * cel-go's parser (generated from the grammar, on ANTLR's runtime) and the fast hand-written
 * parser must agree on what is a syntax error: the fast parser's verdicts are cel-go's on every
 * vector, and the generated one only words and places the errors. A grammar that parsed
 * differently from the fast parser shows up here as an error on valid input, or none on
 * invalid input. Inputs: the vector sets, and expressions generated over every rule of the
 * grammar from a fixed seed, as written and with one token deleted, doubled, swapped or
 * inserted.
 */

const DEPTH = 250;

/** A syntax error (from the parser or the lexer), the nesting limit, or none. */
type Verdict = 'ok' | 'error' | 'recursion';

function fastVerdict(src: string, depth = DEPTH): Verdict {
  const { tokens, error } = lex(src);
  try {
    parseTokens(tokens, depth);
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
    return e.kind === 'recursion' && error === undefined ? 'recursion' : 'error';
  }
  return error === undefined ? 'ok' : 'error';
}

function celGoVerdict(src: string, depth = DEPTH): Verdict {
  const { tokens, error } = lex(src);
  const lexerError = error === undefined ? null : ({ kind: 'syntax', message: 'lexer', start: error.start, end: error.start } as const);
  const first = firstSyntaxError(src, error === undefined ? tokens : tokens.slice(0, -1), lexerError, depth);
  if (first === null) return 'ok';
  return first.kind === 'recursion' ? 'recursion' : 'error';
}

describe("cel-go's generated parser agrees with the fast parser on what is a syntax error", () => {
  it('on every selector vector and every syntax-error vector', () => {
    const inputs = [
      ...(selectorFixtures as { cases: { input: string }[] }).cases.map((c) => c.input),
      ...(syntaxFixtures as { cases: { input: string }[] }).cases.map((c) => c.input),
    ];
    const disagree = inputs.filter((s) => fastVerdict(s) !== celGoVerdict(s));
    expect(disagree.slice(0, 5)).toEqual([]);
  });

  it('on generated expressions over every rule, all accepted', () => {
    const { valid } = corpus();
    const rejected = valid.map((s) => [s, fastVerdict(s), celGoVerdict(s)]).filter(([, f, m]) => f !== 'ok' || m !== 'ok');
    expect(rejected.slice(0, 5)).toEqual([]);
  });

  it('on how deep the rules nest: the smallest recursion limit each generated expression parses under', () => {
    // cel-go fails a parse when one rule is active more than the limit at once, so the limit at
    // which an input starts to parse measures how the parser nested its rules: a prediction
    // that went another way (a loop that should have ended, a precedence that should have
    // failed) changes it.
    const { valid } = corpus();
    const seen = new Set<number>();
    const wrong: string[] = [];
    for (const s of valid) {
      let limit = 1;
      while (fastVerdict(s, limit) === 'recursion') limit++;
      expect(fastVerdict(s, limit)).toBe('ok');
      seen.add(limit);
      if (celGoVerdict(s, limit) !== 'ok' || (limit > 1 && celGoVerdict(s, limit - 1) !== 'recursion')) wrong.push(`${limit}: ${s}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Limits from 1 up to deep nestings are all exercised.
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(5);
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });

  it('on the same expressions with one token deleted, doubled, inserted or swapped', () => {
    const { broken } = corpus();
    const verdicts = broken.map((s) => [s, fastVerdict(s), celGoVerdict(s)] as const);
    expect(verdicts.filter(([, fast, celGo]) => fast !== celGo).slice(0, 5)).toEqual([]);
    // Both kinds are there in numbers: the broken set is no set of valid inputs.
    const errors = verdicts.filter(([, fast]) => fast === 'error').length;
    expect(errors).toBeGreaterThan(broken.length / 3);
    expect(broken.length - errors).toBeGreaterThan(100);
  });
});
