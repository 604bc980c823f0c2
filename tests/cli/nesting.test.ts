import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli } from './spawn';

/**
 * A deeply nested scenario is refused naming the file and the path, with advice that fits
 * (not "try a smaller run"); and keys such as `toString` are unknown fields (own properties
 * only). The failures guarded against: a 200,000-level `events` object stopping the run with
 * "RangeError: Maximum call stack size exceeded (try a smaller run: fewer --pods…)", and
 * `toString`, `constructor`, `hasOwnProperty`, `valueOf` and `__proto__` passing the check.
 */
const LIMITS = { timeoutMs: 30_000, maxRssBytes: 1_500_000_000 };
const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

async function run(text: string): Promise<{ file: string; code: number | null; lines: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'shardscope-nest-'));
  try {
    const file = join(dir, 'nested.json');
    writeFileSync(file, text);
    const r = await spawnCli(['--scenario', file, '--seconds', '1', '--pods', '1000'], LIMITS);
    expect(r.killed).toBeNull();
    return { file, code: r.code, lines: r.stderr.trimEnd().split('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('deep nesting and prototype keys in a scenario', () => {
  for (const [where, text] of [
    ['$.events', `{"events": ${deep(200_000)}}`],
    ['$.params.seed', `{"params": {"seed": ${deep(200_000)}}}`],
    ['$.events[0].rollout', `{"events": [{"kind": "reshard", "at": 1, "to": 2, "strategy": "equal-ranges", "rollout": ${deep(200_000)}}]}`],
  ] as const) {
    it(`a 200,000-level value at ${where} is refused naming the file and the path`, async () => {
      const r = await run(text);
      expect(r.code).toBe(2);
      expect(r.lines).toHaveLength(2);
      const [line] = r.lines;
      expect(line).toContain(`error: ${r.file}: ${where}.a.a.a`);
      expect(line).toMatch(/ nests more than 32 levels deep; a scenario is only a few levels deep .*docs\/scenario\.md/);
      expect(line).not.toMatch(/RangeError|stack|fewer --pods/);
      expect(line!.length).toBeLessThan(400);
    }, 60_000);
  }

  it('toString, constructor, hasOwnProperty, valueOf and __proto__ are not parameters', async () => {
    const keys = ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__'];
    const params = `{${keys.map((k, i) => `"${k}": ${i}`).join(', ')}, "cluster": {"toString": 1, "pods": 1000}}`;
    const r = await run(`{"params": ${params}, "valueOf": 2}`);
    expect(r.code).toBe(2);
    for (const k of keys) expect(r.lines.some((l) => l.endsWith(`: $.params.${k} is not a parameter; known here: seed, cluster, sizes, churn, apiServers, replicas, costs, schedule, stepSeconds, rateWindowSeconds, seriesCapacity, sampleSeconds, watch`))).toBe(true);
    expect(r.lines.some((l) => l.includes('$.params.cluster.toString is not a parameter; known here: pods, namespaces'))).toBe(true);
    expect(r.lines.some((l) => l.includes('$.valueOf is not a scenario field'))).toBe(true);
  }, 60_000);
});
