import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../src/sim';
import { defaultSimParams } from '../../src/state/defaults';
import { toSimInput } from '../../src/state/toSim';

describe('the balanced-ranges figures the README states', () => {
  it('default page, namespace key, 4 replicas: equal ranges 2.20×, balanced 1.11× (objects)', () => {
    const sim = createSimulation(toSimInput({ ...defaultSimParams(), shardKey: 'object.metadata.namespace' }));
    const r = sim.balance('objects', 4);
    expect([r.total, r.groups]).toEqual([10_000, 40]);
    const equal = r.equal.imbalance.toFixed(2);
    const balanced = r.balanced.imbalance.toFixed(2);
    expect([equal, balanced]).toEqual(['2.20', '1.11']);
    const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`${equal}× with equal ranges, ${balanced}× balanced`);
  });
});
