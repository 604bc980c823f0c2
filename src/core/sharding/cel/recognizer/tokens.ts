import { CommonTokenFactory, Token, type CharStream, type TokenFactory, type TokenSource } from 'antlr4ng';
import { CELParser } from '../generated/CELParser';
import type { Token as LexedToken, TokenKind } from '../tokens';
import { Stop, type FirstError } from './stop';

/** ANTLR's token type for each of our lexer's kinds: the generated parser's vocabulary, by symbolic name. */
const TYPE_OF: ReadonlyMap<string, number> = new Map<string, number>([
  ...CELParser.symbolicNames.flatMap((name, type) => (name === null ? [] : [[name, type] as const])),
  ['EOF', Token.EOF],
]);

/** A token as the parser sees it: its type and where it is (UTF-16 offsets, `stop` inclusive as in ANTLR). */
class CelToken implements Token {
  channel = Token.DEFAULT_CHANNEL;
  line = 0;
  column = 0;
  inputStream: CharStream | null = null;

  constructor(
    public type: number,
    public start: number,
    public stop: number,
    public tokenIndex: number,
  ) {}

  get tokenSource(): TokenSource | null {
    return null;
  }
}

/**
 * Our lexer's tokens (`../lexer.ts`, which tokenizes as the lexer ANTLR generates from
 * `CEL.g4`), handed to the parser one at a time as ANTLR's own lexer would hand them over.
 *
 * Hidden tokens (spaces, comments) are left out: the parser never sees them, and the error
 * messages take the text between tokens from the source. When the lexer failed, the tokens
 * end before its first error, and the parser's request for the next token is where ANTLR's
 * lazy lexer would report that error: the request ends the parse with it.
 */
export class CelTokenSource implements TokenSource {
  line = 0;
  column = 0;
  inputStream: CharStream | null = null;
  sourceName = 'CEL';
  /** How many tokens the parser has asked for (and so read, at most: prediction reads ahead). */
  read = 0;

  constructor(
    /** The tokens to hand over, ending with EOF unless `lexerError` is set. */
    private readonly tokens: readonly LexedToken[],
    /** The lexer's first error, reported when the parser asks for the token after the last one. */
    private readonly lexerError: FirstError | null,
  ) {}

  nextToken(): Token {
    const i = this.read;
    const t = this.tokens[i];
    if (t === undefined) {
      // Only a lexer error ends the tokens early: the stream never asks past EOF.
      throw new Stop(this.lexerError!);
    }
    this.read = i + 1;
    return new CelToken(typeOf(t.kind), t.start, t.end - 1, i);
  }

  /** Only error recovery (which never runs here: the parse stops at the first report) makes tokens with it. */
  get tokenFactory(): TokenFactory<Token> {
    return CommonTokenFactory.DEFAULT;
  }

  set tokenFactory(_factory: TokenFactory<Token>) {}
}

function typeOf(kind: TokenKind): number {
  return TYPE_OF.get(kind)!;
}
