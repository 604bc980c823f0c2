import { describe, expect, it } from 'vitest';
import { debugString, parseCel } from './index';

// The wording of syntax errors beyond the `Syntax error: ` start is ShardScope's (cel-go's is
// ANTLR's), but it is a contract with the page: the found token is named and shown in a
// form that never breaks a line or hides a character, the position is line:column of the
// text typed, and the usual slips get a hint. These specs pin that form.

function error(src: string): { message: string; text: string } {
  const r = parseCel(src);
  if (r.ok) throw new Error(`${JSON.stringify(src)} parsed as ${debugString(r.expr)}`);
  return { message: r.error.message, text: src.slice(r.error.start, r.error.end) };
}

const AFTER_OPERAND = 'expected an operator or the end of the expression';

describe('syntax messages name the unexpected token', () => {
  it('by kind for string and bytes literals, which bring their own quotes', () => {
    expect(error('1 b"x"')).toEqual({ message: `Syntax error: unexpected bytes b"x" at 1:3, ${AFTER_OPERAND}`, text: 'b"x"' });
    expect(error(`1 r'x'`)).toEqual({ message: `Syntax error: unexpected string r'x' at 1:3, ${AFTER_OPERAND}`, text: `r'x'` });
  });

  it('in full up to 24 characters, and as 23 characters and an ellipsis beyond', () => {
    const word24 = 'abcdefghijklmnopqrstuvwx';
    expect(error(`1 ${word24}`).message).toBe(`Syntax error: unexpected '${word24}' at 1:3, ${AFTER_OPERAND}`);
    expect(error(`1 ${word24}y`)).toEqual({
      message: `Syntax error: unexpected 'abcdefghijklmnopqrstuvw…' at 1:3, ${AFTER_OPERAND}`,
      text: `${word24}y`,
    });
    // Counted in code points: 24 astral characters are 48 UTF-16 units and still shown whole.
    const astral = "'" + '😀'.repeat(22) + "'";
    expect(error(`1 ${astral}`).message).toBe(`Syntax error: unexpected string ${astral} at 1:3, ${AFTER_OPERAND}`);
  });

  it('with line breaks, tabs and control characters escaped, so a message stays on one line', () => {
    expect(error("1 '''a\nb\tc\rd'''").message).toBe(`Syntax error: unexpected string '''a\\nb\\tc\\rd''' at 1:3, ${AFTER_OPERAND}`);
    // C0 controls, DEL and the C1 controls are escaped; the space, '~' and '¡' around them are not.
    expect(error("1 'a\u0001\u001f ~\u007f\u0080\u009f\u00a1'").message).toBe(
      `Syntax error: unexpected string 'a\\u0001\\u001f ~\\u007f\\u0080\\u009f¡' at 1:3, ${AFTER_OPERAND}`,
    );
  });

  it('with invisible format characters and separators other than the space escaped, astral ones as \\U', () => {
    expect(error("1 'a\u00a0\u2028\u200d\u{e0001}b'").message).toBe(
      `Syntax error: unexpected string 'a\\u00a0\\u2028\\u200d\\U000e0001b' at 1:3, ${AFTER_OPERAND}`,
    );
  });

  it('as the end of input when the text stops early', () => {
    expect(error('f(a,')).toEqual({ message: 'Syntax error: unexpected end of input at 1:5, expected an expression', text: '' });
  });
});

describe('syntax messages give the position as line:column of the text', () => {
  it('counting only \\n as a line break, so CR LF is one break and the column restarts after it', () => {
    expect(error('a +\r\n)')).toEqual({ message: "Syntax error: unexpected ')' at 2:1, expected an expression", text: ')' });
    expect(error('a +\r)').message).toBe("Syntax error: unexpected ')' at 1:5, expected an expression");
    expect(error('\n\n  a b').message).toBe(`Syntax error: unexpected 'b' at 3:5, ${AFTER_OPERAND}`);
  });

  it('counting columns in UTF-16 units', () => {
    expect(error('"😀" b').message).toBe(`Syntax error: unexpected 'b' at 1:6, ${AFTER_OPERAND}`);
  });
});

describe('syntax messages hint at the usual slips', () => {
  it("spells out 'and' and 'or' in any case, and only for those exact words", () => {
    expect(error('a AND b').message).toBe(`Syntax error: unexpected 'AND' at 1:3, ${AFTER_OPERAND} (CEL writes 'and' as '&&')`);
    expect(error('a Or b').message).toBe(`Syntax error: unexpected 'Or' at 1:3, ${AFTER_OPERAND} (CEL writes 'or' as '||')`);
    expect(error('a orx b').message).toBe(`Syntax error: unexpected 'orx' at 1:3, ${AFTER_OPERAND}`);
    expect(error('a band b').message).toBe(`Syntax error: unexpected 'band' at 1:3, ${AFTER_OPERAND}`);
  });

  it('names C-style comments only where a / touches a *', () => {
    expect(error('a /* c */').message).toBe("Syntax error: unexpected '*' at 1:4, expected an expression (only // comments are supported)");
    expect(error('/* c */ a').message).toBe("Syntax error: unexpected '/' at 1:1, expected an expression (only // comments are supported)");
    expect(error('a / / b').message).toBe("Syntax error: unexpected '/' at 1:5, expected an expression");
    expect(error('a * * b').message).toBe("Syntax error: unexpected '*' at 1:5, expected an expression");
    expect(error('* a').message).toBe("Syntax error: unexpected '*' at 1:1, expected an expression");
    // Only the / and the * themselves: not another token that a * follows or a / precedes.
    expect(error('a b*').message).toBe(`Syntax error: unexpected 'b' at 1:3, ${AFTER_OPERAND}`);
    expect(error('1 /)').message).toBe("Syntax error: unexpected ')' at 1:4, expected an expression");
  });
});

describe('lexer messages', () => {
  it('say whether an unterminated string ran into the end of the line or of the text, underlining up to there', () => {
    expect(error("'abc\n'")).toEqual({
      message: 'Syntax error: unterminated string literal at 1:1 (no closing quote before the end of the line)',
      text: "'abc",
    });
    expect(error("a + 'abc\r\n'")).toEqual({
      message: 'Syntax error: unterminated string literal at 1:5 (no closing quote before the end of the line)',
      text: "'abc",
    });
    expect(error("a + 'abc")).toEqual({
      message: 'Syntax error: unterminated string literal at 1:5 (no closing quote before the end of the text)',
      text: "'abc",
    });
  });

  it('underline a single |, & or = alone, even at the end of the text', () => {
    expect(error('a |')).toEqual({ message: "Syntax error: unexpected character '|' at 1:3 (did you mean '||'?)", text: '|' });
    expect(error('a = b')).toEqual({ message: "Syntax error: unexpected character '=' at 1:3 (did you mean '=='?)", text: '=' });
  });

  it('show and underline a whole character outside the BMP', () => {
    expect(error('1 + 😀')).toEqual({ message: "Syntax error: unexpected character '😀' at 1:5", text: '😀' });
    expect(error('1 + #x')).toEqual({ message: "Syntax error: unexpected character '#' at 1:5", text: '#' });
  });

  it('quote an invalid escape from its backslash through the character that broke it', () => {
    expect(error(String.raw`'ab\qc'`)).toEqual({ message: String.raw`Syntax error: invalid escape sequence '\q' in string literal at 1:4`, text: String.raw`\q` });
    expect(error(String.raw`'\u12'`)).toEqual({ message: String.raw`Syntax error: invalid escape sequence '\u12'' in string literal at 1:2`, text: String.raw`\u12'` });
    expect(error(String.raw`'\08'`)).toEqual({ message: String.raw`Syntax error: invalid escape sequence '\08' in string literal at 1:2`, text: String.raw`\08` });
  });
});
