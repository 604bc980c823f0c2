import { describe, expect, it } from 'vitest';
import { hashField } from '../../core/sharding';
import { createSimulation } from './simulation';
import type { HashSpaceView } from './viewTypes';
import type { SimParamsInput } from '../params';
import { OWNER_MANY } from './viewTypes';

const NS = 'object.metadata.namespace' as const;

function input(extra: SimParamsInput = {}): SimParamsInput {
  return {
    seed: 'hashspace',
    cluster: { pods: 3_000, namespaces: 12, clusterScopedShare: 0.05, ...extra.cluster },
    ...extra,
    churn: { addsPerSecond: 60, modifiesPerSecond: 300, deletesPerSecond: 60, bookmarkIntervalSeconds: 5, burst: { enabled: true, everySeconds: 3, podsPerSecond: 80, maxSeconds: 2 }, ...extra.churn },
  };
}

/**
 * The same view, built from scratch: a fresh run with the same parameters and the same
 * steps (seconds) and reconfigurations, asked for its view only at the end.
 */
function fromScratch(extra: SimParamsInput, script: readonly (number | SimParamsInput)[]): HashSpaceView {
  const sim = createSimulation(input(extra));
  for (const s of script) {
    if (typeof s === 'number') sim.step(s);
    else sim.reconfigure(s);
  }
  return sim.hashSpace();
}

function plain(v: HashSpaceView) {
  return { count: v.count, key: v.key, positions: [...v.positions], ownerClient: [...v.ownerClient], ownerServer: [...v.ownerServer], namespaces: v.namespaces };
}

function positionOf(name: string): number {
  const hex = hashField(name);
  return (parseInt(hex.slice(0, 8), 16) * 4294967296 + parseInt(hex.slice(8), 16)) / 18446744073709551616;
}

describe('hashSpace kept up to date', () => {
  it('equals a from-scratch view after every step of churn (adds, deletes, rolling updates)', () => {
    const sim = createSimulation(input());
    const steps: number[] = [];
    sim.hashSpace();
    // Short steps, so the view is patched (a long one rebuilds it from scratch).
    for (const s of [0.1, 0.2, 0.05, 0.3, 0.1, 0.2]) {
      sim.step(s);
      steps.push(s);
      expect(plain(sim.hashSpace())).toEqual(plain(fromScratch({}, steps)));
    }
  });

  it('re-reads owners when replicas reconnect with new ranges', () => {
    const sim = createSimulation(input());
    sim.step(1);
    sim.hashSpace();
    sim.step(0.1);
    const then = { replicas: { count: 3 } };
    sim.reconfigure(then);
    const v = sim.hashSpace();
    expect(new Set(v.ownerServer)).toEqual(new Set([0, 1, 2]));
    expect(plain(v)).toEqual(plain(fromScratch({}, [1, 0.1, then])));
  });

  it('shows the duplicates of a replica that naively trusts an unsharded stream', () => {
    const extra = { apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' as const } };
    const sim = createSimulation(input(extra));
    sim.hashSpace();
    sim.step(0.2);
    const v = sim.hashSpace();
    // Replicas 1 and 3 (on the gate-off server) hold everything: every object has several owners.
    expect(v.ownerServer.every((o) => o === OWNER_MANY)).toBe(true);
    expect(plain(v)).toEqual(plain(fromScratch(extra, [0.2])));
  });

  it('hands out fresh arrays each time, so transferring one does not touch the model', () => {
    const sim = createSimulation(input());
    const a = sim.hashSpace();
    const b = sim.hashSpace();
    expect(a.positions).not.toBe(b.positions);
    a.positions.fill(0);
    expect(sim.hashSpace().positions).toEqual(b.positions);
  });
});

describe('hashSpace by namespace', () => {
  const extra = { replicas: { count: 4, key: NS } };

  it('puts every object of a namespace at its namespace hash, in contiguous groups counted like the snapshot', () => {
    const sim = createSimulation(input(extra));
    sim.step(1);
    const v = sim.hashSpace();
    const cluster = sim.snapshot().cluster;
    expect(v.key).toBe(NS);
    expect(v.count).toBe(cluster.live);
    let next = 0;
    for (const g of v.namespaces) {
      expect(g.start).toBe(next);
      expect(g.position).toBe(positionOf(g.name));
      expect(g.hash).toBe('0x' + hashField(g.name));
      const expected = g.name === '' ? cluster.clusterScoped : cluster.perNamespace[cluster.namespaceNames.indexOf(g.name)];
      expect(g.count).toBe(expected);
      for (let i = g.start; i < g.start + g.count; i++) expect(v.positions[i]).toBe(g.position);
      next += g.count;
    }
    expect(next).toBe(v.count);
    for (let i = 1; i < v.count; i++) expect(v.positions[i]!).toBeGreaterThanOrEqual(v.positions[i - 1]!);
  });

  it('gives one owner per namespace when each namespace falls in one replica\'s range', () => {
    const v = createSimulation(input(extra)).hashSpace();
    for (const g of v.namespaces) {
      const owners = new Set(v.ownerServer.subarray(g.start, g.start + g.count));
      expect(owners.size).toBe(1);
      expect([...owners][0]).toBe(Math.floor(g.position * 4));
    }
  });

  it('equals a from-scratch view through churn and a switch of shard key', () => {
    const sim = createSimulation(input());
    sim.hashSpace();
    sim.step(1);
    sim.hashSpace();
    sim.reconfigure(extra);
    const script: (number | SimParamsInput)[] = [1, extra];
    expect(plain(sim.hashSpace())).toEqual(plain(fromScratch({}, script)));
    for (const step of [0.1, 0.2, 0.1]) {
      sim.step(step);
      script.push(step);
      expect(plain(sim.hashSpace())).toEqual(plain(fromScratch({}, script)));
    }
  });
});
