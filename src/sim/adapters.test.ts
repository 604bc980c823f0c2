import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { SimWorkerError, createLocalSimClient, handleWorkerMessage, serveSimulation } from './worker';
import type { MessageEndpoint, WorkerRequest, WorkerState } from './worker';

describe('worker adapter', () => {
  it('runs commands from the table and transfers the hash-space arrays', () => {
    const state: WorkerState = { sim: null };
    const created = handleWorkerMessage(state, { id: 1, cmd: 'create', args: [{ cluster: { pods: 300 } }] });
    expect(created.response.ok).toBe(true);
    const step = handleWorkerMessage(state, { id: 2, cmd: 'step', args: [1] });
    expect(step.response.ok && (step.response.result as { time: number }).time).toBe(1);
    const hs = handleWorkerMessage(state, { id: 3, cmd: 'hashSpace', args: [] });
    expect(hs.transfer.length).toBe(3);
    expect(hs.response.id).toBe(3);
  });

  it('answers an unknown command or a missing simulation with an error, never a throw', () => {
    const state: WorkerState = { sim: null };
    const r = handleWorkerMessage(state, { id: 1, cmd: 'snapshot', args: [] });
    expect(r.response).toEqual({ id: 1, ok: false, error: { name: 'Error', message: 'no simulation: send "create" first' } });
    const u = handleWorkerMessage(state, { id: 2, cmd: 'nope', args: [] } as unknown as WorkerRequest);
    expect(u.response.ok).toBe(false);
  });

  it('carries parameter issues across the boundary', async () => {
    const client = createLocalSimClient();
    await expect(client.create({ replicas: { count: 0 } })).rejects.toBeInstanceOf(SimWorkerError);
    try {
      await client.create({ replicas: { count: 0 } });
    } catch (e) {
      expect((e as SimWorkerError).issues?.[0]?.path).toBe('replicas.count');
    }
    const snap = await client.create({ cluster: { pods: 200 } });
    expect(snap.modes.server.replicas.length).toBe(4);
  });

  it('serves a message endpoint like a worker scope', () => {
    const listeners: ((e: { data: unknown }) => void)[] = [];
    const posted: unknown[] = [];
    const scope: MessageEndpoint = {
      postMessage: (m) => posted.push(m),
      addEventListener: (_t, l) => listeners.push(l),
    };
    serveSimulation(scope);
    listeners[0]!({ data: { id: 7, cmd: 'create', args: [{ cluster: { pods: 100 } }] } });
    expect((posted[0] as { id: number; ok: boolean }).ok).toBe(true);
  });
});

describe('command line', () => {
  it('prints client-side and server-side side by side', () => {
    const r = runCli(['--pods', '2000', '--replicas', '3', '--seconds', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('client-side');
    expect(r.stdout).toContain('server-side');
    expect(r.stdout).toContain('replica 2 watch bytes received');
    expect(r.stdout).toContain('API-server egress');
    expect(r.stdout).toContain('ownership audit: gaps');
  });

  it('prints the same figures as JSON with --json', () => {
    const r = runCli(['--pods', '2000', '--replicas', '3', '--seconds', '5', '--json']);
    const body = JSON.parse(r.stdout) as { modes: { client: { replicas: unknown[] }; server: { gaps: number } } };
    expect(body.modes.client.replicas.length).toBe(3);
    expect(body.modes.server.gaps).toBe(0);
  });

  it.each([
    [['--replicas', '0'], '--replicas must be an integer from 1 to 64, got 0'],
    [['--pods', '2000000'], '--pods must be an integer from 1 to 1,000,000, got 2,000,000'],
    [['--adds', '-1'], '--adds must be a number from 0 to 1,000,000, got -1'],
    [['--seconds', '0'], '--seconds must be a number from 0.01 to 86,400, got 0'],
    [['--frobnicate', '1'], 'unknown flag --frobnicate'],
    [['--pods'], '--pods needs a value'],
  ])('rejects %j with exit status 2 and a message naming the flag', (argv, message) => {
    const r = runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
