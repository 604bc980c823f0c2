import { beforeAll, describe, expect, it } from 'vitest';
import { parseCel } from './parse';
import { loadSyntaxErrors } from './syntaxErrors';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

/**
 * The plain-words hint shown under cel-go's message: what the grammar allows where the parse
 * stopped, construct by construct. (cel-go's own words are checked against the vectors in
 * `../syntax-errors.celgo.test.ts`.)
 */
const HINTS: [input: string, hint: string][] = [
  ['[1, 2', "unexpected end of input at 1:6, expected ',' or ']'"],
  ['[', "unexpected end of input at 1:2, expected an expression or ']'"],
  ['{1: 2', "unexpected end of input at 1:6, expected ',' or '}'"],
  ['{1 2}', "unexpected '2' at 1:4, expected ':'"],
  ['{', "unexpected end of input at 1:2, expected an expression or '}'"],
  ['a.B{f: 1', "unexpected end of input at 1:9, expected ',' or '}'"],
  ['x.y{?f: 1', "unexpected end of input at 1:10, expected ',' or '}'"],
  ['a.B{f 1}', "unexpected '1' at 1:7, expected ':'"],
  ['a.B{', "unexpected end of input at 1:5, expected a field name or '}'"],
  ['a.B{1: 2}', "unexpected '1' at 1:5, expected a field name or '}'"],
  ['f(1, 2', "unexpected end of input at 1:7, expected ',' or ')'"],
  ['a.f(1', "unexpected end of input at 1:6, expected ',' or ')'"],
  ['f(,)', "unexpected ',' at 1:3, expected an expression or ')'"],
  ['a[1', "unexpected end of input at 1:4, expected ']'"],
  ['(1', "unexpected end of input at 1:3, expected ')'"],
  ['a.', 'unexpected end of input at 1:3, expected a field name'],
  ['a.?', 'unexpected end of input at 1:4, expected a field name'],
  ['.', 'unexpected end of input at 1:2, expected an identifier'],
  ['a ? b', "unexpected end of input at 1:6, expected ':'"],
  ['a ? b :', 'unexpected end of input at 1:8, expected an expression'],
  ['-', 'unexpected end of input at 1:2, expected an expression'],
  ['1 + ', 'unexpected end of input at 1:5, expected an expression'],
  [')', "unexpected ')' at 1:1, expected an expression"],
  ['a b', "unexpected 'b' at 1:3, expected an operator or the end of the expression"],
];

describe('the plain-words hint under a syntax error', () => {
  it.each(HINTS)('%s', (input, hint) => {
    const r = parseCel(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.hint).toBe(hint);
  });

  it('is absent where the input parses: trailing commas and empty literals are CEL', () => {
    for (const input of ['[1, 2,]', '{,}', 'a.B{,}', 'a{}', '- x']) expect(parseCel(input).ok, input).toBe(true);
  });
});
