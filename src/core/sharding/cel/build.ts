import {
  ExprKind,
  type CallExpr,
  type Expr,
  type IdentExpr,
  type ListExpr,
  type LiteralExpr,
  type LiteralValue,
  type MapEntry,
  type MapExpr,
  type NodeSpan,
  type SelectExpr,
  type StructExpr,
  type StructField,
} from './ast';
import { CelError } from './errors';
import { MAX_DEPTH_MESSAGE } from './limits';
import { parseGoFloat, parseGoInt, parseGoUint } from './numbers';
import type { LiteralSyntax, SyntaxNode } from './syntax';
import type { Token } from './tokens';
import { unescapeBytes, unescapeString } from './unescape';

/**
 * Turns the syntax tree into the CEL AST the way cel-go's parser visitor does, including
 * the errors the visitor (not the grammar) reports:
 *
 * - literals out of the 64-bit range ("invalid int literal", "invalid uint literal",
 *   "invalid double literal") and bad string escapes ("invalid unicode code point");
 * - reserved words used as identifiers or function names ("reserved identifier: if");
 * - optional syntax, which the apiserver's parser leaves disabled ("unsupported syntax '.?'");
 * - nesting of select, call, index, arithmetic, comparison and ternary nodes beyond the
 *   recursion limit, 250 ("max recursion depth exceeded"), which aborts the visit.
 *
 * Children are visited in cel-go's order, so the first error is the one cel-go reports.
 */

/** Identifiers cel-go refuses as variable or function names (they remain valid field names). */
const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set([
  'as',
  'break',
  'const',
  'continue',
  'else',
  'false',
  'for',
  'function',
  'if',
  'import',
  'in',
  'let',
  'loop',
  'package',
  'namespace',
  'null',
  'return',
  'true',
  'var',
  'void',
  'while',
]);

/** cel-go v0.23+ on a backtick-quoted field name, which the apiserver's parser leaves disabled. */
const BACKTICK_MESSAGE = "unsupported syntax: '`'";

/*
 * Nodes are class instances, not object literals. A literal's hidden class can go between two
 * parses; V8 then re-learns the field types of the next tree and throws away the optimized
 * visitor on every parse of a long input. A class keeps one hidden class for good.
 */

class CallNode implements CallExpr {
  readonly kind = ExprKind.Call;
  constructor(
    readonly fn: string,
    readonly args: readonly Expr[],
    readonly fnSpan: NodeSpan,
    readonly start: number,
    readonly end: number,
    readonly target?: Expr,
  ) {}
}

class IdentNode implements IdentExpr {
  readonly kind = ExprKind.Ident;
  constructor(
    readonly name: string,
    readonly start: number,
    readonly end: number,
  ) {}
}

class SelectNode implements SelectExpr {
  readonly kind = ExprKind.Select;
  constructor(
    readonly operand: Expr,
    readonly field: string,
    readonly start: number,
    readonly end: number,
  ) {}
}

class ListNode implements ListExpr {
  readonly kind = ExprKind.List;
  constructor(
    readonly elements: readonly Expr[],
    readonly start: number,
    readonly end: number,
  ) {}
}

class MapNode implements MapExpr {
  readonly kind = ExprKind.Map;
  constructor(
    readonly entries: readonly MapEntry[],
    readonly start: number,
    readonly end: number,
  ) {}
}

class MapEntryNode implements MapEntry {
  constructor(
    readonly key: Expr,
    readonly value: Expr,
  ) {}
}

class StructFieldNode implements StructField {
  constructor(
    readonly name: string,
    readonly value: Expr,
  ) {}
}

class StructNode implements StructExpr {
  readonly kind = ExprKind.Struct;
  constructor(
    readonly typeName: string,
    readonly fields: readonly StructField[],
    readonly start: number,
    readonly end: number,
  ) {}
}

class LiteralNode implements LiteralExpr {
  readonly kind = ExprKind.Literal;
  constructor(
    readonly value: LiteralValue,
    readonly start: number,
    readonly end: number,
  ) {}
}

/** `e` starting at `start` instead, built by its own class. */
function withStart(e: Expr, start: number): Expr {
  switch (e.kind) {
    case ExprKind.Call:
      return new CallNode(e.fn, e.args, e.fnSpan, start, e.end, e.target);
    case ExprKind.Ident:
      return new IdentNode(e.name, start, e.end);
    case ExprKind.Select:
      return new SelectNode(e.operand, e.field, start, e.end);
    case ExprKind.List:
      return new ListNode(e.elements, start, e.end);
    case ExprKind.Map:
      return new MapNode(e.entries, start, e.end);
    case ExprKind.Struct:
      return new StructNode(e.typeName, e.fields, start, e.end);
    case ExprKind.Literal:
      return new LiteralNode(e.value, start, e.end);
  }
}

/** Thrown when the visitor's depth limit is hit; cel-go panics out of the visit there. */
class DepthExceeded {
  constructor(readonly span: NodeSpan) {}
}

/** The span of a token (the token itself, which is one: no copy), or from `t` to `last`. */
function tokenSpan(t: Token, last: Token = t): NodeSpan {
  return last === t ? t : { start: t.start, end: last.end };
}

class Builder {
  private firstError: CelError | null = null;

  constructor(private readonly maxDepth: number) {}

  /** Records an error; like cel-go, the visit goes on and the first error is the one kept. */
  private report(message: string, span: NodeSpan): Expr {
    if (this.firstError === null) this.firstError = new CelError(message, span.start, span.end);
    // cel-go returns an empty placeholder expression here; any value will do, the tree is
    // discarded once an error exists.
    return new LiteralNode({ type: 'null' }, span.start, span.end);
  }

  /** The visitor's depth counter for compound nodes, checked on entry. */
  private deeper(depth: number, at: NodeSpan): number {
    if (depth + 1 > this.maxDepth) throw new DepthExceeded(at);
    return depth + 1;
  }

  build(root: SyntaxNode): { ok: true; expr: Expr } | { ok: false; error: CelError } {
    let expr: Expr;
    try {
      expr = this.visit(root, 0);
    } catch (e) {
      if (!(e instanceof DepthExceeded)) throw e;
      // cel-go reports the visitor's depth limit with no location.
      return { ok: false, error: this.firstError ?? new CelError(MAX_DEPTH_MESSAGE, -1, -1) };
    }
    return this.firstError === null ? { ok: true, expr } : { ok: false, error: this.firstError };
  }

  private call(fn: string, args: Expr[], span: NodeSpan, fnSpan: NodeSpan, target?: Expr): CallExpr {
    return new CallNode(fn, args, fnSpan, span.start, span.end, target);
  }

  private visit(n: SyntaxNode, depth: number): Expr {
    switch (n.type) {
      case 'ternary': {
        const d = this.deeper(depth, tokenSpan(n.op));
        const cond = this.visit(n.cond, d);
        const ifTrue = this.visit(n.ifTrue, d);
        const ifFalse = this.visit(n.ifFalse, d);
        return this.call('_?_:_', [cond, ifTrue, ifFalse], n, tokenSpan(n.op));
      }
      case 'logic': {
        const terms = this.visitAll(n.terms, depth);
        return this.balance(n.fn, terms, n.ops, 0, n.ops.length - 1);
      }
      case 'binary': {
        const d = this.deeper(depth, tokenSpan(n.op));
        const lhs = this.visit(n.lhs, d);
        const rhs = this.visit(n.rhs, d);
        return this.call(n.fn, [lhs, rhs], n, tokenSpan(n.op));
      }
      case 'unary': {
        const operand = this.visit(n.operand, depth);
        // `!!x` is `x` and `--x` is `x`: cel-go drops an even run of the same operator. The
        // node keeps covering the operators, so that a message can point at all of `!!x`.
        if (n.ops.length % 2 === 0) return withStart(operand, n.start);
        return this.call(n.fn, [operand], n, tokenSpan(n.ops[0]!));
      }
      case 'select': {
        const d = this.deeper(depth, tokenSpan(n.dot, n.field));
        const operand = this.visit(n.operand, d);
        if (n.field.kind === 'ESC_IDENTIFIER') return this.report(BACKTICK_MESSAGE, tokenSpan(n.field));
        if (n.opt !== null) return this.report("unsupported syntax '.?'", tokenSpan(n.dot, n.opt));
        return new SelectNode(operand, n.field.text, n.start, n.end);
      }
      case 'memberCall': {
        const d = this.deeper(depth, tokenSpan(n.name));
        const target = this.visit(n.operand, d);
        const args = this.visitAll(n.args, d);
        return this.call(n.name.text, args, n, tokenSpan(n.name), target);
      }
      case 'index': {
        const d = this.deeper(depth, tokenSpan(n.open));
        const target = this.visit(n.operand, d);
        const index = this.visit(n.index, d);
        if (n.opt !== null) return this.report("unsupported syntax '[?'", tokenSpan(n.open, n.opt));
        return this.call('_[_]', [target, index], n, tokenSpan(n.open));
      }
      case 'identOrCall': {
        const id = n.name.text;
        const nameSpan = tokenSpan(n.leadingDot ?? n.name, n.name);
        if (RESERVED_IDENTIFIERS.has(id)) return this.report(`reserved identifier: ${id}`, nameSpan);
        const name = (n.leadingDot !== null ? '.' : '') + id;
        if (n.args === null) return new IdentNode(name, n.start, n.end);
        const args = this.visitAll(n.args, depth);
        return this.call(name, args, n, nameSpan);
      }
      case 'list': {
        const elements: Expr[] = [];
        for (const el of n.elems) {
          elements.push(this.visit(el.expr, depth));
          if (el.opt !== null) this.report("unsupported syntax '?'", tokenSpan(el.opt));
        }
        return new ListNode(elements, n.start, n.end);
      }
      case 'map': {
        const entries: MapEntry[] = [];
        for (const e of n.entries) {
          if (e.key.opt !== null) {
            this.report("unsupported syntax '?'", tokenSpan(e.key.opt));
            continue;
          }
          const key = this.visit(e.key.expr, depth);
          const value = this.visit(e.value, depth);
          entries.push(new MapEntryNode(key, value));
        }
        return new MapNode(entries, n.start, n.end);
      }
      case 'message': {
        const fields: StructField[] = [];
        for (const f of n.fields) {
          if (f.opt !== null) {
            this.report("unsupported syntax '?'", tokenSpan(f.opt, f.name));
            continue;
          }
          if (f.name.kind === 'ESC_IDENTIFIER') {
            // cel-go reports this one on the whole field list, which starts at the first field.
            const first = n.fields[0]!;
            this.report(BACKTICK_MESSAGE, tokenSpan(first.opt ?? first.name));
            continue;
          }
          fields.push(new StructFieldNode(f.name.text, this.visit(f.value, depth)));
        }
        const typeName = (n.leadingDot !== null ? '.' : '') + n.ids.map((t) => t.text).join('.');
        return new StructNode(typeName, fields, n.start, n.end);
      }
      case 'literal': {
        const value = literalValue(n);
        if (typeof value === 'string') return this.report(value, n);
        return new LiteralNode(value, n.start, n.end);
      }
    }
  }

  /**
   * Visits nodes in order. A loop, not `map`: `map` preallocates its result, and for the tens
   * of thousands of terms or arguments a 100k-character input can have, V8 then bails out of
   * the optimized visitor on every parse.
   */
  private visitAll(nodes: readonly SyntaxNode[], depth: number): Expr[] {
    const out: Expr[] = [];
    for (let i = 0; i < nodes.length; i++) out.push(this.visit(nodes[i]!, depth));
    return out;
  }

  /** cel-go's balanced tree for `||`/`&&` chains (same shape, so the same walk order). */
  private balance(fn: string, terms: readonly Expr[], ops: readonly Token[], lo: number, hi: number): Expr {
    if (terms.length === 1) return terms[0]!;
    const mid = Math.floor((lo + hi + 1) / 2);
    const left = mid === lo ? terms[mid]! : this.balance(fn, terms, ops, lo, mid - 1);
    const right = mid === hi ? terms[mid + 1]! : this.balance(fn, terms, ops, mid + 1, hi);
    return new CallNode(fn, [left, right], ops[mid]!, left.start, right.end);
  }
}

/** A literal's value, or the cel-go error message for it. */
function literalValue(n: LiteralSyntax): LiteralValue | string {
  const text = n.tok.text;
  switch (n.tok.kind) {
    case 'NUM_INT': {
      const hex = text.startsWith('0x');
      const v = parseGoInt(hex ? text.slice(2) : text, hex ? 16 : 10, n.sign !== null);
      return v === null ? 'invalid int literal' : { type: 'int', value: v };
    }
    case 'NUM_UINT': {
      const digits = text.slice(0, -1);
      const hex = digits.startsWith('0x');
      const v = parseGoUint(hex ? digits.slice(2) : digits, hex ? 16 : 10);
      return v === null ? 'invalid uint literal' : { type: 'uint', value: v };
    }
    case 'NUM_FLOAT': {
      const v = parseGoFloat((n.sign !== null ? '-' : '') + text);
      return v === null ? 'invalid double literal' : { type: 'double', value: v };
    }
    case 'STRING': {
      const r = unescapeString(text);
      return r.ok ? { type: 'string', value: r.value } : r.error;
    }
    case 'BYTES': {
      const r = unescapeBytes(text);
      return r.ok ? { type: 'bytes', value: r.value } : r.error;
    }
    case 'CEL_TRUE':
      return { type: 'bool', value: true };
    case 'CEL_FALSE':
      return { type: 'bool', value: false };
    default:
      return { type: 'null' };
  }
}

/** Builds the CEL AST from a syntax tree, or returns cel-go's first visitor error. */
export function buildAst(root: SyntaxNode, maxRecursionDepth: number): { ok: true; expr: Expr } | { ok: false; error: CelError } {
  return new Builder(maxRecursionDepth).build(root);
}
