import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { DEFAULT_PARAMS, churnRates } from '../params';
import { SEND_PATH } from '../apiserver';

// The API server's send path, worked out by hand for a stream without rolling updates, next
// to what a run accumulates and what the closed form (the page's cost panel) expects.

interface ModeJson {
  readonly replicas: readonly { readonly watchBytesPerSec: number; readonly watchEventsPerSec: number }[];
  readonly apiServerCpuMillicores: number;
  readonly closedFormApiServerCpuMillicores: number;
}

function run(replicas: number, bursts: boolean, seconds = 60): { client: ModeJson; server: ModeJson } {
  const r = runCli(['--pods', '4000', '--replicas', String(replicas), '--seconds', String(seconds), '--bursts', String(bursts), '--json']);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { modes: { client: ModeJson; server: ModeJson } }).modes;
}

const c = DEFAULT_PARAMS.costs;
// The churn of the runs below: the default rates per 1,000 objects, at 4,000 pods.
const churn = churnRates({ ...DEFAULT_PARAMS, cluster: { ...DEFAULT_PARAMS.cluster, pods: 4000 } });

describe('the API server send path: simulated, closed form and by hand', () => {
  for (const n of [4, 16]) {
    it(`with ${n} replicas, each event is encoded once and written to every watcher it reaches; only server-side watchers check it`, () => {
      const { client, server } = run(n, false);
      const events = churn.addsPerSecond + churn.modifiesPerSecond + churn.deletesPerSecond;
      // The mean event on the wire, as a client-side replica (sent everything) received it.
      const bytes = client.replicas[0]!.watchBytesPerSec / client.replicas[0]!.watchEventsPerSec;
      const encode = events * bytes * c.serverJsonEncodeNsPerByte;
      const write = events * (SEND_PATH.sendEventNs + bytes * SEND_PATH.sendNsPerByte);
      // Client-side: every watcher is written every event, none checks. Server-side (equal uid
      // ranges): each event reaches its one owner; every watcher checks each ADDED and DELETED
      // once and each MODIFIED twice (old and new object).
      const byHand = {
        client: (encode + n * write) * 1e-6,
        server: (encode + write + n * (churn.addsPerSecond + 2 * churn.modifiesPerSecond + churn.deletesPerSecond) * c.serverShardCheckNs) * 1e-6,
      };
      for (const mode of ['client', 'server'] as const) {
        const m = { client, server }[mode];
        expect(Math.abs(m.apiServerCpuMillicores / byHand[mode] - 1), `${mode}: simulated`).toBeLessThan(0.05);
        expect(Math.abs(m.closedFormApiServerCpuMillicores / byHand[mode] - 1), `${mode}: closed form`).toBeLessThan(0.05);
      }
      // Sent N times the bytes, client-side costs the API servers more.
      expect(client.apiServerCpuMillicores).toBeGreaterThan(server.apiServerCpuMillicores);
      expect(client.closedFormApiServerCpuMillicores).toBeGreaterThan(server.closedFormApiServerCpuMillicores);
    });
  }

  it('agrees with the closed form within 5% with rolling updates too, over four of their periods', () => {
    const modes = run(16, true, 120);
    for (const m of [modes.client, modes.server]) expect(Math.abs(m.apiServerCpuMillicores / m.closedFormApiServerCpuMillicores - 1)).toBeLessThan(0.05);
  });
});
