import { ExprKind, type Expr, type LiteralValue } from './ast';

/**
 * The AST as one line of text, close to cel-go's debug form without ids: calls as
 * `_+_(a, 1)`, receiver calls as `x.f(a)`, lists, maps and messages as written. For tests,
 * and for showing a user how CEL grouped what they typed.
 */
export function debugString(e: Expr): string {
  switch (e.kind) {
    case ExprKind.Call: {
      const args = e.args.map(debugString).join(', ');
      return e.target !== undefined ? `${debugString(e.target)}.${e.fn}(${args})` : `${e.fn}(${args})`;
    }
    case ExprKind.Ident:
      return e.name;
    case ExprKind.Select:
      return `${debugString(e.operand)}.${e.field}`;
    case ExprKind.List:
      return `[${e.elements.map(debugString).join(', ')}]`;
    case ExprKind.Map:
      return `{${e.entries.map((x) => `${debugString(x.key)}: ${debugString(x.value)}`).join(', ')}}`;
    case ExprKind.Struct:
      return `${e.typeName}{${e.fields.map((f) => `${f.name}: ${debugString(f.value)}`).join(', ')}}`;
    case ExprKind.Literal:
      return literalString(e.value);
  }
}

function literalString(v: LiteralValue): string {
  switch (v.type) {
    case 'int':
      return v.value.toString();
    case 'uint':
      return `${v.value}u`;
    case 'double':
      return Number.isInteger(v.value) ? v.value.toFixed(1) : String(v.value);
    case 'string':
      return JSON.stringify(v.value);
    case 'bytes':
      return `b"${Array.from(v.value, (b) => (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('')}"`;
    case 'bool':
      return String(v.value);
    case 'null':
      return 'null';
  }
}
