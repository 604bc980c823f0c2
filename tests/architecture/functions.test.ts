import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, isTest, rel, sourceFiles } from './graph';
import { FUNCTION_LINE_LIMIT, functionLengths, type FunctionLength } from './functions';

/**
 * Temporary: the React components in src/ui that are still over the limit, with their length
 * today, keyed `file:name`. None may grow and none may be added; an entry goes once its
 * function is split, and the list with it once it is empty.
 */
const LONG_UI_FUNCTIONS: Readonly<Record<string, number>> = {
  'src/ui/bandwidth/BandwidthPanel.tsx:Charts': 166,
  'src/ui/bandwidth/SeriesChart.tsx:SeriesChart': 195,
  'src/ui/cards/ReplicaCard.tsx:ReplicaCardBody': 209,
  'src/ui/controls/ControlPanel.tsx:ControlPanel': 153,
  'src/ui/export/QrButton.tsx:QrButton': 157,
  'src/ui/export/walkDom.ts:walkDomSteps': 162,
  'src/ui/flow/EventFlow.tsx:EventFlow': 183,
  'src/ui/hash/Bands.tsx:Bands': 176,
  'src/ui/hash/Inspector.tsx:Inspector': 159,
  'src/ui/import/ImportDialog.tsx:ImportDialog': 152,
  'src/ui/import/ReplayPanel.tsx:ReplayPanel': 183,
  'src/ui/stories/StoryCaption.tsx:StoryCaption': 181,
  'src/ui/yourcluster/OwnerLookup.tsx:OwnerLookup': 173,
};

// Message catalogues are data, and generated code is not read by people: both are left out.
// Tests are left out too: a `describe` block is a list of cases, not a function to follow.
const CATALOGUES = new Set(['src/i18n/en.ts', 'src/i18n/zh-CN.ts']);
const isGenerated = (path: string, text: string): boolean => /(^|\/)generated\//.test(path) || /^\/[*/][^\n]*\n?[^\n]*\bGenerated\b/.test(text);

/** A file's path from the root and its functions. */
type Measured = { readonly path: string; readonly functions: readonly FunctionLength[] };
const measure = (path: string, text: string): Measured => ({ path, functions: functionLengths(text, path) });

/** The functions over the limit in `files` that no marker excuses, as `file:line name (lines)`. */
function tooLong(files: readonly Measured[], allowed: Readonly<Record<string, number>>): string[] {
  const out: string[] = [];
  for (const { path, functions } of files) {
    for (const f of functions) {
      if (f.lines <= FUNCTION_LINE_LIMIT || f.marked) continue;
      const key = `${path}:${f.name}`;
      const cap = allowed[key];
      if (cap !== undefined && f.lines <= cap) continue;
      out.push(`${path}:${f.line} ${f.name} (${f.lines} lines${cap !== undefined ? `, listed at ${cap}` : ''})`);
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
    expect(tooLong(checked, LONG_UI_FUNCTIONS)).toEqual([]);
  });

  it('the temporary list of long UI components only shrinks: each entry is still over the limit, in src/ui', () => {
    const lengths = new Map<string, number>(checked.flatMap((f) => f.functions.map((g) => [`${f.path}:${g.name}`, g.lines] as const)));
    const stale = Object.keys(LONG_UI_FUNCTIONS).filter((k) => !k.startsWith('src/ui/') || !((lengths.get(k) ?? 0) > FUNCTION_LINE_LIMIT));
    expect(stale).toEqual([]);
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
    expect(tooLong(planted, {}).map((s) => s.replace(/^src\/sim\/planted\d\.ts:\d+ /, ''))).toEqual([
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
    const at = (before: string) => tooLong([measure('src/sim/x.ts', `${before}\n${long}`)], {});
    expect(at('// hot loop: splitting it cost a fifth of the speed')).toEqual([]);
    expect(at('// long function: one table of cases, read top to bottom')).toEqual([]);
    expect(at('// hot loop:')).toHaveLength(1);
    expect(at('// a hot loop')).toHaveLength(1);
    expect(at('// hot loop: why\n')).toHaveLength(1);
  });

  it('holds a listed function to its listed length and names no other', () => {
    const files = [measure('src/ui/A.tsx', fn('export function A() {', 170)), measure('src/ui/B.tsx', fn('export function B() {', 170))];
    expect(tooLong(files, { 'src/ui/A.tsx:A': 170, 'src/ui/B.tsx:B': 169 })).toEqual(['src/ui/B.tsx:1 B (170 lines, listed at 169)']);
  });

  it('leaves out generated files by folder or header', () => {
    expect(isGenerated('src/core/sharding/cel/generated/CELParser.ts', '')).toBe(true);
    expect(isGenerated('src/core/sharding/cel/antlr/atn-data.ts', '/*\n * Generated from ../grammar/CEL.g4 by generate-atn.mjs\n')).toBe(true);
    expect(isGenerated('src/core/sharding/cel/parse.ts', '/**\n * The parser.\n */\n// Generated is not this.')).toBe(false);
  });
});
