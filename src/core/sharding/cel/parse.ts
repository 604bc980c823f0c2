import type { Expr } from './ast';
import { firstParseError } from './antlr/recognizer';
import { buildAst } from './build';
import { lexFailureHint, parseFailureHint } from './describe';
import { CelError } from './errors';
import { lex, lexErrorText, type LexError } from './lexer';
import { EXPRESSION_SIZE_CODE_POINT_LIMIT, MAX_RECURSION_DEPTH, codePointLimitMessage, recursionLimitMessage } from './limits';
import { locatorFor, type Locate } from './location';
import { ParseFailure, parseTokens } from './parser';
import { codePoints, hasSurrogates, toWellFormed } from './source';
import type { SyntaxNode } from './syntax';
import type { Token } from './tokens';

export interface CelParseOptions {
  /**
   * Maps an offset in the parsed text to the line and column shown in syntax messages;
   * the shard-selector parser passes one into the untrimmed input. Defaults to the text.
   */
  readonly locate?: Locate;
  /**
   * cel-go's `MaxRecursionDepth` option. The apiserver leaves it at the default, 250; a
   * smaller value makes the nesting rules testable with short inputs, as cel-go's own tests do.
   */
  readonly maxRecursionDepth?: number;
}

export type CelParseResult = { readonly ok: true; readonly expr: Expr } | { readonly ok: false; readonly error: CelError };

/**
 * Parses `text` as cel-go's parser does with no macros (the apiserver's configuration) and
 * returns its AST, or the first error cel-go would report, word for word and where cel-go
 * locates it.
 *
 * The order of checks is cel-go's: the code point limit before anything, then lexing and
 * parsing (with the rule nesting limit), then building the tree. A fast hand-written parser
 * handles valid input; only when it finds a syntax error does the slower model of cel-go's
 * ANTLR parser (`./antlr`) run, to find which error ANTLR reports first and how it words it.
 */
export function parseCel(text: string, options: CelParseOptions = {}): CelParseResult {
  // One scan for surrogates serves both the well-formed copy and the code point count.
  const plain = !hasSurrogates(text);
  const src = plain ? text : toWellFormed(text);
  const locate = options.locate ?? locatorFor(src);
  const maxDepth = options.maxRecursionDepth ?? MAX_RECURSION_DEPTH;
  const size = codePoints(src, EXPRESSION_SIZE_CODE_POINT_LIMIT, plain);
  if (size.count > EXPRESSION_SIZE_CODE_POINT_LIMIT) {
    return { ok: false, error: new CelError(codePointLimitMessage(size.count), size.limitOffset, src.length) };
  }
  const { tokens, error: lexError } = lex(src);
  let tree: SyntaxNode | undefined;
  let failure: ParseFailure | undefined;
  try {
    tree = parseTokens(tokens, maxDepth);
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
    failure = e;
  }
  if (lexError === undefined && failure === undefined) return buildAst(tree!, maxDepth);
  return { ok: false, error: syntaxError(src, tokens, lexError, failure, locate, maxDepth) };
}

/**
 * The hint: what the fast parser saw, in plain words. The lexer's error when the parser did not
 * fail or the error is no later than the token after the one the parser stopped at (ANTLR
 * reads that one before it reports), else the parser's. One of the two is there.
 */
function hintFor(src: string, lexError: LexError | undefined, failure: ParseFailure | undefined, locate: Locate): string | undefined {
  if (failure === undefined || (lexError !== undefined && lexError.start <= failure.following.start)) return lexFailureHint(lexError!, src, locate);
  return failure.kind === 'syntax' ? parseFailureHint(failure, src, locate) : undefined;
}

function syntaxError(
  src: string,
  tokens: readonly Token[],
  lexError: LexError | undefined,
  failure: ParseFailure | undefined,
  locate: Locate,
  maxDepth: number,
): CelError {
  const hint = hintFor(src, lexError, failure, locate);
  // Before its first error the lexer's tokens end with a stand-in EOF: ANTLR would report the
  // error instead when the parser asks for that token.
  const first = firstParseError(src, lexError !== undefined ? tokens.slice(0, -1) : tokens, lexError !== undefined, maxDepth);
  if (first?.kind === 'syntax') {
    // The token is one of the lexer's, so an EOF token is empty (its end is its start).
    const t = first.token;
    return new CelError(first.message, t.start, t.end, hint);
  }
  if (first?.kind === 'recursion') return new CelError(recursionLimitMessage(maxDepth), -1, -1);
  if (lexError !== undefined) {
    // cel-go passes the Go ANTLR lexer's message through as is (no escaping).
    const text = lexErrorText(src, lexError);
    return new CelError(`Syntax error: token recognition error at: '${text}'`, lexError.start, lexError.start + text.length, hint);
  }
  // The two parsers disagree (a bug): keep the fast parser's own account, the hint as the
  // message on the token it stopped at.
  const t = failure!.token;
  return hint !== undefined ? new CelError(`Syntax error: ${hint}`, t.start, t.end) : new CelError(recursionLimitMessage(maxDepth), -1, -1);
}
