/**
 * The project's import graph, read from the source: every relative import, re-export,
 * dynamic `import()` and `import('...')` type of every `.ts`/`.tsx` file under `src/`,
 * resolved to a file. `import type` counts like any other import: a circle of types is still
 * a circle a reader has to hold in their head.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every `.ts`/`.tsx` file under `dir` (absolute paths), tests included. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** Whether a file is a test (vitest picks these up). */
export const isTest = (file: string): boolean => /\.test\.tsx?$/.test(file);

/** Source text with comments blanked (strings kept: specifiers live in them). */
function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Module specifiers a file names: static imports and re-exports, dynamic `import()`, `import('x')` types, `vi.mock('x')`. */
export function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  const specs: string[] = [];
  const re =
    /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s*(['"])([^'"]+)\1|(?:^|[\s;])import\s*(['"])([^'"]+)\3|\bimport\s*\(\s*(['"])([^'"]+)\5\s*\)|\bvi\.mock\s*\(\s*(['"])([^'"]+)\7/g;
  for (const m of code.matchAll(re)) specs.push((m[2] ?? m[4] ?? m[6] ?? m[8])!);
  return specs;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names (query suffixes such as `?worker&inline` dropped), or null. */
export function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const ext of EXTENSIONS) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

export interface Edge {
  readonly from: string;
  readonly to: string;
  readonly spec: string;
  /**
   * A test's `vi.mock('x')` (and the `typeof import('x')` of its factory): a mock must name
   * the very module that holds the function it replaces, past any door.
   */
  readonly mock?: boolean;
}

/** Specifiers a file mocks with `vi.mock`. */
export function mockedSpecifiers(text: string): Set<string> {
  return new Set([...withoutComments(text).matchAll(/\bvi\.mock\s*\(\s*(['"])([^'"]+)\1/g)].map((m) => m[2]!));
}

/** The import edges among `files` (relative specifiers only; packages are not files of ours). */
export function importEdges(files: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const from of files) {
    const text = readFileSync(from, 'utf8');
    const mocked = mockedSpecifiers(text);
    for (const spec of specifiersOf(text)) {
      const to = resolveSpecifier(from, spec);
      if (to !== null) edges.push(mocked.has(spec) ? { from, to, spec, mock: true } : { from, to, spec });
    }
  }
  return edges;
}

/** Strongly connected components with more than one file, or a file importing itself: the circles. */
export function circles(edges: readonly Edge[]): string[][] {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, []);
    adj.get(e.from)!.push(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (adj.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of adj.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** A path relative to the repository, with forward slashes. */
export const rel = (file: string): string => relative(ROOT, file).split('\\').join('/');
