/**
 * One live buffer's states across the checkpoints that saw it (a lineage): a shadow copy as
 * of the newest checkpoint, and per checkpoint how to undo to the one before, as the 32-bit
 * words that changed or, for a small busy buffer, a keyframe. See `./checkpoint` for the
 * whole design.
 */

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
export class Lineage {
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
