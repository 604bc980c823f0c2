/**
 * What `--import FILE` prints for a watch stream: the stream replayed through both
 * modes for the run's replicas and selectors, measured events and bytes per replica from the
 * stream's own sizes (exact integers, no rounding), and server-side over client-side.
 */
import type { ReplayReport } from '../engine';
import type { LocaleId } from '../../i18n/locale';
import { int } from './report';
import { displayWidth, padColumns } from './text';
import { shownText } from '../params';
import { statusLine } from '../cluster';

/** The replay as `--json` prints it (the timeline left out). */
export function replayJson(r: ReplayReport) {
  return {
    events: r.events,
    bytes: r.bytes,
    types: r.types,
    initialEvents: r.initialEvents,
    durationSeconds: r.duration,
    timing: r.timing,
    inferredTypes: r.inferredTypes,
    errorEvents: r.errors,
    errors: r.errorList,
    droppedEvents: r.dropped,
    droppedFrom: r.droppedFrom,
    replicas: r.server.map((s, i) => ({
      replica: i,
      client: { events: r.client[i]!.events, bytes: r.client[i]!.bytes },
      server: { events: s.events, bytes: s.bytes, bookmarks: s.bookmarks, selector: s.selector, error: s.error, unfiltered: s.unfiltered },
    })),
    clientBytes: r.clientBytes,
    serverBytes: r.serverBytes,
    clientEvents: r.clientEvents,
    serverEvents: r.serverEvents,
    ratio: r.ratio,
  };
}

const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}x` : '-');
const seconds = (s: number): string => (Number.isInteger(s) ? String(s) : s.toFixed(1));

/** The replay as a table, in English or Chinese. */
export function replayTable(r: ReplayReport, lang: LocaleId = 'en'): string {
  const zh = lang === 'zh-CN';
  const timing = zh
    ? { timestamps: '时间取自对象的时间戳', spacing: '事件流中没有时间，事件按每 0.1 秒一个排开', none: '只有初始状态' }[r.timing]
    : { timestamps: 'times from the objects’ timestamps', spacing: 'no times in the stream: events spaced 0.1 s apart', none: 'an initial state only' }[r.timing];
  const t = r.types;
  const head = zh
    ? `导入的 Watch 事件流的回放（${int(r.events)} 个事件，历时 ${seconds(r.duration)} 秒：ADDED ${int(t.ADDED)}、MODIFIED ${int(t.MODIFIED)}、DELETED ${int(t.DELETED)}、BOOKMARK ${int(t.BOOKMARK)}；初始状态 ${int(r.initialEvents)} 个事件在 t = 0；${timing}${r.inferredTypes ? '；没有事件类型：首次出现记为 ADDED，之后记为 MODIFIED' : ''}）`
    : `replay of the imported watch stream (${int(r.events)} events over ${seconds(r.duration)} s: ${int(t.ADDED)} ADDED, ${int(t.MODIFIED)} MODIFIED, ${int(t.DELETED)} DELETED, ${int(t.BOOKMARK)} BOOKMARK; ${int(r.initialEvents)} in the initial state at t = 0; ${timing}${r.inferredTypes ? '; no event types: first sight ADDED, later MODIFIED' : ''})`;
  const cols = zh ? ['', '客户端分片 事件', '字节', '服务端分片 事件', '字节', '服务端/客户端'] : ['', 'client-side events', 'bytes', 'server-side events', 'bytes', 'server/client'];
  const rows: { cells: string[]; note: string }[] = [{ cells: cols, note: '' }];
  r.server.forEach((s, i) => {
    const c = r.client[i]!;
    const note = s.error ? (zh ? `（${s.error}：没有事件流）` : `(${s.error}: no stream)`) : s.unfiltered ? (zh ? '（其 API 服务器门控关闭：收到整个事件流）' : '(gate off at its API server: the whole stream)') : '';
    rows.push({ cells: [zh ? `副本 ${i}` : `replica ${i}`, int(c.events), int(c.bytes), int(s.events), int(s.bytes), ratio(s.bytes, c.bytes)], note });
  });
  rows.push({ cells: [zh ? '所有副本' : 'all replicas', int(r.clientEvents), int(r.clientBytes), int(r.serverEvents), int(r.serverBytes), ratio(r.serverBytes, r.clientBytes)], note: '' });
  const widths = cols.map((_, c) => Math.max(...rows.map((row) => displayWidth(row.cells[c]!))));
  const lines = rows.map((row) => (row.cells.map((cell, c) => padColumns(cell, widths[c]!, c === 0 ? 'end' : 'start')).join('   ') + (row.note ? `  ${row.note}` : '')).trimEnd());
  const foot = zh
    ? '客户端分片：每个副本都收到每个事件。服务端分片：副本收到对象哈希落在其范围内的事件，外加事件流中的 BOOKMARK，代替它自己的 BOOKMARK（BOOKMARK 不经过分片过滤；真实的 API 服务器给每个 Watch 发送各自的 BOOKMARK，大约每分钟一个）。字节数为文件中每个事件的真实大小。'
    : 'client-side: every replica receives every event. server-side: the events whose object hash falls in the replica’s ranges, and the stream’s BOOKMARKs, standing in for its own (bookmarks skip the shard filter; a real API server sends each watch its own, about once a minute). Bytes are each event’s real size in the file.';
  return `${head}\n${limits(r, zh)}\n${lines.join('\n')}\n\n${foot}\n`;
}

/** What the replay left out, said: events past its cap (how many, from where) and the stream's ERROR events, listed. */
function limits(r: ReplayReport, zh: boolean): string {
  const out: string[] = [];
  const from = r.droppedFrom;
  if (r.dropped > 0 && from) {
    const line = from.line !== undefined ? (zh ? `（第 ${int(from.line)} 行）` : `, line ${int(from.line)}`) : '';
    out.push(zh ? `回放只包含前 ${int(from.limit)} 个事件：从第 ${int(from.event)} 个事件${line}起的 ${int(r.dropped)} 个事件未被回放` : `only the first ${int(from.limit)} events are replayed: the ${int(r.dropped)} events from event ${int(from.event)}${line} on are left out`);
  }
  if (r.errors > 0) {
    out.push(zh ? `事件流中有 ${int(r.errors)} 个 ERROR 事件，未被回放：` : `${int(r.errors)} ERROR ${r.errors === 1 ? 'event' : 'events'} in the stream, not replayed:`);
    for (const e of r.errorList) {
      const line = e.line !== undefined ? (zh ? `（第 ${int(e.line)} 行）` : ` (line ${int(e.line)})`) : '';
      const status = statusLine(e);
      out.push(zh ? `  第 ${int(e.event)} 个事件${line}：${shownText(status)}` : `  event ${int(e.event)}${line}: ${shownText(status)}`);
    }
    const more = r.errors - r.errorList.length;
    if (more > 0) out.push(zh ? `  ……另有 ${int(more)} 个` : `  … and ${int(more)} more`);
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}
