/**
 * A CEL front end that behaves like cel-go's parser as kube-apiserver configures it (no
 * macros, default limits): same grammar, same tree, same first error.
 */
export { parseCel } from './parse';
export type { CelParseOptions, CelParseResult } from './parse';
export { loadSyntaxErrors, onSyntaxErrorsLoaded, syntaxErrorsLoaded } from './syntaxErrors';
export { toWellFormed } from './source';
export { ExprKind, goTypeName } from './ast';
export type { CallExpr, Expr, IdentExpr, ListExpr, LiteralExpr, LiteralValue, MapExpr, NodeSpan, SelectExpr, StructExpr } from './ast';
export { CelError } from './errors';
export { debugString } from './debug';
export type { Locate, LineColumn } from './location';
export { lineColumn, locatorAfter } from './location';
export { EXPRESSION_SIZE_CODE_POINT_LIMIT, MAX_RECURSION_DEPTH } from './limits';
