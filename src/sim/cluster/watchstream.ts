/**
 * A captured watch stream kept as events, so it can be replayed: per event its type,
 * the object's uid, namespace and name, its encoded size, its resourceVersion and the time it
 * happened in the stream. The import reader records each event as it reads it (`record`); the
 * objects themselves are not kept. Pure: no DOM, runs under Node.
 *
 * Timing. A captured stream has no clock of its own, so the time of each event is derived from
 * the object it carries, by these rules (docs/import.md, replaying a watch stream):
 * - The initial state comes first: the events before the BOOKMARK annotated
 *   `k8s.io/initial-events-end: "true"` (a streaming list, `sendInitialEvents=true`), or else
 *   the leading ADDED events (kubectl prints the current objects before it watches). They are
 *   replayed at t = 0, as a watcher receives them at once.
 * - The stream starts at the newest time the initial state carries (the capture began after
 *   the newest write it listed).
 * - A later event happened at the newest time its object carries: ADDED at its
 *   `creationTimestamp`, every event at its newest `metadata.managedFields[].time`, DELETED
 *   when the deletion was asked for (`deletionTimestamp` minus `deletionGracePeriodSeconds`).
 *   Times never go back: an event without a time, or with an older one, takes the time of the
 *   event before it (the stream's order is the truth).
 * - If no later event carries a time newer than the start, the events are spaced evenly,
 *   {@link REPLAY_SPACING_SECONDS} apart.
 * resourceVersion is kept but not used for time: an etcd revision counts writes, not seconds.
 */
import { hashFieldHigh, lastHashLow } from '../../core/sharding';
import type { JsonValue } from './importjson';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED } from './events';

/** Seconds between events when the stream carries no times. */
export const REPLAY_SPACING_SECONDS = 0.1;
/** The most events a stream keeps; the rest of a longer file is read as objects, not replayed. */
export const MAX_STREAM_EVENTS = 2_000_000;
/** The most ERROR events a stream lists (each with its place and Status); the rest are counted. */
export const MAX_LISTED_ERRORS = 20;
/** The longest Status message kept of an ERROR event (the page and the CLI cut it shorter still). */
const MAX_ERROR_MESSAGE = 200;
/** The annotation of the bookmark that ends a streaming list's initial events (apimachinery `metav1.InitialEventsAnnotationKey`). */
export const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

/** An ERROR event of a stream: where it was (its place among the stream's events, 1-based, and its line) and the Status it carried. */
export interface StreamError {
  readonly event: number;
  readonly line?: number;
  /** The Status's code (410 for "too old resource version"), or null. */
  readonly code: number | null;
  /** The Status's reason (`Expired`, `Gone`), or ''. */
  readonly reason: string;
  /** The Status's message, cut to 200 characters. */
  readonly message: string;
}

/** An ERROR event's Status in one line: `410 Expired: too old resource version: 5 (90)`. */
export function statusLine(e: StreamError): string {
  const head = [e.code === null ? '' : String(e.code), e.reason].filter((x) => x !== '').join(' ');
  return [head, e.message].filter((x) => x !== '').join(': ');
}

/** A watch stream, ready to replay: parallel arrays, one entry per event, in stream order. */
export interface WatchStream {
  readonly length: number;
  /** EV_ADDED, EV_MODIFIED, EV_DELETED or EV_BOOKMARK. */
  readonly type: Uint8Array;
  /** Bytes of the event as encoded (the file's text, or compact JSON: the import's size choice). */
  readonly bytes: Float64Array;
  /** Seconds from the start of the stream (see the timing rules above); non-decreasing. */
  readonly time: Float64Array;
  /** resourceVersion as a number (NaN when absent or not a number). */
  readonly rv: Float64Array;
  /** FNV-1a 64 of the uid and of the namespace, as 32-bit halves (a BOOKMARK's are those of ""). */
  readonly uidHi: Uint32Array;
  readonly uidLo: Uint32Array;
  readonly nsHi: Uint32Array;
  readonly nsLo: Uint32Array;
  readonly uid: readonly string[];
  readonly namespace: readonly string[];
  readonly name: readonly string[];
  /** Events replayed at t = 0 (the initial state). */
  readonly initial: number;
  /** 'timestamps': times from the objects; 'spacing': evenly spaced; 'none': only an initial state. */
  readonly timing: 'timestamps' | 'spacing' | 'none';
  /** The stream's types were inferred (bare objects: first sight ADDED, later MODIFIED). */
  readonly inferredTypes: boolean;
  /** ERROR events, which carry a Status, not an object: not replayed. */
  readonly errors: number;
  /** The first {@link MAX_LISTED_ERRORS} ERROR events, in stream order. */
  readonly errorList: readonly StreamError[];
  /** Events beyond {@link MAX_STREAM_EVENTS} not kept. */
  readonly dropped: number;
  /** Where the events not kept begin (the first one's place among the stream's events, 1-based, and its line) and the cap, or null. */
  readonly droppedFrom: { readonly event: number; readonly line?: number; readonly limit: number } | null;
}

const isObject = (v: unknown): v is { [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');

/** Milliseconds of an RFC 3339 time, or NaN. */
function ms(v: JsonValue | undefined): number {
  return typeof v === 'string' && v !== '' ? Date.parse(v) : NaN;
}

/** The newest time an event's object carries (ms since the epoch), or NaN; see the rules above. */
export function eventStamp(type: number, meta: { [key: string]: JsonValue }): number {
  let t = NaN;
  const take = (x: number) => {
    if (Number.isFinite(x) && !(x <= t)) t = x;
  };
  if (type === EV_ADDED) take(ms(meta['creationTimestamp']));
  const managed = meta['managedFields'];
  if (Array.isArray(managed)) for (const f of managed) if (isObject(f)) take(ms(f['time']));
  if (type === EV_DELETED) {
    const grace = meta['deletionGracePeriodSeconds'];
    take(ms(meta['deletionTimestamp']) - (typeof grace === 'number' ? grace * 1000 : 0));
  }
  return t;
}

/** What an ERROR event's Status says: code, reason and message (cut). */
function statusOf(object: JsonValue): Pick<StreamError, 'code' | 'reason' | 'message'> {
  const o = isObject(object) ? object : {};
  const code = o['code'];
  const message = str(o['message']);
  return { code: typeof code === 'number' && Number.isFinite(code) ? code : null, reason: str(o['reason']), message: message.length > MAX_ERROR_MESSAGE ? `${message.slice(0, MAX_ERROR_MESSAGE)}…` : message };
}

const TYPE_CODES: Readonly<Record<string, number>> = { ADDED: EV_ADDED, MODIFIED: EV_MODIFIED, DELETED: EV_DELETED, BOOKMARK: EV_BOOKMARK };

/** Collects a stream's events while the import reads it; `finish` derives the times. */
export class WatchStreamRecorder {
  private readonly types: number[] = [];
  private readonly sizes: number[] = [];
  private readonly stamps: number[] = [];
  private readonly rvs: number[] = [];
  private readonly uids: string[] = [];
  private readonly namespaces: string[] = [];
  private readonly names: string[] = [];
  private readonly seen = new Set<string>();
  /** Index of the initial-events-end bookmark, or -1. */
  private initialEnd = -1;
  private inferred = false;
  private errors = 0;
  private readonly errorList: StreamError[] = [];
  private dropped = 0;
  private droppedFrom: WatchStream['droppedFrom'] = null;
  /** Events met so far, kept or not. */
  private met = 0;

  /** `limit`: the most events kept (tests lower it). */
  constructor(private readonly limit = MAX_STREAM_EVENTS) {}

  get length(): number {
    return this.types.length;
  }

  /**
   * Records one event. `type`: the event's type, or '' for a bare object (then inferred).
   * `object`: the event's object; `bytes`: the event's encoded size; `line`: where it starts in the file.
   */
  record(type: string, object: JsonValue, bytes: number, line?: number): void {
    const event = ++this.met;
    const at = line !== undefined ? { line } : {};
    if (type === 'ERROR') {
      this.errors++;
      if (this.errorList.length < MAX_LISTED_ERRORS) this.errorList.push({ event, ...at, ...statusOf(object) });
      return;
    }
    const meta = isObject(object) && isObject(object['metadata']) ? object['metadata'] : {};
    const uid = str(meta['uid']);
    let code = TYPE_CODES[type];
    if (type === '') {
      this.inferred = true;
      code = this.seen.has(uid) ? EV_MODIFIED : EV_ADDED;
    }
    if (code === undefined) return;
    if (this.types.length >= this.limit) {
      this.dropped++;
      this.droppedFrom ??= { event, ...at, limit: this.limit };
      return;
    }
    if (code === EV_ADDED) this.seen.add(uid);
    if (code === EV_BOOKMARK) {
      const notes = meta['annotations'];
      if (this.initialEnd < 0 && isObject(notes) && notes[INITIAL_EVENTS_END] === 'true') this.initialEnd = this.types.length;
    }
    const rv = str(meta['resourceVersion']);
    this.types.push(code);
    this.sizes.push(bytes);
    this.stamps.push(code === EV_BOOKMARK ? NaN : eventStamp(code, meta));
    this.rvs.push(/^\d+$/.test(rv) ? Number(rv) : NaN);
    this.uids.push(code === EV_BOOKMARK ? '' : uid);
    this.namespaces.push(code === EV_BOOKMARK ? '' : str(meta['namespace']));
    this.names.push(code === EV_BOOKMARK ? '' : str(meta['name']));
  }

  /** The stream with its times derived, or null when no event was recorded. */
  finish(): WatchStream | null {
    const n = this.types.length;
    if (n === 0) return null;
    const type = Uint8Array.from(this.types);
    // The initial state: up to the initial-events-end bookmark (inclusive), else the leading ADDEDs.
    let initial = this.initialEnd + 1;
    if (this.initialEnd < 0) while (initial < n && type[initial] === EV_ADDED) initial++;
    let start = -Infinity;
    for (let i = 0; i < initial; i++) if (this.stamps[i]! > start) start = this.stamps[i]!;
    let newer = false;
    let firstLater = NaN;
    for (let i = initial; i < n; i++) {
      const s = this.stamps[i]!;
      if (!Number.isFinite(s)) continue;
      if (Number.isNaN(firstLater)) firstLater = s;
      if (s > start) newer = true;
    }
    // No initial state with a time: the stream starts at its first timed event.
    if (start === -Infinity) start = firstLater;
    const timing = initial === n ? 'none' : newer ? 'timestamps' : 'spacing';
    const time = new Float64Array(n);
    let t = 0;
    for (let i = initial; i < n; i++) {
      if (timing === 'spacing') t = (i - initial + 1) * REPLAY_SPACING_SECONDS;
      else {
        const s = (this.stamps[i]! - start) / 1000;
        if (s > t) t = s;
      }
      time[i] = t;
    }
    const uidHi = new Uint32Array(n);
    const uidLo = new Uint32Array(n);
    const nsHi = new Uint32Array(n);
    const nsLo = new Uint32Array(n);
    const nsHash = new Map<string, [number, number]>();
    for (let i = 0; i < n; i++) {
      uidHi[i] = hashFieldHigh(this.uids[i]!);
      uidLo[i] = lastHashLow();
      const ns = this.namespaces[i]!;
      let h = nsHash.get(ns);
      if (!h) {
        h = [hashFieldHigh(ns), lastHashLow()];
        nsHash.set(ns, h);
      }
      nsHi[i] = h[0];
      nsLo[i] = h[1];
    }
    return {
      length: n,
      type,
      bytes: Float64Array.from(this.sizes),
      time,
      rv: Float64Array.from(this.rvs),
      uidHi,
      uidLo,
      nsHi,
      nsLo,
      uid: this.uids,
      namespace: this.namespaces,
      name: this.names,
      initial,
      timing,
      inferredTypes: this.inferred,
      errors: this.errors,
      errorList: this.errorList,
      dropped: this.dropped,
      droppedFrom: this.droppedFrom,
    };
  }
}
