import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { parseArgs } from './flags';

describe('CLI: API servers over time and the watch lifecycle', () => {
  it('parses --rollout-gates on@60s/20s, --watch-timeouts, --watch-policy, --initial-list', () => {
    const a = parseArgs(['--rollout-gates', 'on@60s/20s', '--watch-timeouts', 'true', '--watch-policy', 'check', '--initial-list', 'watch-list']);
    expect(a.input.apiServers?.rollout).toEqual({ gate: true, at: 60, everySeconds: 20 });
    expect(a.input.watch?.timeouts).toBe(true);
    expect(a.input.replicas?.watchPolicy).toBe('check-locally');
    expect(a.input.replicas?.initialList).toBe('watch-list');
    expect(parseArgs(['--watch-policy', 'trust']).input.replicas?.watchPolicy).toBe('trust-stream');
    expect(parseArgs(['--rollout-gates', 'off@5/2.5']).input.apiServers?.rollout).toEqual({ gate: false, at: 5, everySeconds: 2.5 });
  });

  it('refuses a malformed rollout with the expected form', () => {
    const r = runCli(['--rollout-gates', 'maybe@1s']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rollout-gates must be on|off@START/EVERY in seconds, e.g. on@60s/20s');
  });

  it('--json reports relists per mode and cause, their bytes, and duplicates caught or missed under the policy', () => {
    const args = ['--pods', '2000', '--seconds', '30', '--api-servers', '3', '--gates', 'off,off,off', '--rollout-gates', 'on@5s/5s', '--replicas', '6', '--json'];
    const trust = JSON.parse(runCli([...args, '--watch-policy', 'trust']).stdout);
    const check = JSON.parse(runCli([...args, '--watch-policy', 'check']).stdout);
    for (const body of [trust, check]) {
      for (const mode of ['client', 'server']) {
        const l = body.modes[mode].lifecycle;
        expect(l.relists.restart).toBeGreaterThanOrEqual(6);
        expect(l.relistBytes.restart).toBeGreaterThan(0);
      }
    }
    expect(trust.modes.server.lifecycle.watchPolicy).toBe('trust-stream');
    expect(trust.modes.server.lifecycle.duplicatesCaught).toBe(0);
    expect(check.modes.server.lifecycle.duplicatesMissed).toBe(0);
    expect(check.modes.server.lifecycle.duplicatesCaught).toBe(trust.modes.server.lifecycle.duplicatesMissed);
    // Server-side relists carry less than client-side ones once the gate is on.
    expect(trust.modes.server.lifecycle.relistBytes.restart).toBeLessThan(trust.modes.client.lifecycle.relistBytes.restart);
  });
});
