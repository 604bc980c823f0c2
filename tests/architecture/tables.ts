/**
 * The rule behind "one table per concept": code branches on a shard key's or a client's
 * table entry, never on its name. Outside the tables, a comparison (`===`, `!==`, `==`, `!=`),
 * a `case` label, a membership test (`.includes(...)`, `.has(...)`, `.indexOf(...)`) or a
 * written-out list of two or more of them, made of a key's field path or a client kind's
 * literal, is a branch the tables cannot see: a key or a client added later would silently
 * take another branch. Comments and message text are not code, and a literal that only
 * names a key or a client (a default, a story's parameters) is data.
 */
import ts from 'typescript';

/** A branch on a name outside its table. */
export interface NamedBranch {
  readonly line: number;
  readonly literal: string;
  readonly how: 'comparison' | 'case' | 'membership' | 'list';
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const MEMBERSHIP = new Set(['includes', 'has', 'indexOf', 'lastIndexOf']);

/** The text of a plain string literal (quoted, or a template without substitutions), else null. */
function literalText(node: ts.Node): string | null {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
}

/**
 * Every branch on one of `names` in a source text, with its line. `fileName` only picks the
 * parser's dialect (`.tsx` reads JSX).
 */
export function branchesOnNames(text: string, names: ReadonlySet<string>, fileName = 'probe.ts'): NamedBranch[] {
  // Most files name none of them: no need to parse those.
  if (![...names].some((n) => text.includes(n))) return [];
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const out: NamedBranch[] = [];
  const named = (node: ts.Node): string | null => {
    const s = literalText(node);
    return s !== null && names.has(s) ? s : null;
  };
  const push = (node: ts.Node, literal: string, how: NamedBranch['how']): void => {
    out.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, literal, how });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const lit = named(node.left) ?? named(node.right);
      if (lit !== null) push(node, lit, 'comparison');
    } else if (ts.isCaseClause(node)) {
      const lit = named(node.expression);
      if (lit !== null) push(node, lit, 'case');
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MEMBERSHIP.has(node.expression.name.text)) {
      const lit = node.arguments.map(named).find((s) => s !== null);
      if (lit) push(node, lit, 'membership');
    } else if (ts.isArrayLiteralExpression(node)) {
      const lits = node.elements.map(named).filter((s): s is string => s !== null);
      if (lits.length >= 2) push(node, lits.join(', '), 'list');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
