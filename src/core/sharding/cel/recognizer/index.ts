/**
 * cel-go's parser on ANTLR's own runtime: the parser antlr-ng generates from
 * `../grammar/CEL.g4`, run by antlr4ng over our lexer's tokens, with cel-go's listeners and
 * wording, to find the first error cel-go reports for an expression.
 *
 * This module and everything it imports (antlr4ng, the generated parser) are loaded only when
 * a syntax error first needs them (see `../syntaxErrors.ts`): nothing else may import it
 * statically.
 */
import type { Token } from '../tokens';
import { firstErrorShortened } from './periodic';
import { parseTokens } from './run';
import type { FirstError } from './stop';

export type { FirstError } from './stop';

/**
 * Parses `tokens` (our lexer's tokens of `src`: all of them with EOF, or those before the
 * lexer's first error, which `lexerError` then words) as cel-go's generated parser does, with
 * its recursion limit, and returns the first error cel-go reports, or null for none.
 */
export function firstSyntaxError(src: string, tokens: readonly Token[], lexerError: FirstError | null, maxRecursionDepth: number): FirstError | null {
  const shortened = firstErrorShortened(src, tokens, lexerError, maxRecursionDepth);
  return shortened !== undefined ? shortened : parseTokens(src, tokens, lexerError, maxRecursionDepth).error;
}
