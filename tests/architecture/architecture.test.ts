import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, circles, importEdges, isTest, rel, sourceFiles, specifiersOf, type Edge } from './graph';
import { LAYERS, ROOMS, classLengths, declaredImports, layerOf, lineCount, roomProblem, upwardArrows } from './structure';

const files = sourceFiles(join(ROOT, 'src'));
const edges = importEdges(files);

describe('one direction for imports', () => {
  it('reads a real graph: every layer has files and most files import something', () => {
    for (const layer of LAYERS) expect(files.some((f) => layerOf(f) === layer), layer).toBe(true);
    expect(edges.length).toBeGreaterThan(files.length);
  });

  it('has no import circle anywhere in src/, type-only imports and tests included', () => {
    expect(circles(edges).map((c) => c.map(rel).join(' -> '))).toEqual([]);
  });

  it(`has no upward arrow between the layers ${LAYERS.join(' < ')} (tests included)`, () => {
    expect(upwardArrows(edges).map((e) => `${rel(e.from)} imports '${e.spec}'`)).toEqual([]);
  });

  it('keeps the rooms of src/sim: lower rooms only, through their index.ts, as each README lists', () => {
    expect(edges.map(roomProblem).filter((p) => p !== null)).toEqual([]);
  });

  it('gives every room a door (index.ts) and a README of 3 to 8 lines saying what it may import', () => {
    for (const room of ROOMS) {
      const dir = join(ROOT, 'src', 'sim', room);
      expect(existsSync(join(dir, 'index.ts')), `${room}/index.ts`).toBe(true);
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      const lines = lineCount(readme.trimEnd() + '\n');
      expect(lines, `${room}/README.md has ${lines} lines`).toBeGreaterThanOrEqual(3);
      expect(lines, `${room}/README.md has ${lines} lines`).toBeLessThanOrEqual(8);
      const may = declaredImports(room);
      expect(may.length, `${room}/README.md has a "May import:" line`).toBeGreaterThan(0);
      // A room may only declare what lies below it.
      const below = ['facts', 'core', 'i18n', ...ROOMS.slice(0, ROOMS.indexOf(room))];
      for (const m of may) expect(below, `${room} declares ${m}`).toContain(m);
    }
  });
});

describe('small files and classes', () => {
  // Message catalogues are data, not code; generated code is written by a tool, not by us.
  const CATALOGUES = new Set(['src/i18n/en.ts', 'src/i18n/zh-CN.ts']);
  const GENERATED = 'src/core/sharding/cel/generated/';
  const written = files.filter((f) => !rel(f).startsWith(GENERATED));

  it('no file in src/ is over 600 lines (catalogues and generated code aside)', () => {
    const long = written.filter((f) => !CATALOGUES.has(rel(f))).map((f) => ({ file: rel(f), lines: lineCount(readFileSync(f, 'utf8')) }));
    expect(long.filter((x) => x.lines > 600)).toEqual([]);
  });

  it('no class in src/ is over 400 lines (generated code aside)', () => {
    const big = written.flatMap((f) => classLengths(readFileSync(f, 'utf8')).map((c) => ({ file: rel(f), ...c }))).filter((c) => c.lines > 400);
    expect(big).toEqual([]);
  });
});

const FORBIDDEN_PACKAGES = /^(react|react-dom|zustand|d3-selection|d3)(\/|$)/;
// A DOM global used as one (`window.x`, `document[...]`), or a DOM-only name. A local
// variable called `window` (a time window) is fine. tsconfig.core.json backs this up: core,
// i18n and sim type-check without the DOM library at all.
const DOM_GLOBALS =
  /\b(document|window|localStorage|sessionStorage|navigator|location)\s*(\.|\[)|\b(requestAnimationFrame|HTMLElement|HTMLCanvasElement|OffscreenCanvas)\b/;
const AMBIENT_NONDETERMINISM = /\b(Math\.random|Date\.now|performance\.now)\s*\(/;

/** Source text without comments and string literals, to look for identifiers. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, '``')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""');
}

describe('a framework-free, deterministic model', () => {
  // The command line runs under Node only (it reads files and writes to the terminal).
  const pure = files.filter((f) => ['facts', 'core', 'i18n', 'sim'].includes(layerOf(f)!) && !isTest(f) && !rel(f).startsWith('src/sim/cli/'));

  it('src/core, src/i18n and src/sim import nothing from React, zustand or d3-selection', () => {
    expect(pure.length).toBeGreaterThan(50);
    for (const f of pure) for (const spec of specifiersOf(readFileSync(f, 'utf8'))) expect(FORBIDDEN_PACKAGES.test(spec), `${rel(f)} imports ${spec}`).toBe(false);
  });

  it('src/core, src/i18n and src/sim never touch the DOM, the wall clock or Math.random', () => {
    for (const f of pure) {
      const body = code(readFileSync(f, 'utf8'));
      expect(body.match(DOM_GLOBALS)?.[0], `${rel(f)} uses a DOM global`).toBeUndefined();
      expect(body.match(AMBIENT_NONDETERMINISM)?.[0], `${rel(f)} is not deterministic`).toBeUndefined();
    }
  });
});

describe('every test runs', () => {
  /** A vitest include glob (`**`, `*`, `{a,b}`) as a regular expression over repository paths. */
  const globRe = (glob: string): RegExp =>
    new RegExp(
      '^' +
        glob
          .replace(/[.+^$()|[\]\\]/g, '\\$&')
          .replace(/\{([^}]*)\}/g, (_, alts: string) => `(${alts.split(',').join('|')})`)
          // `**/` through a placeholder that no glob holds, so the `*` rule leaves it alone.
          .replace(/\*\*\//g, '<globstar>')
          .replace(/\*/g, '[^/]*')
          .replace(/<globstar>/g, '(.*/)?') +
        '$',
    );
  const includes = [...readFileSync(join(ROOT, 'vite.config.ts'), 'utf8').matchAll(/(?:include:\s*|_TESTS = )\[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => globRe(x[1]!)));

  it('every test file under src/ and tests/ is picked up by a vitest project (a folder left out runs nothing)', () => {
    expect(includes.length).toBeGreaterThan(3);
    const tests = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'tests'))].filter(isTest).map(rel);
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.filter((t) => !includes.some((re) => re.test(t)))).toEqual([]);
  });

  it('reads globs as vitest does', () => {
    expect(globRe('src/ui/**/*.test.{ts,tsx}').test('src/ui/a/b.test.tsx')).toBe(true);
    expect(globRe('src/ui/**/*.test.{ts,tsx}').test('src/ui/b.test.ts')).toBe(true);
    expect(globRe('src/sim/**/*.test.ts').test('src/i18n/zh-CN.test.ts')).toBe(false);
    expect(globRe('src/core/**/*.test.ts').test('src/core/a/b/c.test.ts')).toBe(true);
  });
});

describe('the checks themselves can fail', () => {
  const at = (p: string) => join(ROOT, p);
  const edge = (from: string, to: string, spec = to): Edge => ({ from: at(from), to: at(to), spec });

  it('finds a circle of two files and of one file importing itself, and none in a chain', () => {
    expect(circles([edge('src/a.ts', 'src/b.ts'), edge('src/b.ts', 'src/a.ts')])).toHaveLength(1);
    expect(circles([edge('src/a.ts', 'src/a.ts')])).toHaveLength(1);
    expect(circles([edge('src/a.ts', 'src/b.ts'), edge('src/b.ts', 'src/c.ts')])).toEqual([]);
  });

  it('reads type-only imports, re-exports, dynamic imports and import() types', () => {
    const text = [
      "import type { A } from './a';",
      "export { B } from './b';",
      "const c = await import('./c');",
      "type D = import('./d').D;",
      "// import { E } from './e';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a', './b', './c', './d']);
  });

  it('flags an upward arrow between layers and passes a downward one', () => {
    expect(upwardArrows([edge('src/stories/x.ts', 'src/ui/y.ts')])).toHaveLength(1);
    expect(upwardArrows([edge('src/state/x.ts', 'src/sim/index.ts')])).toEqual([]);
  });

  it('flags a room entered past its door, a room above, an undeclared room, and the page reaching into a room', () => {
    expect(roomProblem(edge('src/sim/engine/x.ts', 'src/sim/client/informer.ts'))).toMatch(/index\.ts only/);
    expect(roomProblem(edge('src/sim/client/x.ts', 'src/sim/engine/index.ts'))).toMatch(/engine is above client/);
    expect(roomProblem(edge('src/sim/time/x.ts', 'src/sim/apiserver/index.ts'))).toMatch(/README does not list apiserver/);
    expect(roomProblem(edge('src/state/x.ts', 'src/sim/report/verdict.ts'))).toMatch(/outside src\/sim/);
    expect(roomProblem(edge('src/sim/cluster/x.ts', 'src/i18n/locale.ts'))).toMatch(/README does not list i18n/);
    expect(roomProblem(edge('src/sim/engine/x.ts', 'src/sim/client/index.ts'))).toBeNull();
    expect(roomProblem(edge('src/state/x.ts', 'src/sim/workerClient.ts'))).toBeNull();
    expect(roomProblem({ ...edge('src/ui/x.test.tsx', 'src/sim/apiserver/url.ts'), mock: true })).toBeNull();
  });

  it('measures a class from its line to its closing brace, skipping braces in strings and comments', () => {
    const text = ['export class A {', "  s = '}}}';", '  // }', '  m() {', '    return `${1}`;', '  }', '}', 'class B {}'].join('\n');
    expect(classLengths(text)).toEqual([
      { name: 'A', lines: 7 },
      { name: 'B', lines: 1 },
    ]);
  });

  it('catches a DOM global and the wall clock', () => {
    expect(DOM_GLOBALS.test(code('const w = window.innerWidth;'))).toBe(true);
    expect(DOM_GLOBALS.test(code('// the window of time'))).toBe(false);
    expect(AMBIENT_NONDETERMINISM.test(code('const t = Date.now();'))).toBe(true);
  });
});
