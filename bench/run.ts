/**
 * `npm run bench`: every performance target as a figure and a ratio against a reference
 * measured in the same process. Pass `--json` for machine-readable output, `--only hash|parser|sim|cli|seekgen|bundle|apiserver|browser|responsive`
 * to run one group.
 */
import { cpus } from 'node:os';
import { runBundleBenchmark } from './bundle';
import { runHashBenchmarks } from './hash';
import { runParserBenchmarks } from './parser';
import type { BenchResult } from './types';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const json = args.includes('--json');

async function main(): Promise<void> {
  const results: BenchResult[] = [];
  if (!only || only === 'hash') results.push(...runHashBenchmarks());
  if (!only || only === 'parser') results.push(...(await runParserBenchmarks()));
  if (!only || only === 'sim') {
    const { runSimBenchmarks } = await import('./sim');
    results.push(...(await runSimBenchmarks()));
  }
  if (!only || only === 'cli') {
    const { runCliBenchmarks } = await import('./cli');
    results.push(...(await runCliBenchmarks()));
  }
  if (!only || only === 'seekgen') {
    const { runSeekGenBenchmarks } = await import('./seekgen');
    results.push(...runSeekGenBenchmarks());
    const { runSeekGenBrowserBenchmarks } = await import('./browser-seekgen');
    results.push(...(await runSeekGenBrowserBenchmarks()));
  }
  if (!only || only === 'bundle') results.push(...runBundleBenchmark());
  if (!only || only === 'apiserver') {
    const { runApiServerCostBenchmarks } = await import('./apiserver-costs');
    results.push(...runApiServerCostBenchmarks());
  }
  if (!only || only === 'browser') {
    const { runBrowserBenchmarks } = await import('./browser');
    results.push(...(await runBrowserBenchmarks()));
  }
  if (!only || only === 'responsive') {
    const { runResponsiveBenchmarks } = await import('./browser-responsive');
    results.push(...(await runResponsiveBenchmarks()));
  }
  if (json) {
    console.log(JSON.stringify({ node: process.version, cpu: cpus()[0]?.model, results }, null, 2));
    return;
  }
  console.log(`ShardScope benchmarks — Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} x${cpus().length}\n`);
  const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
  for (const r of results) {
    const verdict = r.pass === undefined ? '' : r.pass ? '  PASS' : '  MISS';
    console.log(`${r.name}\n  ${fmt(r.value)} ${r.unit}${r.target ? `   target: ${r.target}` : ''}${verdict}`);
    if (r.reference) {
      console.log(`  reference: ${r.reference.name}: ${fmt(r.reference.value)} ${r.reference.unit}` +
        (r.ratio ? `   ratio: ${r.ratio.toFixed(1)}x` : ''));
    }
  }
  if (results.some((r) => r.pass === false)) process.exitCode = 1;
}

void main();
