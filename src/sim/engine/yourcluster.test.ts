import { describe, expect, it } from 'vitest';
import { hashField } from '../../core/sharding';
import { createSimulation } from './simulation';

const owner = (ranges: readonly { start: string; end: string }[], hex: string): number => ranges.findIndex((r) => BigInt(r.start) <= BigInt(hex) && BigInt(hex) < BigInt(r.end));

describe('owner lookup and balanced ranges on the model', () => {
  it('findObjects finds a pod by uid, by name, by namespace/name, and a namespace by name; anything else finds nothing', () => {
    const sim = createSimulation({ cluster: { pods: 3000, namespaces: 12 }, replicas: { count: 4, key: 'object.metadata.namespace' }, seed: 11 });
    const o = sim.objectsNear(0.3, 1)[0]!;
    const byUid = sim.findObjects(o.uid);
    expect(byUid.total).toBe(1);
    expect(byUid.objects[0]).toEqual(o);
    expect(o.uidHash).toBe('0x' + hashField(o.uid));
    expect(sim.findObjects(`${o.namespace}/${o.name}`).objects.map((x) => x.uid)).toContain(o.uid);
    expect(sim.findObjects(o.name).objects.map((x) => x.uid)).toContain(o.uid);
    const ns = sim.findObjects(o.namespace).namespace!;
    expect(ns.hash).toBe('0x' + hashField(o.namespace));
    expect(ns.objects).toBe(sim.hashSpace().namespaces.find((n) => n.name === o.namespace)!.count);
    expect(sim.findObjects('no such thing')).toEqual({ objects: [], total: 0, namespace: null });
    expect(sim.findObjects('00000000-0000-4000-8000-000000000000').total).toBe(0);
  });

  it('namespace key: balanced ranges lower max/mean against equal ranges, and the loads are the namespaces each range holds', () => {
    const sim = createSimulation({ cluster: { pods: 5000, namespaces: 30, zipfExponent: 1.1 }, replicas: { count: 4, key: 'object.metadata.namespace' }, seed: 5 });
    const view = sim.hashSpace();
    for (const measure of ['objects', 'bytes', 'events'] as const) {
      const r = sim.balance(measure, 4);
      expect(r.key).toBe('object.metadata.namespace');
      expect(r.groups).toBe(view.namespaces.length);
      expect(r.balanced.imbalance).toBeLessThanOrEqual(r.equal.imbalance);
      if (measure === 'objects') {
        const loads = [0, 0, 0, 0];
        for (const n of view.namespaces) loads[owner(r.balanced.ranges, n.hash)]! += n.count;
        expect(r.balanced.loads).toEqual(loads);
        expect(r.total).toBe(view.count);
        expect(r.balanced.imbalance).toBeLessThan(r.equal.imbalance);
      }
    }
    expect(() => sim.balance('pods' as never, 4)).toThrow(/measure must be/);
  });

  it('uid key: bytes per object, one group per live object', () => {
    const sim = createSimulation({ cluster: { pods: 2000 }, replicas: { count: 3 }, seed: 2 });
    const r = sim.balance('objects', 3);
    expect(r.groups).toBe(sim.snapshot().cluster.live);
    expect(r.balanced.loads.reduce((a, b) => a + b, 0)).toBe(r.groups);
    expect(r.balanced.imbalance).toBeLessThanOrEqual(r.equal.imbalance);
  });
});

describe('keyWeights under the uid key after churn', () => {
  it('the groups are every live object, sorted by uid hash, objects added since the index was built included', () => {
    const sim = createSimulation({ cluster: { pods: 3000 }, replicas: { count: 3 }, seed: 9 });
    sim.step(5);
    const live = sim.snapshot().cluster.live;
    const r = sim.balance('objects', 3);
    expect(r.groups).toBe(live);
    // Loads from first principles: the live objects' uid hashes against the ranges.
    const view = sim.hashSpace();
    const loads = [0, 0, 0];
    for (let i = 0; i < view.count; i++) {
      const o = sim.objectsNear(view.positions[i]!, 1)[0]!;
      loads[owner(r.balanced.ranges, o.uidHash)]!++;
    }
    expect(r.balanced.loads).toEqual(loads);
  });
});
