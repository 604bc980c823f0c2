import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSimParams } from './defaults';
import { readLink } from './link';
import { encodeShortLink } from './shortLink';
import { createShardScopeStore } from './store';

const text = readFileSync(join(__dirname, '../../tests/fixtures/import/pods-kind.json'), 'utf8');
const uids = (JSON.parse(text) as { items: { metadata: { uid: string; name: string } }[] }).items.map((i) => i.metadata);

/** Waits for `check`; bounded by the test's time-out, not by a count of short sleeps. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe('the import actions', () => {
  it('reads, keeps the cluster until Confirm, then runs on the imported objects; the link carries only the count', async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 } });
    await store.getState().start();
    store.getState().startImport(text, '');
    await until(() => store.getState().importer.phase === 'review');
    const summary = store.getState().importer.summary!;
    expect(summary).toMatchObject({ objects: 32, namespaces: 5, format: 'json-list' });
    await store.getState().idle();
    // Not confirmed: the generated cluster is still the one shown.
    expect(store.getState().sim.snapshot?.cluster.live).toBe(400);
    expect(store.getState().imported).toBeNull();
    store.getState().confirmImport();
    await store.getState().idle();
    const s = store.getState();
    expect(s.sim.snapshot?.cluster.live).toBe(32);
    expect(s.sim.snapshot?.cluster.namespaces).toBe(5);
    expect(s.imported).toMatchObject({ objects: 32, format: 'json-list' });
    expect(s.params.imported).toBe(32);
    // The link: "imported 32", no uid, no name.
    const link = encodeShortLink(s.params, s.view);
    const back = readLink(link).state!;
    expect(back.params.imported).toBe(32);
    const carried = JSON.stringify(back);
    for (const m of uids) {
      expect(carried).not.toContain(m.uid);
      expect(carried).not.toContain(m.name);
    }
    // A rebuild keeps the import; dropping it gives a generated cluster again.
    store.getState().setHideNames(true);
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(32);
    store.getState().dropImport();
    await store.getState().idle();
    expect(store.getState().imported).toBeNull();
    expect(store.getState().params.imported).toBeUndefined();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(32);
    store.getState().dispose();
  });

  it('a cancelled read leaves everything as it was; a link opened with imported=N is a generated cluster', async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 } });
    await store.getState().start();
    store.getState().startImport(text.repeat(1), 'x.json');
    store.getState().cancelImport();
    expect(store.getState().importer).toMatchObject({ phase: 'idle', cancelled: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().importer.summary).toBeNull();
    store.getState().confirmImport();
    await store.getState().idle();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(400);
    store.getState().openLink({ params: { ...defaultSimParams(), objects: 32, imported: 32 }, view: store.getState().view }, []);
    await store.getState().idle();
    expect(store.getState().imported).toBeNull();
    expect(store.getState().params.imported).toBe(32);
    expect(store.getState().sim.snapshot?.cluster.live).toBe(32);
    store.getState().dispose();
  });

  it('an imported cluster stays with its tab: a story’s run, then Back to the import’s link, runs on the imported objects again, until the user drops them', async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 400, namespaces: 8 } });
    await store.getState().start();
    store.getState().startImport(text, 'pods.json');
    await until(() => store.getState().importer.phase === 'review');
    store.getState().confirmImport();
    await store.getState().idle();
    const real = () => JSON.stringify(store.getState().sim.snapshot).includes('payments');
    expect(real()).toBe(true);
    // The link the tab had (the address bar's), before a story took over.
    const back = readLink(encodeShortLink(store.getState().params, store.getState().view)).state!;
    // A story's run (what showStoryStep opens): a generated cluster; the tab keeps its import.
    store.getState().openLink({ params: { ...defaultSimParams(), objects: 600, namespaces: 6 }, view: store.getState().view }, [], { restart: true });
    await store.getState().idle();
    expect(store.getState().imported).toBeNull();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(600);
    expect(real()).toBe(false);
    store.getState().setLocale('zh-CN');
    // Back: the import's link runs on the imported objects, not a generated stand-in of 32.
    store.getState().openLink(back, [], { restart: true });
    await store.getState().idle();
    expect(store.getState().imported).toMatchObject({ objects: 32, name: 'pods.json' });
    expect(store.getState().sim.snapshot?.cluster.live).toBe(32);
    expect(real()).toBe(true);
    // A link naming another count is a generated cluster; the import is still held.
    store.getState().openLink({ ...back, params: { ...back.params, objects: 31, imported: 31 } }, [], { restart: true });
    await store.getState().idle();
    expect(store.getState().imported).toBeNull();
    store.getState().openLink(back, [], { restart: true });
    await store.getState().idle();
    expect(real()).toBe(true);
    // Dropped by the user: gone, and the same link is a stand-in from then on.
    store.getState().dropImport();
    await store.getState().idle();
    expect(store.getState().heldImport).toBeNull();
    store.getState().openLink(back, [], { restart: true });
    await store.getState().idle();
    expect(store.getState().imported).toBeNull();
    expect(store.getState().sim.snapshot?.cluster.live).toBe(32);
    expect(real()).toBe(false);
    store.getState().dispose();
  });
});
