/**
 * cel-go's default parser limits (`parser.NewParser` with no options, as the apiserver calls
 * it) and the exact messages it reports when one is hit.
 */

/** Longest expression, in Unicode code points, cel-go parses at all. */
export const EXPRESSION_SIZE_CODE_POINT_LIMIT = 100_000;

/**
 * cel-go's `maxRecursionDepth`. It bounds two different counters: the ANTLR parse listener
 * (nested invocations of any one grammar rule) and the tree visitor (nested select, call,
 * index, arithmetic, comparison and ternary nodes).
 */
export const MAX_RECURSION_DEPTH = 250;

/** Reported before parsing when the text has too many code points. */
export function codePointLimitMessage(size: number): string {
  return `expression code point size exceeds limit: size: ${size}, limit ${EXPRESSION_SIZE_CODE_POINT_LIMIT}`;
}

/** Reported by the parse listener when one grammar rule nests more than the limit. */
export function recursionLimitMessage(limit: number): string {
  return `expression recursion limit exceeded: ${limit}`;
}

/** Reported by the tree visitor when compound nodes nest more than the limit. */
export const MAX_DEPTH_MESSAGE = 'max recursion depth exceeded';
