/**
 * The command line's memory on a long run: `npm run sim -- --pods 1000000
 * --replicas 64 --seconds 3600` in a process of its own, its resident set sampled from /proc
 * every 100 ms. Two figures: the peak (target under 1.5 GB) and the growth after build-up,
 * the largest resident set of the run's second half minus that of its first half once the
 * cluster is built (target: flat, under 64 MB, which is the garbage collector's swing). A run
 * that kept a step-back checkpoint every 2 simulated seconds would grow by several megabytes
 * a second.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from './types';

const ROOT = join(import.meta.dirname, '..');
const MB = 1_000_000;
const ARGV = ['--pods', '1000000', '--replicas', '64', '--seconds', '3600', '--json'];

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The run's resident-set samples ([ms since start, bytes]) and when its cluster was built (its first progress line). */
function sampleRun(): Promise<{ samples: [number, number][]; code: number | null; firstProgressMs: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sim/cli/main.ts', ...ARGV], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    const started = performance.now();
    const samples: [number, number][] = [];
    let firstProgressMs: number | null = null;
    child.stderr.on('data', () => {
      firstProgressMs ??= performance.now() - started;
    });
    const timer = setInterval(() => {
      if (child.pid) samples.push([performance.now() - started, rssOf(child.pid)]);
    }, 100);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ samples: samples.filter(([, b]) => b > 0), code, firstProgressMs });
    });
  });
}

export async function runCliBenchmarks(): Promise<BenchResult[]> {
  const { samples, code, firstProgressMs } = await sampleRun();
  if (code !== 0 || samples.length < 10) throw new Error(`the CLI run failed (exit ${code}, ${samples.length} samples)`);
  const peak = Math.max(...samples.map(([, b]) => b));
  // After build-up: from the first progress line (the cluster is built by then), halves of the rest.
  const from = firstProgressMs ?? samples[0]![0];
  const end = samples[samples.length - 1]![0];
  const mid = (from + end) / 2;
  const firstHalf = Math.max(...samples.filter(([t]) => t >= from && t < mid).map(([, b]) => b));
  const secondHalf = Math.max(...samples.filter(([t]) => t >= mid).map(([, b]) => b));
  const growth = secondHalf - firstHalf;
  const name = 'CLI run of 1,000,000 pods x 64 replicas x 1 simulated hour';
  return [
    { name: `${name}: peak resident memory (${(end / 1000).toFixed(0)} s wall)`, value: peak / MB, unit: 'MB', target: '< 1,500 MB', pass: peak < 1_500 * MB },
    {
      name: `${name}: resident memory growth after build-up (second half's peak ${(secondHalf / MB).toFixed(0)} MB vs first half's ${(firstHalf / MB).toFixed(0)} MB)`,
      value: growth / MB,
      unit: 'MB',
      target: '< 64 MB (flat)',
      pass: growth < 64 * MB,
    },
  ];
}
