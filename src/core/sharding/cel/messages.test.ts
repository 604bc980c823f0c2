import { beforeAll, describe, expect, it } from 'vitest';
import { debugString, parseCel } from './index';
import { loadSyntaxErrors } from './syntaxErrors';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

// A syntax error carries two texts. The message is cel-go's, word for word (ANTLR's wording),
// and the underline starts where cel-go points; beside it the hint is ShardScope's own plain
// reading, a contract with the page: the found token is named and shown in a form that never
// breaks a line or hides a character, the position is line:column of the text typed, and the
// usual slips are pointed out. These specs pin the hint and the underline next to the message.
//
// The messages expected here follow the rules that cel-go's 2,000 verdicts in
// tests/fixtures/syntax-errors-celgo.json show (syntax-errors.celgo.test.ts checks them all):
// - a token the grammar cannot take is "extraneous input" when the token after it is one the
//   grammar expects there (so dropping it would do), else "mismatched input"; "expecting <EOF>"
//   after a whole expression, the set that starts an expression after an operator or a comma;
// - the token is quoted as written, with only \n, \r and \t escaped: a form feed, DEL, U+00A0
//   or an emoji in it stays as it is;
// - text no token rule accepts is a "token recognition error" quoting, unescaped, the text from
//   the token's start through the character that broke it, or through the end of the text.

const EXPRESSION_START = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const AFTER_OPERAND = 'expected an operator or the end of the expression';

interface Shown {
  /** cel-go's message. */
  readonly message: string;
  /** ShardScope's plain reading, shown beside it. */
  readonly hint: string | undefined;
  /** The underlined text. */
  readonly text: string;
}

function error(src: string): Shown {
  const r = parseCel(src);
  if (r.ok) throw new Error(`${JSON.stringify(src)} parsed as ${debugString(r.expr)}`);
  return { message: r.error.message, hint: r.error.hint, text: src.slice(r.error.start, r.error.end) };
}

describe('the hint names the unexpected token', () => {
  it('by kind for string and bytes literals, which bring their own quotes (cel-go quotes the token once more)', () => {
    expect(error('1 b"x"')).toEqual({
      message: `Syntax error: extraneous input 'b"x"' expecting <EOF>`,
      hint: `unexpected bytes b"x" at 1:3, ${AFTER_OPERAND}`,
      text: 'b"x"',
    });
    expect(error(`1 r'x'`)).toEqual({
      message: `Syntax error: extraneous input 'r'x'' expecting <EOF>`,
      hint: `unexpected string r'x' at 1:3, ${AFTER_OPERAND}`,
      text: `r'x'`,
    });
  });

  it('in full up to 24 characters, and as 23 characters and an ellipsis beyond, where cel-go quotes it whole', () => {
    const word24 = 'abcdefghijklmnopqrstuvwx';
    expect(error(`1 ${word24}`)).toEqual({
      message: `Syntax error: extraneous input '${word24}' expecting <EOF>`,
      hint: `unexpected '${word24}' at 1:3, ${AFTER_OPERAND}`,
      text: word24,
    });
    expect(error(`1 ${word24}y`)).toEqual({
      message: `Syntax error: extraneous input '${word24}y' expecting <EOF>`,
      hint: `unexpected 'abcdefghijklmnopqrstuvw…' at 1:3, ${AFTER_OPERAND}`,
      text: `${word24}y`,
    });
    // Counted in code points: 24 astral characters are 48 UTF-16 units and still shown whole.
    const astral = "'" + '😀'.repeat(22) + "'";
    expect(error(`1 ${astral}`)).toEqual({
      message: `Syntax error: extraneous input '${astral}' expecting <EOF>`,
      hint: `unexpected string ${astral} at 1:3, ${AFTER_OPERAND}`,
      text: astral,
    });
  });

  it('with line breaks, tabs and control characters escaped, so the hint stays on one line where cel-go escapes only \\n, \\r and \\t', () => {
    expect(error("1 '''a\nb\tc\rd'''")).toEqual({
      message: String.raw`Syntax error: extraneous input ''''a\nb\tc\rd'''' expecting <EOF>`,
      hint: String.raw`unexpected string '''a\nb\tc\rd''' at 1:3, ` + AFTER_OPERAND,
      text: "'''a\nb\tc\rd'''",
    });
    // C0 controls, DEL and the C1 controls are escaped; the space, '~' and '¡' around them are not.
    const controls = "'a\u0001\u001f ~\u007f\u0080\u009f\u00a1'";
    expect(error(`1 ${controls}`)).toEqual({
      message: `Syntax error: extraneous input '${controls}' expecting <EOF>`,
      hint: String.raw`unexpected string 'a\u0001\u001f ~\u007f\u0080\u009f¡' at 1:3, ` + AFTER_OPERAND,
      text: controls,
    });
  });

  it('with invisible format characters and separators other than the space escaped, astral ones as \\U', () => {
    const invisible = "'a\u00a0\u2028\u200d\u{e0001}b'";
    expect(error(`1 ${invisible}`)).toEqual({
      message: `Syntax error: extraneous input '${invisible}' expecting <EOF>`,
      hint: String.raw`unexpected string 'a\u00a0\u2028\u200d\U000e0001b' at 1:3, ` + AFTER_OPERAND,
      text: invisible,
    });
  });

  it('as the end of input when the text stops early, underlining nothing at the end', () => {
    expect(error('f(a,')).toEqual({
      message: `Syntax error: mismatched input '<EOF>' expecting ${EXPRESSION_START}`,
      hint: 'unexpected end of input at 1:5, expected an expression',
      text: '',
    });
    expect(parseCel('f(a,')).toMatchObject({ error: { start: 4, end: 4 } });
  });
});

describe('the hint gives the position as line:column of the text', () => {
  it('counting only \\n as a line break, so CR LF is one break and the column restarts after it', () => {
    const message = `Syntax error: mismatched input ')' expecting ${EXPRESSION_START}`;
    expect(error('a +\r\n)')).toEqual({ message, hint: "unexpected ')' at 2:1, expected an expression", text: ')' });
    expect(error('a +\r)')).toEqual({ message, hint: "unexpected ')' at 1:5, expected an expression", text: ')' });
    expect(error('\n\n  a b')).toEqual({
      message: "Syntax error: extraneous input 'b' expecting <EOF>",
      hint: `unexpected 'b' at 3:5, ${AFTER_OPERAND}`,
      text: 'b',
    });
  });

  it('counting columns in UTF-16 units (cel-go counts code points: the b is its column 4)', () => {
    expect(error('"😀" b')).toEqual({
      message: "Syntax error: extraneous input 'b' expecting <EOF>",
      hint: `unexpected 'b' at 1:6, ${AFTER_OPERAND}`,
      text: 'b',
    });
  });
});

describe('the hint points out the usual slips', () => {
  it("spells out 'and' and 'or' in any case, and only for those exact words", () => {
    expect(error('a AND b')).toEqual({
      message: "Syntax error: mismatched input 'AND' expecting <EOF>",
      hint: `unexpected 'AND' at 1:3, ${AFTER_OPERAND} (CEL writes 'and' as '&&')`,
      text: 'AND',
    });
    expect(error('a Or b')).toEqual({
      message: "Syntax error: mismatched input 'Or' expecting <EOF>",
      hint: `unexpected 'Or' at 1:3, ${AFTER_OPERAND} (CEL writes 'or' as '||')`,
      text: 'Or',
    });
    // Words that begin or end with them are other names.
    for (const word of ['orx', 'nor', 'andy', 'band']) expect(error(`a ${word} b`).hint).toBe(`unexpected '${word}' at 1:3, ${AFTER_OPERAND}`);
  });

  it('names C-style comments only where a / touches a *', () => {
    expect(error('a /* c */')).toEqual({
      message: `Syntax error: extraneous input '*' expecting ${EXPRESSION_START}`,
      hint: "unexpected '*' at 1:4, expected an expression (only // comments are supported)",
      text: '*',
    });
    expect(error('/* c */ a')).toEqual({
      message: `Syntax error: mismatched input '/' expecting ${EXPRESSION_START}`,
      hint: "unexpected '/' at 1:1, expected an expression (only // comments are supported)",
      text: '/',
    });
    expect(error('a / / b')).toEqual({
      message: `Syntax error: extraneous input '/' expecting ${EXPRESSION_START}`,
      hint: "unexpected '/' at 1:5, expected an expression",
      text: '/',
    });
    expect(error('a * * b').hint).toBe("unexpected '*' at 1:5, expected an expression");
    expect(error('* a').hint).toBe("unexpected '*' at 1:1, expected an expression");
    // Only the / and the * themselves: not another token that a * follows or a / precedes.
    expect(error('a b*')).toEqual({ message: "Syntax error: mismatched input 'b' expecting <EOF>", hint: `unexpected 'b' at 1:3, ${AFTER_OPERAND}`, text: 'b' });
    expect(error('1 /)')).toEqual({
      message: `Syntax error: mismatched input ')' expecting ${EXPRESSION_START}`,
      hint: "unexpected ')' at 1:4, expected an expression",
      text: ')',
    });
  });
});

describe('text no token rule accepts: cel-go quotes it as it is, the hint says what went wrong', () => {
  it('an unterminated string: the hint says whether it ran into the end of the line or of the text, cel-go quotes through the line break', () => {
    expect(error("'abc\n'")).toEqual({
      message: "Syntax error: token recognition error at: ''abc\n'",
      hint: 'unterminated string literal at 1:1 (no closing quote before the end of the line)',
      text: "'abc\n",
    });
    expect(error("a + 'abc\r\n'")).toEqual({
      message: "Syntax error: token recognition error at: ''abc\r'",
      hint: 'unterminated string literal at 1:5 (no closing quote before the end of the line)',
      text: "'abc\r",
    });
    expect(error("a + 'abc")).toEqual({
      message: "Syntax error: token recognition error at: ''abc'",
      hint: 'unterminated string literal at 1:5 (no closing quote before the end of the text)',
      text: "'abc",
    });
  });

  it('a single |, & or =: the hint names it alone and offers it doubled, cel-go takes the next character too, if any', () => {
    expect(error('a |')).toEqual({ message: "Syntax error: token recognition error at: '|'", hint: "unexpected character '|' at 1:3 (did you mean '||'?)", text: '|' });
    expect(error('a &')).toEqual({ message: "Syntax error: token recognition error at: '&'", hint: "unexpected character '&' at 1:3 (did you mean '&&'?)", text: '&' });
    expect(error('a = b')).toEqual({ message: "Syntax error: token recognition error at: '= '", hint: "unexpected character '=' at 1:3 (did you mean '=='?)", text: '= ' });
  });

  it('a character outside the BMP: shown and underlined whole', () => {
    expect(error('1 + 😀')).toEqual({ message: "Syntax error: token recognition error at: '😀'", hint: "unexpected character '😀' at 1:5", text: '😀' });
    expect(error('1 + #x')).toEqual({ message: "Syntax error: token recognition error at: '#'", hint: "unexpected character '#' at 1:5", text: '#' });
  });

  it('an invalid escape: the hint quotes it from its backslash through the character that broke it, cel-go from the string\'s quote', () => {
    expect(error(String.raw`'ab\qc'`)).toEqual({
      message: String.raw`Syntax error: token recognition error at: ''ab\q'`,
      hint: String.raw`invalid escape sequence '\q' in string literal at 1:4`,
      text: String.raw`'ab\q`,
    });
    expect(error(String.raw`'\u12'`)).toEqual({
      message: String.raw`Syntax error: token recognition error at: ''\u12''`,
      hint: String.raw`invalid escape sequence '\u12'' in string literal at 1:2`,
      text: String.raw`'\u12'`,
    });
    expect(error(String.raw`'\08'`)).toEqual({
      message: String.raw`Syntax error: token recognition error at: ''\08'`,
      hint: String.raw`invalid escape sequence '\08' in string literal at 1:2`,
      text: String.raw`'\08`,
    });
  });
});

describe('the hint reads the error cel-go reports', () => {
  it("the parser's where cel-go stops before a bad character further on, the lexer's where cel-go reads that far", () => {
    // After a token it cannot take, cel-go reads one more to see whether dropping it would do.
    expect(error('f(a b c $')).toEqual({ message: "Syntax error: mismatched input 'b' expecting ')'", hint: "unexpected 'b' at 1:5, expected ',' or ')'", text: 'b' });
    expect(error('f(a b $')).toEqual({ message: "Syntax error: token recognition error at: '$'", hint: "unexpected character '$' at 1:7", text: '$' });
  });
});

describe('no hint', () => {
  it('beside errors that are not syntax errors: a literal out of range, the nesting limits', () => {
    expect(error('0xFFFFFFFFFFFFFFFFF')).toEqual({ message: 'invalid int literal', hint: undefined, text: '0xFFFFFFFFFFFFFFFFF' });
    expect(parseCel('((a))', { maxRecursionDepth: 2 })).toMatchObject({ ok: false, error: { message: 'expression recursion limit exceeded: 2', hint: undefined } });
    expect(parseCel('a.b.c', { maxRecursionDepth: 1 })).toMatchObject({ ok: false, error: { message: 'max recursion depth exceeded', hint: undefined } });
  });
});
