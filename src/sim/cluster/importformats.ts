/**
 * Reads a real cluster's objects from whatever kubectl printed, in any of the formats a user is
 * likely to have: `-o json` (a `List`, a `PodList` from `--raw`, several pages one after
 * another), `-o yaml`, a captured watch stream (`-w -o json`, with or without
 * `--output-watch-events`), `-o custom-columns=NAMESPACE:…,NAME:…,UID:…` (with or without
 * headers), of any kind. The format is detected from the text and named in the report.
 *
 * JSON is read in chunks (`push`), so a file of hundreds of megabytes is never held whole;
 * YAML and custom-columns are kept until `finish`. Nothing is lost silently: an item left out
 * is listed with its reason and line; a malformed file gives its line, column, what was
 * expected and the text around it, and the objects read before that place are kept.
 * Pure: no DOM, runs under Node.
 */
import { isMap, isSeq, type Document, type Node as YamlNode } from 'yaml';
import { LIMITS, SHOWN_MAX } from '../params';
import type { ImportError, ImportedObject, RejectedItem } from './import';
import { JsonSyntaxError, lineColumn, type JsonValue } from './importjson';
import { JsonStreamScanner, contextAround, utf8Length, type ScannedValue } from './importscan';
import { parseUuidInto } from './uuid';
import { WatchStreamRecorder, type WatchStream } from './watchstream';
import { LineIndex, YamlRefusal, YamlValues, endOf, startOf, yamlDocuments } from './importyaml';
import { columnRow, columnsOf } from './importcolumns';

/** The formats told apart. */
export type ImportFormat =
  | 'json-list' // one List / PodList / DeploymentList ...
  | 'json-pages' // several lists, one after another
  | 'json-array' // a bare JSON array of objects
  | 'json-objects' // bare objects one after another (a watch stream without --output-watch-events), or one object
  | 'watch-events' // {"type": ..., "object": ...} one after another
  | 'yaml'
  | 'yaml-watch-events'
  | 'columns'
  | 'columns-no-headers';

/** English names of the formats (the CLI prints them; the page has its own in i18n). */
export const FORMAT_NAMES: Readonly<Record<ImportFormat, string>> = {
  'json-list': 'JSON List (kubectl get -o json)',
  'json-pages': 'JSON list pages, concatenated',
  'json-array': 'a JSON array of objects',
  'json-objects': 'JSON objects one after another (kubectl get -w -o json)',
  'watch-events': 'a watch stream with event types (kubectl get -w -o json --output-watch-events)',
  yaml: 'YAML (kubectl get -o yaml)',
  'yaml-watch-events': 'YAML watch events (kubectl get -w -o yaml --output-watch-events)',
  columns: 'custom-columns with headers',
  'columns-no-headers': 'custom-columns without headers (--no-headers)',
};

/** Which size an object gets: its bytes in the file, or its compact JSON (what the API server sends). */
export type SizeBasis = 'file' | 'compact';

export interface ImportOptions {
  readonly size?: SizeBasis;
  readonly maxObjects?: number;
  readonly maxNamespaces?: number;
  /** The most watch events kept to replay (tests lower it). */
  readonly maxStreamEvents?: number;
}

export interface WatchEventCounts {
  ADDED: number;
  MODIFIED: number;
  DELETED: number;
  BOOKMARK: number;
  ERROR: number;
}

export interface ImportReport {
  /** null: nothing was read (empty text or a failure before the first value). */
  readonly format: ImportFormat | null;
  /** The objects read (for a watch stream: the final state, deletions applied). */
  readonly objects: readonly ImportedObject[];
  readonly rejected: readonly RejectedItem[];
  /** Why reading stopped early (the objects before it are kept), or null. */
  readonly error: ImportError | null;
  /** Objects per kind, most first. */
  readonly kinds: readonly { readonly kind: string; readonly count: number }[];
  /** Distinct namespaces of the objects (cluster-scoped ones not counted). */
  readonly namespaces: number;
  readonly clusterScoped: number;
  /** Where `jsonBytes` came from; 'model': the file carries no objects, so the model draws sizes. */
  readonly sizes: SizeBasis | 'model';
  /** Top-level values (list pages, watch events, YAML documents) read. */
  readonly values: number;
  /** A watch stream's events by type, or null. */
  readonly events: WatchEventCounts | null;
  /** A watch stream's events kept for replay, or null: not a stream. */
  readonly stream: WatchStream | null;
}

const isObject = (v: unknown): v is { [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');
const encoder = new TextEncoder();

function labelsOf(v: JsonValue | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** UTF-8 bytes of a YAML node's text. */
const nodeBytes = (text: string, node: unknown): number => (endOf(node) === Infinity ? 0 : utf8Length(text.slice(startOf(node), endOf(node))));

/**
 * A file's text inside a reason: cut to {@link SHOWN_MAX} code points and written as a JSON
 * string, so a reader (the page) can tell the file's words from the reason's own, whatever
 * quotes or escapes they hold.
 */
export function quoted(text: string): string {
  let n = 0;
  let end = 0;
  for (const c of text) {
    if (n === SHOWN_MAX) return JSON.stringify(`${text.slice(0, end)}…`);
    n++;
    end += c.length;
  }
  return JSON.stringify(text);
}

/** Items read between two pauses of {@link ImportReader.finishing}. */
const PAUSE_ITEMS = 2_000;

const UUID_WORDS = new Uint32Array(4);

/** A kind from a list kind: `PodList` → `Pod`, `List` → ''. */
const itemKindOf = (listKind: string): string => (listKind.endsWith('List') ? listKind.slice(0, -4) : '');

/** Objects per kind (most first), distinct namespaces and cluster-scoped objects of an import. */
function objectSummary(objects: readonly ImportedObject[]): Pick<ImportReport, 'kinds' | 'namespaces' | 'clusterScoped'> {
  const kinds = new Map<string, number>();
  let clusterScoped = 0;
  for (const o of objects) {
    kinds.set(o.kind ?? '', (kinds.get(o.kind ?? '') ?? 0) + 1);
    if (o.namespace === '') clusterScoped++;
  }
  const namespaces = new Set(objects.map((o) => o.namespace));
  namespaces.delete('');
  return {
    kinds: [...kinds].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1)),
    namespaces: namespaces.size,
    clusterScoped,
  };
}

/** The format named by what was read: columns, YAML (text) or the kinds of JSON values counted. */
function formatOf(
  columns: 'columns' | 'columns-no-headers' | null,
  text: boolean,
  yamlEvents: boolean,
  n: { readonly listValues: number; readonly arrayValues: number; readonly eventValues: number; readonly bareValues: number },
): ImportFormat | null {
  if (columns) return columns;
  if (text) return n.eventValues > 0 && yamlEvents ? 'yaml-watch-events' : n.listValues + n.bareValues > 0 ? 'yaml' : null;
  if (n.eventValues > 0) return 'watch-events';
  if (n.listValues > 1) return 'json-pages';
  if (n.listValues === 1) return 'json-list';
  if (n.arrayValues > 0) return 'json-array';
  if (n.bareValues > 0) return 'json-objects';
  return null;
}

/** Owner references as the import keeps them (kind, name, uid). */
function ownersOf(v: JsonValue | undefined): ImportedObject['owners'] {
  return Array.isArray(v) ? v.filter(isObject).map((o) => ({ kind: str(o['kind']), name: str(o['name']), uid: str(o['uid']) })) : [];
}

/**
 * Item `index` as the import keeps it, with the label that names it in messages, or why it is
 * left out (not an object, no metadata, no uid, a uid that is not a lowercase UUID).
 */
function importedObject(item: JsonValue, index: number, fileBytes: number, size: SizeBasis, kindFallback: string): { readonly object: ImportedObject; readonly label: string } | { readonly reason: string } {
  if (!isObject(item)) return { reason: 'not an object' };
  const meta = item['metadata'];
  if (!isObject(meta)) return { reason: 'no metadata' };
  const uid = str(meta['uid']);
  const name = str(meta['name']);
  const label = name === '' ? `item ${index}` : quoted(name);
  if (uid === '') return { reason: `${label} has no metadata.uid` };
  if (!parseUuidInto(uid, UUID_WORDS, 0)) return { reason: `${label} has uid ${quoted(uid)}, not a lowercase UUID as Kubernetes writes them` };
  const compactBytes = encoder.encode(JSON.stringify(item)).length;
  const object: ImportedObject = {
    kind: str(item['kind']) || kindFallback,
    uid,
    namespace: str(meta['namespace']),
    name,
    labels: labelsOf(meta['labels']),
    owners: ownersOf(meta['ownerReferences']),
    jsonBytes: size === 'file' ? fileBytes : compactBytes,
    fileBytes,
    compactBytes,
  };
  return { object, label };
}

/**
 * Reads an import. Feed text with `push` (any chunking), then call `finish` once. After an
 * error `push` does nothing and `finish` reports the error with what was read before it.
 */
export class ImportReader {
  private readonly size: SizeBasis;
  private readonly maxObjects: number;
  private readonly maxNamespaces: number;
  private mode: 'unknown' | 'json' | 'text' = 'unknown';
  private textParts: string[] = [];
  private scanner: JsonStreamScanner | null = null;
  private error: ImportError | null = null;
  private stopped = false;
  /** Objects by uid (insertion order is file order). */
  private readonly byUid = new Map<string, ImportedObject>();
  /** Where each uid was first read (item number, line). */
  private readonly firstAt = new Map<string, number>();
  private readonly rejected: RejectedItem[] = [];
  private readonly namespaceCount = new Map<string, number>();
  private items = 0;
  private listValues = 0;
  private arrayValues = 0;
  private eventValues = 0;
  private bareValues = 0;
  private yamlEvents = false;
  private columns: 'columns' | 'columns-no-headers' | null = null;
  private events: WatchEventCounts | null = null;
  /** Objects of the current list that carry no kind (a `--raw` PodList): they take the list's. */
  private kindless: string[] = [];
  /** The events of a watch stream (or of bare objects one after another), for replay. */
  private readonly recorder: WatchStreamRecorder;
  /** A limit was reached (objects or namespaces): where, and the items met since (none of them kept). */
  private over: { readonly what: 'objects' | 'namespaces'; readonly line: number | undefined; readonly index: number; items: number } | null = null;

  constructor(options: ImportOptions = {}) {
    this.size = options.size ?? 'file';
    this.maxObjects = options.maxObjects ?? LIMITS.pods.max;
    this.maxNamespaces = options.maxNamespaces ?? LIMITS.namespaces.max;
    this.recorder = new WatchStreamRecorder(options.maxStreamEvents);
  }

  /** True once reading stopped (an error or a limit): further text is ignored. */
  get done(): boolean {
    return this.stopped;
  }

  /** Objects read so far. */
  get count(): number {
    return this.byUid.size;
  }

  push(chunk: string): void {
    if (this.stopped || chunk.length === 0) return;
    if (this.mode === 'unknown') {
      const first = /[^\s\uFEFF]/.exec(chunk);
      if (!first) {
        this.textParts.push(chunk);
        return;
      }
      const c = first[0];
      this.mode = c === '{' || c === '[' ? 'json' : 'text';
      if (this.mode === 'json') {
        this.scanner = new JsonStreamScanner({ value: (v) => this.jsonValue(v), listEnd: (l) => {
            this.countList(l.top, l.array);
            this.listEnd(l.kind);
          },
        });
        const before = this.textParts.join('');
        this.textParts = [];
        if (before !== '') this.feed(before);
      }
    }
    if (this.mode === 'json') this.feed(chunk);
    else this.textParts.push(chunk);
  }

  private feed(chunk: string): void {
    try {
      this.scanner!.push(chunk);
    } catch (e) {
      this.caught(e);
    }
  }

  private caught(e: unknown): void {
    this.stopped = true;
    if (e instanceof JsonSyntaxError) {
      const context = this.scanner?.lastContext ?? undefined;
      this.error = { message: `Not valid JSON at ${e.message}`, line: e.line, column: e.column, expected: e.expected, ...(context ? { context } : {}) };
      return;
    }
    this.error = { message: `Cannot read the file: ${e instanceof Error ? e.message : String(e)}` };
  }

  finish(): ImportReport {
    const steps = this.finishing();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * {@link finish} a piece at a time: pauses (yields) every few thousand tokens or items of a
   * YAML file, so a caller that awaits between pauses lets Cancel in; returns the report.
   */
  *finishing(): Generator<void, ImportReport> {
    if (!this.stopped) {
      if (this.mode === 'json') {
        try {
          this.scanner!.end();
        } catch (e) {
          this.caught(e);
        }
      } else {
        const text = this.textParts.join('');
        this.textParts = [];
        if (text.trim() === '') this.error = { message: 'The file is empty' };
        else {
          try {
            yield* this.readText(text);
          } catch (e) {
            if (e instanceof YamlRefusal) this.refuseYaml(text, e);
            else this.caught(e);
          }
        }
      }
      this.stopped = true;
    }
    return this.report();
  }

  private report(): ImportReport {
    const objects = [...this.byUid.values()];
    const format = this.format();
    const first = this.rejected[0];
    const error = this.error ?? (this.over ? { message: this.overMessage(this.over) } : null) ?? (objects.length === 0 && first ? { message: `No object could be imported: all ${this.rejected.length} items were left out (item ${first.index}: ${first.reason})` } : objects.length === 0 && format !== null ? { message: 'The file holds no objects' } : null);
    return {
      format,
      objects,
      rejected: this.rejected,
      error,
      ...objectSummary(objects),
      sizes: this.columns ? 'model' : this.size,
      values: this.listValues + this.arrayValues + this.eventValues + this.bareValues,
      events: this.events,
      stream: this.eventValues > 0 || this.bareValues > 1 ? this.recorder.finish() : null,
    };
  }

  private format(): ImportFormat | null {
    return formatOf(this.columns, this.mode === 'text', this.yamlEvents, { listValues: this.listValues, arrayValues: this.arrayValues, eventValues: this.eventValues, bareValues: this.bareValues });
  }

  // ---- Objects -------------------------------------------------------------------------------

  private reject(reason: string, line?: number): void {
    this.rejected.push({ index: this.items, reason, ...(line !== undefined ? { line } : {}) });
  }

  /** Reads one object; `upsert`: a watch event may repeat a uid (MODIFIED), a list may not. */
  private object(item: JsonValue, fileBytes: number, line: number | undefined, kindFallback: string, upsert: boolean): void {
    const index = this.items;
    try {
      if (this.over) {
        this.over.items++;
        return;
      }
      const read = importedObject(item, index, fileBytes, this.size, kindFallback);
      if ('reason' in read) return this.reject(read.reason, line);
      const o = read.object;
      const first = this.firstAt.get(o.uid);
      if (first !== undefined && !upsert) return this.reject(`${read.label} repeats the uid ${o.uid} of item ${first}`, line);
      if (this.add(o, line) && o.kind === '') this.kindless.push(o.uid);
    } finally {
      this.items++;
    }
  }

  /**
   * Adds (or, for a watch event, replaces) an object; false when a limit is reached: from then
   * on nothing more is kept, and what follows is only counted, so the report can say how much
   * was left out and from where.
   */
  private add(o: ImportedObject, line: number | undefined): boolean {
    if (!this.byUid.has(o.uid) && this.byUid.size >= this.maxObjects) return this.full('objects', line);
    if (o.namespace !== '' && !this.namespaceCount.has(o.namespace) && this.namespaceCount.size >= this.maxNamespaces) return this.full('namespaces', line);
    if (!this.byUid.has(o.uid)) this.firstAt.set(o.uid, this.items);
    const previous = this.byUid.get(o.uid);
    if (previous) this.unCount(previous.namespace);
    this.namespaceCount.set(o.namespace, (this.namespaceCount.get(o.namespace) ?? 0) + 1);
    this.byUid.set(o.uid, o);
    return true;
  }

  private full(what: 'objects' | 'namespaces', line: number | undefined): false {
    this.over = { what, line, index: this.items, items: 1 };
    return false;
  }

  /** The limit's message: what is offered, and what was left out from where. */
  private overMessage(over: NonNullable<ImportReader['over']>): string {
    const n = (x: number) => x.toLocaleString('en-US');
    const from = `item ${n(over.index)}${over.line !== undefined ? `, line ${n(over.line)}` : ''}`;
    const left = `the ${n(over.items)} ${over.items === 1 ? 'item' : 'items'} from ${from} on ${over.items === 1 ? 'is' : 'are'} left out`;
    return over.what === 'objects'
      ? `More than ${n(this.maxObjects)} objects: the simulator holds at most that many; the first ${n(this.maxObjects)} are offered, and ${left}`
      : `More than ${n(this.maxNamespaces)} namespaces: the simulator holds at most that many; the objects read before are offered, and ${left}`;
  }

  private unCount(ns: string): void {
    const n = (this.namespaceCount.get(ns) ?? 1) - 1;
    if (n <= 0) this.namespaceCount.delete(ns);
    else this.namespaceCount.set(ns, n);
  }

  private remove(uid: string): void {
    const o = this.byUid.get(uid);
    if (!o) return;
    this.unCount(o.namespace);
    this.byUid.delete(uid);
    this.firstAt.delete(uid);
  }

  private listEnd(listKind: string): void {
    const kind = itemKindOf(listKind);
    if (kind !== '') {
      for (const uid of this.kindless) {
        const o = this.byUid.get(uid);
        if (o && (o.kind ?? '') === '') this.byUid.set(uid, { ...o, kind });
      }
    }
    this.kindless = [];
  }

  // ---- JSON ----------------------------------------------------------------------------------

  private jsonValue(v: ScannedValue): void {
    if (v.at === 'item') {
      this.countList(v.top, v.array);
      this.object(v.value, v.fileBytes, v.line, '', false);
      return;
    }
    this.topValue(v.value, v.fileBytes, v.line, undefined, v.valueBytes);
  }

  /** The last top-level value counted as a list or array. */
  private lastTop = -1;

  private countList(top: number, array: boolean): void {
    if (top === this.lastTop) return;
    this.lastTop = top;
    if (array) this.arrayValues++;
    else this.listValues++;
  }

  /** A whole top-level value (JSON) or YAML document: a list without items, a watch event or a bare object. */
  private topValue(value: JsonValue, fileBytes: number, line: number | undefined, objectBytes?: number, valueBytes = fileBytes): void {
    if (Array.isArray(value)) {
      this.arrayValues++;
      for (const item of value) this.object(item, utf8Length(JSON.stringify(item)), line, '', false);
      return;
    }
    if (!isObject(value)) {
      this.reject(`a ${value === null ? 'null' : typeof value} where an object was expected`, line);
      this.items++;
      return;
    }
    const type = value['type'];
    const object = value['object'];
    if (typeof type === 'string' && isObject(object)) {
      this.eventValues++;
      if (this.over) {
        // Past a limit: the stream's events are counted as left out, not applied or replayed.
        this.over.items++;
        this.items++;
        return;
      }
      const counts = (this.events ??= { ADDED: 0, MODIFIED: 0, DELETED: 0, BOOKMARK: 0, ERROR: 0 });
      if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED' || type === 'BOOKMARK' || type === 'ERROR') counts[type]++;
      this.recordEvent(type, object, value, valueBytes, type === 'BOOKMARK' || type === 'ERROR', line);
      if (type === 'BOOKMARK' || type === 'ERROR') {
        this.items++;
        return;
      }
      const bytes = objectBytes ?? fileBytes;
      if (type === 'DELETED') {
        const meta = object['metadata'];
        const uid = isObject(meta) ? str(meta['uid']) : '';
        if (uid === '') this.reject('a DELETED event without metadata.uid', line);
        else {
          this.remove(uid);
          this.recordEvent(type, object, value, valueBytes, true, line);
        }
        this.items++;
        return;
      }
      const before = this.rejected.length;
      this.object(object, bytes, line, '', true);
      this.recordEvent(type, object, value, valueBytes, this.rejected.length === before, line);
      return;
    }
    const items = value['items'];
    const kind = str(value['kind']);
    if (Array.isArray(items) || (kind.endsWith('List') && (items === null || items === undefined))) {
      this.listValues++;
      const fallback = itemKindOf(kind);
      if (Array.isArray(items)) for (const item of items) this.object(item, utf8Length(JSON.stringify(item)), line, fallback, false);
      return;
    }
    this.bareValues++;
    const before = this.rejected.length;
    this.object(value, fileBytes, line, '', true);
    if (this.rejected.length === before) this.recordEvent('', value, value, valueBytes, true, line);
  }

  /** Keeps a stream's event for replay: its bytes as in the file, or as compact JSON. */
  private recordEvent(type: string, object: JsonValue, event: JsonValue, fileBytes: number, keep: boolean, line: number | undefined): void {
    if (!keep || this.over) return;
    this.recorder.record(type, object, this.size === 'file' ? fileBytes : utf8Length(JSON.stringify(event)), line);
  }

  // ---- YAML and custom-columns ---------------------------------------------------------------

  private *readText(text: string): Generator<void> {
    const lines = text.split('\n');
    const columns = columnsOf(lines);
    if (columns === null) return yield* this.readYaml(text);
    this.columns = columns.kind;
    for (let i = columns.headerIndex + 1; i < lines.length; i++) {
      const raw = lines[i]!.replace(/\r$/, '');
      if (raw.trim() === '') continue;
      const row = columnRow(raw, i + 1, columns.header);
      if ('reason' in row) {
        this.reject(row.reason, i + 1);
        this.items++;
      } else this.object(row.item, 0, i + 1, '', false);
    }
    // No objects in the file: the model draws the sizes.
    for (const [uid, o] of this.byUid) this.byUid.set(uid, { ...o, jsonBytes: 0, fileBytes: 0, compactBytes: 0 });
  }

  private *readYaml(text: string): Generator<void> {
    const lines = new LineIndex(text);
    const values = new YamlValues();
    for (const doc of yamlDocuments(text)) {
      if (doc === null) {
        yield;
        continue;
      }
      const bad = doc.errors[0];
      values.document(doc);
      yield* this.yamlDocument(doc, text, bad ? bad.pos[0] : Infinity, lines, values);
      if (bad) {
        const said = bad.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '');
        // The parser's message may quote the file (an alias's name): never at length.
        this.refuseYaml(text, new YamlRefusal(said.length > 200 ? `${said.slice(0, 200)}…` : said, bad.pos[0]));
        return;
      }
    }
  }

  /** Stops reading a YAML file at `r.offset`, saying why, where, and the text around it. */
  private refuseYaml(text: string, r: YamlRefusal): void {
    const { line, column } = lineColumn(text, r.offset);
    this.error = { message: `${r.invalid ? 'Not valid YAML' : 'Refused'} at line ${line}, column ${column}: ${r.message}`, line, column, expected: r.message, context: contextAround(text, r.offset, column) };
    this.stopped = true;
  }

  /** Reads one YAML document's objects that end before offset `limit` (an error's place), pausing every few thousand items. */
  private *yamlDocument(doc: Document.Parsed, text: string, limit: number, lines: LineIndex, values: YamlValues): Generator<void> {
    const contents = doc.contents as YamlNode | null;
    if (!contents) return;
    const bytesOf = (node: unknown): number => nodeBytes(text, node);
    const lineOf = (node: unknown): number => lines.line(startOf(node));
    if (isMap(contents)) {
      const items = contents.get('items', true);
      if (isSeq(items)) {
        this.listValues++;
        const kindNode = contents.get('kind', true);
        const fallback = itemKindOf(kindNode ? str(values.value(kindNode)) : '');
        let n = 0;
        for (const node of items.items) {
          if (endOf(node) > limit) return;
          this.object(values.value(node), bytesOf(node), lineOf(node), fallback, false);
          if (++n % PAUSE_ITEMS === 0) yield;
        }
        return;
      }
      const object = contents.get('object', true);
      if (endOf(contents) > limit) return;
      if (isMap(object) && contents.has('type')) this.yamlEvents = true;
      this.topValue(values.value(contents), bytesOf(contents), lineOf(contents), isMap(object) ? bytesOf(object) : undefined);
      return;
    }
    if (endOf(contents) > limit) return;
    this.topValue(values.value(contents), bytesOf(contents), lineOf(contents));
  }
}

/** Reads a whole text at once (the CLI, tests). */
export function importText(text: string, options: ImportOptions = {}): ImportReport {
  const reader = new ImportReader(options);
  reader.push(text);
  return reader.finish();
}
