/**
 * The first error cel-go reports for an expression, as the recognizer finds it. Offsets are
 * UTF-16 code units into the parsed text (`end` exclusive), like every other offset in `cel`.
 */
export type FirstError =
  /** A lexer or parser error: cel-go's message (with its `Syntax error: ` prefix) and what it points at. */
  | { readonly kind: 'syntax'; readonly message: string; readonly start: number; readonly end: number }
  /** cel-go's parse listener stopped the parse: one grammar rule nested deeper than the limit. */
  | { readonly kind: 'recursion' };

/**
 * Thrown by the listeners to end the parse at the first report: the apiserver shows only the
 * first error, so nothing after it (ANTLR's recovery, later reports) is run. It is no
 * `RecognitionException`, so the generated rules' handlers let it through.
 */
export class Stop {
  constructor(readonly error: FirstError) {}
}
