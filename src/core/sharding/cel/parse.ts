import type { Expr } from './ast';
import { buildAst } from './build';
import { lexFailureHint, parseFailureHint } from './describe';
import { CelError } from './errors';
import { lex, lexErrorText, type LexError } from './lexer';
import { EXPRESSION_SIZE_CODE_POINT_LIMIT, MAX_RECURSION_DEPTH, codePointLimitMessage, recursionLimitMessage } from './limits';
import { locatorFor, type Locate } from './location';
import { ParseFailure, parseTokens } from './parser';
import { codePoints, hasSurrogates, toWellFormed } from './source';
import { firstSyntaxError } from './syntaxErrors';
import type { SyntaxNode } from './syntax';
import type { FirstError } from './recognizer';
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
 * handles valid input; only when it finds a syntax error does cel-go's parser itself run (the
 * parser ANTLR generates from `grammar/CEL.g4`, on ANTLR's runtime: `./recognizer`), to find
 * which error cel-go reports first and how it words it.
 *
 * That parser is loaded on demand (`loadSyntaxErrors`). Until it is, a syntax error is the
 * fast parser's own account, with `final` false: not the apiserver's text.
 */
export function parseCel(text: string, options: CelParseOptions = {}): CelParseResult {
  // One scan for surrogates serves both the well-formed copy and the code point count.
  const plain = !hasSurrogates(text);
  const src = plain ? text : toWellFormed(text);
  const locate = options.locate ?? locatorFor(src);
  const maxDepth = options.maxRecursionDepth ?? MAX_RECURSION_DEPTH;
  const size = codePoints(src, EXPRESSION_SIZE_CODE_POINT_LIMIT, plain);
  if (size.count > EXPRESSION_SIZE_CODE_POINT_LIMIT) {
    // cel-go gives this error no location: like the recursion limits, it covers the whole expression.
    return { ok: false, error: new CelError(codePointLimitMessage(size.count), 0, src.length) };
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
  // cel-go passes the Go ANTLR lexer's message through as is (no escaping). ANTLR's lexer runs
  // as the parser asks for tokens, so the parser sees the tokens before the lexer's first
  // error (not the stand-in EOF that closes them) and this error when it asks for the next.
  const lexed = lexError === undefined ? null : lexerFailure(src, lexError);
  const first = firstSyntaxError(src, lexed === null ? tokens : tokens.slice(0, -1), lexed, maxDepth);
  if (first === undefined) return fastAccount(failure, lexed, hint, maxDepth, false);
  if (first?.kind === 'syntax') return new CelError(first.message, first.start, first.end, hint);
  if (first?.kind === 'recursion') return new CelError(recursionLimitMessage(maxDepth), -1, -1);
  // The two parsers disagree (a bug): keep the fast parser's own account.
  return fastAccount(failure, lexed, hint, maxDepth, true);
}

function lexerFailure(src: string, lexError: LexError): FirstError {
  const text = lexErrorText(src, lexError);
  return { kind: 'syntax', message: `Syntax error: token recognition error at: '${text}'`, start: lexError.start, end: lexError.start + text.length };
}

/**
 * The fast parser's own account of the error: the lexer's error as cel-go words it, else the
 * hint as the message on the token the parser stopped at (or the nesting limit it hit). Final
 * when cel-go's parser ran and found nothing (a bug: there is nothing better to wait for);
 * provisional while that parser is not loaded.
 */
function fastAccount(failure: ParseFailure | undefined, lexed: FirstError | null, hint: string | undefined, maxDepth: number, modelRan: boolean): CelError {
  if (lexed?.kind === 'syntax' && (modelRan || failure === undefined)) return new CelError(lexed.message, lexed.start, lexed.end, hint, modelRan);
  const t = failure!.token;
  // While the model loads, the hint is also given as the hint (what the editor shows then).
  const shownHint = modelRan ? undefined : hint;
  return hint !== undefined ? new CelError(`Syntax error: ${hint}`, t.start, t.end, shownHint, modelRan) : new CelError(recursionLimitMessage(maxDepth), -1, -1, undefined, modelRan);
}
