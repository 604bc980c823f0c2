import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './types';

const BUDGET_KIB = 250;

/** Static imports and re-exports of a built chunk (`import{a}from"./x.js"`), not `import("./x.js")`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'`()]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g;

/** `files` (in dist/assets) and every chunk they import statically, transitively. */
function staticClosure(assets: string, files: readonly string[]): string[] {
  const seen = new Set<string>();
  const todo = [...files];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(join(assets, file), 'utf8').matchAll(STATIC_IMPORT)) todo.push(m[1]!.replace(/^\.\//, ''));
  }
  return [...seen].sort();
}

/** Bytes and gzipped bytes of `files` in dist/assets. */
function sizes(assets: string, files: readonly string[]): { bytes: number; gzip: number } {
  let bytes = 0;
  let gzip = 0;
  for (const f of files) {
    const data = readFileSync(join(assets, f));
    bytes += data.length;
    gzip += gzipSync(data).length;
  }
  return { bytes, gzip };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * The JavaScript a first visit downloads before the page can run: the entry script and its
 * modulepreloads, as listed in dist/index.html, gzipped (against the budget). Beside it, as
 * figures: the same in bytes, what the model's Web Worker loads when it starts (its script and
 * the chunks that script imports statically), and the syntax-error model, which neither loads
 * until the first syntax error asks for it (`recognizer-*.js`, one for the page and one for
 * the worker).
 */
export function runBundleBenchmark(dist = join(import.meta.dirname, '..', 'dist')): BenchResult[] {
  const html = join(dist, 'index.html');
  if (!existsSync(html)) return [];
  const assets = join(dist, 'assets');
  const text = readFileSync(html, 'utf8');
  const srcs = [...text.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)]
    .map((m) => m[1]!.replace(/^\.\/assets\//, ''));
  const page = sizes(assets, srcs);
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const workers = js.filter((f) => /^worker-/.test(f));
  const worker = sizes(assets, staticClosure(assets, workers));
  const model = js.filter((f) => /^recognizer-/.test(f));
  const results: BenchResult[] = [
    {
      name: `initial JavaScript, gzipped (${srcs.length} file${srcs.length === 1 ? '' : 's'} from dist/index.html)`,
      value: page.gzip / 1024,
      unit: 'KiB',
      reference: { name: 'budget', value: BUDGET_KIB, unit: 'KiB' },
      ratio: BUDGET_KIB / (page.gzip / 1024),
      target: `< ${BUDGET_KIB} KiB`,
      pass: page.gzip / 1024 < BUDGET_KIB,
    },
    { name: `initial JavaScript, bytes (the same files)`, value: page.bytes / 1024, unit: 'KiB' },
    { name: `the Web Worker at start-up, gzipped (${kib(worker.bytes)} in bytes)`, value: worker.gzip / 1024, unit: 'KiB' },
  ];
  for (const f of model) {
    const s = sizes(assets, [f]);
    results.push({ name: `syntax-error model, loaded on the first syntax error: ${f}, gzipped (${kib(s.bytes)} in bytes)`, value: s.gzip / 1024, unit: 'KiB' });
  }
  return results;
}
