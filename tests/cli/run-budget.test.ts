import { describe, expect, it } from 'vitest';
import { spawnCli } from './spawn';

/**
 * An accepted run has bounded work and memory, says how far it is on stderr, and an
 * over-budget run is refused up front with flags that fit. The real command line at its
 * largest size, once: how fast progress lines come, and that the run keeps no step-back
 * checkpoints and memory follows live objects, are checked in the process with a simulated
 * clock (src/sim/cli/progress.test.ts, src/sim/cli/bounds.test.ts).
 */
const MB = 1_000_000;

describe('a long command-line run', () => {
  it('--pods 1000000 --replicas 64 --json: well under 1 GB, stdout holds only the JSON document, progress goes to stderr', async () => {
    const r = await spawnCli(['--pods', '1000000', '--replicas', '64', '--seconds', '120', '--json'], {
      timeoutMs: 90_000,
      maxRssBytes: 1_500 * MB,
      // Progress from the first slice, so the test sees it however fast the machine is.
      env: { SHARDSCOPE_PROGRESS_AFTER_MS: '0' },
    });
    expect(r.killed).toBeNull();
    expect(r.code).toBe(0);
    console.log(`  peak RSS ${(r.peakRssBytes / MB).toFixed(0)} MB`);
    expect(r.peakRssBytes).toBeLessThan(1_000 * MB);
    const body = JSON.parse(r.stdout) as { seconds: number; livePods: number };
    expect(body.seconds).toBe(120);
    expect(body.livePods).toBeGreaterThan(990_000);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line).toMatch(/^progress: [\d:]+ of 2:00 simulated \(\d+%\), [\dmin ]+ s so far, about .* left$/);
  }, 120_000);

  it('refuses an over-budget run at once, naming the flags that would fit', async () => {
    // 600 changes a second, no rolling updates: within the event budget for a day (the default
    // rates per 1,000 pods would not be), so the work budget is what refuses it.
    const quiet = ['--adds', '50', '--modifies', '500', '--deletes', '50', '--bursts', 'false'];
    const r = await spawnCli(['--pods', '1000000', '--replicas', '64', '--seconds', '86400', '--watch-timeouts', 'true', '--client', 'ksm-2.18', ...quiet], { timeoutMs: 20_000 });
    expect(r.killed).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const [line, hint] = r.stderr.trimEnd().split('\n');
    expect(line).toMatch(/^error: this run asks for [\d,]+ units of work \(.*\); a run does at most 40,000,000,000: --seconds [\d,]+, or --replicas \d+, or --watch-timeouts false would fit$/);
    expect(hint).toContain('--help');
  }, 30_000);
});
