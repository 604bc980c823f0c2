import { CommonTokenStream, type Token as AntlrToken } from 'antlr4ng';
import { CELParser } from '../generated/CELParser';
import type { Token } from '../tokens';
import { FirstErrorListener, RecursionLimitListener } from './listeners';
import { Stop, type FirstError } from './stop';
import { CelGoErrorStrategy } from './strategy';
import { CelTokenSource } from './tokens';

/**
 * What the parser looked like when it first stood at a token (that token next to match): its
 * ATN state, its rule invocations (each rule and the state it was invoked from), its
 * precedence stack and cel-go's nesting counts. Two equal snapshots continue the same way
 * over the same tokens: this is all the generated code and ANTLR's runtime decide by.
 */
export type Snapshot = string;

/** A parse of a token sequence, with the snapshots asked for. */
export interface ParseRun {
  /** The first error reported, or null. */
  readonly error: FirstError | null;
  /** By token index: the snapshot when the parser first stood at it (absent if it never did). */
  readonly snapshots: ReadonlyMap<number, { readonly snapshot: Snapshot; readonly tokensRead: number }>;
}

/**
 * The generated parser, noting a snapshot whenever a consumed token leaves it at one of the
 * watched token indexes, with how many tokens it had read by then (prediction reads ahead).
 */
class WatchedParser extends CELParser {
  readonly snapshots = new Map<number, { snapshot: Snapshot; tokensRead: number }>();

  constructor(
    private readonly source: CelTokenSource,
    private readonly recursion: RecursionLimitListener,
    private readonly watched: ReadonlySet<number>,
  ) {
    super(new CommonTokenStream(source));
  }

  override consume(): AntlrToken {
    const t = super.consume();
    const at = this.inputStream.index;
    if (this.watched.has(at) && !this.snapshots.has(at)) this.snapshots.set(at, { snapshot: this.snapshot(), tokensRead: this.source.read });
    return t;
  }

  private snapshot(): Snapshot {
    const rules: string[] = [];
    for (let ctx = this.context; ctx !== null; ctx = ctx.parent) rules.push(`${ctx.ruleIndex}@${ctx.invokingState}`);
    return `${this.state}|${rules.join(',')}|${this.precedenceStack.join(',')}|${this.recursion.counts()}`;
  }
}

/**
 * Parses `tokens` (our lexer's tokens of `src`: all of them with EOF, or those before the
 * lexer's first error, which `lexerError` then words) as cel-go's generated parser does, with
 * its recursion limit, up to the first error it reports.
 */
export function parseTokens(src: string, tokens: readonly Token[], lexerError: FirstError | null, maxRecursionDepth: number, watched: ReadonlySet<number> = new Set()): ParseRun {
  const recursion = new RecursionLimitListener(CELParser.ruleNames.length, maxRecursionDepth);
  const parser = new WatchedParser(new CelTokenSource(tokens, lexerError), recursion, watched);
  // The tree is never read: the rule contexts that prediction needs are kept without it.
  parser.buildParseTrees = false;
  parser.removeErrorListeners();
  parser.addErrorListener(new FirstErrorListener());
  parser.errorHandler = new CelGoErrorStrategy(src);
  parser.addParseListener(recursion);
  let error: FirstError | null = null;
  try {
    parser.start();
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    error = e.error;
  }
  return { error, snapshots: parser.snapshots };
}
