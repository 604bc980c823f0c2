import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli } from './spawn';

/**
 * `--scenario` on a special file. The path is stat'ed first: only a regular file of at most
 * 16 MB is read, and a refusal is one line saying why. Read blindly, /dev/zero grows to
 * 16.5 GB and aborts, /dev/urandom reaches 8 GB and a FIFO hangs forever: here the child is
 * killed at 1 GB or 20 s, which fails the test.
 */
const LIMITS = { timeoutMs: 20_000, maxRssBytes: 1_000_000_000 };

function expectOneLineRefusal(r: Awaited<ReturnType<typeof spawnCli>>, path: string, why: RegExp): void {
  expect(r.killed).toBeNull();
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  // The error, then the --help hint.
  expect(lines).toHaveLength(2);
  // The path, quoted (a long one cut short).
  expect(lines[0]).toMatch(/^error: --scenario "[^"]+" cannot be read: /);
  expect(lines[0]).toContain(path.slice(0, 30));
  expect(lines[0]).toMatch(why);
  expect(lines[0]!.length).toBeLessThan(200);
  expect(lines[1]).toContain('--help');
}

describe('--scenario reads only a regular file of at most 16 MB', () => {
  it('/dev/zero is refused at once as a character device, in one line', async () => {
    expectOneLineRefusal(await spawnCli(['--scenario', '/dev/zero', '--seconds', '1'], LIMITS), '/dev/zero', /character device.*not a regular file/);
  }, 30_000);

  it('/dev/urandom is refused at once as a character device, in one line', async () => {
    expectOneLineRefusal(await spawnCli(['--scenario', '/dev/urandom', '--seconds', '1'], LIMITS), '/dev/urandom', /character device.*not a regular file/);
  }, 30_000);

  it('a FIFO is refused without waiting for a writer, in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shardscope-fifo-'));
    try {
      const fifo = join(dir, 'scenario.json');
      execFileSync('mkfifo', [fifo]);
      expectOneLineRefusal(await spawnCli(['--scenario', fifo, '--seconds', '1'], LIMITS), fifo, /FIFO.*not a regular file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('a directory is refused, and a regular file over 16 MB is refused by its size without being read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shardscope-big-'));
    try {
      expectOneLineRefusal(await spawnCli(['--scenario', dir, '--seconds', '1'], LIMITS), dir, /a directory, not a regular file/);
      const big = join(dir, 'big.json');
      writeFileSync(big, '');
      // A sparse 64 GB file: reading it would take minutes and all memory.
      truncateSync(big, 64 * 1024 ** 3);
      expectOneLineRefusal(await spawnCli(['--scenario', big, '--seconds', '1'], LIMITS), big, /it is 65,536 MB; a scenario file holds at most 16 MB/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a small regular file still runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shardscope-ok-'));
    try {
      const file = join(dir, 's.json');
      writeFileSync(file, JSON.stringify({ params: { cluster: { pods: 1000 } }, seconds: 1 }));
      const r = await spawnCli(['--scenario', file, '--json'], LIMITS);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { livePods: number }).livePods).toBeGreaterThan(900);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
