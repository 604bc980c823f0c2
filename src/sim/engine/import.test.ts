import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashField, splitHashSpace } from '../../core/sharding';
import { importPodsJson, type ImportedObject } from '../cluster';
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
