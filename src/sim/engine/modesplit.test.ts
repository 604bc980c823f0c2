import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as accounting from './accounting';
import * as audit from './audit';
import { Cluster } from '../cluster';
import { EV_ADDED, EV_DELETED, EV_MODIFIED } from '../cluster';
import * as fanout from './fanout';
import * as client from '../client';
import { ModeEngine } from './mode';
import { resolveParams } from '../params';
import { createPrng } from '../cluster';

function source(name: string): string {
  return readFileSync(new URL(`./${name}.ts`, import.meta.url), 'utf8');
}

function engine() {
  const params = resolveParams({
    cluster: { pods: 2_000, namespaces: 4 },
    replicas: { count: 3, selectors: [{ kind: 'ranges', ranges: [{ start: '0x0000000000000000', end: '0x9000000000000000' }] }, null, null] },
  });
  const cluster = new Cluster(params.cluster, params.sizes, createPrng('split'));
  const m = new ModeEngine('server', cluster);
  m.configure(params, 0, 0.01, false);
  return { m, cluster, params };
}

describe('ModeEngine, split by concept', () => {
  it('keeps the informer, the fan-out, the accounting and the audit each in its own module', () => {
    expect(typeof client.connect).toBe('function');
    expect(typeof client.retryDue).toBe('function');
    expect(typeof fanout.processBatch).toBe('function');
    expect(typeof fanout.outcome).toBe('function');
    expect(typeof accounting.bankCpu).toBe('function');
    expect(typeof accounting.fillSampleVector).toBe('function');
    expect(typeof audit.countAudit).toBe('function');
    expect(typeof audit.CutTableMemo).toBe('function');
    // mode.ts stays a facade: the per-event loop and the LIST live elsewhere.
    expect(source('mode').split('\n').length).toBeLessThan(400);
    expect(source('mode')).not.toMatch(/for \(let e = 0; e < batch\.length/);
  });

  it('gives through the free functions the same answers as through the facade', () => {
    const { m, cluster } = engine();
    const live = Array.from(cluster.liveSlots.subarray(0, cluster.liveCount));
    for (const s of live.slice(0, 200)) {
      expect(audit.ownerCode(m.maskLo, m.maskHi, s)).toBe(m.ownerCode(s));
      expect(audit.ownersOf(m.maskLo, m.maskHi, s)).toEqual(m.ownersOf(s));
      for (const type of [EV_ADDED, EV_MODIFIED, EV_DELETED]) expect(fanout.outcome(m, type, s, s)).toEqual(m.outcome(type, s, s));
    }
    // Replica 0's range overlaps replica 1's default share: duplicates, counted alike.
    const counted = audit.countAudit(cluster, m.maskLo, m.maskHi);
    expect(counted).toEqual({ gaps: m.gaps, duplicates: m.duplicates });
    expect(m.duplicates).toBeGreaterThan(0);
  });
});
