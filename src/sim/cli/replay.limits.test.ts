import { describe, expect, it } from 'vitest';
import { importText } from '../cluster';
import { replayStream } from '../engine';
import { DEFAULT_PARAMS, resolveParams } from '../params';
import { replayJson, replayTable } from './replay';

const uid = (i: number) => `6f1c1f9e-3c55-4a57-9d0e-${i.toString(16).padStart(12, '0')}`;
const added = (i: number) => JSON.stringify({ type: 'ADDED', object: { kind: 'Pod', metadata: { name: `p${i}`, namespace: 'default', uid: uid(i) } } });
const error = (message: string) => JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message, reason: 'Expired', code: 410 } });

/** 12 events, one a line: 6 ADDED, an ERROR (line 7), 4 ADDED, an ERROR whose message carries escapes (line 12). */
const STREAM = [...[0, 1, 2, 3, 4, 5].map(added), error('too old resource version: 5 (90)'), ...[6, 7, 8, 9].map(added), error('\u001b[2J\u001b[32m all good \u202e')].join('\n');

describe('a replayed stream says what it leaves out', () => {
  it('events past the cap: how many, from which event and line; ERROR events listed with their place and Status', () => {
    const r = importText(STREAM, { maxStreamEvents: 5 });
    const s = r.stream!;
    expect(s.length).toBe(5);
    expect(s.dropped).toBe(5);
    expect(s.droppedFrom).toEqual({ event: 6, line: 6, limit: 5 });
    expect(s.errors).toBe(2);
    expect(s.errorList).toEqual([
      { event: 7, line: 7, code: 410, reason: 'Expired', message: 'too old resource version: 5 (90)' },
      { event: 12, line: 12, code: 410, reason: 'Expired', message: '\u001b[2J\u001b[32m all good \u202e' },
    ]);
    const report = replayStream(s, resolveParams({}, DEFAULT_PARAMS));
    const table = replayTable(report).split('\n');
    expect(table[1]).toBe('only the first 5 events are replayed: the 5 events from event 6, line 6 on are left out');
    expect(table[2]).toBe('2 ERROR events in the stream, not replayed:');
    expect(table[3]).toBe('  event 7 (line 7): 410 Expired: too old resource version: 5 (90)');
    expect(table[4]).toBe('  event 12 (line 12): 410 Expired: \\u001B[2J\\u001B[32m all good \\u202E');
    expect(replayTable(report, 'zh-CN').split('\n')[1]).toBe('回放只包含前 5 个事件：从第 6 个事件（第 6 行）起的 5 个事件未被回放');
    expect(replayJson(report)).toMatchObject({ errorEvents: 2, droppedEvents: 5, droppedFrom: { event: 6, line: 6, limit: 5 }, errors: s.errorList });
  });

  it('a stream within the cap and without errors prints as before', () => {
    const report = replayStream(importText(STREAM.split('\n').filter((l) => !l.includes('ERROR')).join('\n')).stream!, resolveParams({}, DEFAULT_PARAMS));
    expect(replayTable(report).split('\n')[1]).toBe('');
  });
});
