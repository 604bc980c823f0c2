import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashField } from '../core/sharding';
import { createSimulation } from './engine';
import { ImportSession, type ImportEvent } from './importSession';

const uid = (i: number) => `6f1c1f9e-3c55-4a57-9d0e-${i.toString(16).padStart(12, '0')}`;
const pod = (i: number) => `- kind: Pod\n  metadata:\n    name: p${i}\n    namespace: ns${i % 7}\n    uid: ${uid(i)}\n`;
const list = (items: string) => `apiVersion: v1\nkind: List\nitems:\n${items}`;
const text = readFileSync(join(__dirname, '../../tests/fixtures/import/pods-kind.json'), 'utf8');
/** A Blob-like file over the text, read slice by slice as a browser reads a File. */
const file = (t: string) => {
  const bytes = new TextEncoder().encode(t);
  return { size: bytes.length, slice: (a: number, b: number) => ({ arrayBuffer: () => Promise.resolve(bytes.slice(a, b).buffer) }) };
};

describe('an import session (where the model lives)', () => {
  it('reads a file in slices, reports progress then a summary, and keeps the objects until confirmed', async () => {
    const s = new ImportSession(() => Promise.resolve());
    const events: ImportEvent[] = [];
    await s.start(1, file(text), 'file', (e) => events.push(e), 4096);
    const progress = events.filter((e) => e.kind === 'progress');
    expect(progress.length).toBe(Math.ceil(new TextEncoder().encode(text).length / 4096));
    const done = events[events.length - 1]!;
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    expect(done.summary).toMatchObject({ format: 'json-list', objects: 32, namespaces: 5, rejectedCount: 0, error: null, sizes: 'file' });
    expect(done.summary.topNamespaces.map((n) => n.count).reduce((a, b) => a + b, 0)).toBe(32);
    // Nothing is used before Confirm; 'keep' before any confirm is no import.
    expect(s.objectsFor('keep', false)).toBeUndefined();
    expect(s.objectsFor('confirm', false)).toHaveLength(32);
    expect(s.objectsFor('keep', false)).toHaveLength(32);
    expect(s.objectsFor('drop', false)).toBeUndefined();
  });

  it('cancels: a cancelled read ends with "cancelled" and offers nothing', async () => {
    const s = new ImportSession(() => Promise.resolve());
    const events: ImportEvent[] = [];
    const run = s.start(7, file(text), 'file', (e) => {
      events.push(e);
      if (e.kind === 'progress' && e.read >= 8192) s.cancel(7);
    }, 4096);
    await run;
    expect(events.map((e) => e.kind)).toEqual(['progress', 'progress', 'cancelled']);
    expect(s.objectsFor('confirm', false)).toBeUndefined();
  });

  it('hidden names: pseudonyms in the views, the same hashes and owners as the real names', async () => {
    const s = new ImportSession(() => Promise.resolve());
    await s.start(1, text, 'file', () => undefined);
    const real = s.objectsFor('confirm', false)!;
    const hidden = s.objectsFor('keep', true)!;
    const a = createSimulation({ seed: 1, replicas: { count: 3, key: 'object.metadata.namespace' } }, { imported: real });
    const b = createSimulation({ seed: 1, replicas: { count: 3, key: 'object.metadata.namespace' } }, { imported: hidden });
    expect(JSON.stringify(b.snapshot())).not.toContain('payments');
    expect(JSON.stringify(a.snapshot())).toContain('payments');
    expect(b.snapshot().modes.server.replicas.map((r) => r.cacheObjects)).toEqual(a.snapshot().modes.server.replicas.map((r) => r.cacheObjects));
    expect(hidden.map((o) => o.uid)).toEqual(real.map((o) => o.uid));
    expect(hidden[0]!.shownNamespace).toBe(`ns-${hashField(real[0]!.namespace).slice(0, 8)}`);
  });

  it('Cancel stops the parse of a large YAML file at its next pause, not after the whole file', async () => {
    const yaml = list(Array.from({ length: 3_000 }, (_, i) => pod(i)).join(''));
    let turns = 0;
    let cancelledAt = -1;
    const s = new ImportSession(() => {
      turns++;
      // The text is read in one slice (one turn); the parse pauses give the next turns.
      if (turns === 3) {
        s.cancel(5);
        cancelledAt = turns;
      }
      return Promise.resolve();
    });
    const events: ImportEvent[] = [];
    await s.start(5, yaml, 'file', (e) => events.push(e), 1 << 24);
    expect(events.map((e) => e.kind)).toEqual(['progress', 'cancelled']);
    // Not one more piece of the parse after Cancel.
    expect(turns).toBe(cancelledAt);
    expect(s.objectsFor('confirm', false)).toBeUndefined();
  });
});
