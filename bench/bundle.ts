import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './types';

const BUDGET_KIB = 250;

/**
 * The JavaScript a first visit downloads before the page can run: the entry script and its
 * modulepreloads, as listed in dist/index.html, gzipped. Lazy chunks and the worker are not
 * initial and are not counted.
 */
export function runBundleBenchmark(dist = join(import.meta.dirname, '..', 'dist')): BenchResult[] {
  const html = join(dist, 'index.html');
  if (!existsSync(html)) return [];
  const text = readFileSync(html, 'utf8');
  const srcs = [...text.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)]
    .map((m) => m[1]!);
  const bytes = srcs.reduce((sum, src) => sum + gzipSync(readFileSync(join(dist, src.replace(/^\.\//, '')))).length, 0);
  const kib = bytes / 1024;
  return [
    {
      name: `initial JavaScript, gzipped (${srcs.length} file${srcs.length === 1 ? '' : 's'} from dist/index.html)`,
      value: kib,
      unit: 'KiB',
      reference: { name: 'budget', value: BUDGET_KIB, unit: 'KiB' },
      ratio: BUDGET_KIB / kib,
      target: `< ${BUDGET_KIB} KiB`,
      pass: kib < BUDGET_KIB,
    },
  ];
}
