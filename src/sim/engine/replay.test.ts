import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText, type WatchStream } from '../cluster';
import { DEFAULT_PARAMS, resolveParams, type SimParamsInput } from '../params';
import { replaySampleAt, replayStream } from './replay';
import { createSimulation } from './simulation';

const DIR = join(__dirname, '../../../tests/fixtures/import');
const fixture = (name: string): string => readFileSync(join(DIR, name), 'utf8');

// First principles, written apart from the model: FNV-1a 64 over UTF-8 bytes, and shard i of N
// as [floor(i·2^64/N), floor((i+1)·2^64/N)).
const fnv = (s: string): bigint => {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
};
const shardOf = (h: bigint, n: number): number => {
  for (let i = 0; i < n; i++) if (h >= (BigInt(i) << 64n) / BigInt(n) && h < (BigInt(i + 1) << 64n) / BigInt(n)) return i;
  throw new Error('no shard');
};
type Event = { type: string; object: { metadata: { uid?: string; namespace?: string } } };
const lines = fixture('watch-replay.json').split('\n').filter((l) => l !== '');
const events = lines.map((l) => JSON.parse(l) as Event);
const bytes = lines.map((l) => Buffer.byteLength(l));

function streamOf(text: string, size: 'file' | 'compact' = 'file'): WatchStream {
  const r = importText(text, { size });
  expect(r.error).toBeNull();
  return r.stream!;
}
const params = (input: SimParamsInput) => resolveParams(input, DEFAULT_PARAMS);

/** Expected server-side bytes and events per replica: objects by their hash's shard, bookmarks to all. */
function expected(n: number, key: 'uid' | 'namespace'): { bytes: number[]; events: number[] } {
  const out = { bytes: new Array<number>(n).fill(0), events: new Array<number>(n).fill(0) };
  events.forEach((e, i) => {
    const to = e.type === 'BOOKMARK' ? [...Array(n).keys()] : [shardOf(fnv(key === 'uid' ? e.object.metadata.uid! : (e.object.metadata.namespace ?? '')), n)];
    for (const r of to) {
      out.bytes[r]! += bytes[i]!;
      out.events[r]!++;
    }
  });
  return out;
}

describe('a watch stream replayed through both modes', () => {
  it('keeps every event of the stream with its type and the bytes of its line', () => {
    const s = streamOf(fixture('watch-replay.json'));
    expect(s.length).toBe(events.length);
    expect(Array.from(s.bytes)).toEqual(bytes);
    expect(s.uid).toEqual(events.map((e) => (e.type === 'BOOKMARK' ? '' : e.object.metadata.uid)));
    const r = importText(fixture('watch-replay.json'));
    // The final state: 20 listed, pod 5 deleted, the new pod added and deleted.
    expect(r.objects.length).toBe(19);
    expect(r.events).toEqual({ ADDED: 21, MODIFIED: 5, DELETED: 2, BOOKMARK: 2, ERROR: 0 });
  });

  it('server-side: each replica gets the events of the objects whose uid hash falls in its range, and every BOOKMARK', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const total = bytes.reduce((a, b) => a + b, 0);
    for (const n of [1, 2, 3, 4, 7]) {
      const r = replayStream(s, params({ replicas: { count: n } }));
      const want = expected(n, 'uid');
      expect(r.server.map((x) => x.bytes), `n=${n}`).toEqual(want.bytes);
      expect(r.server.map((x) => x.events), `n=${n}`).toEqual(want.events);
      expect(r.server.every((x) => x.bookmarks === 2)).toBe(true);
      // Client-side: every event to every replica.
      expect(r.client.map((x) => x.bytes)).toEqual(new Array(n).fill(total));
      expect(r.client.map((x) => x.events)).toEqual(new Array(n).fill(events.length));
      expect(r.clientBytes).toBe(total * n);
      expect(r.serverBytes).toBe(want.bytes.reduce((a, b) => a + b, 0));
      expect(r.ratio).toBeCloseTo(r.serverBytes / (total * n), 12);
    }
    // One replica, one range: the whole stream either way.
    expect(replayStream(s, params({ replicas: { count: 1 } })).ratio).toBe(1);
  });

  it('under the namespace key, by the namespace hash (a namespace is never split)', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const r = replayStream(s, params({ replicas: { count: 3, key: 'object.metadata.namespace' } }));
    const want = expected(3, 'namespace');
    expect(r.server.map((x) => x.bytes)).toEqual(want.bytes);
    expect(r.server.map((x) => x.events)).toEqual(want.events);
  });

  it('a DELETED event goes to the replica that owns the deleted object, with its own bytes', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const r = replayStream(s, params({ replicas: { count: 4 } }));
    const deleted = events.map((e, i) => [e, i] as const).filter(([e]) => e.type === 'DELETED');
    expect(deleted.length).toBe(2);
    expect(r.types.DELETED).toBe(2);
    // Take the deletions out of the stream: exactly their owners lose exactly their bytes.
    const kept = lines.filter((_, i) => events[i]!.type !== 'DELETED').join('\n') + '\n';
    const without = replayStream(streamOf(kept), params({ replicas: { count: 4 } }));
    const loss = r.server.map((x, i) => x.bytes - without.server[i]!.bytes);
    const want = [0, 0, 0, 0];
    for (const [e, i] of deleted) want[shardOf(fnv(e.object.metadata.uid!), 4)]! += bytes[i]!;
    expect(loss).toEqual(want);
  });

  it('BOOKMARKs are not objects: they reach every replica in both modes, even one whose range is empty of objects', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const empty = `shardRange(object.metadata.uid, '0x0000000000000000', '0x0000000000000001')`;
    const r = replayStream(s, params({ replicas: { count: 2, selectors: [{ kind: 'text', text: empty }] } }));
    const bookmarkBytes = events.reduce((a, e, i) => a + (e.type === 'BOOKMARK' ? bytes[i]! : 0), 0);
    expect(r.server[0]).toMatchObject({ events: 2, bookmarks: 2, bytes: bookmarkBytes, bookmarkBytes, selector: empty, error: null });
    expect(r.client[0]!.bookmarks).toBe(2);
    expect(r.types.BOOKMARK).toBe(2);
  });

  it('overlapping ranges, gaps and several ranges per replica: each event to every replica whose ranges hold its hash, once', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const sel = (rs: [string, string][]) => ({ kind: 'text' as const, text: rs.map(([a, b]) => `shardRange(object.metadata.uid, '${a}', '${b}')`).join(' || ') });
    const layout: [string, string][][] = [
      [['0x0000000000000000', '0x8000000000000000']],
      [['0x4000000000000000', '0xc000000000000000']],
      [['0xe000000000000000', '0x10000000000000000'], ['0x1000000000000000', '0x5000000000000000'], ['0x4000000000000000', '0x6000000000000000']],
    ];
    const r = replayStream(s, params({ replicas: { count: 3, selectors: layout.map(sel) } }));
    const want = [0, 0, 0];
    events.forEach((e, i) => {
      layout.forEach((rs, rep) => {
        const h = e.type === 'BOOKMARK' ? null : fnv(e.object.metadata.uid!);
        if (h === null || rs.some(([a, b]) => h >= BigInt(a) && h < BigInt(b))) want[rep]! += bytes[i]!;
      });
    });
    expect(r.server.map((x) => x.bytes)).toEqual(want);
    // Some object falls in the gap [0xc…, 0xe…) and reaches nobody; some in the overlap reaches two.
    const owners = events.filter((e) => e.type !== 'BOOKMARK').map((e) => layout.filter((rs) => rs.some(([a, b]) => fnv(e.object.metadata.uid!) >= BigInt(a) && fnv(e.object.metadata.uid!) < BigInt(b))).length);
    expect(owners).toContain(0);
    expect(owners).toContain(2);
  });

  it('a hash exactly at a bound belongs to the range it starts (start <= hash < end), down to the low 32 bits', () => {
    const hashes: [number, number][] = [[0x40000000, 4], [0x40000000, 5], [0x40000000, 6], [0x3fffffff, 0xffffffff], [0, 0], [0xffffffff, 0xffffffff]];
    const k = hashes.length;
    const stream: WatchStream = {
      length: k, type: new Uint8Array(k), bytes: Float64Array.from(hashes, (_, i) => 10 ** i), time: new Float64Array(k), rv: new Float64Array(k),
      uidHi: Uint32Array.from(hashes, (h) => h[0]), uidLo: Uint32Array.from(hashes, (h) => h[1]), nsHi: new Uint32Array(k), nsLo: new Uint32Array(k),
      uid: [], namespace: [], name: [], initial: k, timing: 'none', inferredTypes: false, errors: 0, errorList: [], dropped: 0, droppedFrom: null,
    };
    const text = (a: string, b: string) => ({ kind: 'text' as const, text: `shardRange(object.metadata.uid, '${a}', '${b}')` });
    const r = replayStream(stream, params({ replicas: { count: 2, selectors: [text('0x0000000000000000', '0x4000000000000005'), text('0x4000000000000005', '0x10000000000000000')] } }));
    // Bytes 10^i mark which events each replica got: 0 (lo 4), 3 and 4 to the first; 1 (lo 5), 2 and 5 to the second.
    expect(r.server.map((x) => x.bytes)).toEqual([1 + 1000 + 10000, 10 + 100 + 100000]);
  });

  it('a rejected selector gets no stream (HTTP 500); a gate-off API server or an empty selector sends everything', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const total = bytes.reduce((a, b) => a + b, 0);
    const bad = replayStream(s, params({ replicas: { count: 2, selectors: [{ kind: 'text', text: 'shardRange(object.metadata.uid, 0, 1)' }] } }));
    expect(bad.server[0]).toMatchObject({ events: 0, bytes: 0 });
    expect(bad.server[0]!.error).toMatch(/^invalid shard selector: hexStart must be a string literal/);
    const off = replayStream(s, params({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 2 } }));
    expect(off.server[1]).toMatchObject({ events: events.length, bytes: total, unfiltered: true });
    expect(off.server[0]!.bytes).toBe(expected(2, 'uid').bytes[0]);
    const none = replayStream(s, params({ replicas: { count: 2, selectors: [{ kind: 'text', text: '' }] } }));
    expect(none.server[0]).toMatchObject({ events: events.length, bytes: total, selector: null });
  });

  it('times come from the objects: the initial state at 0, then managedFields times, deletions when asked for', () => {
    const s = streamOf(fixture('watch-replay.json'));
    expect(s.initial).toBe(21); // 20 ADDED and the initial-events-end bookmark
    expect(s.timing).toBe('timestamps');
    // The newest time of the initial state is 08:59:50; the rest follow it.
    expect(Array.from(s.time.slice(21))).toEqual([12, 15, 15, 20, 22, 25, 25, 70, 70]);
    expect(Array.from(s.time.slice(0, 21)).every((t) => t === 0)).toBe(true);
    expect(Array.from(s.rv.slice(21, 23))).toEqual([7012001, 7012002]);
  });

  it('the figures over time are prefix sums: at each sample, the events up to its time', () => {
    const s = streamOf(fixture('watch-replay.json'));
    const r = replayStream(s, params({ replicas: { count: 3 } }));
    const tl = r.timeline;
    expect(tl.time[0]).toBe(0);
    expect(tl.time[tl.time.length - 1]).toBe(70);
    expect(r.duration).toBe(70);
    for (let k = 0; k < tl.time.length; k += 37) {
      const upTo = events.map((_, i) => i).filter((i) => s.time[i]! <= tl.time[k]!);
      expect(tl.streamEvents[k]).toBe(upTo.length);
      expect(tl.streamBytes[k]).toBe(upTo.reduce((a, i) => a + bytes[i]!, 0));
      for (let rep = 0; rep < 3; rep++) {
        const mine = upTo.filter((i) => events[i]!.type === 'BOOKMARK' || shardOf(fnv(events[i]!.object.metadata.uid!), 3) === rep);
        expect(tl.serverBytes[k * 3 + rep]).toBe(mine.reduce((a, i) => a + bytes[i]!, 0));
        expect(tl.serverEvents[k * 3 + rep]).toBe(mine.length);
      }
    }
    const last = tl.time.length - 1;
    expect(Array.from(tl.serverBytes.slice(last * 3))).toEqual(r.server.map((x) => x.bytes));
    expect(replaySampleAt(r, 0)).toBe(0);
    expect(replaySampleAt(r, 69.99)).toBe(last - 1);
    expect(replaySampleAt(r, 1e9)).toBe(last);
  });

  it('without times (the older fixture) events are spaced evenly; bare objects infer their types', () => {
    // The older fixture carries only creationTimestamps: the MODIFIEDs and DELETED keep the
    // start's time, the new pod comes at its creation (4 days after the newest listed one).
    const typed = streamOf(fixture('watch-events.json'));
    expect(typed.initial).toBe(12);
    expect(typed.timing).toBe('timestamps');
    expect(Array.from(typed.time.slice(12))).toEqual([0, 0, 0, (Date.parse('2026-11-18T22:58:18Z') - Date.parse('2026-11-14T05:11:53Z')) / 1000]);
    // Without any time, evenly spaced after the initial state.
    const untimed = streamOf(fixture('watch-events.json').replace(/"creationTimestamp": "[^"]*"/g, '"creationTimestamp": null'));
    expect(untimed.timing).toBe('spacing');
    expect(Array.from(untimed.time.slice(12)).map((t) => Math.round(t * 10))).toEqual([1, 2, 3, 4]);
    const bare = streamOf(fixture('watch-objects.json'));
    expect(bare.inferredTypes).toBe(true);
    expect(bare.length).toBe(16);
    // First sight ADDED, later MODIFIED: the deletion cannot be seen without event types.
    expect(Array.from(bare.type.slice(12))).toEqual([1, 1, 1, 0]);
  });

  it('compact sizes: each event as the compact JSON the API server sends', () => {
    const pretty = events.map((e) => JSON.stringify(e, null, 4)).join('\n') + '\n';
    const s = streamOf(pretty, 'compact');
    expect(Array.from(s.bytes)).toEqual(events.map((e) => Buffer.byteLength(JSON.stringify(e))));
    expect(Array.from(streamOf(pretty).bytes)).toEqual(events.map((e) => Buffer.byteLength(JSON.stringify(e, null, 4))));
  });

  it('a list is not a stream, and a simulation replays the stream it was given for its current replicas', () => {
    expect(importText(fixture('pods-kind.json')).stream).toBeNull();
    const r = importText(fixture('watch-replay.json'));
    const sim = createSimulation({ replicas: { count: 2 } }, { imported: r.objects, stream: r.stream });
    expect(sim.streamReplay()!.server.map((x) => x.bytes)).toEqual(expected(2, 'uid').bytes);
    sim.reconfigure({ replicas: { count: 5 } });
    expect(sim.streamReplay()!.server.map((x) => x.bytes)).toEqual(expected(5, 'uid').bytes);
    expect(createSimulation({}, { imported: r.objects }).streamReplay()).toBeNull();
  });
});
