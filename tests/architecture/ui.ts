/**
 * The structure of `src/ui` as rules over the import graph (`./graph`): its folders in order,
 * each entered through its door (`index.ts`) and importing only folders below it that its
 * README names; the app shell (the files directly in `src/ui`) on top of them all.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, circles, rel, type Edge } from './graph';
import { mayImport } from './structure';

/**
 * The folders of `src/ui`, from the bottom up: the base (the UI's words, colours, shared
 * widgets), the features, the panels, and what composes the panels. The shell is above them all.
 */
export const UI_FOLDERS = [
  'i18n',
  'theme',
  'primitives',
  'explain',
  'keyboard',
  'export',
  'selector',
  'import',
  'stories',
  'lab',
  'presenter',
  'timeline',
  'bandwidth',
  'cards',
  'flow',
  'hash',
  'yourcluster',
  'controls',
  'stage',
  'header',
  'embed',
] as const;

const UI = join(ROOT, 'src', 'ui');

/** Where a file sits in `src/ui`: its folder, `shell` directly in `src/ui`, or null outside it. */
export function uiFolderOf(file: string): string | null {
  const parts = relative(UI, file).split(/[\\/]/);
  if (parts[0] === '..' || parts[0] === '') return null;
  return parts.length === 1 ? 'shell' : parts[0]!;
}

/** Whether `file` is a folder's door. */
export function isUiDoor(file: string): boolean {
  const folder = uiFolderOf(file);
  return folder !== null && folder !== 'shell' && rel(file) === `src/ui/${folder}/index.ts`;
}

const rank = (folder: string): number => (UI_FOLDERS as readonly string[]).indexOf(folder);

/** What a folder may import, as its README says on its `May import:` line. */
export function uiDeclaredImports(folder: string): string[] {
  return mayImport(readFileSync(join(UI, folder, 'README.md'), 'utf8'));
}

/** A problem with one import edge inside `src/ui`, or null. */
export function uiProblem(e: Edge): string | null {
  // A mock names the module that holds what it replaces, past any door.
  if (e.mock) return null;
  const from = uiFolderOf(e.from);
  const to = uiFolderOf(e.to);
  // Out of src/ui (checked as layers), or into it from src/main.tsx, which picks the chunks.
  if (from === null || to === null) return null;
  const where = `${rel(e.from)} imports '${e.spec}'`;
  if (from === to) return isUiDoor(e.to) && from !== 'shell' ? `${where}: inside a folder, import the file, not the folder's own door` : null;
  if (to === 'shell') return `${where}: nothing below the shell (App.tsx and the files beside it) imports it`;
  if (rank(to) < 0) return `${where}: ${to} is not one of the folders of src/ui (UI_FOLDERS)`;
  if (!isUiDoor(e.to)) return `${where}: another folder is entered through its index.ts only`;
  if (from === 'shell') return null;
  if (rank(from) < 0) return `${where}: ${from} is not one of the folders of src/ui (UI_FOLDERS)`;
  if (rank(to) > rank(from)) return `${where}: ${to} is above ${from}`;
  return uiDeclaredImports(from).includes(to) ? null : `${where}: ${from}'s README does not list ${to}`;
}

/** The circles among the folders of `src/ui` and its shell, each as the list of its folders. */
export function uiFolderCircles(edges: readonly Edge[]): string[] {
  const folderEdges: Edge[] = [];
  for (const e of edges) {
    const from = uiFolderOf(e.from);
    const to = uiFolderOf(e.to);
    if (from !== null && to !== null && from !== to) folderEdges.push({ from, to, spec: e.spec });
  }
  return circles(folderEdges).map((c) => c.join(', '));
}
