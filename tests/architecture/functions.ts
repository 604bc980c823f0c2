/**
 * Function lengths, read with the TypeScript compiler's parser: every function declaration,
 * function expression, arrow function, method, constructor and accessor that has a body, from
 * the line it starts on (after its doc comment) to the line it ends on.
 */
import ts from 'typescript';

export const FUNCTION_LINE_LIMIT = 150;

/**
 * The comment that lets a function run longer, on the line just before it: a marker and, after
 * the colon, why (`// hot loop: splitting the per-event work cost a fifth of the speed`).
 */
export const LONG_FUNCTION_MARKER = /^\s*\/\/\s*(hot loop|long function):\s*\S/;

export interface FunctionLength {
  /** The function's name, or how it is reached (`const x = () => …` is `x`); `<anonymous>` when nothing names it. */
  readonly name: string;
  /** 1-based line the function starts on. */
  readonly line: number;
  readonly lines: number;
  /** The line before it carries {@link LONG_FUNCTION_MARKER}. */
  readonly marked: boolean;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isCountedFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function nameOf(node: FunctionNode, sf: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) return parent.name.getText(sf);
  return '<anonymous>';
}

/** Every function with a body in a source text, with its length in lines. */
export function functionLengths(text: string, fileName = 'file.tsx'): FunctionLength[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (isCountedFunction(node) && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ name: nameOf(node, sf), line: first + 1, lines: last - first + 1, marked: first > 0 && LONG_FUNCTION_MARKER.test(lines[first - 1]!) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
