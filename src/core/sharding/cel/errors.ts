/**
 * The first error cel-go would report for an expression: `message` is what follows the
 * apiserver's `CEL parse error: ` prefix. `start`/`end` (end exclusive) are UTF-16 offsets
 * into the parsed text and mark the offending token or literal.
 */
export class CelError extends Error {
  override readonly name = 'CelError';
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}
