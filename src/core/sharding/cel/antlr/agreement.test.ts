import { describe, expect, it } from 'vitest';
import selectorFixtures from '../../../../../tests/fixtures/selector-cases-celgo.json';
import syntaxFixtures from '../../../../../tests/fixtures/syntax-errors-celgo.json';
import { lex } from '../lexer';
import { ParseFailure, parseTokens } from '../parser';
import { predictionMode } from './predict';
import { firstParseError } from './recognizer';
import { corpus } from '../../../../../tests/support/celCorpus';

/**
 * The model of cel-go's ANTLR parser (`firstParseError`, with its adaptive prediction) and the
 * fast hand-written parser must agree on what is a syntax error: the fast parser's verdicts
 * are cel-go's on every vector, and the model only words and places the errors. Prediction
 * that picks a wrong alternative shows up here as an error on valid input, or none on
 * invalid input. Inputs: the vector sets, and expressions generated over every rule of the
 * grammar from a fixed seed, as written and with one token deleted, doubled, swapped or
 * inserted.
 */

const DEPTH = 250;

/** A syntax error (from the parser or the lexer: which one comes first is the model's to say), the nesting limit, or none. */
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

function modelVerdict(src: string, depth = DEPTH): Verdict {
  const { tokens, error } = lex(src);
  const first = firstParseError(src, error !== undefined ? tokens.slice(0, -1) : tokens, error !== undefined, depth);
  if (first === null) return error === undefined ? 'ok' : 'error';
  return first.kind === 'recursion' ? 'recursion' : 'error';
}

describe("the ANTLR model agrees with the fast parser on what is a syntax error", () => {
  it('on every selector vector and every syntax-error vector', () => {
    const inputs = [
      ...(selectorFixtures as { cases: { input: string }[] }).cases.map((c) => c.input),
      ...(syntaxFixtures as { cases: { input: string }[] }).cases.map((c) => c.input),
    ];
    const disagree = inputs.filter((s) => fastVerdict(s) !== modelVerdict(s));
    expect(disagree.slice(0, 5)).toEqual([]);
  });

  it('on generated expressions over every rule, all accepted', () => {
    const { valid } = corpus();
    const rejected = valid.map((s) => [s, fastVerdict(s), modelVerdict(s)]).filter(([, f, m]) => f !== 'ok' || m !== 'ok');
    expect(rejected.slice(0, 5)).toEqual([]);
  });

  it.each([
    ['SLL first, full context on a conflict (as ANTLR and cel-go predict)', false],
    ['full context only (ANTLR guarantees the same decisions on valid input)', true],
  ])('on how deep the rules nest: the smallest recursion limit each generated expression parses under, %s', (_, fullContextOnly) => {
    // cel-go fails a parse when one rule is active more than the limit at once, so the limit at
    // which an input starts to parse measures how the parser nested its rules: a wrong
    // prediction (a loop that should have ended, a precedence that should have failed)
    // changes it. Full-context prediction alone must nest as the two stages do: it is what
    // the second stage runs, so its mistakes surface here even where SLL never falls back.
    const { valid } = corpus();
    const seen = new Set<number>();
    const wrong: string[] = [];
    predictionMode.fullContextOnly = fullContextOnly;
    try {
      for (const s of valid) {
        let limit = 1;
        while (fastVerdict(s, limit) === 'recursion') limit++;
        expect(fastVerdict(s, limit)).toBe('ok');
        seen.add(limit);
        if (modelVerdict(s, limit) !== 'ok' || (limit > 1 && modelVerdict(s, limit - 1) !== 'recursion')) wrong.push(`${limit}: ${s}`);
      }
    } finally {
      predictionMode.fullContextOnly = false;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Limits from 1 up to deep nestings are all exercised.
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(5);
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });

  it('on the same expressions with one token deleted, doubled, inserted or swapped', () => {
    const { broken } = corpus();
    const verdicts = broken.map((s) => [s, fastVerdict(s), modelVerdict(s)] as const);
    expect(verdicts.filter(([, fast, model]) => fast !== model).slice(0, 5)).toEqual([]);
    // Both kinds are there in numbers: the broken set is no set of valid inputs.
    const errors = verdicts.filter(([, fast]) => fast === 'error').length;
    expect(errors).toBeGreaterThan(broken.length / 3);
    expect(broken.length - errors).toBeGreaterThan(100);
  });
});
