import { describe, expect, it } from 'vitest';
import { runCli } from './cli';

describe('CLI closed form', () => {
  it('expects the whole stream for replicas on a gate-off API server, as measured', () => {
    const r = runCli(['--pods', '5000', '--replicas', '6', '--gates', 'on,off,on', '--bursts', 'false', '--seconds', '30', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as {
      modes: { server: { replicas: { watchBytesPerSec: number }[]; closedFormBytesPerSecPerReplica: number[]; apiServerEgressBytesPerSec: number; closedFormEgressBytesPerSec: number } };
    };
    const s = body.modes.server;
    // Replicas 1 and 4 sit on the gate-off server: the whole stream, not a sixth of it.
    for (const i of [1, 4]) expect(Math.abs(s.closedFormBytesPerSecPerReplica[i]! / s.replicas[i]!.watchBytesPerSec - 1)).toBeLessThan(0.02);
    expect(Math.abs(s.closedFormEgressBytesPerSec / s.apiServerEgressBytesPerSec - 1)).toBeLessThan(0.05);
  });

  it('prints the expected figures beside each replica and for the API servers', () => {
    const r = runCli(['--pods', '2000', '--replicas', '3', '--seconds', '5']);
    expect(r.stdout).toContain('closed form (expected)');
    expect(r.stdout).toContain('closed form: API-server egress (watch)');
    expect(r.stdout).toContain('closed form: shard checks (watch)');
  });
});
