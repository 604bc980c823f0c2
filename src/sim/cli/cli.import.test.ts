import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';

const DIR = join(__dirname, '../../../tests/fixtures/import');
const readFixture = (path: string): string => readFileSync(join(DIR, path), 'utf8');

describe('npm run sim -- --import FILE', () => {
  it('runs the imported pods and reports their count and the per-mode figures', () => {
    const r = runCli(['--import', 'pods-kind.json', '--replicas', '3', '--seconds', '5', '--json'], readFixture);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { params: { cluster: { pods: number; namespaces: number } }; imported: { objects: number; rejected: unknown[] }; modes: { server: unknown; client: unknown } };
    expect(body.imported).toEqual({ file: 'pods-kind.json', objects: 32, rejected: [] });
    expect(body.params.cluster.pods).toBe(32);
    expect(body.params.cluster.namespaces).toBe(5);
    expect(body.modes.server).toBeTruthy();
    const text = runCli(['--import', 'pods-duplicate-uid.json', '--seconds', '1'], readFixture);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      'imported 30 pods from pods-duplicate-uid.json',
      expect.stringMatching(/^ {2}item 7 left out: "[a-z0-9-]+" repeats the uid [0-9a-f-]{36} of item 3$/),
      expect.stringMatching(/^ {2}item 9 left out: "[a-z0-9-]+" has no metadata\.uid$/),
    ]);
  });

  it('exits non-zero with the place a malformed file breaks, or the reason a file is refused', () => {
    const bad = runCli(['--import', 'pods-truncated.json'], readFixture);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^error: --import pods-truncated\.json: Not valid JSON at line 760, column \d+: expected a closing quote \("\), found the end of the file\n/);
    expect(runCli(['--import', 'deployments.json'], readFixture).stderr).toMatch(/found kind "DeploymentList"/);
    expect(runCli(['--import', 'missing.json'], readFixture).stderr).toMatch(/^error: --import "missing\.json" cannot be read: /);
    expect(runCli(['--import'], readFixture).stderr).toMatch(/--import needs a value/);
    expect(runCli(['--import', 'a', '--import', 'b'], readFixture).stderr).toMatch(/--import is given twice/);
  });
});
