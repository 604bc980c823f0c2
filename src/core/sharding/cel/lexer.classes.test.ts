import { describe, expect, it } from 'vitest';
import { lex } from './lexer';

// The character classes of cel-go's CEL.g4, edge by edge: each class is pinned at its first
// and last member and at the ASCII neighbours just outside it.

/** `KIND:text` for every token but EOF (fails on a lexer error). */
function tokens(src: string): string[] {
  const r = lex(src);
  expect(r.error, src).toBeUndefined();
  return r.tokens.filter((t) => t.kind !== 'EOF').map((t) => `${t.kind}:${t.text}`);
}

describe('HEXDIGIT is [0-9a-fA-F]', () => {
  it('in hex literals, at both ends of each range', () => {
    expect(tokens('0x09af 0xAF 0xfU')).toEqual(['NUM_INT:0x09af', 'NUM_INT:0xAF', 'NUM_UINT:0xfU']);
  });

  it('not the neighbours / : ` g @ G, which end a 0 literal before the x', () => {
    for (const c of ['/', ':', 'g', 'G']) expect(tokens(`0x${c}`)[0], c).toBe('NUM_INT:0');
    for (const c of ['@', '`']) expect(lex(`0x${c}`).error, c).toMatchObject({ reason: 'unexpected-character', start: 2 });
  });

  it('in \\x, \\u and \\U escapes, which need exactly 2, 4 and 8 of them', () => {
    expect(tokens(String.raw`'\x0a\xAF\X9f\u09aF\U0010fFfF'`)).toHaveLength(1);
    for (const c of ['/', ':', '`', 'g', '@', 'G']) {
      expect(lex(String.raw`'\x0${c}'`).error, c).toMatchObject({ reason: 'invalid-escape', escapeAt: 1, failAt: 4 });
    }
    expect(lex(String.raw`'\u004'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 6 });
    expect(lex(String.raw`'\U0000004'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 10 });
  });
});

describe('octal escapes are \\[0-3][0-7][0-7]', () => {
  it('from \\000 to \\377', () => {
    expect(tokens(String.raw`'\000\377\123'`)).toHaveLength(1);
  });

  it('not with a first digit 4 or a later digit 8, nor with / just below 0', () => {
    expect(lex(String.raw`'\400'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 2 });
    expect(lex(String.raw`'\/00'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 2 });
    expect(lex(String.raw`'\080'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 3 });
    expect(lex(String.raw`'\008'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 4 });
    expect(lex(String.raw`'\0/0'`).error).toMatchObject({ reason: 'invalid-escape', failAt: 3 });
  });
});

describe('IDENTIFIER is [_a-zA-Z][_a-zA-Z0-9]*', () => {
  it('starts with a letter at either end of either case, or an underscore', () => {
    expect(tokens('a z A Z _ _aZz_09')).toEqual(['IDENTIFIER:a', 'IDENTIFIER:z', 'IDENTIFIER:A', 'IDENTIFIER:Z', 'IDENTIFIER:_', 'IDENTIFIER:_aZz_09']);
  });

  it('goes on with digits, and stops at the neighbours / : [ {', () => {
    expect(tokens('a0/ a9: Z[ z{')).toEqual([
      'IDENTIFIER:a0', 'SLASH:/', 'IDENTIFIER:a9', 'COLON::', 'IDENTIFIER:Z', 'LBRACKET:[', 'IDENTIFIER:z', 'LBRACE:{',
    ]);
    expect(lex('a@').error).toMatchObject({ reason: 'unexpected-character', start: 1 });
    expect(lex('a`').error).toMatchObject({ reason: 'unexpected-character', start: 1 });
  });

  it('never starts with a digit', () => {
    expect(tokens('9a 0_')).toEqual(['NUM_INT:9', 'IDENTIFIER:a', 'NUM_INT:0', 'IDENTIFIER:_']);
  });
});

describe('DIGIT is [0-9]', () => {
  it('in ints, fractions and exponents, of either e', () => {
    expect(tokens('9: .9 .0/ 1E5 1e-9 2E+0 0.0e0')).toEqual([
      'NUM_INT:9', 'COLON::', 'NUM_FLOAT:.9', 'NUM_FLOAT:.0', 'SLASH:/', 'NUM_FLOAT:1E5', 'NUM_FLOAT:1e-9', 'NUM_FLOAT:2E+0', 'NUM_FLOAT:0.0e0',
    ]);
    expect(tokens('./ 1./')).toEqual(['DOT:.', 'SLASH:/', 'NUM_INT:1', 'DOT:.', 'SLASH:/']);
    expect(tokens('1e/')).toEqual(['NUM_INT:1', 'IDENTIFIER:e', 'SLASH:/']);
    expect(tokens('1.5e:')).toEqual(['NUM_FLOAT:1.5', 'IDENTIFIER:e', 'COLON::']);
  });
});

describe('keywords', () => {
  it('are the whole word only, at their lengths of 2 to 5 letters', () => {
    expect(tokens('i in int nul null nulls fals false falsey')).toEqual([
      'IDENTIFIER:i', 'IN:in', 'IDENTIFIER:int', 'IDENTIFIER:nul', 'NUL:null', 'IDENTIFIER:nulls', 'IDENTIFIER:fals', 'CEL_FALSE:false', 'IDENTIFIER:falsey',
    ]);
  });
});

describe('strings', () => {
  it('end a single-quoted literal at CR as at LF', () => {
    expect(lex("'abc\rdef'").error).toMatchObject({ reason: 'unterminated-string', start: 0, failAt: 4 });
  });

  it('take the other quote character as content', () => {
    expect(tokens(`'a"' "b'"`)).toEqual([`STRING:'a"'`, `STRING:"b'"`]);
  });

  it('let a backslash escape a quote inside triple quotes, but not inside raw triple quotes', () => {
    expect(tokens(String.raw`'''\''''`)).toEqual([String.raw`STRING:'''\''''`]);
    expect(tokens(String.raw`r'''\''' x`)).toEqual([String.raw`STRING:r'''\'''`, 'IDENTIFIER:x']);
    expect(lex(String.raw`'''\q'''`).error).toMatchObject({ reason: 'invalid-escape', escapeAt: 3, failAt: 4 });
  });

  it('need a closing triple quote of the same character', () => {
    expect(tokens(`'''a"""b''' """c'''d"""`)).toEqual([`STRING:'''a"""b'''`, `STRING:"""c'''d"""`]);
  });

  it('read br and Rb without a quote after them as identifiers', () => {
    expect(tokens('br brx Rb bx')).toEqual(['IDENTIFIER:br', 'IDENTIFIER:brx', 'IDENTIFIER:Rb', 'IDENTIFIER:bx']);
  });
});

describe('comments', () => {
  it('may end the text without a newline, and a lone / is division', () => {
    expect(tokens('a // c')).toEqual(['IDENTIFIER:a']);
    expect(tokens('a / / b')).toEqual(['IDENTIFIER:a', 'SLASH:/', 'SLASH:/', 'IDENTIFIER:b']);
    expect(tokens('//\n//x\na')).toEqual(['IDENTIFIER:a']);
  });
});
