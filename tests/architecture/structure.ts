/**
 * The project's structure as rules over the import graph (`./graph`): the layers, the rooms
 * of `src/sim` and their doors, and the size of files and classes.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, type Edge, rel } from './graph';

/** The layers of `src/`, from the bottom up. `main.tsx` sits above all of them. */
export const LAYERS = ['facts', 'core', 'i18n', 'sim', 'state', 'stories', 'ui'] as const;

/** The layer of a file under `src/` (`main` for src/main.tsx), or null outside `src/`. */
export function layerOf(file: string): string | null {
  const parts = relative(join(ROOT, 'src'), file).split(/[\\/]/);
  if (parts[0] === '..' || parts.length === 0) return null;
  return parts.length === 1 ? 'main' : parts[0]!;
}

const rank = (layer: string): number => (layer === 'main' ? LAYERS.length : LAYERS.indexOf(layer as (typeof LAYERS)[number]));

/** Edges from a lower layer to a higher one. */
export function upwardArrows(edges: readonly Edge[]): Edge[] {
  return edges.filter((e) => {
    const a = layerOf(e.from);
    const b = layerOf(e.to);
    return a !== null && b !== null && rank(b) > rank(a);
  });
}

/** The rooms of `src/sim`, from the bottom up. Files directly in `src/sim` are the top (the worker adapter). */
export const ROOMS = ['params', 'cluster', 'apiserver', 'client', 'time', 'report', 'engine', 'cli'] as const;
export type Room = (typeof ROOMS)[number];

const SIM = join(ROOT, 'src', 'sim');

/** The room of a file in `src/sim` (`top` for the adapter files), or null outside it. */
export function roomOf(file: string): Room | 'top' | null {
  const parts = relative(SIM, file).split(/[\\/]/);
  if (parts[0] === '..') return null;
  return parts.length === 1 ? 'top' : (parts[0] as Room);
}

/** Whether `file` is a room's door. */
export function isDoor(file: string): boolean {
  const room = roomOf(file);
  return room !== null && room !== 'top' && rel(file) === `src/sim/${room}/index.ts`;
}

/**
 * What a room may import, as its README says on its `May import:` line: layers below `sim`
 * (`core`, `i18n`) and rooms.
 */
export function declaredImports(room: Room): string[] {
  return mayImport(readFileSync(join(SIM, room, 'README.md'), 'utf8'));
}

/** The names on a README's `May import:` line (`none` for none), or [] without the line. */
export function mayImport(readme: string): string[] {
  const line = readme.split('\n').find((l) => l.startsWith('May import:'));
  if (!line) return [];
  return line
    .slice('May import:'.length)
    .split(',')
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter((s) => s !== '' && s !== 'none');
}

/** A problem with one import edge inside or into `src/sim`, or null. */
export function roomProblem(e: Edge): string | null {
  const from = roomOf(e.from);
  const to = roomOf(e.to);
  const where = `${rel(e.from)} imports '${e.spec}'`;
  if (e.mock) return null;
  if (to === null) {
    // Out of the model: only to layers below it (checked as layers) -- and a room names them in its README.
    if (from === null || from === 'top') return null;
    const layer = layerOf(e.to)!;
    return declaredImports(from).includes(layer) ? null : `${where}: ${from}'s README does not list ${layer}`;
  }
  if (from === to) return null;
  if (from === null) {
    // From outside the model: its door, a room's door, or an adapter file at the top.
    return to === 'top' || isDoor(e.to) ? null : `${where}: outside src/sim, import the model through src/sim or a room's index.ts`;
  }
  if (to === 'top') return `${where}: the rooms never import the adapter above them`;
  if (!isDoor(e.to)) return `${where}: another room is entered through its index.ts only`;
  if (from === 'top') return null;
  if (ROOMS.indexOf(to) > ROOMS.indexOf(from)) return `${where}: ${to} is above ${from}`;
  return declaredImports(from).includes(to) ? null : `${where}: ${from}'s README does not list ${to}`;
}

/** Lines of a file. */
export const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * Every class in a source text with its length in lines, from its `class` line to the line of
 * its closing brace (braces in strings, template literals and comments are skipped).
 */
export function classLengths(text: string): { name: string; lines: number }[] {
  const out: { name: string; lines: number }[] = [];
  const re = /^[ \t]*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z0-9_$]+)[^{]*\{/gm;
  for (const m of text.matchAll(re)) {
    let depth = 0;
    let i = m.index! + m[0].length - 1;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i);
      else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) + 1;
      else if (c === "'" || c === '"' || c === '`') {
        for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      } else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
      if (i < 0) break;
    }
    const first = text.slice(0, m.index!).split('\n').length;
    const last = text.slice(0, i).split('\n').length;
    out.push({ name: m[1]!, lines: last - first + 1 });
  }
  return out;
}
