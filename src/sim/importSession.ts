/**
 * An import read where the model lives (the worker, or the page's thread as a fallback): the
 * file is read in slices (`Blob.slice`), decoded as a UTF-8 stream and fed to the streaming
 * reader, with a progress event after each slice and an `await` between slices, so Cancel (and
 * the running simulation's own commands) get through. The objects stay here: the page gets a
 * summary, and the model takes the objects when the import is confirmed. Nothing is sent
 * anywhere else. No DOM types: a file is anything with `size` and `slice(...).arrayBuffer()`.
 */
import { ImportReader, hideNames, pseudonym, type ImportFormat, type ImportError, type ImportedObject, type RejectedItem, type SizeBasis, type WatchEventCounts, type WatchStream } from './cluster';
import { SHOWN_MAX } from './params';

/** What the session reads: a file (Blob) or pasted text. */
export type ImportSource = string | { readonly size: number; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> } };

/** What the page shows of a finished read (the objects themselves stay with the model). */
export interface ImportSummary {
  readonly format: ImportFormat | null;
  readonly objects: number;
  readonly kinds: readonly { readonly kind: string; readonly count: number }[];
  readonly namespaces: number;
  /** The largest namespaces (at most 12), with their pseudonyms for hidden names. */
  readonly topNamespaces: readonly { readonly name: string; readonly pseudonym: string; readonly count: number }[];
  readonly clusterScoped: number;
  readonly sizes: SizeBasis | 'model';
  /** Sum of the objects' sizes (0 with sizes from the model). */
  readonly totalBytes: number;
  /** The first rejected items (at most 100) and how many there are. */
  readonly rejected: readonly RejectedItem[];
  readonly rejectedCount: number;
  readonly error: ImportError | null;
  readonly events: WatchEventCounts | null;
  /** Events kept to replay (a watch stream, or bare objects one after another); 0: nothing to replay. */
  readonly streamEvents: number;
  /** Characters (file: bytes) read. */
  readonly read: number;
}

/** Events of a read, in order: progress..., then one of done / cancelled. */
export type ImportEvent =
  | { readonly kind: 'progress'; readonly id: number; readonly read: number; readonly total: number; readonly objects: number }
  | { readonly kind: 'done'; readonly id: number; readonly summary: ImportSummary }
  | { readonly kind: 'cancelled'; readonly id: number };

/** Bytes per slice: a slice is parsed in one go, a few milliseconds of work in the worker. */
export const IMPORT_SLICE_BYTES = 1 << 20;

/**
 * A file's text cut to one code point more than the page shows (SHOWN_MAX), so the page still
 * knows it was cut: a 10 MB kind or namespace never crosses to the page.
 */
function cutForShow(text: string): string {
  let n = 0;
  let end = 0;
  for (const c of text) {
    if (n > SHOWN_MAX) return text.slice(0, end);
    n++;
    end += c.length;
  }
  return text;
}

function summaryOf(r: ReturnType<ImportReader['finish']>, read: number): ImportSummary {
  const perNs = new Map<string, number>();
  let totalBytes = 0;
  for (const o of r.objects) {
    if (o.namespace !== '') perNs.set(o.namespace, (perNs.get(o.namespace) ?? 0) + 1);
    totalBytes += o.jsonBytes;
  }
  const topNamespaces = [...perNs]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 12)
    .map(([name, count]) => ({ name: cutForShow(name), pseudonym: pseudonym('ns', name), count }));
  return {
    format: r.format,
    objects: r.objects.length,
    kinds: r.kinds.slice(0, 12).map((k) => ({ kind: cutForShow(k.kind), count: k.count })),
    namespaces: r.namespaces,
    topNamespaces,
    clusterScoped: r.clusterScoped,
    sizes: r.sizes,
    totalBytes,
    rejected: r.rejected.slice(0, 100),
    rejectedCount: r.rejected.length,
    error: r.error,
    events: r.events,
    streamEvents: r.stream?.length ?? 0,
    read,
  };
}

/** TextDecoder's streaming form (the DOM-free typings of src/sim declare only its plain form). */
type StreamDecoder = { decode(input?: ArrayBuffer, options?: { stream?: boolean }): string };

/** Waits for the next task, so messages queued meanwhile (Cancel, the model's commands) run first. */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => (globalThis as unknown as { setTimeout(f: () => void, ms: number): unknown }).setTimeout(resolve, 0));

/** One place's import reads: at most one at a time; the last finished read's objects wait for Confirm. */
export class ImportSession {
  private running: { id: number; cancelled: boolean } | null = null;
  /** The objects of the last finished read, until confirmed or replaced. */
  private pending: readonly ImportedObject[] | null = null;
  private pendingStream: WatchStream | null = null;
  /** The confirmed import's watch stream, to replay, or null. */
  stream: WatchStream | null = null;
  /** The confirmed import the model is built from. */
  current: readonly ImportedObject[] | null = null;

  constructor(private readonly yieldTurn: () => Promise<void> = nextTask) {}

  /** Starts reading (cancelling a read in progress); events go to `emit`. */
  async start(id: number, source: ImportSource, size: SizeBasis, emit: (e: ImportEvent) => void, sliceBytes = IMPORT_SLICE_BYTES): Promise<void> {
    if (this.running) this.running.cancelled = true;
    const run = { id, cancelled: false };
    this.running = run;
    this.pending = null;
    this.pendingStream = null;
    const reader = new ImportReader({ size });
    const total = typeof source === 'string' ? source.length : source.size;
    let read = 0;
    try {
      const decoder = new TextDecoder('utf-8') as unknown as StreamDecoder;
      while (read < total && !reader.done) {
        const end = Math.min(total, read + sliceBytes);
        const text = typeof source === 'string' ? source.slice(read, end) : decoder.decode(await source.slice(read, end).arrayBuffer(), { stream: true });
        if (run.cancelled) break;
        reader.push(text);
        read = end;
        emit({ kind: 'progress', id, read, total, objects: reader.count });
        await this.yieldTurn();
        if (run.cancelled) break;
      }
      if (run.cancelled) {
        emit({ kind: 'cancelled', id });
        return;
      }
      if (typeof source !== 'string') reader.push(decoder.decode());
      // A YAML file is parsed here, at the end: a piece at a time, so Cancel gets in.
      const steps = reader.finishing();
      let step = steps.next();
      while (!step.done) {
        await this.yieldTurn();
        if (run.cancelled) {
          emit({ kind: 'cancelled', id });
          return;
        }
        step = steps.next();
      }
      const report = step.value;
      this.pending = report.objects;
      this.pendingStream = report.stream;
      emit({ kind: 'done', id, summary: summaryOf(report, read) });
    } catch (e) {
      emit({ kind: 'done', id, summary: { ...summaryOf(reader.finish(), read), error: { message: `The file could not be read: ${e instanceof Error ? e.message : String(e)}` } } });
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  /** Stops the read `id` (if it is the one running): it ends with a 'cancelled' event. */
  cancel(id: number): void {
    if (this.running?.id === id) this.running.cancelled = true;
  }

  /**
   * The objects the model is built from, by the page's choice: 'confirm' takes the last read's
   * (with pseudonyms when `hidden`), 'keep' the confirmed ones, 'off' none for now (a generated
   * cluster, such as a story's) while the confirmed ones stay for a later 'keep', 'drop' none and
   * lets the confirmed ones go.
   */
  objectsFor(use: 'confirm' | 'keep' | 'off' | 'drop', hidden: boolean): readonly ImportedObject[] | undefined {
    if (use === 'confirm' && this.pending) {
      this.real = this.pending;
      this.stream = this.pendingStream;
      this.pending = null;
      this.pendingStream = null;
    }
    if (use === 'drop') {
      this.real = null;
      this.stream = null;
    }
    this.current = use !== 'off' && this.real && hidden ? hideNames(this.real) : use !== 'off' ? this.real : null;
    return this.current ?? undefined;
  }

  private real: readonly ImportedObject[] | null = null;
}
