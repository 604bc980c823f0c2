/**
 * Runs the real command line in a child process: what a run does to memory, to a
 * terminal and to special files is only seen in a process of its own. The child is watched:
 * killed when it passes `maxRssBytes` of resident memory or `timeoutMs`, and the result says so.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface SpawnedCli {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Why the watcher killed the child, or null when it ended by itself. */
  readonly killed: 'memory' | 'time' | null;
  /** The largest resident set seen (sampled every 100 ms from /proc), in bytes. */
  readonly peakRssBytes: number;
  /** Resident set samples over the run: [seconds since start, bytes]. */
  readonly rss: readonly (readonly [number, number])[];
  /** Each chunk of stderr with the seconds since start it arrived at. */
  readonly stderrChunks: readonly (readonly [number, string])[];
}

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs `node --import tsx src/sim/cli/main.ts ...argv` from the repository root. */
export function spawnCli(argv: readonly string[], options: { timeoutMs?: number; maxRssBytes?: number; nodeArgs?: readonly string[]; env?: Readonly<Record<string, string>> } = {}): Promise<SpawnedCli> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRss = options.maxRssBytes ?? 2_000_000_000;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/sim/cli/main.ts', ...argv], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
    const started = Date.now();
    let stdout = '';
    let stderr = '';
    let killed: SpawnedCli['killed'] = null;
    let peak = 0;
    const rss: [number, number][] = [];
    const stderrChunks: [number, string][] = [];
    // Keep at most a few megabytes of output: a runaway line must not fill the test's memory.
    const CAP = 4_000_000;
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < CAP) stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      const s = d.toString('utf8');
      stderrChunks.push([(Date.now() - started) / 1000, s.slice(0, 1000)]);
      if (stderr.length < CAP) stderr += s;
    });
    const watch = setInterval(() => {
      const r = child.pid ? rssOf(child.pid) : 0;
      rss.push([(Date.now() - started) / 1000, r]);
      peak = Math.max(peak, r);
      if (r > maxRss && killed === null) {
        killed = 'memory';
        child.kill('SIGKILL');
      } else if (Date.now() - started > timeoutMs && killed === null) {
        killed = 'time';
        child.kill('SIGKILL');
      }
    }, 100);
    child.on('error', (e) => {
      clearInterval(watch);
      reject(e);
    });
    child.on('close', (code) => {
      clearInterval(watch);
      resolve({ code, stdout, stderr, killed, peakRssBytes: peak, rss, stderrChunks });
    });
  });
}
