/**
 * The token kinds of cel-go's lexer (`parser/gen/CEL.g4`), named after the grammar's
 * symbolic names so messages and tests read like the grammar. Hidden tokens (whitespace and
 * `//` comments) never leave the lexer.
 */
export type TokenKind =
  | 'EQUALS' // ==
  | 'NOT_EQUALS' // !=
  | 'IN' // in
  | 'LESS' // <
  | 'LESS_EQUALS' // <=
  | 'GREATER_EQUALS' // >=
  | 'GREATER' // >
  | 'LOGICAL_AND' // &&
  | 'LOGICAL_OR' // ||
  | 'LBRACKET' // [
  | 'RPRACKET' // ]  (sic: the grammar's spelling)
  | 'LBRACE' // {
  | 'RBRACE' // }
  | 'LPAREN' // (
  | 'RPAREN' // )
  | 'DOT' // .
  | 'COMMA' // ,
  | 'MINUS' // -
  | 'EXCLAM' // !
  | 'QUESTIONMARK' // ?
  | 'COLON' // :
  | 'PLUS' // +
  | 'STAR' // *
  | 'SLASH' // /
  | 'PERCENT' // %
  | 'CEL_TRUE' // true
  | 'CEL_FALSE' // false
  | 'NUL' // null
  | 'NUM_FLOAT'
  | 'NUM_INT'
  | 'NUM_UINT'
  | 'STRING'
  | 'BYTES'
  | 'IDENTIFIER'
  | 'ESC_IDENTIFIER' // `a-b`: a backtick-quoted field name (cel-go v0.23+; rejected by the parser's walk)
  | 'EOF';

/** One visible token. Offsets are UTF-16 code units into the lexed text; `end` is exclusive. */
export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Tokens whose text is fixed, keyed by that text. Maps rather than object literals so that
 * arbitrary input text (`constructor`, `__proto__`) can never hit an inherited property.
 */
export const FIXED_TOKENS: ReadonlyMap<string, TokenKind> = new Map<string, TokenKind>(Object.entries({
  '==': 'EQUALS',
  '!=': 'NOT_EQUALS',
  '<': 'LESS',
  '<=': 'LESS_EQUALS',
  '>=': 'GREATER_EQUALS',
  '>': 'GREATER',
  '&&': 'LOGICAL_AND',
  '||': 'LOGICAL_OR',
  '[': 'LBRACKET',
  ']': 'RPRACKET',
  '{': 'LBRACE',
  '}': 'RBRACE',
  '(': 'LPAREN',
  ')': 'RPAREN',
  '.': 'DOT',
  ',': 'COMMA',
  '-': 'MINUS',
  '!': 'EXCLAM',
  '?': 'QUESTIONMARK',
  ':': 'COLON',
  '+': 'PLUS',
  '*': 'STAR',
  '/': 'SLASH',
  '%': 'PERCENT',
}) as [string, TokenKind][]);

/**
 * Words the lexer turns into their own tokens. The grammar lists them before IDENTIFIER, so
 * at equal length they win (`in` is IN), while a longer identifier wins by length (`inx`).
 */
export const KEYWORD_TOKENS: ReadonlyMap<string, TokenKind> = new Map<string, TokenKind>([
  ['in', 'IN'],
  ['true', 'CEL_TRUE'],
  ['false', 'CEL_FALSE'],
  ['null', 'NUL'],
]);

/** Relational operators and CEL's internal function names for them. */
export const RELATION_OPERATORS: Readonly<Partial<Record<TokenKind, string>>> = {
  LESS: '_<_',
  LESS_EQUALS: '_<=_',
  GREATER_EQUALS: '_>=_',
  GREATER: '_>_',
  EQUALS: '_==_',
  NOT_EQUALS: '_!=_',
  IN: '@in',
};

/** Multiplicative operators (precedence 2 in `calc`). */
export const MULTIPLICATIVE_OPERATORS: Readonly<Partial<Record<TokenKind, string>>> = {
  STAR: '_*_',
  SLASH: '_/_',
  PERCENT: '_%_',
};

/** Additive operators (precedence 1 in `calc`). */
export const ADDITIVE_OPERATORS: Readonly<Partial<Record<TokenKind, string>>> = {
  PLUS: '_+_',
  MINUS: '_-_',
};
