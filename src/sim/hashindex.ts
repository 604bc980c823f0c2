/**
 * Live objects ordered by their 64-bit hash, so "how many objects fall in [start, end)" is
 * two binary searches and two prefix sums instead of a scan: recounting ownership of a
 * million objects for new ranges fits in a fraction of a frame.
 *
 * The order is built once with a radix sort (four 16-bit passes, no comparator calls).
 * Deletions afterwards only decrement a Fenwick tree of live counts; objects created
 * afterwards wait in a small unsorted `pending` list that queries scan linearly. When that
 * list grows past an eighth of the index it is folded in by a rebuild.
 */

/** Sorts `slots` by (hi[slot], lo[slot]) ascending; returns a new array. */
export function radixSortByHash(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): Uint32Array {
  const n = slots.length;
  let src = slots.slice();
  let dst = new Uint32Array(n);
  const counts = new Uint32Array(65536);
  // Least significant digit first: lo low, lo high, hi low, hi high.
  for (let pass = 0; pass < 4; pass++) {
    const keys = pass < 2 ? lo : hi;
    const shift = pass % 2 === 0 ? 0 : 16;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(keys[src[i]!]! >>> shift) & 0xffff]!++;
    // A digit every key shares does not reorder anything: skip the scatter.
    let single = false;
    for (let d = 0; d < 65536; d++) {
      if (counts[d] === n) single = true;
      if (counts[d] !== 0) break;
    }
    if (single) continue;
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const s = src[i]!;
      const d = (keys[s]! >>> shift) & 0xffff;
      dst[counts[d]!++] = s;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/** Ordered view of live objects by one hash (hi/lo arrays indexed by slot). */
export class SortedHashIndex {
  /** Slots in hash order (live at build time; some may have died since). */
  order: Uint32Array = new Uint32Array(0);
  /** Hash halves in the same order, for cache-friendly binary search. */
  sortedHi: Uint32Array = new Uint32Array(0);
  sortedLo: Uint32Array = new Uint32Array(0);
  /** Fenwick tree (1-based) of live flags over `order`. */
  private tree: Int32Array = new Int32Array(1);
  /** Per slot: position in `order`, or -(k + 2) for pending[k], or -1 when not indexed. */
  private where: Int32Array = new Int32Array(0);
  /** Slots created after the build, unsorted, all live. */
  pending: number[] = [];
  /** Live objects in `order` (excluding pending). */
  private liveInOrder = 0;
  /** Pending slots sorted by hash, rebuilt lazily after `pending` changes. */
  private pendingSorted: { hi: Uint32Array; lo: Uint32Array; slots: Uint32Array } | null = null;

  constructor(
    private readonly hiOf: () => Uint32Array,
    private readonly loOf: () => Uint32Array,
  ) {}

  /** Rebuilds from the given live slots. */
  build(liveSlots: Uint32Array, capacity: number): void {
    const hi = this.hiOf();
    const lo = this.loOf();
    const order = radixSortByHash(liveSlots, hi, lo);
    const n = order.length;
    this.order = order;
    this.sortedHi = new Uint32Array(n);
    this.sortedLo = new Uint32Array(n);
    this.where = new Int32Array(Math.max(capacity, 1)).fill(-1);
    const tree = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const s = order[i]!;
      this.sortedHi[i] = hi[s]!;
      this.sortedLo[i] = lo[s]!;
      this.where[s] = i;
      tree[i + 1] = 1;
    }
    // O(n) Fenwick construction: push each node's sum to its parent.
    for (let i = 1; i <= n; i++) {
      const j = i + (i & -i);
      if (j <= n) tree[j] += tree[i]!;
    }
    this.tree = tree;
    this.pending = [];
    this.pendingSorted = null;
    this.liveInOrder = n;
  }

  /** Makes room for slots up to `capacity`. */
  grow(capacity: number): void {
    if (capacity <= this.where.length) return;
    const w = new Int32Array(capacity).fill(-1);
    w.set(this.where);
    this.where = w;
  }

  /** Whether too much is pending for queries to stay cheap. */
  get stale(): boolean {
    return this.pending.length > Math.max(2048, this.order.length >>> 4);
  }

  /** Records a newly created live slot. */
  add(slot: number): void {
    this.grow(slot + 1);
    this.where[slot] = -(this.pending.length + 2);
    this.pending.push(slot);
    this.pendingSorted = null;
  }

  /** Records that a slot died. */
  remove(slot: number): void {
    const w = this.where[slot] ?? -1;
    if (w >= 0) {
      for (let i = w + 1; i < this.tree.length; i += i & -i) this.tree[i]!--;
      this.liveInOrder--;
      this.where[slot] = -1;
    } else if (w <= -2) {
      this.pendingSorted = null;
      const k = -w - 2;
      const last = this.pending.pop()!;
      if (k < this.pending.length) {
        this.pending[k] = last;
        this.where[last] = -(k + 2);
      }
      this.where[slot] = -1;
    }
  }

  /** Whether the slot at sorted position `i` is still live. */
  liveAt(i: number): boolean {
    return this.where[this.order[i]!] === i;
  }

  /** Live objects indexed (sorted and pending). */
  get live(): number {
    return this.liveInOrder + this.pending.length;
  }

  /** First sorted position whose hash is >= (hi, lo). `hi` may be 2^32 (the bound 2^64). */
  lowerBound(hi: number, lo: number): number {
    const sh = this.sortedHi;
    const sl = this.sortedLo;
    let a = 0;
    let b = sh.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      const h = sh[m]!;
      if (h < hi || (h === hi && sl[m]! < lo)) a = m + 1;
      else b = m;
    }
    return a;
  }

  /** Live objects among the first `pos` sorted positions. */
  private prefix(pos: number): number {
    let s = 0;
    for (let i = pos; i > 0; i -= i & -i) s += this.tree[i]!;
    return s;
  }

  /** The pending slots sorted by hash (cached until `pending` changes). */
  private sortedPendingView(): { hi: Uint32Array; lo: Uint32Array; slots: Uint32Array } {
    if (!this.pendingSorted) {
      const slots = radixSortByHash(Uint32Array.from(this.pending), this.hiOf(), this.loOf());
      const H = this.hiOf();
      const L = this.loOf();
      const hi = new Uint32Array(slots.length);
      const lo = new Uint32Array(slots.length);
      for (let i = 0; i < slots.length; i++) {
        hi[i] = H[slots[i]!]!;
        lo[i] = L[slots[i]!]!;
      }
      this.pendingSorted = { hi, lo, slots };
    }
    return this.pendingSorted;
  }

  /** Live objects with hash < (hi, lo), pending ones included. O(log n) plus one lazy sort of pending. */
  countBelow(hi: number, lo: number): number {
    let c = this.prefix(this.lowerBound(hi, lo));
    if (this.pending.length > 0) {
      const p = this.sortedPendingView();
      let a = 0;
      let b = p.hi.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        const h = p.hi[m]!;
        if (h < hi || (h === hi && p.lo[m]! < lo)) a = m + 1;
        else b = m;
      }
      c += a;
    }
    return c;
  }

  /** Live objects with start <= hash < end. */
  countRange(startHi: number, startLo: number, endHi: number, endLo: number): number {
    return this.countBelow(endHi, endLo) - this.countBelow(startHi, startLo);
  }

  /** Calls `fn` for every live slot with start <= hash < end (sorted ones in order, then pending). */
  forEachInRange(startHi: number, startLo: number, endHi: number, endLo: number, fn: (slot: number) => void): void {
    const a = this.lowerBound(startHi, startLo);
    const b = this.lowerBound(endHi, endLo);
    const order = this.order;
    const where = this.where;
    for (let i = a; i < b; i++) {
      const s = order[i]!;
      if (where[s] === i) fn(s);
    }
    if (this.pending.length > 0) {
      const H = this.hiOf();
      const L = this.loOf();
      for (const s of this.pending) {
        const h = H[s]!;
        const l = L[s]!;
        const geStart = h > startHi || (h === startHi && l >= startLo);
        const ltEnd = h < endHi || (h === endHi && l < endLo);
        if (geStart && ltEnd) fn(s);
      }
    }
  }

  /** Pending slots sorted by hash (for merging into an ordered output). */
  sortedPending(): Uint32Array {
    return this.sortedPendingView().slots;
  }

  /**
   * All live slots in hash order, merging the sorted order with the sorted pending list.
   * O(live), no sort of the bulk.
   */
  liveInHashOrder(): Uint32Array {
    const out = new Uint32Array(this.live);
    const pend = this.sortedPending();
    const H = this.hiOf();
    const L = this.loOf();
    const order = this.order;
    const where = this.where;
    let k = 0;
    let p = 0;
    for (let i = 0; i < order.length; i++) {
      const s = order[i]!;
      if (where[s] !== i) continue;
      const h = H[s]!;
      const l = L[s]!;
      while (p < pend.length) {
        const q = pend[p]!;
        const qh = H[q]!;
        if (qh < h || (qh === h && L[q]! < l)) out[k++] = pend[p++]!;
        else break;
      }
      out[k++] = s;
    }
    while (p < pend.length) out[k++] = pend[p++]!;
    return out;
  }
}
