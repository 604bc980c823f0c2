import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, toSimInput, type SimParams } from '../../state';
import { createSimulation } from '../../sim';
import { useFormat, useT } from '../i18n';
import { ServerCost } from './ServerCost';

// What server-side sharding costs the API servers, next to what it saves.

async function snapshotWith(params: Partial<SimParams>) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 2_000, namespaces: 8, ...params } });
  await act(() => store.getState().start());
  await act(() => store.getState().idle());
  return store.getState().sim.snapshot!;
}

function Harness({ snapshot }: { snapshot: Awaited<ReturnType<typeof snapshotWith>> }) {
  return <ServerCost snapshot={snapshot} t={useT()} f={useFormat()} />;
}

const value = (id: string) => Number(screen.getByTestId(id).dataset.value);

describe('the API-server cost table', () => {
  it('counts one FNV-1a per watcher per event, two for a MODIFIED, server-side only, at the measured cost per hash', () => {
    const p = defaultSimParams();
    // The page's run without its rolling updates, so that the stream is adds, modifies and deletes only.
    const input = toSimInput({ ...p, objects: 2_000, namespaces: 8 });
    const sim = createSimulation({ ...input, churn: { ...input.churn, burst: { enabled: false } } });
    sim.step(5);
    const snap = sim.snapshot();
    render(<Harness snapshot={snap} />);
    // Closed form from first principles: 4 watchers, each checks every ADDED and DELETED once
    // and every MODIFIED twice (old and new object).
    const hashes = p.replicas * (p.addedPerSec + 2 * p.modifiedPerSec + p.deletedPerSec);
    expect(value('cost-hashes-server')).toBeCloseTo(hashes, 3);
    expect(value('cost-hashes-client')).toBe(0);
    expect(value('cost-checks-server')).toBeCloseTo(hashes * snap.params.costs.serverShardCheckNs * 1e-9, 9);
    expect(value('cost-checks-client')).toBe(0);
    // Serialisation is shared in both modes: the CPU differs by the checks, and by the
    // bookmarks, which every watcher gets in both modes alike.
    expect(value('cost-cpu-server') - value('cost-cpu-client')).toBeCloseTo(value('cost-checks-server'), 9);
    // What it saves: three quarters of the egress and of the clients' decode CPU.
    expect(value('cost-egress-server') / value('cost-egress-client')).toBeCloseTo(0.25, 1);
    expect(value('cost-decode-server') / value('cost-decode-client')).toBeCloseTo(0.25, 1);
    const summary = screen.getByTestId('server-cost-summary').textContent!;
    expect(summary).toMatch(/^Server-side sharding costs the API servers .+ CPU more, and saves .+\/s of egress and .+ CPU on the clients\.$/);
  });

  it("agrees with the hashes the simulated API server computes, rolling updates included", () => {
    const sim = createSimulation(toSimInput({ ...defaultSimParams(), objects: 2_000, namespaces: 8 }));
    sim.step(20);
    const at = (s: ReturnType<typeof sim.snapshot>) => s.modes.server.apiServers.reduce((a, x) => a + x.hashes, 0);
    const from = at(sim.snapshot());
    sim.step(600);
    const snap = sim.snapshot();
    render(<Harness snapshot={snap} />);
    const simulated = (at(snap) - from) / 600;
    expect(Math.abs(simulated / value('cost-hashes-server') - 1)).toBeLessThan(0.05);
  });

  it('with the gate off nothing is checked, nothing is saved, and the summary says so in its figures', async () => {
    const snap = await snapshotWith({ apiServers: [{ gate: false }] });
    render(<Harness snapshot={snap} />);
    expect(value('cost-hashes-server')).toBe(0);
    expect(value('cost-egress-server')).toBeCloseTo(value('cost-egress-client'), 0);
    expect(screen.getByTestId('server-cost').dataset.extraCores).toBe((0).toFixed(6));
    expect(screen.getByTestId('server-cost-summary')).toHaveTextContent('No API server filters (the gate is off): server-side sharding neither costs nor saves anything');
  });
});
