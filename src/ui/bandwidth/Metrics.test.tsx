import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, type SimParams } from '../../state';
import { Metrics } from './Metrics';

// The API-server metrics as /metrics prints them.

const HELP_SHARDS = '# HELP apiserver_watch_shards_total [ALPHA] Number of active sharded watch connections broken by resource type.';
const HELP_FILTERED =
  '# HELP apiserver_watch_filtered_events_total [ALPHA] Counter of events filtered out by shard selector during watch dispatch, broken by resource type.';

async function snapshotWith(gates: boolean[], steps: number, params: Partial<SimParams> = {}) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 500, namespaces: 5, apiServers: gates.map((gate) => ({ gate })), ...params } });
  await act(() => store.getState().start());
  for (let i = 0; i < steps; i++) await act(() => store.getState().step(1));
  await act(() => store.getState().idle());
  return store.getState().sim.snapshot!;
}

describe('the API-server metrics panel', () => {
  it('prints the exact HELP and TYPE lines and labelled series on a gate-on server once used', async () => {
    const snap = await snapshotWith([true], 8);
    expect(snap.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBeGreaterThan(0);
    render(<Metrics server={snap.modes.server} />);
    const lines = (screen.getByTestId('apiserver-metrics').textContent ?? '').split('\n');
    expect(lines).toEqual([
      '# apiserver-0 (ShardedListAndWatch=true)',
      HELP_SHARDS,
      '# TYPE apiserver_watch_shards_total gauge',
      'apiserver_watch_shards_total{group="",resource="pods"} 4',
      HELP_FILTERED,
      '# TYPE apiserver_watch_filtered_events_total counter',
      `apiserver_watch_filtered_events_total{group="",resource="pods"} ${snap.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal}`,
    ]);
  });

  it('prints no zero-valued series for a gate-off server, and says plainly that no series exists and why', async () => {
    const snap = await snapshotWith([true, false], 4);
    render(<Metrics server={snap.modes.server} />);
    const text = screen.getByTestId('apiserver-metrics').textContent ?? '';
    const block = text.slice(text.indexOf('# apiserver-1'));
    expect(block.split('\n')).toEqual([
      '# apiserver-1 (ShardedListAndWatch=false)',
      '# nothing to print: with the gate off this server registers neither sharding metric, and it ignores shardSelector',
    ]);
    expect(block).not.toMatch(/\} 0/);
  });

  it('counts the initial events of a streaming list that fail the shard check: 3 x 500 for 4 replicas at once', async () => {
    // Every watcher checks every object of its initial events and drops those outside its
    // range: 4 watchers x 500 objects less the 500 that each has exactly one owner among them.
    const snap = await snapshotWith([true], 0);
    expect(snap.modes.server.replicas.every((r) => r.syncStreaming)).toBe(true);
    expect(snap.cluster.live).toBe(500);
    expect(snap.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(3 * 500);
  });

  it('says the counter has no series yet before any event was filtered (a client that LISTs first)', async () => {
    // A LIST is filtered too, but not counted: the metric is of watch dispatch only.
    const snap = await snapshotWith([true], 0, { client: 'shardinfo' });
    expect(snap.modes.server.apiServers[0]!.metrics.watchFilteredEventsTotal).toBe(0);
    render(<Metrics server={snap.modes.server} />);
    const lines = (screen.getByTestId('apiserver-metrics').textContent ?? '').split('\n');
    expect(lines.slice(1)).toEqual([
      HELP_SHARDS,
      '# TYPE apiserver_watch_shards_total gauge',
      'apiserver_watch_shards_total{group="",resource="pods"} 4',
      '# apiserver_watch_filtered_events_total: no series yet: no event has been filtered out on this server so far',
    ]);
  });
});
