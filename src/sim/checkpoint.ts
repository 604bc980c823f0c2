/**
 * Checkpoints of the whole model state, so that stepping back restores the nearest earlier
 * checkpoint and replays the recorded history from there instead of from t = 0.
 *
 * A checkpoint is a GENERIC deep copy of the model's objects: arrays, plain objects, Maps and
 * Sets are recursed into, class instances keep their prototype, and an object reached twice
 * is copied once (the copy keeps the sharing: the modes and the hash-space tracker still
 * point at the one cluster). New fields that other parts of the model grow are covered
 * without touching this file. Model state must not hold functions (a closure's captured
 * variables cannot be copied): copying one throws, and a test walks every model class to say
 * which field holds one. Frozen objects (the resolved parameters, parsed selectors) are
 * shared, not copied: nothing can write to them.
 *
 * Typed-array memory, nearly all of the state at scale (about 130 MB at 1,000,000 objects),
 * is not copied per checkpoint. Each live buffer has a LINEAGE: one full copy of it, its
 * shadow, as of the newest checkpoint that saw it, and per checkpoint how to undo to the one
 * before: the 32-bit words that changed (word index and old value: 8 bytes a word), or, for a
 * buffer that changed in more than a quarter of its words (the small rings of recent writes),
 * the whole buffer as it was (a keyframe). Churn writes a few thousand slots a second, so two
 * seconds at a million objects cost about a hundred kilobytes, not the megabytes that copying
 * whole chunks would: the budget keeps hundreds of checkpoints instead of a handful, and
 * replaying from the nearest one stays short however far back the target is.
 *
 * - Capture compares the live buffer with its shadow, records the words that differ and
 *   writes them into the shadow (which then holds the new checkpoint's state).
 * - Restoring checkpoint k copies the shadow (or the oldest later keyframe) into the live
 *   buffer and undoes the changes of every later checkpoint. Seeking drops the checkpoints
 *   after the target first, which rolls the shadows back the same way, so a seek restores
 *   with one copy per buffer and no undo at all.
 * - Evicting a checkpoint between two others merges its undo into the next one's (each
 *   word's oldest value); evicting the oldest forgets the next one's undo (nothing earlier is
 *   left to undo to).
 *
 * Bytes are counted as the shadows plus the undos (8 bytes per recorded word, a keyframe's
 * length), and the store evicts checkpoints whenever the total passes its budget (see
 * {@link CheckpointStore}).
 */

/** The checkpoint memory budget: 200 MB (the shadows plus the recorded changes). */
export const CHECKPOINT_BUDGET_BYTES = 200_000_000;
/** Bytes a changed 32-bit word costs in a checkpoint: its index and its old value. */
export const BYTES_PER_CHANGED_WORD = 8;

/**
 * The words of one buffer that changed between two checkpoints, sorted by index, with their
 * values before (undoing is all a checkpoint's changes are for: a replay runs the model, not
 * the recorded values, forward). Index i below `words` is the 32-bit word i; `words + j` is
 * byte j of the tail (buffers whose length is not a multiple of 4), whose values are bytes.
 */
class Changes {
  constructor(
    readonly index: Uint32Array,
    readonly before: Int32Array,
  ) {}

  get count(): number {
    return this.index.length;
  }

  get bytes(): number {
    return this.index.length * BYTES_PER_CHANGED_WORD;
  }

  static readonly none = new Changes(new Uint32Array(0), new Int32Array(0));

  /** The changes of `first` then `then` as one step: each word's oldest value. */
  static merge(first: Changes, then: Changes): Changes {
    const a = first.index;
    const b = then.index;
    const n = a.length + b.length - Changes.shared(a, b);
    const index = new Uint32Array(n);
    const before = new Int32Array(n);
    let i = 0;
    let j = 0;
    for (let o = 0; o < n; o++) {
      if (j >= b.length || (i < a.length && a[i]! <= b[j]!)) {
        if (j < b.length && a[i] === b[j]) j++;
        index[o] = a[i]!;
        before[o] = first.before[i]!;
        i++;
      } else {
        index[o] = b[j]!;
        before[o] = then.before[j]!;
        j++;
      }
    }
    return new Changes(index, before);
  }

  /** How many indices two sorted index lists have in common. */
  static shared(a: Uint32Array, b: Uint32Array): number {
    let x = 0;
    let y = 0;
    let n = 0;
    while (x < a.length && y < b.length) {
      if (a[x]! < b[y]!) x++;
      else if (b[y]! < a[x]!) y++;
      else {
        n++;
        x++;
        y++;
      }
    }
    return n;
  }
}

/**
 * The whole buffer as it was at the checkpoint before: what a checkpoint keeps instead of its
 * changes when they cover more than a quarter of a buffer's words. Small, busy buffers (the
 * rings of recent writes, per-replica counters) change that much every checkpoint; undoing
 * them is then one copy instead of thousands of scattered writes, in about the same memory.
 */
class Keyframe {
  constructor(readonly state: Uint8Array) {}

  get bytes(): number {
    return this.state.byteLength;
  }
}

/** How a checkpoint undoes to the one before: its changes, or the state before as a whole. */
type Undo = Changes | Keyframe;

/**
 * Keep a checkpoint's changes as a keyframe when their bytes reach this share of the buffer's:
 * a keyframe costs at most twice the memory of the changes, and undoes in a fraction of the time.
 */
const KEYFRAME_SHARE = 0.5;
/**
 * Only buffers up to this size take keyframes: a keyframe may cost up to twice the memory of
 * the changes it replaces, which is nothing for a ring of a few kilobytes and a lot for a
 * megabyte array that a reshard rewrote in part; a large buffer's changes stay words.
 */
const KEYFRAME_MAX_BYTES = 256 * 1024;

/** Growable scratch for a capture's comparison (shared: nothing here is re-entered). */
class Scratch {
  index = new Uint32Array(1 << 16);
  before = new Int32Array(1 << 16);

  /** Makes room for `n` entries (the first `keep` are kept). */
  ensure(n: number, keep = 0): void {
    if (n <= this.index.length) return;
    let size = this.index.length;
    while (size < n) size *= 2;
    const index = new Uint32Array(size);
    index.set(this.index.subarray(0, keep));
    const before = new Int32Array(size);
    before.set(this.before.subarray(0, keep));
    this.index = index;
    this.before = before;
  }
}

const scratch = new Scratch();

/** Writes `values` at `index` into `bytes` (a buffer of `words` whole words and a tail). */
function writeValues(bytes: Uint8Array, words: Int32Array, index: Uint32Array, values: Int32Array, n: number): void {
  const w = words.length;
  for (let i = 0; i < n; i++) {
    const k = index[i]!;
    if (k < w) words[k] = values[i]!;
    else bytes[(w << 2) + (k - w)] = values[i]!;
  }
}

/**
 * Undoes `changes`, newest first, in `bytes`: each word ends at its oldest value. Each list
 * is sorted by index, so every list is one sweep through the buffer, and a buffer is undone
 * over all its lists before the next buffer (a 64 KB-region counting sort measured slower:
 * 100 ms against 30 ms for 600 s back at a million objects).
 */
function undoAll(bytes: Uint8Array, words: Int32Array, changes: readonly Changes[]): void {
  for (const c of changes) writeValues(bytes, words, c.index, c.before, c.count);
}

/** One capture of a lineage: the checkpoint's tick and how to undo to the capture before (nothing for the first). */
interface Entry {
  readonly tick: number;
  undo: Undo;
}

/**
 * The states of one live buffer across the checkpoints that saw it: the shadow (a full copy
 * as of the newest entry) and how each entry undoes to the entry before.
 */
class Lineage {
  readonly entries: Entry[] = [];
  readonly shadow: Uint8Array;
  readonly shadowWords: Int32Array;

  constructor(
    readonly id: number,
    readonly byteLength: number,
  ) {
    this.shadow = new Uint8Array(byteLength);
    this.shadowWords = new Int32Array(this.shadow.buffer, 0, byteLength >> 2);
  }

  /** Bytes this lineage holds: the shadow and the recorded undos. */
  get bytes(): number {
    let n = this.byteLength;
    for (const e of this.entries) n += e.undo.bytes;
    return n;
  }

  /**
   * Records the live buffer's state at `tick`: the words that differ from the shadow (or the
   * shadow as a whole, when that is the better keyframe), after which the shadow takes them.
   * Returns the bytes added.
   */
  capture(tick: number, live: ArrayBufferLike): number {
    if (this.entries.length === 0) {
      this.shadow.set(new Uint8Array(live));
      this.entries.push({ tick, undo: Changes.none });
      return this.byteLength;
    }
    const w = this.byteLength >> 2;
    const now = new Int32Array(live, 0, w);
    const was = this.shadowWords;
    let n = 0;
    for (let i = 0; i < w; i++) {
      const y = was[i]!;
      if (now[i]! !== y) {
        if (n === scratch.index.length) scratch.ensure(n + 1, n);
        scratch.index[n] = i;
        scratch.before[n] = y;
        n++;
      }
    }
    const tail = new Uint8Array(live, w << 2);
    for (let j = 0; j < tail.length; j++) {
      const y = this.shadow[(w << 2) + j]!;
      if (tail[j]! !== y) {
        if (n === scratch.index.length) scratch.ensure(n + 1, n);
        scratch.index[n] = w + j;
        scratch.before[n] = y;
        n++;
      }
    }
    let undo: Undo;
    if (n === 0) undo = Changes.none;
    else if (this.byteLength <= KEYFRAME_MAX_BYTES && n * BYTES_PER_CHANGED_WORD >= KEYFRAME_SHARE * this.byteLength) {
      undo = new Keyframe(this.shadow.slice());
      this.shadow.set(new Uint8Array(live));
    } else {
      undo = new Changes(scratch.index.slice(0, n), scratch.before.slice(0, n));
      const idx = scratch.index;
      for (let i = 0; i < n; i++) {
        const k = idx[i]!;
        if (k < w) was[k] = now[k]!;
        else this.shadow[(w << 2) + (k - w)] = tail[k - w]!;
      }
    }
    this.entries.push({ tick, undo });
    return undo.bytes;
  }

  /**
   * Writes into `out` the state at the entry before `first`: the shadow undone back over
   * entries `first` and later. A keyframe among them is the state before it whole, so the
   * undo starts from the oldest keyframe instead of the shadow.
   */
  private undoFrom(first: number, out: Uint8Array, outWords: Int32Array): void {
    let top = this.entries.length;
    for (let i = first; i < this.entries.length; i++) {
      const u = this.entries[i]!.undo;
      if (u instanceof Keyframe) {
        top = i;
        out.set(u.state);
        break;
      }
    }
    if (top === this.entries.length && out !== this.shadow) out.set(this.shadow);
    const changes: Changes[] = [];
    for (let i = top - 1; i >= first; i--) changes.push(this.entries[i]!.undo as Changes);
    undoAll(out, outWords, changes);
  }

  /** The state at entry `tick` written into `out`. */
  stateAt(tick: number, out: Uint8Array): void {
    let first = this.entries.length;
    while (first > 0 && this.entries[first - 1]!.tick > tick) first--;
    this.undoFrom(first, out, new Int32Array(out.buffer, out.byteOffset, this.byteLength >> 2));
  }

  /**
   * Forgets every entry at or after `tick` (the newest ones), rolling the shadow back to the
   * entry before them, in one pass over all of them (see `undoAll`). Returns the bytes let go.
   */
  rollBackFrom(tick: number): number {
    let first = this.entries.length;
    while (first > 0 && this.entries[first - 1]!.tick >= tick) first--;
    if (first === this.entries.length) return 0;
    let freed = 0;
    for (let i = first; i < this.entries.length; i++) freed += this.entries[i]!.undo.bytes;
    if (first === 0) {
      this.entries.length = 0;
      return freed + this.byteLength;
    }
    this.undoFrom(first, this.shadow, this.shadowWords);
    this.entries.length = first;
    return freed;
  }

  /** The undo of entries i and i + 1 as one (i + 1 then undoes to the entry before i). */
  private static merged(a: Undo, b: Undo, inPlace: boolean): Undo {
    if (a instanceof Keyframe) return a;
    if (b instanceof Keyframe) {
      const state = inPlace ? b.state : b.state.slice();
      writeValues(state, new Int32Array(state.buffer, 0, state.byteLength >> 2), a.index, a.before, a.count);
      return new Keyframe(state);
    }
    return Changes.merge(a, b);
  }

  /** Bytes that merging entry `tick` into the next one would free (0 when there is no next). */
  mergeGain(tick: number): number {
    const k = this.entries.findIndex((e) => e.tick === tick);
    const next = this.entries[k + 1];
    if (k <= 0 || next === undefined) return 0;
    const a = this.entries[k]!.undo;
    const b = next.undo;
    if (a instanceof Keyframe) return b.bytes;
    if (b instanceof Keyframe) return a.bytes;
    return Changes.shared(a.index, b.index) * BYTES_PER_CHANGED_WORD;
  }

  /** Bytes of the undo recorded at entry `tick`. */
  undoBytes(tick: number): number {
    return this.entries.find((e) => e.tick === tick)?.undo.bytes ?? 0;
  }

  /**
   * Forgets the entry at `tick`. Returns the bytes let go. The newest: the shadow rolls back
   * to the entry before. One between two: its undo merges into the next one's. The oldest:
   * the next one's undo is dropped (no earlier state is left to undo to).
   */
  drop(tick: number): number {
    const i = this.entries.findIndex((e) => e.tick === tick);
    if (i < 0) return 0;
    const e = this.entries[i]!;
    const last = this.entries.length - 1;
    let freed = e.undo.bytes;
    if (last === 0) freed += this.byteLength;
    else if (i === last) this.undoFrom(i, this.shadow, this.shadowWords);
    else {
      const next = this.entries[i + 1]!;
      freed += next.undo.bytes;
      next.undo = i === 0 ? Changes.none : Lineage.merged(e.undo, next.undo, true);
      freed -= next.undo.bytes;
    }
    this.entries.splice(i, 1);
    return freed;
  }
}

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
class Lineages {
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
class Capture {
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
class Restore {
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

/** One checkpoint: the model's fields at a tick, after `historyLength` recorded changes. */
export interface Checkpoint {
  readonly tick: number;
  readonly historyLength: number;
  /** The lineages of its typed-array memory. */
  readonly lineages: readonly Lineage[];
  readonly fields: Readonly<Record<string, unknown>>;
}

/** What the store holds, for the page and the tests. */
export interface CheckpointStats {
  readonly count: number;
  readonly bytes: number;
  readonly budgetBytes: number;
  /** The most bytes held at any time (after eviction). */
  readonly peakBytes: number;
  readonly ticks: readonly number[];
}

/**
 * Checkpoints by tick, within a byte budget. When a new checkpoint takes the total over the
 * budget, one is evicted at a time until it fits (see `enforce`): a checkpoint between two
 * others when merging its changes into the next one's frees a good share of them, else the
 * oldest. A lone checkpoint over the budget goes too. A time before the oldest checkpoint
 * falls back to rebuilding from the parameters and replaying from t = 0 (always possible: a
 * run is its parameters and its recorded changes).
 */
export class CheckpointStore {
  private list: Checkpoint[] = [];
  private readonly held = new Set<Lineage>();
  private lineages = new Lineages();
  private total = 0;
  private peak = 0;

  constructor(readonly budgetBytes: number = CHECKPOINT_BUDGET_BYTES) {}

  get bytes(): number {
    return this.total;
  }

  stats(): CheckpointStats {
    return { count: this.list.length, bytes: this.total, budgetBytes: this.budgetBytes, peakBytes: this.peak, ticks: this.list.map((c) => c.tick) };
  }

  /** The tick of the oldest checkpoint held, or null when there is none. */
  oldestTick(): number | null {
    return this.list.length > 0 ? this.list[0]!.tick : null;
  }

  /** The latest checkpoint at or before `tick`, or null. */
  at(tick: number): Checkpoint | null {
    let best: Checkpoint | null = null;
    for (const c of this.list) if (c.tick <= tick && (best === null || c.tick >= best.tick)) best = c;
    return best;
  }

  /** Captures `fields` (the model's state objects) at `tick`, replacing one at the same tick. */
  take(tick: number, historyLength: number, fields: Record<string, unknown>): void {
    this.dropFrom(tick);
    // The live buffers are those this capture sees (buffers the model let go of are forgotten).
    this.lineages.live = new Map();
    const cap = new Capture(tick, this.lineages, this.held);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) out[key] = cap.copy(fields[key], key);
    const cp: Checkpoint = { tick, historyLength, lineages: [...cap.used], fields: out };
    this.total += cap.added;
    this.list.push(cp);
    this.list.sort((a, b) => a.tick - b.tick);
    this.enforce(tick);
    this.peak = Math.max(this.peak, this.total);
  }

  /**
   * Live copies of a checkpoint's fields (it stays as it was), to REPLACE the model state
   * last captured or restored: their typed arrays' memory is reused and overwritten, so that
   * state must be discarded.
   */
  restore(cp: Checkpoint): Record<string, unknown> {
    const r = new Restore(cp.tick, this.lineages.live);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(cp.fields)) out[key] = r.copy(cp.fields[key]);
    this.lineages.live = new Map(r.made);
    for (const [l, buf] of r.made) this.lineages.of.set(buf, l);
    return out;
  }

  /** Drops every checkpoint at or after `tick` (their future was rewritten), newest first. */
  dropFrom(tick: number): void {
    let keep = this.list.length;
    while (keep > 0 && this.list[keep - 1]!.tick >= tick) keep--;
    if (keep === this.list.length) return;
    // Each lineage rolls back once over all the dropped checkpoints (see `rollBackFrom`).
    const touched = new Set<Lineage>();
    for (let i = keep; i < this.list.length; i++) for (const l of this.list[i]!.lineages) touched.add(l);
    for (const l of touched) {
      this.total -= l.rollBackFrom(tick);
      if (l.entries.length === 0) {
        this.held.delete(l);
        this.lineages.live.delete(l);
      }
    }
    this.list.length = keep;
  }

  clear(): void {
    this.list = [];
    this.held.clear();
    this.lineages = new Lineages();
    this.total = 0;
  }

  private evict(i: number): void {
    const c = this.list[i]!;
    for (const l of c.lineages) {
      this.total -= l.drop(c.tick);
      if (l.entries.length === 0) {
        this.held.delete(l);
        this.lineages.live.delete(l);
      }
    }
    this.list.splice(i, 1);
  }

  /**
   * Bytes that evicting checkpoint i (neither the oldest nor the newest) would free: merging
   * its changes into the next one's keeps one old value for a word both changed.
   */
  private mergeGain(i: number): number {
    const c = this.list[i]!;
    let gain = 0;
    for (const l of c.lineages) gain += l.mergeGain(c.tick);
    return gain;
  }

  /** Bytes of undo checkpoint i recorded. */
  private changeBytes(i: number): number {
    const c = this.list[i]!;
    let n = 0;
    for (const l of c.lineages) n += l.undoBytes(c.tick);
    return n;
  }

  private enforce(now: number): void {
    while (this.total > this.budgetBytes && this.list.length > 0) {
      const l = this.list;
      // Three or fewer: the oldest goes (stepping back goes to the newest first); one: it goes too.
      let victim = 0;
      if (l.length > 3) {
        // Thinning: the checkpoint whose removal leaves the smallest gap for its age, so the
        // survivors are dense near the present and sparser further back. But merging two
        // checkpoints' changes frees only the words both changed: churn writes scattered
        // slots, and thinning it frees next to nothing. Then the oldest goes instead (its
        // successor's changes were only there to undo back to it), and the checkpoints keep
        // the most recent stretch of the run densely covered. Nothing merges into the newest
        // checkpoint: the step back from the present is the one most taken.
        let best = Infinity;
        let pick = 0;
        for (let i = 1; i < l.length - 2; i++) {
          const gap = l[i + 1]!.tick - l[i - 1]!.tick;
          const score = gap / (now - l[i]!.tick + 1);
          if (score < best) {
            best = score;
            pick = i;
          }
        }
        const gain = this.mergeGain(pick);
        if (gain > 0 && gain * 2 >= Math.min(this.changeBytes(pick), this.changeBytes(pick + 1))) victim = pick;
      }
      this.evict(victim);
    }
  }
}
