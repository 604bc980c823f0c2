import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from './cluster';
import { createSimulation } from './engine';
import type { ImportEvent } from './importSession';
import { serveSimulation, type MessageEndpoint } from './worker';

const text = readFileSync(join(__dirname, '../../tests/fixtures/import/watch-replay.json'), 'utf8');

describe('the replay where the model lives', () => {
  it('a stream read by the worker, confirmed, is replayed by the streamReplay command; a dropped import has none', async () => {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const posted: unknown[] = [];
    // Each message goes through structured cloning, as postMessage does.
    const scope: MessageEndpoint = { postMessage: (m) => posted.push(structuredClone(m)), addEventListener: (_t, l) => listeners.push(l) };
    serveSimulation(scope);
    const send = (data: unknown) => listeners[0]!({ data });
    send({ import: 'start', id: 1, source: text, size: 'file' });
    await new Promise((r) => setTimeout(r, 50));
    const done = posted.map((m) => (m as { importEvent?: ImportEvent }).importEvent).find((e) => e?.kind === 'done');
    expect(done?.kind === 'done' && done.summary.streamEvents).toBe(30);
    send({ id: 2, cmd: 'create', args: [{ replicas: { count: 3 } }, { import: 'confirm' }] });
    send({ id: 3, cmd: 'streamReplay', args: [] });
    const reply = posted.find((m) => (m as { id?: number }).id === 3) as { ok: boolean; result: { server: { bytes: number }[]; timeline: { serverBytes: Float64Array } } };
    expect(reply.ok).toBe(true);
    const r = importText(text);
    const direct = createSimulation({ replicas: { count: 3 } }, { imported: r.objects, stream: r.stream }).streamReplay()!;
    expect(reply.result.server.map((x) => x.bytes)).toEqual(direct.server.map((x) => x.bytes));
    expect(Array.from(reply.result.timeline.serverBytes)).toEqual(Array.from(direct.timeline.serverBytes));
    // The import is kept across a rebuild ('keep'), and gone once dropped.
    send({ id: 4, cmd: 'create', args: [{ replicas: { count: 2 } }, { import: 'keep' }] });
    send({ id: 5, cmd: 'streamReplay', args: [] });
    expect((posted.find((m) => (m as { id?: number }).id === 5) as { result: { replicas: number } }).result.replicas).toBe(2);
    send({ id: 6, cmd: 'create', args: [{}, { import: 'drop' }] });
    send({ id: 7, cmd: 'streamReplay', args: [] });
    expect((posted.find((m) => (m as { id?: number }).id === 7) as { ok: boolean; result: unknown }).result).toBeNull();
  });
});
