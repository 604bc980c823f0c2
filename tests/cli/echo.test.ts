import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli } from './spawn';

/**
 * Errors never echo whole values. Every quoted value or key is cut to about 80 characters
 * (control and bidi characters escaped), and a refusal lists at most 20 problems and counts
 * the rest. Uncut, a 15 MB events object would come back as a 15 MB stderr line and 200,001
 * unknown keys as 200,001 lines.
 */
const LIMITS = { timeoutMs: 30_000, maxRssBytes: 1_500_000_000 };

async function refusal(scenario: unknown): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'shardscope-echo-'));
  try {
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify(scenario));
    const r = await spawnCli(['--scenario', file, '--seconds', '1'], LIMITS);
    expect(r.killed).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toContain('--help');
    return lines.slice(0, -1).map((l) => l.replace(/^error: .*?s\.json: /, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The quoted value after "got " (to the end of the line). */
const got = (line: string) => line.slice(line.indexOf(', got ') + ', got '.length);

describe('error messages cut what they echo', () => {
  it('a 15 MB events object is quoted in at most 80 characters', async () => {
    const lines = await refusal({ events: { x: 'a'.repeat(15_000_000) } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\$\.events must be an array of events, got \{"x":"a+…$/);
    expect(got(lines[0]!).length).toBeLessThanOrEqual(80);
  }, 60_000);

  it('200,001 unknown keys give 20 lines and "… and 199,981 more problems"', async () => {
    const params: Record<string, number> = {};
    for (let i = 0; i <= 200_000; i++) params[`k${i}`] = 1;
    const lines = await refusal({ params });
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^\$\.params\.k0 is not a parameter; known here: seed, cluster/);
    expect(lines[19]).toMatch(/^\$\.params\.k19 is not a parameter/);
    expect(lines[20]).toBe('… and 199,981 more problems');
  }, 60_000);

  it('a long key is cut, and its control and bidi characters are escaped', async () => {
    const lines = await refusal({ ['\u202e' + 'x'.repeat(1_000_000)]: 1, params: { ['k\u001b[31m'.repeat(10_000)]: 2 } });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\$\["\\u202exxxx+…\] is not a scenario field; known: params, events, seconds, description$/);
    expect(lines[1]).toMatch(/^\$\.params\["k\\u001b\[31mk\\u001b\[31m.*…\] is not a parameter; known here: /);
    for (const line of lines) {
      expect(line.length).toBeLessThan(300);
      expect(line).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    }
  }, 60_000);

  it('values quoted by the parameter checks are cut too: a megabyte seed, a megabyte event kind', async () => {
    const lines = await refusal({ params: { seed: { x: 's'.repeat(1_000_000) } }, events: [{ kind: 'k'.repeat(1_000_000), at: 1 }] });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^\$\.params\.seed must be a string of at most 256 characters or a finite number, got \{"x":"s+…$/);
    expect(lines.find((l) => l.startsWith('$.events[0].kind'))).toMatch(/got "k+…$/);
    for (const line of lines) expect(got(line).length).toBeLessThanOrEqual(80);
  }, 60_000);
});
