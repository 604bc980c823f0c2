import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';

describe('LIST with a label selector', () => {
  it('applies the label selector AND the shard check to every item', () => {
    const sim = createSimulation({ cluster: { pods: 3_000, namespaces: 5 }, replicas: { count: 2 } });
    const all = sim.listFor('server', 0, { limit: 5_000 });
    expect(all.status).toBe(200);
    if (all.status !== 200) return;
    const app = all.body.items[0]!.metadata.labels.app!;
    const both = sim.listFor('server', 0, { labelSelector: `app=${app}`, limit: 5_000 });
    const other = sim.listFor('server', 1, { labelSelector: `app=${app}`, limit: 5_000 });
    const unsharded = sim.listFor('server', 0, { labelSelector: `app in (${app})` });
    expect(both.status).toBe(200);
    if (both.status !== 200 || other.status !== 200 || unsharded.status !== 200) return;
    expect(both.request.url).toContain('labelSelector=app%3D');
    expect(both.body.metadata.shardInfo).toBeDefined();
    expect(both.totalItems).toBeGreaterThan(0);
    expect(both.totalItems).toBeLessThan(all.totalItems);
    for (const pod of both.body.items) expect(pod.metadata.labels.app).toBe(app);
    // The two replicas' halves of one app never share a pod.
    const uids = new Set(both.body.items.map((p) => p.metadata.uid));
    expect(other.body.items.some((p) => uids.has(p.metadata.uid))).toBe(false);
    const notApp = sim.listFor('server', 0, { labelSelector: `app!=${app}`, limit: 5_000 });
    expect(notApp.status === 200 && notApp.totalItems + both.totalItems).toBe(all.totalItems);
  });

  it('answers an unreadable label selector with HTTP 400, before any item', () => {
    const sim = createSimulation({ cluster: { pods: 100 }, replicas: { count: 2 } });
    const res = sim.listFor('server', 0, { labelSelector: 'app=(bad' });
    expect(res.status).toBe(400);
    expect(res.body.kind).toBe('Status');
    if (res.status === 400) expect(res.body.message).toMatch(/^unable to parse label selector: /);
  });
});
