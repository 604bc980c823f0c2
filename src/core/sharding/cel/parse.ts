import type { Expr } from './ast';
import { buildAst } from './build';
import { lexFailureError, parseFailureError } from './describe';
import { CelError } from './errors';
import { lex } from './lexer';
import { EXPRESSION_SIZE_CODE_POINT_LIMIT, MAX_RECURSION_DEPTH, codePointLimitMessage } from './limits';
import { locatorFor, type Locate } from './location';
import { ParseFailure, parseTokens } from './parser';
import { codePoints, hasSurrogates, toWellFormed } from './source';
import type { SyntaxNode } from './syntax';

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
 * returns its AST, or the first error cel-go would report. For errors whose wording is
 * cel-go's own (limits, literal ranges, escapes, reserved words) the message is exact; for
 * grammar errors, whose wording comes from ANTLR internals, only the `Syntax error: ` start
 * is cel-go's and the rest is a plain description.
 *
 * The order of checks is cel-go's: the code point limit before anything, then lexing and
 * parsing (with the rule nesting limit), then building the tree.
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
  // ANTLR lexes on demand, so a bad character is reported when the parser reaches it: first
  // if it comes before the parser's error, which ANTLR reports after peeking one token on.
  if (lexError !== undefined && (failure === undefined || lexError.start <= failure.following.start)) {
    return { ok: false, error: lexFailureError(lexError, src, locate) };
  }
  if (failure !== undefined) return { ok: false, error: parseFailureError(failure, src, locate, maxDepth) };
  return buildAst(tree!, maxDepth);
}
