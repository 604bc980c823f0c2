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
  it('counts one FNV-1a per watcher per event, two for a MODIFIED, server-side only, and writes each event to every watcher it reaches', () => {
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
    // Client-side every event is written to all 4 watchers, server-side to the one whose range
    // holds it (bookmarks, a few per minute per watcher, aside).
    expect(value('cost-send-client') / value('cost-send-server')).toBeCloseTo(p.replicas, 1);
    // The CPU row is its three parts.
    for (const side of ['client', 'server']) {
      expect(value(`cost-cpu-${side}`)).toBeCloseTo(value(`cost-checks-${side}`) + value(`cost-encode-${side}`) + value(`cost-send-${side}`), 6);
    }
    // What it saves: three quarters of the egress and of the clients' decode CPU.
    expect(value('cost-egress-server') / value('cost-egress-client')).toBeCloseTo(0.25, 1);
    expect(value('cost-decode-server') / value('cost-decode-client')).toBeCloseTo(0.25, 1);
    // A sync: a replica gets the whole collection client-side, a quarter of it server-side; APF charges both alike.
    expect(value('cost-sent-client')).toBe(snap.cluster.live);
    expect(value('cost-sent-server') / snap.cluster.live).toBeCloseTo(0.25, 1);
    expect(value('cost-apf-server')).toBe(value('cost-apf-client'));
    expect(screen.getByTestId('cost-apf')).toHaveTextContent(`charged for all ${snap.cluster.live.toLocaleString('en-US')} objects`);
  });

  it('words its summary from the CPU figures it shows: more when server-side costs more, less when it costs less', () => {
    const input = toSimInput({ ...defaultSimParams(), objects: 2_000, namespaces: 8 });
    // At the measured costs the writes it spares outweigh the checks; at 100 µs a check they do not.
    for (const check of [input.costs?.serverShardCheckNs ?? 225, 100_000]) {
      const sim = createSimulation({ ...input, costs: { ...input.costs, serverShardCheckNs: check } });
      sim.step(5);
      const { unmount } = render(<Harness snapshot={sim.snapshot()} />);
      const [client, server] = [value('cost-cpu-client'), value('cost-cpu-server')];
      const summary = screen.getByTestId('server-cost-summary').textContent!;
      // The difference of the rows as shown (rounded), in the rows' unit.
      const shown = (id: string) => Number(screen.getByTestId(id).textContent!.replace(/,/g, '').match(/[\d.]+/)![0]);
      const difference = Math.abs(shown('cost-cpu-client') - shown('cost-cpu-server'));
      const cpu = screen.getByTestId('cost-cpu-client').textContent!.replace(/^[\d.,]+/, String(Number(difference.toPrecision(2))));
      expect(summary).toContain(`costs the API servers ${cpu} ${server > client ? 'more' : 'less'}`);
      expect(server > client).toBe(check > 225);
      unmount();
    }
  });

  it('says figures a reader gets by subtracting the rows it shows: CPU, egress and the clients\' decode CPU', () => {
    // 10,000 objects at 600 changes a second: there the exact differences round otherwise than
    // the differences of the rounded rows, and both egress rows are in the same unit.
    const sim = createSimulation(toSimInput({ ...defaultSimParams(), addedPerSec: 50, modifiedPerSec: 500, deletedPerSec: 50 }));
    sim.step(5);
    render(<Harness snapshot={sim.snapshot()} />);
    const num = (id: string) => Number(screen.getByTestId(id).textContent!.replace(/,/g, '').match(/[\d.]+/)![0]);
    const unit = (id: string) => screen.getByTestId(id).textContent!.match(/[\d.,]+\s*(\S+)/)![1];
    const diff = (a: number, b: number, digits: number) => String(Number(Math.abs(a - b).toPrecision(digits)));
    const summary = screen.getByTestId('server-cost-summary').textContent!;
    expect(summary).toContain(`${diff(num('cost-cpu-client'), num('cost-cpu-server'), 2)} CPU`);
    expect(unit('cost-egress-client')).toBe(unit('cost-egress-server'));
    expect(summary).toContain(`saves ${diff(num('cost-egress-client'), num('cost-egress-server'), 3)} ${unit('cost-egress-client')}`);
    expect(summary).toContain(`and ${diff(num('cost-decode-client'), num('cost-decode-server'), 2)} CPU on the clients`);
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
