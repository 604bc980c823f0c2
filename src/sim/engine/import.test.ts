import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashField, splitHashSpace } from '../../core/sharding';
import { ImportReader, importPodsJson, importText, type ImportedObject } from '../cluster';
import { createSimulation } from './simulation';

function fixtureObjects(): readonly ImportedObject[] {
  const r = importPodsJson(readFileSync(join(__dirname, '../../../tests/fixtures/import/pods-kind.json'), 'utf8'));
  if (!r.ok) throw new Error(r.error.message);
  return r.objects;
}

describe('a simulation of an imported cluster', () => {
  const objects = fixtureObjects();

  it('starts from exactly the imported pods, and each replica caches the pods its range holds', () => {
    const sim = createSimulation({ replicas: { count: 3 }, seed: 7 }, { imported: objects });
    const snap = sim.snapshot();
    expect(snap.time).toBe(0);
    expect(snap.params.cluster.pods).toBe(objects.length);
    expect(snap.cluster.live).toBe(objects.length);
    expect(snap.cluster.namespaces).toBe(5);
    const hashes = objects.map((o) => BigInt('0x' + hashField(o.uid)));
    const expected = splitHashSpace(3).map((r) => hashes.filter((h) => h >= BigInt(r.start) && h < BigInt(r.end)).length);
    expect(snap.modes.server.replicas.map((r) => r.cacheObjects)).toEqual(expected);
    expect(sim.objectJson(objects[5]!.uid)?.metadata.namespace).toBe(objects[5]!.namespace);
  });

  it('is deterministic (same import, same seed: the same run) and keeps the import across a rebuild', () => {
    const run = (): string => {
      const sim = createSimulation({ seed: 3 }, { imported: objects });
      sim.step(20);
      return JSON.stringify(sim.snapshot().modes.server.replicas.map((r) => [r.cacheObjects, r.counters]));
    };
    expect(run()).toBe(run());
    const sim = createSimulation({ seed: 3 }, { imported: objects });
    sim.reconfigure({ seed: 4 });
    expect(sim.snapshot().cluster.live).toBe(objects.length);
    expect(sim.objectJson(objects[0]!.uid)).not.toBeNull();
  });
});

describe('export a generated cluster as kubectl would print it, import it back', () => {
  it('gives the same uids, namespaces and hashes, so the same objects per replica (any size, any chunking)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.integer({ min: 1, max: 20_000 }), fc.string({ maxLength: 6 }), (pods, namespaces, sequentialIds, chunk, seed) => {
        const sim = createSimulation({ seed, cluster: { pods, namespaces, sequentialIds, clusterScopedShare: 0.1 }, replicas: { count: 3 } });
        const text = sim.exportListJson();
        const reader = new ImportReader();
        for (let i = 0; i < text.length; i += chunk) reader.push(text.slice(i, i + chunk));
        const r = reader.finish();
        expect(r.error).toBeNull();
        expect(r.format).toBe('json-list');
        const exported = (JSON.parse(text) as { items: { metadata: { uid: string; namespace?: string } }[] }).items;
        expect(r.objects.map((o) => o.uid)).toEqual(exported.map((p) => p.metadata.uid));
        expect(r.objects.map((o) => hashField(o.uid))).toEqual(exported.map((p) => hashField(p.metadata.uid)));
        expect(r.objects.map((o) => o.namespace)).toEqual(exported.map((p) => p.metadata.namespace ?? ''));
        const again = createSimulation({ seed, replicas: { count: 3 } }, { imported: r.objects });
        const cached = (s: typeof sim): number[] => s.snapshot().modes.server.replicas.map((x) => x.cacheObjects);
        expect(cached(again)).toEqual(cached(sim));
        for (const o of r.objects.slice(0, 20)) expect(again.objectJson(o.uid)?.metadata.namespace ?? '').toBe(o.namespace);
      }),
      { numRuns: 25 },
    );
  });

  it('an import of a whole text and of the same text in chunks are the same', () => {
    const text = createSimulation({ seed: 'x', cluster: { pods: 300 } }).exportListJson();
    expect(importText(text).objects).toHaveLength(300);
  });
});
