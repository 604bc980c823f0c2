/**
 * Live objects ordered by their 64-bit hash, so "how many objects fall in [start, end)" is
 * two binary searches and two prefix sums instead of a scan: recounting ownership of a
 * million objects for new ranges fits in a fraction of a frame.
 *
 * The order is built once with a radix sort (six 11-bit passes, no comparator calls).
 * Deletions afterwards only decrement a Fenwick tree of live counts; objects created
 * afterwards wait in a small unsorted `pending` list that queries scan linearly. When that
 * list grows past an eighth of the index it is folded in by a rebuild.
 *
 * With a weight per slot (an object's size), a second Fenwick tree answers "how many bytes
 * fall in [start, end)" the same way, so the closed form reads a range's bytes in O(log n).
 */

/** Slots in hash order with their hash halves alongside (all three arrays aligned). */
export interface SortedHashes {
  readonly slots: Uint32Array;
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
}

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
const DIGIT_MASK = DIGITS - 1;

/**
 * Sorts `slots` by (hi[slot], lo[slot]) ascending. An LSD radix sort over six 11-bit digits
 * that carries the keys along with the slots: every pass reads its input sequentially, which
 * matters more than anything else at a million entries (random reads of keys by slot cost
 * a cache miss each). 2,048 buckets keep the scattered writes cache-friendly too.
 */
export function sortByHash(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): SortedHashes {
  return slots.length >= MSD_MIN ? sortByHashMsd(slots, hi, lo) : sortByHashLsd(slots, hi, lo);
}

/** Below this many entries the six-pass LSD sort is as fast and needs no bucket table. */
const MSD_MIN = 1 << 14;
/** Buckets larger than this (many equal or clustered keys) are sorted by the LSD sort. */
const INSERTION_MAX = 48;

/**
 * The same order as {@link sortByHashLsd} (ascending, stable for equal keys) in one
 * scattering pass: entries go to buckets by the top bits of `hi` (about 8 entries per
 * bucket for uniformly spread hashes), then each bucket is put in order by an insertion
 * sort on (hi, lo), which for a handful of entries costs a few comparisons each. A bucket
 * that turns out crowded (clustered keys, such as namespace hashes shared by many objects)
 * goes through the LSD sort instead, so no input is quadratic.
 */
function sortByHashMsd(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): SortedHashes {
  const n = slots.length;
  const bits = Math.min(20, Math.max(4, Math.floor(Math.log2(n / 8))));
  const shift = 32 - bits;
  const buckets = 1 << bits;
  const start = new Uint32Array(buckets + 1);
  for (let i = 0; i < n; i++) start[(hi[slots[i]!]! >>> shift) + 1]!++;
  for (let d = 0; d < buckets; d++) start[d + 1]! += start[d]!;
  const at = start.slice(0, buckets);
  const ks = new Uint32Array(n);
  const kh = new Uint32Array(n);
  const kl = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const s = slots[i]!;
    const h = hi[s]!;
    const p = at[h >>> shift]!++;
    ks[p] = s;
    kh[p] = h;
    kl[p] = lo[s]!;
  }
  for (let d = 0; d < buckets; d++) {
    const a = start[d]!;
    const b = start[d + 1]!;
    if (b - a < 2) continue;
    if (b - a > INSERTION_MAX) {
      const sub = sortByHashLsd(ks.subarray(a, b), hi, lo);
      ks.set(sub.slots, a);
      kh.set(sub.hi, a);
      kl.set(sub.lo, a);
      continue;
    }
    for (let i = a + 1; i < b; i++) {
      const s = ks[i]!;
      const h = kh[i]!;
      const l = kl[i]!;
      let j = i - 1;
      // Strictly greater moves up: equal keys keep their order (stable, as the LSD sort).
      while (j >= a && (kh[j]! > h || (kh[j] === h && kl[j]! > l))) {
        ks[j + 1] = ks[j]!;
        kh[j + 1] = kh[j]!;
        kl[j + 1] = kl[j]!;
        j--;
      }
      ks[j + 1] = s;
      kh[j + 1] = h;
      kl[j + 1] = l;
    }
  }
  return { slots: ks, hi: kh, lo: kl };
}

/** The six-pass LSD radix sort (see {@link sortByHash}). */
function sortByHashLsd(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): SortedHashes {
  const n = slots.length;
  let ks = slots.slice();
  let kh = new Uint32Array(n);
  let kl = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const s = ks[i]!;
    kh[i] = hi[s]!;
    kl[i] = lo[s]!;
  }
  let ts = new Uint32Array(n);
  let th = new Uint32Array(n);
  let tl = new Uint32Array(n);
  const counts = new Uint32Array(DIGITS);
  // Least significant digit first: three digits of lo, then three of hi.
  for (let pass = 0; pass < 6; pass++) {
    const useHi = pass >= 3;
    const shift = (pass % 3) * DIGIT_BITS;
    const keys = useHi ? kh : kl;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(keys[i]! >>> shift) & DIGIT_MASK]!++;
    // A digit every key shares does not reorder anything: skip the scatter.
    let skip = false;
    for (let d = 0; d < DIGITS; d++) {
      if (counts[d] === n) skip = true;
      if (counts[d] !== 0) break;
    }
    if (skip) continue;
    let sum = 0;
    for (let d = 0; d < DIGITS; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = counts[(keys[i]! >>> shift) & DIGIT_MASK]!++;
      ts[at] = ks[i]!;
      th[at] = kh[i]!;
      tl[at] = kl[i]!;
    }
    [ks, ts] = [ts, ks];
    [kh, th] = [th, kh];
    [kl, tl] = [tl, kl];
  }
  return { slots: ks, hi: kh, lo: kl };
}

/** Sorts `slots` by (hi[slot], lo[slot]) ascending; returns a new array of slots. */
export function radixSortByHash(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): Uint32Array {
  return sortByHash(slots, hi, lo).slots;
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
  private pendingSorted: SortedHashes | null = null;
  /** Fenwick tree (1-based) of live weights over `order` (only with `weightOf`). */
  private weightTree: Float64Array = new Float64Array(1);
  /** Prefix sums of weights over the sorted pending list (entry k: the first k). */
  private pendingWeights: Float64Array | null = null;

  /**
   * `source[hiKey]` and `source[loKey]` are the per-slot hash halves, read at each use (the
   * owner may grow them into new arrays); `source[weightKey]`, when given, the per-slot
   * weight (constant for a slot's life), for `weightBelow`. Names rather than getter
   * closures keep the index plain data that a checkpoint can copy.
   */
  constructor(
    private readonly source: object,
    private readonly hiKey: string,
    private readonly loKey: string,
    private readonly weightKey?: string,
  ) {}

  private hiOf(): Uint32Array {
    return (this.source as Record<string, Uint32Array>)[this.hiKey]!;
  }

  private loOf(): Uint32Array {
    return (this.source as Record<string, Uint32Array>)[this.loKey]!;
  }

  private weightOf(): ArrayLike<number> {
    return (this.source as Record<string, ArrayLike<number>>)[this.weightKey!]!;
  }

  /** Rebuilds from the given live slots (`presorted`: they are already in hash order). */
  build(liveSlots: Uint32Array, capacity: number, presorted = false): void {
    const hi = this.hiOf();
    const lo = this.loOf();
    let sorted: SortedHashes;
    if (presorted) {
      const slots = liveSlots.slice();
      const sh = new Uint32Array(slots.length);
      const sl = new Uint32Array(slots.length);
      for (let i = 0; i < slots.length; i++) {
        sh[i] = hi[slots[i]!]!;
        sl[i] = lo[slots[i]!]!;
      }
      sorted = { slots, hi: sh, lo: sl };
    } else {
      sorted = sortByHash(liveSlots, hi, lo);
    }
    const order = sorted.slots;
    const n = order.length;
    this.order = order;
    this.sortedHi = sorted.hi;
    this.sortedLo = sorted.lo;
    this.where = new Int32Array(Math.max(capacity, 1)).fill(-1);
    const tree = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      this.where[order[i]!] = i;
      tree[i + 1] = 1;
    }
    // O(n) Fenwick construction: push each node's sum to its parent.
    for (let i = 1; i <= n; i++) {
      const j = i + (i & -i);
      if (j <= n) tree[j] += tree[i]!;
    }
    this.tree = tree;
    if (this.weightKey !== undefined) {
      const weight = this.weightOf();
      const wt = new Float64Array(n + 1);
      for (let i = 0; i < n; i++) wt[i + 1] = weight[order[i]!]!;
      for (let i = 1; i <= n; i++) {
        const j = i + (i & -i);
        if (j <= n) wt[j] += wt[i]!;
      }
      this.weightTree = wt;
    }
    this.pending = [];
    this.pendingSorted = null;
    this.pendingWeights = null;
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
    this.pendingWeights = null;
  }

  /** Records that a slot died. */
  remove(slot: number): void {
    const w = this.where[slot] ?? -1;
    if (w >= 0) {
      for (let i = w + 1; i < this.tree.length; i += i & -i) this.tree[i]!--;
      if (this.weightKey !== undefined) {
        const x = this.weightOf()[slot]!;
        for (let i = w + 1; i < this.weightTree.length; i += i & -i) this.weightTree[i]! -= x;
      }
      this.liveInOrder--;
      this.where[slot] = -1;
    } else if (w <= -2) {
      this.pendingSorted = null;
      this.pendingWeights = null;
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
  private sortedPendingView(): SortedHashes {
    if (!this.pendingSorted) this.pendingSorted = sortByHash(Uint32Array.from(this.pending), this.hiOf(), this.loOf());
    return this.pendingSorted;
  }

  /**
   * The sorted order's identity: a position found by `lowerBound` stays valid (deletions and
   * pending adds do not move sorted positions) for as long as this is the same array, that
   * is until the next `build`.
   */
  get orderKey(): Uint32Array {
    return this.sortedHi;
  }

  /** Live objects with hash < (hi, lo), pending ones included. O(log n) plus one lazy sort of pending. */
  countBelow(hi: number, lo: number): number {
    return this.countAt(this.lowerBound(hi, lo), this.pendingBelow(hi, lo));
  }

  /** Pending slots with hash < (hi, lo): a position in the pending list in hash order (0 when none is pending). */
  pendingBelow(hi: number, lo: number): number {
    if (this.pending.length === 0) return 0;
    const p = this.sortedPendingView();
    let a = 0;
    let b = p.hi.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      const h = p.hi[m]!;
      if (h < hi || (h === hi && p.lo[m]! < lo)) a = m + 1;
      else b = m;
    }
    return a;
  }

  /**
   * {@link countBelow} from the two positions of the bound: `pos = lowerBound(hi, lo)` (which
   * a caller may keep, see {@link orderKey}) and `pend = pendingBelow(hi, lo)`.
   */
  countAt(pos: number, pend: number): number {
    let c = this.prefix(pos);
    if (this.pending.length > 0) c += pend;
    return c;
  }

  /**
   * Sum of the weights of live objects with hash < (hi, lo), pending ones included (0 without
   * `weightOf`). O(log n) plus one lazy sort of pending. Weights are integers in practice, so
   * the sums are exact.
   */
  weightBelow(hi: number, lo: number): number {
    if (this.weightKey === undefined) return 0;
    return this.weightAt(this.lowerBound(hi, lo), this.pendingBelow(hi, lo));
  }

  /** {@link weightBelow} from the bound's two positions (see {@link countAt}). */
  weightAt(pos: number, pend: number): number {
    if (this.weightKey === undefined) return 0;
    let w = 0;
    for (let i = pos; i > 0; i -= i & -i) w += this.weightTree[i]!;
    if (this.pending.length > 0) {
      if (!this.pendingWeights) {
        const p = this.sortedPendingView();
        const weight = this.weightOf();
        const pw = new Float64Array(p.slots.length + 1);
        for (let k = 0; k < p.slots.length; k++) pw[k + 1] = pw[k]! + weight[p.slots[k]!]!;
        this.pendingWeights = pw;
      }
      w += this.pendingWeights[pend]!;
    }
    return w;
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
    const pv = this.sortedPendingView();
    const pend = pv.slots;
    const ph = pv.hi;
    const pl = pv.lo;
    const order = this.order;
    const where = this.where;
    const sh = this.sortedHi;
    const sl = this.sortedLo;
    let k = 0;
    let p = 0;
    for (let i = 0; i < order.length; i++) {
      const s = order[i]!;
      if (where[s] !== i) continue;
      const h = sh[i]!;
      const l = sl[i]!;
      while (p < pend.length && (ph[p]! < h || (ph[p] === h && pl[p]! < l))) out[k++] = pend[p++]!;
      out[k++] = s;
    }
    while (p < pend.length) out[k++] = pend[p++]!;
    return out;
  }
}
