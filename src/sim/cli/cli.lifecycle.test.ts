import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { parseArgs } from './flags';

describe('CLI: API servers over time and the watch lifecycle', () => {
  it('parses --rollout-gates on@60s/20s, --watch-timeouts, --client, --initial-list, --routing, --goaway-chance, and the old --watch-policy and --fallback', () => {
    const a = parseArgs(['--rollout-gates', 'on@60s/20s', '--watch-timeouts', 'true', '--client', 'checked', '--initial-list', 'list', '--routing', 'l7', '--goaway-chance', '0.01']);
    expect(a.input.apiServers?.rollout).toEqual({ gate: true, at: 60, everySeconds: 20 });
    expect(a.input.watch?.timeouts).toBe(true);
    expect(a.input.replicas?.client).toBe('checked');
    expect(a.input.replicas?.initialList).toBe('list');
    expect(a.input.apiServers?.routing).toBe('l7');
    expect(a.input.apiServers?.goawayChance).toBe(0.01);
    expect(parseArgs(['--watch-policy', 'trust']).input.replicas?.watchPolicy).toBe('trust-stream');
    expect(parseArgs(['--rollout-gates', 'off@5/2.5']).input.apiServers?.rollout).toEqual({ gate: false, at: 5, everySeconds: 2.5 });
    // The old names still run, as the client they always were.
    const old = JSON.parse(runCli(['--pods', '500', '--seconds', '1', '--fallback', 'filter', '--watch-policy', 'check', '--json']).stdout);
    expect(old.params.replicas.client).toBe('checked');
    expect(JSON.parse(runCli(['--pods', '500', '--seconds', '1', '--fallback', 'trust', '--json']).stdout).params.replicas.client).toBe('client-go');
    // --goaway-chance takes the apiserver flag's bounds.
    expect(runCli(['--goaway-chance', '0.05']).stderr).toContain('--goaway-chance must be a number from 0 to 0.02, got 0.05');
    expect(runCli(['--compaction', '120']).stderr).toContain('--compaction was removed');
  });

  it('refuses a malformed rollout with the expected form', () => {
    const r = runCli(['--rollout-gates', 'maybe@1s']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rollout-gates must be on|off@START/EVERY in seconds, e.g. on@60s/20s');
  });

  it('--json reports resumes and relists per mode and cause, their bytes, and duplicates kept or caught by the client', () => {
    // A rolling upgrade of three servers with the gate off to on: every dropped watch resumes
    // on a live server, none relists; the shardinfo replicas that listed on a gate-off server
    // filter locally, and after a resume on a gate-on server they keep what it sends.
    const args = ['--pods', '2000', '--seconds', '30', '--api-servers', '3', '--gates', 'off,off,off', '--rollout-gates', 'on@5s/5s', '--replicas', '6', '--json'];
    const shipped = JSON.parse(runCli(args).stdout);
    const checked = JSON.parse(runCli([...args, '--client', 'checked']).stdout);
    for (const body of [shipped, checked]) {
      for (const mode of ['client', 'server']) {
        const l = body.modes[mode].lifecycle;
        expect(l.relists).toEqual({ reshard: 0, restart: 0, gone: 0, error: 0 });
        expect(l.watchResumesByCause.restart).toBeGreaterThanOrEqual(6);
        expect(l.watchResumes).toBe(l.watchResumesByCause.timeout + l.watchResumesByCause.restart);
      }
    }
    expect(shipped.modes.server.lifecycle.client).toBe('client-go');
    // client-go caches every event the gate-off servers send before the restarts; the checked client catches them.
    expect(shipped.modes.server.lifecycle.duplicatesCaught).toBe(0);
    expect(shipped.modes.server.lifecycle.duplicatesMissed).toBeGreaterThan(0);
    expect(checked.modes.server.lifecycle.duplicatesMissed).toBe(0);
    expect(checked.modes.server.lifecycle.duplicatesCaught).toBe(shipped.modes.server.lifecycle.duplicatesMissed);
    // What sharding costs the API server, next to what it saves.
    expect(shipped.modes.server.apiServerCpuMillicores).toBeGreaterThan(0);
    expect(shipped.modes.client.apiServerCpuMillicores).toBeGreaterThan(0);
  });
});
