/**
 * The first error cel-go would report for an expression: `message` is what follows the
 * apiserver's `CEL parse error: ` prefix. `start`/`end` (end exclusive) are UTF-16 offsets
 * into the parsed text and mark the offending token or literal; cel-go's location is `start`.
 * Both are -1 where cel-go reports no location (the two nesting limits).
 */
export class CelError extends Error {
  override readonly name = 'CelError';
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
    /** For syntax errors: ShardScope's own plain-words explanation, to show beside cel-go's. */
    readonly hint?: string,
    /**
     * Whether `message` is cel-go's. False only for a syntax error met before the syntax-error
     * model was loaded (`loadSyntaxErrors`): then `message` is the fast parser's own account
     * (its hint as a syntax error, on the token it stopped at), to show only as provisional.
     */
    readonly final: boolean = true,
  ) {
    super(message);
  }

  /** Whether cel-go gives this error a location. */
  get located(): boolean {
    return this.start >= 0;
  }
}
