/**
 * The checked-free CEL syntax tree cel-go's parser returns (`common/ast`), as far as the
 * apiserver's shard-selector walk can see it: the kind of each node, call function names,
 * identifier and select names, and literal values with their Go types.
 */

/** cel-go's `ast.ExprKind`, whose numbers the apiserver prints in its messages. */
export const ExprKind = {
  Unspecified: 0,
  Call: 1,
  /** Only macros produce comprehensions; the apiserver parses with no macros. */
  Comprehension: 2,
  Ident: 3,
  List: 4,
  Literal: 5,
  Map: 6,
  Select: 7,
  Struct: 8,
} as const;
export type ExprKind = (typeof ExprKind)[keyof typeof ExprKind];

/** Where a node is: UTF-16 offsets into the parsed text, `end` exclusive. */
export interface NodeSpan {
  readonly start: number;
  readonly end: number;
}

/** A function or operator call. Operators use CEL's internal names (`_||_`, `_[_]`, `@in`). */
export interface CallExpr extends NodeSpan {
  readonly kind: typeof ExprKind.Call;
  readonly fn: string;
  /** The receiver of `x.f(...)`; absent for a global call. */
  readonly target?: Expr;
  readonly args: readonly Expr[];
  /** The function name or operator token, for pointing at "the call". */
  readonly fnSpan: NodeSpan;
}

export interface IdentExpr extends NodeSpan {
  readonly kind: typeof ExprKind.Ident;
  /** With the leading dot when written (`.object`). */
  readonly name: string;
}

export interface SelectExpr extends NodeSpan {
  readonly kind: typeof ExprKind.Select;
  readonly operand: Expr;
  readonly field: string;
}

export interface ListExpr extends NodeSpan {
  readonly kind: typeof ExprKind.List;
  readonly elements: readonly Expr[];
}

export interface MapEntry {
  readonly key: Expr;
  readonly value: Expr;
}

export interface MapExpr extends NodeSpan {
  readonly kind: typeof ExprKind.Map;
  readonly entries: readonly MapEntry[];
}

export interface StructField {
  readonly name: string;
  readonly value: Expr;
}

/** Message construction, `a.b.Msg{f: 1}`. */
export interface StructExpr extends NodeSpan {
  readonly kind: typeof ExprKind.Struct;
  readonly typeName: string;
  readonly fields: readonly StructField[];
}

/** A literal value. Integers are BigInt because CEL's are 64-bit. */
export type LiteralValue =
  | { readonly type: 'int'; readonly value: bigint }
  | { readonly type: 'uint'; readonly value: bigint }
  | { readonly type: 'double'; readonly value: number }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'bytes'; readonly value: Uint8Array }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'null' };

export interface LiteralExpr extends NodeSpan {
  readonly kind: typeof ExprKind.Literal;
  readonly value: LiteralValue;
}

export type Expr = CallExpr | IdentExpr | SelectExpr | ListExpr | MapExpr | StructExpr | LiteralExpr;

/**
 * The Go type of a literal's native value, as `fmt`'s `%T` prints it: what the apiserver
 * names in "must be a string literal, got <type>".
 */
export function goTypeName(value: LiteralValue): string {
  switch (value.type) {
    case 'int':
      return 'int64';
    case 'uint':
      return 'uint64';
    case 'double':
      return 'float64';
    case 'string':
      return 'string';
    case 'bytes':
      return '[]uint8';
    case 'bool':
      return 'bool';
    case 'null':
      return 'structpb.NullValue';
  }
}
