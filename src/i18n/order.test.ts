/**
 * The catalogues' layout, which lets en.ts and zh-CN.ts be reviewed side by side: keys grouped
 * by namespace (the part before the first dot), namespaces in alphabetical order, each in one
 * run under a `// <namespace>: ...` comment, and zh-CN's keys in exactly en's order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

const namespaceOf = (key: string): string => key.slice(0, key.indexOf('.'));

/** The namespace of each run of consecutive keys that share one. */
function runs(keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const k of keys) if (out.at(-1) !== namespaceOf(k)) out.push(namespaceOf(k));
  return out;
}

/** The documented order: alphabetical by UTF-16 code unit, the same on every machine. */
const alphabetical = (names: readonly string[]): string[] => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Namespaces that come back after another one came between. */
function split(keys: readonly string[]): string[] {
  const seen = runs(keys);
  return seen.filter((n, i) => seen.indexOf(n) !== i);
}

const read = (file: string): string => readFileSync(resolve(import.meta.dirname, file), 'utf8');

/** A catalogue's source lines: each key in source order, and the namespace comment above it. */
function layout(source: string): { keys: string[]; headings: string[]; headless: string[] } {
  const keys: string[] = [];
  const headings: string[] = [];
  const headless: string[] = [];
  let heading: string | null = null;
  for (const line of source.split('\n')) {
    const h = /^ {2}\/\/ ([a-z][A-Za-z]*): \S/.exec(line);
    if (h) headings.push((heading = h[1]!));
    const k = /^ {2}'([^']+)':/.exec(line);
    if (!k) continue;
    keys.push(k[1]!);
    if (namespaceOf(k[1]!) !== heading) headless.push(k[1]!);
  }
  return { keys, headings, headless };
}

const CATALOGUES = [
  { name: 'en', file: 'en.ts', keys: Object.keys(en) },
  { name: 'zh-CN', file: 'zh-CN.ts', keys: Object.keys(zhCN) },
] as const;

describe.each(CATALOGUES)('the $name catalogue ($file)', ({ file, keys }) => {
  it('gives every key a namespace before its first dot', () => {
    expect(keys.filter((k) => namespaceOf(k) === '')).toEqual([]);
  });

  it('keeps each namespace in one run of keys', () => {
    expect(split(keys)).toEqual([]);
  });

  it('lists its namespaces in alphabetical order', () => {
    const order = runs(keys);
    expect(order).toEqual(alphabetical(order));
  });

  it('heads each namespace with one comment naming it, and no key outside its namespace’s comment', () => {
    const source = layout(read(file));
    expect(source.keys).toEqual(keys);
    expect(source.headings).toEqual(runs(keys));
    expect(source.headless).toEqual([]);
  });
});

describe('zh-CN beside en', () => {
  it('lists exactly en’s keys in en’s order', () => {
    expect(Object.keys(zhCN)).toEqual(Object.keys(en));
  });
});

describe('src/i18n', () => {
  it('carries no history: no issue numbers and no dates', () => {
    const history = /\bissues? #?[0-9]+|\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b/i;
    const files = readdirSync(import.meta.dirname).filter((f) => /\.(ts|md)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap((f) =>
      read(f)
        .split('\n')
        .flatMap((line, i) => (history.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
