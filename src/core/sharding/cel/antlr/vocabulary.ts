import type { TokenKind } from '../tokens';
import { EOF } from './atn';

/**
 * The grammar's token vocabulary: token types in the order the grammar defines the tokens
 * (ANTLR prints expected-token sets in this order) and the names ANTLR prints for them.
 */
const SYMBOLIC: readonly (TokenKind | 'WHITESPACE' | 'COMMENT')[] = [
  'EQUALS',
  'NOT_EQUALS',
  'IN',
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
  'CEL_TRUE',
  'CEL_FALSE',
  'NUL',
  'WHITESPACE',
  'COMMENT',
  'NUM_FLOAT',
  'NUM_INT',
  'NUM_UINT',
  'STRING',
  'BYTES',
  'IDENTIFIER',
  'ESC_IDENTIFIER',
];

/** Literal names of the tokens with fixed text (types 1 to 28). */
const LITERAL: readonly string[] = [
  '==', '!=', 'in', '<', '<=', '>=', '>', '&&', '||', '[', ']', '{', '}', '(', ')', '.', ',', '-', '!', '?', ':', '+', '*', '/', '%', 'true', 'false', 'null',
];

const TYPE_OF = new Map<string, number>([...SYMBOLIC.map((name, i) => [name, i + 1] as const), ['EOF', EOF] as const]);

/** ANTLR's token type for a lexer token kind. */
export function tokenType(kind: TokenKind): number {
  return TYPE_OF.get(kind)!;
}

/** The token types of `tokens`, in a compact array. */
export function tokenTypes(tokens: readonly { readonly kind: TokenKind }[]): Int8Array {
  const types = new Int8Array(tokens.length);
  // Runs of one kind are common (`a,a,a`): look a kind up only when it changes.
  let lastKind = '';
  let lastType = 0;
  for (let i = 0; i < tokens.length; i++) {
    const kind = tokens[i]!.kind;
    if (kind !== lastKind) {
      lastKind = kind;
      lastType = TYPE_OF.get(kind)!;
    }
    types[i] = lastType;
  }
  return types;
}

/** ANTLR's `Vocabulary.getDisplayName`: the literal in quotes, else the symbolic name. */
export function displayName(type: number): string {
  if (type === EOF) return '<EOF>';
  const literal = LITERAL[type - 1];
  if (literal !== undefined) return `'${literal}'`;
  return SYMBOLIC[type - 1] ?? String(type);
}

/** ANTLR's `IntervalSet.toString(vocabulary)`: ascending, in braces when more than one. */
export function formatTokenSet(types: Iterable<number>): string {
  const sorted = [...types].sort((a, b) => a - b);
  const names = sorted.map(displayName).join(', ');
  return sorted.length === 1 ? names : `{${names}}`;
}
