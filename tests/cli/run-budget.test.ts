import { describe, expect, it } from 'vitest';
import { spawnCli } from './spawn';

/**
 * An accepted run has bounded work and flat memory, says how far it is on stderr when it is
 * slow, and an over-budget run is refused up front with flags that fit. With a step-back
 * checkpoint every 2 simulated seconds (never needed by the command line),
 * `--pods 1000000 --replicas 64 --seconds 86400` would grow by several megabytes a second.
 */
const MB = 1_000_000;

describe('a long command-line run', () => {
  it('--pods 1000000 --replicas 64 --seconds 86400: flat memory after build-up, well under 1 GB, and progress on stderr', async () => {
    // 25 s of the run (it takes minutes): the cluster is built in the first few seconds.
    const r = await spawnCli(['--pods', '1000000', '--replicas', '64', '--seconds', '86400'], { timeoutMs: 25_000, maxRssBytes: 1_500 * MB });
    expect(r.killed).toBe('time');
    const built = r.rss.filter(([t]) => t >= 8);
    expect(built.length).toBeGreaterThan(50);
    const first = Math.max(...built.filter(([t]) => t < 14).map(([, b]) => b));
    const last = Math.max(...built.filter(([t]) => t >= 20).map(([, b]) => b));
    console.log(`  RSS after build-up ${(first / MB).toFixed(0)} MB, 10+ s later ${(last / MB).toFixed(0)} MB, peak ${(r.peakRssBytes / MB).toFixed(0)} MB`);
    expect(r.peakRssBytes).toBeLessThan(1_000 * MB);
    // Flat: the garbage collector's swings, not growth (before: +7 MB a second).
    expect(last - first).toBeLessThan(48 * MB);
    // Progress lines on stderr, the first within a few seconds of the 2 s mark, nothing else.
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^progress: [\d:]+ of 24:00:00 simulated \(\d+%\), [\dmin ]+ s so far, about .* left$/);
    expect(r.stderrChunks[0]![0]).toBeLessThan(12);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('with --json, stdout holds only the JSON document and the progress goes to stderr', async () => {
    const r = await spawnCli(['--pods', '1000000', '--replicas', '64', '--seconds', '900', '--json'], {
      timeoutMs: 60_000,
      maxRssBytes: 1_500 * MB,
      // Progress from the first slice, so the test sees it however fast the machine is.
      env: { SHARDSCOPE_PROGRESS_AFTER_MS: '0' },
    });
    expect(r.killed).toBeNull();
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { seconds: number; livePods: number };
    expect(body.seconds).toBe(900);
    expect(body.livePods).toBeGreaterThan(990_000);
    expect(r.stderr).toMatch(/^progress: /);
    expect(r.stderr.trimEnd().split('\n').every((l) => l.startsWith('progress: '))).toBe(true);
  }, 90_000);

  it('refuses an over-budget run at once, naming the flags that would fit', async () => {
    const r = await spawnCli(['--pods', '1000000', '--replicas', '64', '--seconds', '86400', '--watch-timeouts', 'true', '--client', 'ksm-2.18'], { timeoutMs: 20_000 });
    expect(r.killed).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const [line, hint] = r.stderr.trimEnd().split('\n');
    expect(line).toMatch(/^error: this run asks for [\d,]+ units of work \(.*\); a run does at most 40,000,000,000: --seconds [\d,]+, or --replicas \d+, or --watch-timeouts false would fit$/);
    expect(hint).toContain('--help');
  }, 30_000);
});
