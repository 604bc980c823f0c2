import type { Token } from './tokens';

/**
 * The parse tree, trimmed to what cel-go's visitor looks at. It keeps the distinctions the
 * visitor turns into errors or limits (the `?` of optional syntax, the raw literal tokens,
 * which nodes count towards the recursion depth) so that building the AST can be a separate
 * step, as in cel-go, and report the same first error.
 *
 * Parentheses leave no node (cel-go's visitor skips them too); every node's `start`/`end`
 * cover the node without its enclosing parentheses.
 */
export type SyntaxNode =
  | TernarySyntax
  | LogicSyntax
  | BinarySyntax
  | UnarySyntax
  | SelectSyntax
  | MemberCallSyntax
  | IndexSyntax
  | IdentOrCallSyntax
  | ListSyntax
  | MapSyntax
  | MessageSyntax
  | LiteralSyntax;

interface Spanned {
  readonly start: number;
  readonly end: number;
}

/** `cond ? a : b` */
export interface TernarySyntax extends Spanned {
  readonly type: 'ternary';
  readonly cond: SyntaxNode;
  readonly op: Token;
  readonly ifTrue: SyntaxNode;
  readonly ifFalse: SyntaxNode;
}

/** A whole `||` or `&&` chain; cel-go balances it into a tree when building the AST. */
export interface LogicSyntax extends Spanned {
  readonly type: 'logic';
  readonly fn: '_||_' | '_&&_';
  readonly terms: readonly SyntaxNode[];
  readonly ops: readonly Token[];
}

/** Comparison (`relation`) or arithmetic (`calc`) with its CEL function name. */
export interface BinarySyntax extends Spanned {
  readonly type: 'binary';
  readonly fn: string;
  readonly op: Token;
  readonly lhs: SyntaxNode;
  readonly rhs: SyntaxNode;
}

/** `!!x` or `--x`: the operator tokens and the operand; an even count cancels out. */
export interface UnarySyntax extends Spanned {
  readonly type: 'unary';
  readonly fn: '!_' | '-_';
  readonly ops: readonly Token[];
  readonly operand: SyntaxNode;
}

/** `x.f` (or `x.?f`, which the apiserver's parser rejects). */
export interface SelectSyntax extends Spanned {
  readonly type: 'select';
  readonly operand: SyntaxNode;
  readonly dot: Token;
  readonly opt: Token | null;
  readonly field: Token;
}

/** `x.f(args)` */
export interface MemberCallSyntax extends Spanned {
  readonly type: 'memberCall';
  readonly operand: SyntaxNode;
  readonly name: Token;
  readonly args: readonly SyntaxNode[];
}

/** `x[i]` (or `x[?i]`) */
export interface IndexSyntax extends Spanned {
  readonly type: 'index';
  readonly operand: SyntaxNode;
  readonly open: Token;
  readonly opt: Token | null;
  readonly index: SyntaxNode;
}

/** `name`, `.name`, `name(args)` or `.name(args)` */
export interface IdentOrCallSyntax extends Spanned {
  readonly type: 'identOrCall';
  readonly leadingDot: Token | null;
  readonly name: Token;
  /** `null` for a plain identifier. */
  readonly args: readonly SyntaxNode[] | null;
}

/** An element of a list or a key of a map, with the `?` of optional syntax if written. */
export interface OptionalEntry {
  readonly opt: Token | null;
  readonly expr: SyntaxNode;
}

/** `[a, b]` */
export interface ListSyntax extends Spanned {
  readonly type: 'list';
  readonly elems: readonly OptionalEntry[];
}

/** `{k: v}` */
export interface MapSyntax extends Spanned {
  readonly type: 'map';
  readonly entries: readonly { readonly key: OptionalEntry; readonly value: SyntaxNode }[];
}

/** `a.b.Msg{f: v}` */
export interface MessageSyntax extends Spanned {
  readonly type: 'message';
  readonly leadingDot: Token | null;
  readonly ids: readonly Token[];
  readonly fields: readonly { readonly opt: Token | null; readonly name: Token; readonly value: SyntaxNode }[];
}

/** A literal token, with the `-` the grammar folds into int and double literals. */
export interface LiteralSyntax extends Spanned {
  readonly type: 'literal';
  readonly sign: Token | null;
  readonly tok: Token;
}

/*
 * Constructors for the nodes. The parser builds nodes with these, not with object literals:
 * a class keeps one hidden class for its nodes across parses, so V8 keeps the optimized
 * parser and visitor for a long input instead of re-learning the shapes on every parse.
 */

export class TernaryNode implements TernarySyntax {
  readonly type = 'ternary';
  constructor(
    readonly cond: SyntaxNode,
    readonly op: Token,
    readonly ifTrue: SyntaxNode,
    readonly ifFalse: SyntaxNode,
    readonly start: number,
    readonly end: number,
  ) {}
}

export class LogicNode implements LogicSyntax {
  readonly type = 'logic';
  constructor(
    readonly fn: '_||_' | '_&&_',
    readonly terms: readonly SyntaxNode[],
    readonly ops: readonly Token[],
    readonly start: number,
    readonly end: number,
  ) {}
}

export class BinaryNode implements BinarySyntax {
  readonly type = 'binary';
  constructor(
    readonly fn: string,
    readonly op: Token,
    readonly lhs: SyntaxNode,
    readonly rhs: SyntaxNode,
    readonly start: number,
    readonly end: number,
  ) {}
}

export class UnaryNode implements UnarySyntax {
  readonly type = 'unary';
  constructor(
    readonly fn: '!_' | '-_',
    readonly ops: readonly Token[],
    readonly operand: SyntaxNode,
    readonly start: number,
    readonly end: number,
  ) {}
}

export class SelectNode implements SelectSyntax {
  readonly type = 'select';
  constructor(
    readonly operand: SyntaxNode,
    readonly dot: Token,
    readonly opt: Token | null,
    readonly field: Token,
    readonly start: number,
    readonly end: number,
  ) {}
}

export class MemberCallNode implements MemberCallSyntax {
  readonly type = 'memberCall';
  constructor(
    readonly operand: SyntaxNode,
    readonly name: Token,
    readonly args: readonly SyntaxNode[],
    readonly start: number,
    readonly end: number,
  ) {}
}

export class IndexNode implements IndexSyntax {
  readonly type = 'index';
  constructor(
    readonly operand: SyntaxNode,
    readonly open: Token,
    readonly opt: Token | null,
    readonly index: SyntaxNode,
    readonly start: number,
    readonly end: number,
  ) {}
}

export class IdentOrCallNode implements IdentOrCallSyntax {
  readonly type = 'identOrCall';
  constructor(
    readonly leadingDot: Token | null,
    readonly name: Token,
    readonly args: readonly SyntaxNode[] | null,
    readonly start: number,
    readonly end: number,
  ) {}
}

export class OptionalEntryNode implements OptionalEntry {
  constructor(
    readonly opt: Token | null,
    readonly expr: SyntaxNode,
  ) {}
}

export class ListNode implements ListSyntax {
  readonly type = 'list';
  constructor(
    readonly elems: readonly OptionalEntry[],
    readonly start: number,
    readonly end: number,
  ) {}
}

export class MapEntryNode {
  constructor(
    readonly key: OptionalEntry,
    readonly value: SyntaxNode,
  ) {}
}

export class MapNode implements MapSyntax {
  readonly type = 'map';
  constructor(
    readonly entries: readonly MapEntryNode[],
    readonly start: number,
    readonly end: number,
  ) {}
}

export class FieldNode {
  constructor(
    readonly opt: Token | null,
    readonly name: Token,
    readonly value: SyntaxNode,
  ) {}
}

export class MessageNode implements MessageSyntax {
  readonly type = 'message';
  constructor(
    readonly leadingDot: Token | null,
    readonly ids: readonly Token[],
    readonly fields: readonly FieldNode[],
    readonly start: number,
    readonly end: number,
  ) {}
}

export class LiteralNode implements LiteralSyntax {
  readonly type = 'literal';
  constructor(
    readonly sign: Token | null,
    readonly tok: Token,
    readonly start: number,
    readonly end: number,
  ) {}
}
