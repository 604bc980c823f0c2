import { describe, expect, it } from 'vitest';
import { lex, lexErrorText } from './lexer';

/** `KIND:text` for every token but EOF. */
function tokens(src: string): string[] {
  const r = lex(src);
  expect(r.error).toBeUndefined();
  return r.tokens.filter((t) => t.kind !== 'EOF').map((t) => `${t.kind}:${t.text}`);
}

describe('CEL lexer', () => {
  it('takes the longest token, and the earlier rule on a tie (keywords beat identifiers)', () => {
    expect(tokens('in inx true truex null nullx false')).toEqual([
      'IN:in',
      'IDENTIFIER:inx',
      'CEL_TRUE:true',
      'IDENTIFIER:truex',
      'NUL:null',
      'IDENTIFIER:nullx',
      'CEL_FALSE:false',
    ]);
  });

  it('lexes every operator and punctuation token, two-character ones first', () => {
    expect(tokens('== != < <= >= > && || [ ] { } ( ) . , - ! ? : + * / %').map((t) => t.split(':')[0])).toEqual([
      'EQUALS',
      'NOT_EQUALS',
      'LESS',
      'LESS_EQUALS',
      'GREATER_EQUALS',
      'GREATER',
      'LOGICAL_AND',
      'LOGICAL_OR',
      'LBRACKET',
      'RPRACKET',
      'LBRACE',
      'RBRACE',
      'LPAREN',
      'RPAREN',
      'DOT',
      'COMMA',
      'MINUS',
      'EXCLAM',
      'QUESTIONMARK',
      'COLON',
      'PLUS',
      'STAR',
      'SLASH',
      'PERCENT',
    ]);
  });

  it('separates tokens only with space, tab, CR, LF and form feed', () => {
    expect(tokens('a \t\r\n\f b')).toEqual(['IDENTIFIER:a', 'IDENTIFIER:b']);
    for (const c of ['\v', '\u00a0', '\u0085', '\u2028', '\ufeff']) {
      expect(lex(`a${c}b`).error?.reason, JSON.stringify(c)).toBe('unexpected-character');
    }
  });

  it('knows only // comments, which run to the end of the line', () => {
    expect(tokens('a // c || d\nb')).toEqual(['IDENTIFIER:a', 'IDENTIFIER:b']);
    expect(tokens('a /* c */ b')).toEqual(['IDENTIFIER:a', 'SLASH:/', 'STAR:*', 'IDENTIFIER:c', 'STAR:*', 'SLASH:/', 'IDENTIFIER:b']);
  });

  it('lexes ints, uints and floats as cel-go does, falling back when a longer form is incomplete', () => {
    expect(tokens('0 42 0xF 0xFu 23u 23U 1.5 1e5 1.5e-3 .5 .5e+2 08')).toEqual([
      'NUM_INT:0',
      'NUM_INT:42',
      'NUM_INT:0xF',
      'NUM_UINT:0xFu',
      'NUM_UINT:23u',
      'NUM_UINT:23U',
      'NUM_FLOAT:1.5',
      'NUM_FLOAT:1e5',
      'NUM_FLOAT:1.5e-3',
      'NUM_FLOAT:.5',
      'NUM_FLOAT:.5e+2',
      'NUM_INT:08',
    ]);
    // `1.` needs a digit after the dot and `1e` a digit after the e: both fall back to the int.
    expect(tokens('1.e5')).toEqual(['NUM_INT:1', 'DOT:.', 'IDENTIFIER:e5']);
    expect(tokens('1e+')).toEqual(['NUM_INT:1', 'IDENTIFIER:e', 'PLUS:+']);
    // Only a lowercase x makes a hex literal.
    expect(tokens('0X1f')).toEqual(['NUM_INT:0', 'IDENTIFIER:X1f']);
    expect(tokens('0xg')).toEqual(['NUM_INT:0', 'IDENTIFIER:xg']);
    expect(tokens('1.5u')).toEqual(['NUM_FLOAT:1.5', 'IDENTIFIER:u']);
  });

  it('lexes every string form: quotes, triple quotes, raw and bytes prefixes', () => {
    expect(tokens(`'a' "b" '''c''' """d""" r'e' R"f" r'''g''' b'h' B"i" br'j' bR'''k''' Br"l" BR'm'`)).toEqual([
      "STRING:'a'",
      'STRING:"b"',
      "STRING:'''c'''",
      'STRING:"""d"""',
      "STRING:r'e'",
      'STRING:R"f"',
      "STRING:r'''g'''",
      "BYTES:b'h'",
      'BYTES:B"i"',
      "BYTES:br'j'",
      "BYTES:bR'''k'''",
      'BYTES:Br"l"',
      "BYTES:BR'm'",
    ]);
  });

  it('reads rb as an identifier: the raw prefix goes after the bytes prefix', () => {
    expect(tokens("rb'x'")).toEqual(['IDENTIFIER:rb', "STRING:'x'"]);
  });

  it('ends a triple-quoted string at the first closing triple quote', () => {
    expect(tokens('"""a""" x')).toEqual(['STRING:"""a"""', 'IDENTIFIER:x']);
    // The fourth quote of `"""a""""` opens a new, unterminated string.
    expect(lex('"""a""""').error).toMatchObject({ reason: 'unterminated-string', start: 7 });
    expect(tokens(`'''a''' '''b'''`)).toEqual(["STRING:'''a'''", "STRING:'''b'''"]);
    expect(tokens(`'''line\nbreak'''`)).toEqual(["STRING:'''line\nbreak'''"]);
  });

  it('reads an unclosed triple quote as the empty string followed by a new string', () => {
    const r = lex(`'''abc`);
    expect(r.tokens[0]).toMatchObject({ kind: 'STRING', text: "''" });
    expect(r.error).toMatchObject({ reason: 'unterminated-string', start: 2 });
  });

  it('accepts every CEL escape sequence inside quotes', () => {
    expect(tokens(String.raw`'\a\b\f\n\r\t\v\\\'\"\?\`\x41\X41\101\u0041\U00000041'`)).toHaveLength(1);
    expect(tokens(String.raw`r'\q'`)).toEqual([String.raw`STRING:r'\q'`]);
  });

  it('rejects a bad escape where the sequence stops matching, as ANTLR reports it', () => {
    const src = String.raw`"\xFh"`;
    const r = lex(src);
    expect(r.error).toMatchObject({ reason: 'invalid-escape', start: 0, escapeAt: 1, failAt: 4 });
    expect(lexErrorText(src, r.error!)).toBe(String.raw`"\xFh`);
    expect(lex(String.raw`'\4'`).error?.reason).toBe('invalid-escape');
    expect(lex(String.raw`'\18'`).error?.failAt).toBe(3);
  });

  it('rejects a quote left open at the end of the line or of the text', () => {
    expect(lex("'abc\ndef'").error).toMatchObject({ reason: 'unterminated-string', start: 0, failAt: 4 });
    expect(lex('"abc').error).toMatchObject({ reason: 'unterminated-string', failAt: 4 });
    // A raw prefix on an unterminated string is just an identifier before the bad quote.
    const r = lex("r'abc");
    expect(r.tokens[0]).toMatchObject({ kind: 'IDENTIFIER', text: 'r' });
    expect(r.error).toMatchObject({ start: 1 });
  });

  it('rejects a single |, & or = and includes the next character in the ANTLR text', () => {
    const src = 'a | b';
    const r = lex(src);
    expect(r.error).toMatchObject({ reason: 'incomplete-operator', start: 2 });
    expect(lexErrorText(src, r.error!)).toBe('| ');
    expect(lex('a & b').error?.reason).toBe('incomplete-operator');
    expect(lex('a = b').error?.reason).toBe('incomplete-operator');
    expect(lexErrorText('a|', lex('a|').error!)).toBe('|');
  });

  it('reads backtick-quoted names as ESC_IDENTIFIER tokens (cel-go v0.23+), failing where the rule gives up', () => {
    expect(tokens('a.`b-c/d .e`')).toEqual(['IDENTIFIER:a', 'DOT:.', 'ESC_IDENTIFIER:`b-c/d .e`']);
    const r = lex('a.`b');
    expect(r.error).toMatchObject({ reason: 'unexpected-character', start: 2 });
    expect(lexErrorText('a.`b', r.error!)).toBe('`b');
    expect(lexErrorText('a.``', lex('a.``').error!)).toBe('``');
    expect(lexErrorText('`a+b`', lex('`a+b`').error!)).toBe('`a+');
  });

  it('stops at the first error and closes the stream with EOF there', () => {
    const r = lex('a + $ + b');
    expect(r.tokens.map((t) => t.kind)).toEqual(['IDENTIFIER', 'PLUS', 'EOF']);
    expect(r.tokens[2]!.start).toBe(4);
  });

  it('reports a whole code point for a character outside the BMP', () => {
    const src = 'in.😁';
    const r = lex(src);
    expect(lexErrorText(src, r.error!)).toBe('😁');
  });

  it('records UTF-16 offsets for every token', () => {
    const r = lex("é'x'");
    expect(r.error?.start).toBe(0);
    const ok = lex("'é' + x");
    expect(ok.tokens.map((t) => [t.start, t.end])).toEqual([
      [0, 3],
      [4, 5],
      [6, 7],
      [7, 7],
    ]);
  });
});
