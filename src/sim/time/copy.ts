/**
 * The deep copy behind a checkpoint: a capture walks the model's objects (arrays, plain
 * objects, Maps, Sets, class instances with their prototype), copying each object once and
 * recording each typed array's buffer in its lineage; a restore rebuilds live objects from
 * it. See `./checkpoint` for the whole design.
 */
import { Lineage } from './lineage';

function isView(v: object): v is ArrayBufferView {
  return ArrayBuffer.isView(v);
}

/** Thrown when model state holds something a checkpoint cannot copy. */
export class CheckpointError extends Error {}

/** A typed array (or DataView) in a checkpoint: its lineage, offset, length and kind. */
class StoredView {
  constructor(
    readonly lineage: Lineage,
    readonly ctor: new (buffer: ArrayBuffer, byteOffset: number, length: number) => ArrayBufferView,
    readonly byteOffset: number,
    readonly length: number,
  ) {}
}

/** The lineages of one store: which lineage each live buffer is, and which buffer each lineage last was. */
export class Lineages {
  next = 0;
  /** A live buffer's lineage, as of the last capture or restore that saw it. */
  of = new WeakMap<ArrayBufferLike, Lineage>();
  /** The live buffer of each lineage as of the last capture or restore: memory a restore may write over. */
  live = new Map<Lineage, ArrayBufferLike>();
}

/**
 * The live object each stored copy was taken from. A restore writes into that object when it
 * still exists instead of making a fresh one: engines give an object built by its class a
 * different hidden class than one made with Object.create, so fresh copies would turn every
 * property read in the model's hot loops into a slow lookup after a step back (a rolling-update
 * burst's scan of a million slots ran three times slower). Weak: a checkpoint never keeps an
 * object the model let go of alive.
 */
const origins = new WeakMap<object, WeakRef<object>>();

/** The live object `stored` was copied from, when it still exists and has the same kind. */
function origin<T extends object>(stored: T): T | undefined {
  const o = origins.get(stored)?.deref();
  return o !== undefined && Object.getPrototypeOf(o) === Object.getPrototypeOf(stored) ? (o as T) : undefined;
}

/** Captures a model's fields into checkpoint form (typed arrays into their lineages). */
export class Capture {
  private readonly memo = new Map<object, unknown>();
  private readonly seen = new Map<ArrayBufferLike, Lineage>();
  /** The lineages this capture recorded an entry in. */
  readonly used = new Set<Lineage>();
  /** Bytes the capture added (new shadows and recorded changes). */
  added = 0;

  constructor(
    private readonly tick: number,
    private readonly lineages: Lineages,
    private readonly held: Set<Lineage>,
  ) {}

  private lineage(buf: ArrayBufferLike): Lineage {
    const hit = this.seen.get(buf);
    if (hit) return hit;
    let l = this.lineages.of.get(buf);
    // A buffer of a new size, one whose lineage was let go, or a second buffer claiming a
    // lineage already captured here starts a lineage of its own.
    if (l === undefined || l.byteLength !== buf.byteLength || !this.held.has(l) || this.used.has(l)) {
      l = new Lineage(this.lineages.next++, buf.byteLength);
      this.held.add(l);
    }
    this.added += l.capture(this.tick, buf);
    this.lineages.of.set(buf, l);
    this.lineages.live.set(l, buf);
    this.seen.set(buf, l);
    this.used.add(l);
    return l;
  }

  copy(v: unknown, path: string): unknown {
    if (typeof v === 'function') throw new CheckpointError(`model state holds a function at ${path}: make it a class with fields`);
    if (typeof v !== 'object' || v === null) return v;
    if (Object.isFrozen(v) && !isView(v)) return v;
    const hit = this.memo.get(v);
    if (hit !== undefined) return hit;
    const out = this.copyNew(v, path);
    if (!(out instanceof StoredView)) origins.set(out as object, new WeakRef(v));
    return out;
  }

  private copyNew(v: object, path: string): unknown {
    if (isView(v)) {
      if (!(v.buffer instanceof ArrayBuffer)) throw new CheckpointError(`model state holds a view of shared memory at ${path}`);
      const ctor = v.constructor as StoredView['ctor'];
      const length = 'length' in v ? (v as unknown as { length: number }).length : v.byteLength;
      const out = new StoredView(this.lineage(v.buffer), ctor, v.byteOffset, length);
      this.memo.set(v, out);
      return out;
    }
    if (v instanceof ArrayBuffer) throw new CheckpointError(`model state holds a bare ArrayBuffer at ${path}: hold a typed array`);
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      this.memo.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = this.copy(v[i], path);
      return out;
    }
    if (v instanceof Map) {
      const out = new Map();
      this.memo.set(v, out);
      for (const [k, x] of v) out.set(this.copy(k, path), this.copy(x, `${path}.get()`));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      this.memo.set(v, out);
      for (const x of v) out.add(this.copy(x, path));
      return out;
    }
    if (v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise) {
      throw new CheckpointError(`model state holds a ${v.constructor.name} at ${path}`);
    }
    const out = Object.create(Object.getPrototypeOf(v) as object | null) as Record<string, unknown>;
    this.memo.set(v, out);
    for (const key of Object.keys(v)) out[key] = this.copy((v as Record<string, unknown>)[key], `${path}.${key}`);
    return out;
  }
}

/**
 * Turns a checkpoint back into live objects (the checkpoint is untouched). Objects are
 * fresh; typed-array memory is the live buffer of the same lineage where one exists, written
 * over in place, else fresh memory. At a million objects (130 MB) writing in place costs a
 * fraction of allocating: fresh memory is zeroed and page-faulted in before the copy.
 */
export class Restore {
  private readonly memo = new Map<object, unknown>();
  /** The buffer made for each lineage. */
  readonly made = new Map<Lineage, ArrayBufferLike>();

  constructor(
    private readonly tick: number,
    private readonly reusable: Map<Lineage, ArrayBufferLike>,
  ) {}

  private buffer(l: Lineage): ArrayBufferLike {
    let out = this.made.get(l);
    if (out) return out;
    const live = this.reusable.get(l);
    out = live !== undefined && live.byteLength === l.byteLength ? live : new ArrayBuffer(l.byteLength);
    l.stateAt(this.tick, new Uint8Array(out));
    this.made.set(l, out);
    return out;
  }

  copy(v: unknown): unknown {
    if (typeof v !== 'object' || v === null) return v;
    if (Object.isFrozen(v)) return v;
    const hit = this.memo.get(v);
    if (hit !== undefined) return hit;
    if (v instanceof StoredView) {
      const out = new v.ctor(this.buffer(v.lineage) as ArrayBuffer, v.byteOffset, v.length);
      this.memo.set(v, out);
      return out;
    }
    // Into the live object it was copied from where that still exists (see `origins`): every
    // stored object of a checkpoint has its own origin, and the state it holds is discarded.
    const live = origin(v);
    if (Array.isArray(v)) {
      const out = (live as unknown[] | undefined) ?? new Array<unknown>(v.length);
      this.memo.set(v, out);
      out.length = v.length;
      for (let i = 0; i < v.length; i++) out[i] = this.copy(v[i]);
      return out;
    }
    if (v instanceof Map) {
      const out = (live as Map<unknown, unknown> | undefined) ?? new Map<unknown, unknown>();
      this.memo.set(v, out);
      out.clear();
      for (const [k, x] of v) out.set(this.copy(k), this.copy(x));
      return out;
    }
    if (v instanceof Set) {
      const out = (live as Set<unknown> | undefined) ?? new Set<unknown>();
      this.memo.set(v, out);
      out.clear();
      for (const x of v) out.add(this.copy(x));
      return out;
    }
    const out = (live ?? Object.create(Object.getPrototypeOf(v) as object | null)) as Record<string, unknown>;
    this.memo.set(v, out);
    if (live) for (const key of Object.keys(out)) if (!Object.hasOwn(v, key)) delete out[key];
    for (const key of Object.keys(v)) out[key] = this.copy((v as Record<string, unknown>)[key]);
    return out;
  }
}
