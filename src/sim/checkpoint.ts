/**
 * Checkpoints of the whole model state, so that stepping back restores the nearest earlier
 * checkpoint and replays the recorded history from there instead of from t = 0.
 *
 * A checkpoint is a GENERIC deep copy of the model's objects: typed arrays are copied,
 * arrays, plain objects, Maps and Sets are recursed into, class instances keep their
 * prototype, and an object reached twice is copied once (the copy keeps the sharing: the
 * modes and the hash-space tracker still point at the one cluster). New fields that other
 * parts of the model grow are covered without touching this file. Model state must not hold
 * functions (a closure's captured variables cannot be copied): copying one throws, and a
 * test walks every model class to say which field holds one.
 *
 * Shared, not copied:
 * - frozen objects (the resolved parameters, parsed selectors): nothing can write to them;
 * - chunks of typed-array memory equal to the same chunk in the previous checkpoint: every
 *   stored chunk is immutable (only ever copied out on restore), so two checkpoints may hold
 *   the same one. Churn writes a few thousand slots a second, so most of a million objects'
 *   arrays is unchanged from one checkpoint to the next and costs nothing twice.
 *
 * Bytes are counted per distinct stored chunk (a shared chunk counts once), and the store
 * evicts checkpoints whenever the total passes its budget (see {@link CheckpointStore}).
 */

/**
 * Bytes of one stored chunk of typed-array memory. Churn writes random slots, so a chunk
 * is the unit a write dirties: at 1,000,000 objects, 2 s of churn dirty 16 MB of the 130 MB
 * state in 4 KB chunks (2.6 MB in 512-byte ones); in 1 KB chunks a checkpoint 2 s after the
 * last costs about 7 MB with its bookkeeping (8 bytes per chunk, counted against the budget
 * too), so 11 checkpoints fit the budget over 20 s where 2 did.
 */
export const CHUNK_BYTES = 1_024;
/** The checkpoint memory budget: 200 MB (bytes of distinct stored chunks plus their bookkeeping). */
export const CHECKPOINT_BUDGET_BYTES = 200_000_000;

/**
 * A typed array's memory as immutable chunks (the last may be shorter). The chunks live in
 * packs: the chunks one capture copied for this buffer are one pack (one allocation, copied
 * in runs), and chunk k is `packs[pack[k]]` at byte `offset[k]`. A chunk shared with the
 * previous capture points into that capture's pack.
 */
class StoredBuffer {
  constructor(
    /** Which live buffer this is a state of: captures of one buffer (and restores into it) share it. */
    readonly lineage: number,
    readonly byteLength: number,
    readonly packs: readonly Uint8Array[],
    readonly pack: Uint32Array,
    readonly offset: Uint32Array,
  ) {}
}

/** A typed array (or DataView) in a checkpoint: its buffer, offset, length and kind. */
class StoredView {
  constructor(
    readonly buffer: StoredBuffer,
    readonly ctor: new (buffer: ArrayBuffer, byteOffset: number, length: number) => ArrayBufferView,
    readonly byteOffset: number,
    readonly length: number,
  ) {}
}

/**
 * Reference counts of stored chunks (each in its own buffer) across the checkpoints of one
 * store: a chunk is memory held while any checkpoint uses it, so the sum over distinct
 * chunks is what is really retained, and the byte count the budget is enforced on.
 */
class ChunkLedger {
  private readonly refs = new Map<ArrayBufferLike, number>();
  bytes = 0;

  hold(b: ArrayBufferLike): void {
    const n = this.refs.get(b) ?? 0;
    if (n === 0) this.bytes += b.byteLength;
    this.refs.set(b, n + 1);
  }

  release(b: ArrayBufferLike): void {
    const n = this.refs.get(b)!;
    if (n === 1) {
      this.refs.delete(b);
      this.bytes -= b.byteLength;
    } else this.refs.set(b, n - 1);
  }
}

function isView(v: object): v is ArrayBufferView {
  return ArrayBuffer.isView(v);
}

/** Thrown when model state holds something a checkpoint cannot copy. */
export class CheckpointError extends Error {}

/**
 * Captures `root` into a checkpoint form. `previous` maps a live buffer to what the last
 * capture stored for it, so unchanged chunks are shared; it is updated in place.
 */
class Capture {
  private readonly memo = new Map<object, unknown>();
  private readonly buffers = new Map<ArrayBufferLike, StoredBuffer>();
  /** The buffers of the captured packs and their bookkeeping. */
  readonly packs = new Set<ArrayBufferLike>();

  constructor(
    private readonly previous: WeakMap<ArrayBufferLike, StoredBuffer>,
    private readonly lineages: Lineages,
  ) {}

  private storeBuffer(buf: ArrayBufferLike): StoredBuffer {
    const hit = this.buffers.get(buf);
    if (hit) return hit;
    const prev = this.previous.get(buf);
    const same = prev !== undefined && prev.byteLength === buf.byteLength ? prev : null;
    const bytes = new Uint8Array(buf);
    const len = bytes.byteLength;
    const count = Math.ceil(len / CHUNK_BYTES);
    const pack = new Uint32Array(count);
    const offset = new Uint32Array(count);
    const packs: Uint8Array[] = [];
    const packIndex = new Map<Uint8Array, number>();
    // Whole 32-bit words are compared four bytes at a time (chunks start at multiples of
    // CHUNK_BYTES in both the live buffer and every pack), the tail bytewise.
    const live32 = new Int32Array(buf, 0, len >> 2);
    const changed = new Uint8Array(count);
    let changedBytes = 0;
    for (let k = 0; k < count; k++) {
      const from = k * CHUNK_BYTES;
      const n = Math.min(CHUNK_BYTES, len - from);
      let share = same !== null;
      if (same) {
        const p = same.packs[same.pack[k]!]!;
        const at = same.offset[k]!;
        const p32 = this.words(p);
        const w = n >> 2;
        const a = from >> 2;
        const b = at >> 2;
        for (let i = 0; i < w; i++) {
          if (live32[a + i] !== p32[b + i]) {
            share = false;
            break;
          }
        }
        for (let i = w << 2; share && i < n; i++) if (bytes[from + i] !== p[at + i]) share = false;
        if (share) {
          let idx = packIndex.get(p);
          if (idx === undefined) {
            idx = packs.length;
            packs.push(p);
            packIndex.set(p, idx);
          }
          pack[k] = idx;
          offset[k] = at;
        }
      }
      if (!share) {
        changed[k] = 1;
        changedBytes += CHUNK_BYTES;
      }
    }
    if (changedBytes > 0) {
      // The changed chunks, copied into one new pack in runs of consecutive chunks.
      const fresh = new Uint8Array(changedBytes);
      const idx = packs.length;
      packs.push(fresh);
      let at = 0;
      for (let k = 0; k < count; ) {
        if (!changed[k]) {
          k++;
          continue;
        }
        let end = k;
        while (end < count && changed[end]) {
          pack[end] = idx;
          offset[end] = at + (end - k) * CHUNK_BYTES;
          end++;
        }
        const run = bytes.subarray(k * CHUNK_BYTES, Math.min(end * CHUNK_BYTES, len));
        fresh.set(run, at);
        at += (end - k) * CHUNK_BYTES;
        k = end;
      }
    }
    for (const p of packs) this.packs.add(p.buffer);
    // The bookkeeping is memory the checkpoint holds too.
    this.packs.add(pack.buffer);
    this.packs.add(offset.buffer);
    const lineage = same ? same.lineage : this.lineages.next++;
    this.lineages.live.set(lineage, buf);
    const stored = new StoredBuffer(lineage, len, packs, pack, offset);
    this.buffers.set(buf, stored);
    this.previous.set(buf, stored);
    return stored;
  }

  private readonly words32 = new Map<Uint8Array, Int32Array>();

  /** A pack as 32-bit words (packs are whole chunks long, so a multiple of 4 bytes). */
  private words(p: Uint8Array): Int32Array {
    let w = this.words32.get(p);
    if (!w) {
      w = new Int32Array(p.buffer, p.byteOffset, p.byteLength >> 2);
      this.words32.set(p, w);
    }
    return w;
  }

  copy(v: unknown, path: string): unknown {
    if (typeof v === 'function') throw new CheckpointError(`model state holds a function at ${path}: make it a class with fields`);
    if (typeof v !== 'object' || v === null) return v;
    if (Object.isFrozen(v) && !isView(v)) return v;
    const hit = this.memo.get(v);
    if (hit !== undefined) return hit;
    if (isView(v)) {
      const ctor = v.constructor as StoredView['ctor'];
      const length = 'length' in v ? (v as unknown as { length: number }).length : v.byteLength;
      const out = new StoredView(this.storeBuffer(v.buffer), ctor, v.byteOffset, length);
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
 * The live buffers by lineage, as of the last capture or restore: the memory a restore may
 * write over instead of allocating (the state it replaces is discarded).
 */
interface Lineages {
  next: number;
  live: Map<number, ArrayBufferLike>;
}

/**
 * Turns a captured form back into live objects (the checkpoint is untouched). Objects are
 * fresh; typed-array memory is the live buffer of the same lineage where one exists, copied
 * over in place, else fresh memory. At a million objects (130 MB) copying in place costs a
 * fraction of allocating: fresh memory is zeroed and page-faulted in before the copy.
 */
class Restore {
  private readonly memo = new Map<object, unknown>();
  private readonly buffers = new Map<StoredBuffer, ArrayBufferLike>();

  constructor(private readonly reusable: Map<number, ArrayBufferLike>) {}

  private buffer(b: StoredBuffer): ArrayBufferLike {
    let out = this.buffers.get(b);
    if (out) return out;
    const live = this.reusable.get(b.lineage);
    if (live !== undefined && live.byteLength === b.byteLength) this.reusable.delete(b.lineage);
    out = live !== undefined && live.byteLength === b.byteLength ? live : new ArrayBuffer(b.byteLength);
    const bytes = new Uint8Array(out);
    const count = b.pack.length;
    // Copied in runs: consecutive chunks that lie consecutively in one pack go in one copy.
    for (let k = 0; k < count; ) {
      const p = b.pack[k]!;
      const start = b.offset[k]!;
      let end = k + 1;
      while (end < count && b.pack[end] === p && b.offset[end] === start + (end - k) * CHUNK_BYTES) end++;
      const n = Math.min(end * CHUNK_BYTES, b.byteLength) - k * CHUNK_BYTES;
      bytes.set(b.packs[p]!.subarray(start, start + n), k * CHUNK_BYTES);
      k = end;
    }
    this.buffers.set(b, out);
    return out;
  }

  /** Records, for each buffer made, the stored buffer it now equals, and the live buffers by lineage. */
  restoredFrom(into: WeakMap<ArrayBufferLike, StoredBuffer>, lineages: Lineages): void {
    lineages.live = new Map();
    for (const [stored, live] of this.buffers) {
      into.set(live, stored);
      lineages.live.set(stored.lineage, live);
    }
  }

  copy(v: unknown): unknown {
    if (typeof v !== 'object' || v === null) return v;
    if (Object.isFrozen(v)) return v;
    const hit = this.memo.get(v);
    if (hit !== undefined) return hit;
    if (v instanceof StoredView) {
      const out = new v.ctor(this.buffer(v.buffer) as ArrayBuffer, v.byteOffset, v.length);
      this.memo.set(v, out);
      return out;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      this.memo.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = this.copy(v[i]);
      return out;
    }
    if (v instanceof Map) {
      const out = new Map();
      this.memo.set(v, out);
      for (const [k, x] of v) out.set(this.copy(k), this.copy(x));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      this.memo.set(v, out);
      for (const x of v) out.add(this.copy(x));
      return out;
    }
    const out = Object.create(Object.getPrototypeOf(v) as object | null) as Record<string, unknown>;
    this.memo.set(v, out);
    for (const key of Object.keys(v)) out[key] = this.copy((v as Record<string, unknown>)[key]);
    return out;
  }
}

/** One checkpoint: the model's fields at a tick, after `historyLength` recorded changes. */
export interface Checkpoint {
  readonly tick: number;
  readonly historyLength: number;
  /** The buffers of its chunks (shared ones included). */
  readonly packs: readonly ArrayBufferLike[];
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
 * budget, checkpoints between the oldest and the newest are evicted: the gap each one's
 * removal leaves is weighed against its age, so the survivors are dense near the present
 * (where stepping back goes) and roughly exponentially spaced further back, and the oldest
 * stays as a base that any earlier time replays from. With only two left the oldest goes;
 * a lone checkpoint over the budget goes too, and seeking falls back to rebuilding from the
 * parameters and replaying from t = 0 (always possible: a run is its parameters and its
 * recorded changes).
 */
export class CheckpointStore {
  private list: Checkpoint[] = [];
  private readonly ledger = new ChunkLedger();
  private previous = new WeakMap<ArrayBufferLike, StoredBuffer>();
  private readonly lineages: Lineages = { next: 0, live: new Map() };
  private peak = 0;

  constructor(readonly budgetBytes: number = CHECKPOINT_BUDGET_BYTES) {}

  get bytes(): number {
    return this.ledger.bytes;
  }

  stats(): CheckpointStats {
    return { count: this.list.length, bytes: this.ledger.bytes, budgetBytes: this.budgetBytes, peakBytes: this.peak, ticks: this.list.map((c) => c.tick) };
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
    // The live buffers are those this capture sees (buffers the model dropped are let go).
    this.lineages.live = new Map();
    const cap = new Capture(this.previous, this.lineages);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) out[key] = cap.copy(fields[key], key);
    const cp: Checkpoint = { tick, historyLength, packs: [...cap.packs], fields: out };
    for (const b of cp.packs) this.ledger.hold(b);
    this.list.push(cp);
    this.list.sort((a, b) => a.tick - b.tick);
    this.enforce(tick);
    this.peak = Math.max(this.peak, this.ledger.bytes);
  }

  /**
   * Live copies of a checkpoint's fields (it stays as it was), to REPLACE the model state
   * last captured or restored: their typed arrays' memory is reused and overwritten, so that
   * state must be discarded.
   */
  restore(cp: Checkpoint): Record<string, unknown> {
    const r = new Restore(this.lineages.live);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(cp.fields)) out[key] = r.copy(cp.fields[key]);
    // The restored buffers equal what they were restored from: the next capture compares with that.
    this.previous = new WeakMap();
    r.restoredFrom(this.previous, this.lineages);
    return out;
  }

  /** Drops every checkpoint at or after `tick` (their future was rewritten). */
  dropFrom(tick: number): void {
    const keep: Checkpoint[] = [];
    for (const c of this.list) {
      if (c.tick >= tick) this.evict(c);
      else keep.push(c);
    }
    this.list = keep;
  }

  clear(): void {
    for (const c of this.list) this.evict(c);
    this.list = [];
    this.previous = new WeakMap();
    this.lineages.live = new Map();
  }

  private evict(c: Checkpoint): void {
    for (const b of c.packs) this.ledger.release(b);
  }

  private enforce(now: number): void {
    while (this.ledger.bytes > this.budgetBytes && this.list.length > 0) {
      const l = this.list;
      // Two or fewer: keep the newest (stepping back goes there first); one: it goes too.
      let victim = 0;
      if (l.length > 2) {
        // Never the oldest (a base to replay any earlier time from, instead of rebuilding the
        // cluster) nor the newest: the one whose removal leaves the smallest gap for its age.
        let best = Infinity;
        for (let i = 1; i < l.length - 1; i++) {
          const gap = l[i + 1]!.tick - l[i - 1]!.tick;
          const score = gap / (now - l[i]!.tick + 1);
          if (score < best) {
            best = score;
            victim = i;
          }
        }
      }
      this.evict(l[victim]!);
      l.splice(victim, 1);
    }
  }
}
