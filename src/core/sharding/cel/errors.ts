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
  ) {
    super(message);
  }

  /** Whether cel-go gives this error a location. */
  get located(): boolean {
    return this.start >= 0;
  }
}
