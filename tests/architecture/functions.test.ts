import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, isTest, rel, sourceFiles } from './graph';
import { FUNCTION_LINE_LIMIT, functionLengths, type FunctionLength } from './functions';

// Message catalogues are data, and generated code is not read by people: both are left out.
// Tests are left out too: a `describe` block is a list of cases, not a function to follow.
const CATALOGUES = new Set(['src/i18n/en.ts', 'src/i18n/zh-CN.ts']);
const isGenerated = (path: string, text: string): boolean => /(^|\/)generated\//.test(path) || /^\/[*/][^\n]*\n?[^\n]*\bGenerated\b/.test(text);

/** A file's path from the root and its functions. */
type Measured = { readonly path: string; readonly functions: readonly FunctionLength[] };
const measure = (path: string, text: string): Measured => ({ path, functions: functionLengths(text, path) });

/** The functions over the limit in `files` that no marker excuses, as `file:line name (lines)`. */
function tooLong(files: readonly Measured[]): string[] {
  const out: string[] = [];
  for (const { path, functions } of files) {
    for (const f of functions) {
      if (f.lines <= FUNCTION_LINE_LIMIT || f.marked) continue;
      out.push(`${path}:${f.line} ${f.name} (${f.lines} lines)`);
    }
  }
  return out;
}

const checked = sourceFiles(join(ROOT, 'src'))
  .map((f) => ({ path: rel(f), text: readFileSync(f, 'utf8') }))
  .filter((f) => !isTest(f.path) && !CATALOGUES.has(f.path) && !isGenerated(f.path, f.text))
  .map((f) => measure(f.path, f.text));

/** A function of `n` lines in all (its first and last line included). */
const fn = (head: string, n: number, tail = '}'): string => [head, ...Array.from({ length: n - 2 }, (_, i) => `  x += ${i};`), tail].join('\n');

describe('short functions', () => {
  it(`no function in src/ is over ${FUNCTION_LINE_LIMIT} lines unless the line before it says why (// hot loop: …)`, () => {
    expect(tooLong(checked)).toEqual([]);
  });


  it('finds a planted long function of each kind, and lets exactly the limit through', () => {
    const planted = [
      fn('function declared() {', 151),
      fn('const arrow = () => {', 151, '};'),
      fn('const expression = function () {', 151, '};'),
      fn('class A {\n  method() {', 151, '  }\n}'),
      fn('class B {\n  constructor() {', 151, '  }\n}'),
      fn('class C {\n  get value() {', 151, '  }\n}'),
      fn('class D {\n  set value(v: number) {', 151, '  }\n}'),
      fn('register(function () {', 151, '});'),
      fn('function atTheLimit() {', 150),
    ].map((text, i) => measure(`src/sim/planted${i}.ts`, text));
    expect(tooLong(planted).map((s) => s.replace(/^src\/sim\/planted\d\.ts:\d+ /, ''))).toEqual([
      'declared (151 lines)',
      'arrow (151 lines)',
      'expression (151 lines)',
      'method (151 lines)',
      'constructor (151 lines)',
      'value (151 lines)',
      'value (151 lines)',
      '<anonymous> (151 lines)',
    ]);
  });

  it('counts from the function line, not its doc comment, and a nested long function on its own', () => {
    const text = ['/**', ' * Doc.', ' */', fn('function outer() {\n  ' + fn('const inner = () => {', 151, '  };'), 160)].join('\n');
    expect(functionLengths(text).map((f) => [f.name, f.line, f.lines])).toEqual([
      ['outer', 4, 311],
      ['inner', 5, 151],
    ]);
  });

  it('excuses a function whose line before carries the marker with a reason, and no other', () => {
    const long = fn('export function hot() {', 200);
    const at = (before: string) => tooLong([measure('src/sim/x.ts', `${before}\n${long}`)]);
    expect(at('// hot loop: splitting it cost a fifth of the speed')).toEqual([]);
    expect(at('// long function: one table of cases, read top to bottom')).toEqual([]);
    expect(at('// hot loop:')).toHaveLength(1);
    expect(at('// a hot loop')).toHaveLength(1);
    expect(at('// hot loop: why\n')).toHaveLength(1);
  });


  it('leaves out generated files by folder or header', () => {
    expect(isGenerated('src/core/sharding/cel/generated/CELParser.ts', '')).toBe(true);
    expect(isGenerated('src/core/sharding/cel/lexer-data.ts', '/*\n * Generated from ../grammar/CEL.g4 by a tool\n')).toBe(true);
    expect(isGenerated('src/core/sharding/cel/parse.ts', '/**\n * The parser.\n */\n// Generated is not this.')).toBe(false);
  });
});
