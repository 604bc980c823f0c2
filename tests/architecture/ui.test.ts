import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importEdges, sourceFiles, type Edge } from './graph';
import { lineCount } from './structure';
import { UI_FOLDERS, uiDeclaredImports, uiFolderCircles, uiFolderOf, uiProblem } from './ui';

const UI = join(ROOT, 'src', 'ui');
const edges = importEdges(sourceFiles(join(ROOT, 'src')));
const uiEdges = edges.filter((e) => uiFolderOf(e.from) !== null && uiFolderOf(e.to) !== null);

describe('the folders of src/ui', () => {
  it('reads a real graph: most folders import another, and the shell imports many', () => {
    expect(uiEdges.filter((e) => uiFolderOf(e.from) !== uiFolderOf(e.to)).length).toBeGreaterThan(50);
  });

  it('are exactly the folders in UI_FOLDERS', () => {
    const dirs = readdirSync(UI).filter((name) => statSync(join(UI, name)).isDirectory());
    expect(dirs.sort()).toEqual([...UI_FOLDERS].sort());
  });

  it('import each other in no circle, and none imports the shell (tests included)', () => {
    expect(uiFolderCircles(edges)).toEqual([]);
  });

  it('import another folder only through its index.ts, only below them, and only as their README lists', () => {
    expect(uiEdges.map(uiProblem).filter((p) => p !== null)).toEqual([]);
  });

  it('each have a door (index.ts) and a README of 3 to 8 lines saying what they may import', () => {
    for (const folder of UI_FOLDERS) {
      const dir = join(UI, folder);
      expect(existsSync(join(dir, 'index.ts')), `${folder}/index.ts`).toBe(true);
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      const lines = lineCount(readme.trimEnd() + '\n');
      expect(lines, `${folder}/README.md has ${lines} lines`).toBeGreaterThanOrEqual(3);
      expect(lines, `${folder}/README.md has ${lines} lines`).toBeLessThanOrEqual(8);
      expect(readme, `${folder}/README.md has a "May import:" line`).toMatch(/^May import: \S/m);
      // A folder may only declare what lies below it.
      const below = UI_FOLDERS.slice(0, UI_FOLDERS.indexOf(folder));
      for (const m of uiDeclaredImports(folder)) expect(below, `${folder} declares ${m}`).toContain(m);
    }
  });
});

describe('the rule of src/ui can fail', () => {
  const at = (p: string) => join(ROOT, p);
  const edge = (from: string, to: string, spec = to): Edge => ({ from: at(from), to: at(to), spec });

  it('finds a circle of two folders, and one through the shell, but none in a chain', () => {
    expect(uiFolderCircles([edge('src/ui/flow/a.tsx', 'src/ui/export/index.ts'), edge('src/ui/export/b.tsx', 'src/ui/flow/index.ts')])).toEqual(['export, flow']);
    expect(uiFolderCircles([edge('src/ui/App.tsx', 'src/ui/cards/index.ts'), edge('src/ui/cards/a.test.tsx', 'src/ui/App.tsx')])).toEqual(['cards, shell']);
    expect(uiFolderCircles([edge('src/ui/App.tsx', 'src/ui/cards/index.ts'), edge('src/ui/cards/a.tsx', 'src/ui/export/index.ts')])).toEqual([]);
  });

  it('flags a folder entered past its door, from another folder and from the shell', () => {
    expect(uiProblem(edge('src/ui/cards/a.tsx', 'src/ui/export/ExportButtons.tsx'))).toMatch(/through its index\.ts only/);
    expect(uiProblem(edge('src/ui/App.tsx', 'src/ui/stage/FocusStage.tsx'))).toMatch(/through its index\.ts only/);
  });

  it('flags an upward import, an import of the shell, an undeclared folder, an unknown folder and a folder through its own door', () => {
    expect(uiProblem(edge('src/ui/primitives/a.tsx', 'src/ui/cards/index.ts'))).toMatch(/cards is above primitives/);
    expect(uiProblem(edge('src/ui/hash/a.tsx', 'src/ui/yourcluster/index.ts'))).toMatch(/yourcluster is above hash/);
    expect(uiProblem(edge('src/ui/cards/a.test.tsx', 'src/ui/App.tsx'))).toMatch(/nothing below the shell/);
    expect(uiProblem(edge('src/ui/flow/a.tsx', 'src/ui/explain/index.ts'))).toMatch(/flow's README does not list explain/);
    expect(uiProblem(edge('src/ui/cards/a.tsx', 'src/ui/widgets/index.ts'))).toMatch(/widgets is not one of the folders/);
    expect(uiProblem(edge('src/ui/cards/a.tsx', 'src/ui/cards/index.ts'))).toMatch(/not the folder's own door/);
  });

  it('passes a declared import through a door, the shell through any door, a file of the same folder, a mock, and imports leaving src/ui', () => {
    expect(uiProblem(edge('src/ui/cards/a.tsx', 'src/ui/export/index.ts'))).toBeNull();
    expect(uiProblem(edge('src/ui/App.tsx', 'src/ui/header/index.ts'))).toBeNull();
    expect(uiProblem(edge('src/ui/cards/a.tsx', 'src/ui/cards/b.tsx'))).toBeNull();
    expect(uiProblem({ ...edge('src/ui/cards/a.test.tsx', 'src/ui/export/ExportButtons.tsx'), mock: true })).toBeNull();
    expect(uiProblem(edge('src/ui/cards/a.tsx', 'src/state/index.ts'))).toBeNull();
  });
});
