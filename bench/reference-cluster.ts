/**
 * The reference the generation bench row is measured against in the same run: a cluster
 * generator that builds each uid's text and hashes it as a string, and sorts with a six-pass
 * LSD radix sort (copied in). Left unoptimised on purpose.
 */
/**
 * The cluster's objects in typed arrays, one slot per object: uid words, uid and namespace
 * hashes (FNV-1a 64, computed once per object), namespace index, JSON size, resourceVersion,
 * creation time, liveness. No JavaScript object per pod exists; a pod is materialised only
 * when someone looks at it.
 *
 * A deleted object's slot is reused, so memory follows the live objects, not every object
 * ever created. Not at once: the DELETED event that reports the object, and the
 * recent-events view that may show it, read the slot after `remove`. A removed slot waits in
 * limbo until the owner of those readers calls {@link Cluster.releaseSlots} at a point where
 * they are done with it; only then may `create` hand it out again.
 */
import { formatHex, hashFieldInto, partsToBigInt } from '../src/core/sharding';
import type { ClusterParams, SizeParams } from '../src/sim/params';
import type { Prng } from '../src/sim/cluster';
import { SortedHashIndex } from '../src/sim/cluster';
import type { SortedHashes } from '../src/sim/cluster';
import { mix32, namespaceName } from '../src/sim/cluster';
import { sampleJsonBytes, sampleNamespaceFactor } from '../src/sim/cluster';
import { EPOCH_MS, formatUuid, parseUuidInto, writeUuidV4, writeUuidV7 } from '../src/sim/cluster';
import { jumpHash } from '../src/sim/cluster';

// Module-local copies (see mode.ts): imported bindings can be getter calls under some loaders.
const hashInto = hashFieldInto;
const jump = jumpHash;
const uuidText = formatUuid;

/**
 * Most live objects the cluster holds: the documented maximum of `cluster.pods`. An add
 * beyond it is refused (and counted by the event source), as a quota would refuse it.
 */
export const MAX_LIVE_OBJECTS = 1_000_000;

/** Seconds of history the initial objects' creation times are spread over. */
const INITIAL_AGE_SECONDS = 30 * 86_400;

/** The cluster's objects. */
export class ReferenceCluster {
  /** Namespaces; index `namespaceCount` is the cluster-scoped pseudo-namespace "". */
  readonly namespaceCount: number;
  readonly namespaceNames: readonly string[];
  /** FNV-1a 64 of each namespace name (index `namespaceCount` is the hash of ""). */
  readonly nsHashHi: Uint32Array;
  readonly nsHashLo: Uint32Array;
  /** Per namespace, the JSON size factor (teams differ). */
  readonly nsSizeFactor: Float64Array;
  /** Per namespace, how many workloads its pods belong to (for names). */
  readonly nsWorkloads: Uint16Array;
  /** Cumulative Zipf weights over namespaces, for drawing one. */
  readonly nsCdf: Float64Array;

  capacity = 0;
  /** Slots handed out so far (the high-water mark; below it a slot is live, in limbo or free). */
  slots = 0;
  /** Removed slots not yet reusable (see {@link Cluster.releaseSlots}), oldest first. */
  private limbo = new Uint32Array(0);
  private limboLength = 0;
  /** Reusable slots (a stack). */
  private freeSlots = new Uint32Array(0);
  private freeCount = 0;
  uidWords = new Uint32Array(0);
  uidHi = new Uint32Array(0);
  uidLo = new Uint32Array(0);
  /** Namespace hash per slot, so a namespace-keyed selector reads it like a uid hash. */
  nsHi = new Uint32Array(0);
  nsLo = new Uint32Array(0);
  nsOf = new Uint16Array(0);
  jsonBytes = new Uint32Array(0);
  /** resourceVersion of each object's last write. */
  rv = new Float64Array(0);
  /** Creation time in simulated seconds (negative: before the run started). */
  created = new Float64Array(0);
  alive = new Uint8Array(0);
  /** Dense list of live slots (for uniform picks) and each slot's place in it. */
  liveSlots = new Uint32Array(0);
  livePos = new Int32Array(0);
  liveCount = 0;
  /** Live objects per namespace (cluster-scoped at the end). */
  readonly nsLive: Int32Array;
  /** Sum of live objects' JSON bytes per namespace (cluster-scoped at the end). */
  readonly nsLiveJsonBytes: Float64Array;
  /** Sum of live objects' JSON bytes. */
  liveJsonBytes = 0;
  /**
   * Live objects by the top 16 bits of the raw uid (not its hash), to show what ranging over
   * raw uids would do without scanning every object.
   */
  readonly uidPrefixHistogram = new Int32Array(65536);
  /** The etcd revision: bumped by every write. */
  resourceVersion: number;
  /** Objects in hash order (uid hash). */
  readonly index: SortedHashIndex;

  /** kube-state-metrics bucket per slot for `jumpN` shards (0 = not computed). */
  jumpBuckets = new Uint8Array(0);
  jumpN = 0;

  /** False while the initial population is created (it is indexed in one build). */
  private indexed = false;
  private v7Ms = 0;
  private v7Seq = 0;
  private readonly hashScratch = new Uint32Array(2);

  constructor(
    readonly params: ClusterParams,
    private sizes: SizeParams,
    private readonly prng: Prng,
  ) {
    const n = params.namespaces;
    this.namespaceCount = n;
    const names: string[] = [];
    for (let i = 0; i < n; i++) names.push(namespaceName(i));
    names.push('');
    this.namespaceNames = names;
    this.nsHashHi = new Uint32Array(n + 1);
    this.nsHashLo = new Uint32Array(n + 1);
    this.nsSizeFactor = new Float64Array(n + 1);
    for (let i = 0; i <= n; i++) {
      hashFieldInto(names[i]!, this.hashScratch, 0);
      this.nsHashHi[i] = this.hashScratch[0]!;
      this.nsHashLo[i] = this.hashScratch[1]!;
      this.nsSizeFactor[i] = i < n ? sampleNamespaceFactor(prng) : 0.6;
    }
    // Zipf weights by rank; ranks are shuffled so the biggest namespace is not always "default".
    const rank = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = prng.int(i + 1);
      [rank[i], rank[j]] = [rank[j]!, rank[i]!];
    }
    this.nsCdf = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += 1 / Math.pow(rank[i]! + 1, params.zipfExponent);
      this.nsCdf[i] = sum;
    }
    for (let i = 0; i < n; i++) this.nsCdf[i]! /= sum;
    this.nsCdf[n - 1] = 1;
    this.nsLive = new Int32Array(n + 1);
    this.nsLiveJsonBytes = new Float64Array(n + 1);
    this.nsWorkloads = new Uint16Array(n + 1);
    for (let i = 0; i <= n; i++) {
      const expected = params.pods * (i < n ? this.namespaceWeight(i) * (1 - params.clusterScopedShare) : params.clusterScopedShare);
      this.nsWorkloads[i] = Math.max(1, Math.min(400, Math.round(Math.sqrt(expected) / 2)));
    }
    this.resourceVersion = 1000;
    this.index = new SortedHashIndex(this, 'uidHi', 'uidLo', 'jsonBytes');
    this.grow(Math.ceil(params.pods * 1.1) + 64);
    // Time-ordered ids start 30 days back and advance with each object created.
    this.v7Ms = EPOCH_MS - INITIAL_AGE_SECONDS * 1000;
    this.createInitial(params.pods);
    this.index.build(this.liveSlots.subarray(0, this.liveCount), this.capacity, true);
    this.indexed = true;
  }

  /**
   * Creates the initial population with slot order = hash order: uids and hashes are drawn
   * first, sorted once, and every other attribute is then drawn in that order (they are
   * independent draws, so the order of drawing changes nothing but speed). Walking the hash
   * space (a hash-space view, a LIST by range) then reads every per-slot array sequentially
   * instead of jumping around memory: at a million objects that is the difference between a
   * few milliseconds and hundreds. Objects created later take freed slots or are appended, and only interleave.
   */
  private createInitial(n: number): void {
    const words = new Uint32Array(n * 4);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const scratch = this.hashScratch;
    const age = (i: number) => (INITIAL_AGE_SECONDS * (n - i)) / n;
    for (let i = 0; i < n; i++) {
      this.writeUid(words, i * 4, -age(i));
      hashInto(uuidText(words, i * 4), scratch, 0);
      hi[i] = scratch[0]!;
      lo[i] = scratch[1]!;
    }
    const sorted = referenceSortByHash(Uint32Array.from({ length: n }, (_, i) => i), hi, lo);
    for (let j = 0; j < n; j++) {
      const i = sorted.slots[j]!;
      this.uidWords[j * 4] = words[i * 4]!;
      this.uidWords[j * 4 + 1] = words[i * 4 + 1]!;
      this.uidWords[j * 4 + 2] = words[i * 4 + 2]!;
      this.uidWords[j * 4 + 3] = words[i * 4 + 3]!;
      this.uidHi[j] = sorted.hi[j]!;
      this.uidLo[j] = sorted.lo[j]!;
      this.fill(j, this.drawNamespace(), -age(i));
    }
    this.slots = n;
  }

  /** Draws a uid into `out` at `offset` for an object created at simulated time `t`. */
  private writeUid(out: Uint32Array, offset: number, t: number): void {
    if (this.params.sequentialIds) {
      const ms = Math.max(this.v7Ms, Math.floor(EPOCH_MS + t * 1000));
      if (ms === this.v7Ms) this.v7Seq++;
      else this.v7Seq = 0;
      this.v7Ms = ms;
      writeUuidV7(this.prng, ms, this.v7Seq, out, offset);
    } else {
      writeUuidV4(this.prng, out, offset);
    }
  }

  /** Sets every attribute but the uid of slot `s` and makes it live. */
  private fill(s: number, ns: number, t: number): void {
    this.nsOf[s] = ns;
    this.nsHi[s] = this.nsHashHi[ns]!;
    this.nsLo[s] = this.nsHashLo[ns]!;
    const bytes = sampleJsonBytes(this.prng, this.sizes, this.nsSizeFactor[ns]!);
    this.jsonBytes[s] = bytes;
    this.rv[s] = ++this.resourceVersion;
    this.created[s] = t;
    this.alive[s] = 1;
    this.livePos[s] = this.liveCount;
    this.liveSlots[this.liveCount++] = s;
    this.nsLive[ns]!++;
    this.nsLiveJsonBytes[ns]! += bytes;
    this.liveJsonBytes += bytes;
    this.uidPrefixHistogram[this.uidWords[s * 4]! >>> 16]!++;
    if (this.jumpN > 0) this.jumpBuckets[s] = jump(this.uidHi[s]!, this.uidLo[s]!, this.jumpN);
  }

  /** Probability that a namespaced object lands in namespace `i`. */
  namespaceWeight(i: number): number {
    return this.nsCdf[i]! - (i > 0 ? this.nsCdf[i - 1]! : 0);
  }

  /** Draws a namespace: cluster-scoped with its share, else Zipf over namespaces. */
  drawNamespace(): number {
    if (this.params.clusterScopedShare > 0 && this.prng.float() < this.params.clusterScopedShare) return this.namespaceCount;
    return this.drawNamespacedOnly();
  }

  /** Draws a real namespace by Zipf weight (never the cluster-scoped one). */
  drawNamespacedOnly(): number {
    const u = this.prng.float();
    const cdf = this.nsCdf;
    let a = 0;
    let b = cdf.length - 1;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (cdf[m]! <= u) a = m + 1;
      else b = m;
    }
    return a;
  }

  /** Updates the size model (new objects only; existing sizes stay). */
  setSizes(sizes: SizeParams): void {
    this.sizes = sizes;
  }

  private grow(min: number): void {
    if (min <= this.capacity) return;
    // Grow by half, but not far past the live-object cap (slots beyond it are only limbo).
    const cap = Math.max(min, Math.min(Math.ceil(this.capacity * 1.5), MAX_LIVE_OBJECTS + (MAX_LIVE_OBJECTS >>> 4)), 1024);
    const g32 = (a: Uint32Array, k = 1) => {
      const b = new Uint32Array(cap * k);
      b.set(a);
      return b;
    };
    this.uidWords = g32(this.uidWords, 4);
    this.uidHi = g32(this.uidHi);
    this.uidLo = g32(this.uidLo);
    this.nsHi = g32(this.nsHi);
    this.nsLo = g32(this.nsLo);
    this.jsonBytes = g32(this.jsonBytes);
    this.liveSlots = g32(this.liveSlots);
    this.freeSlots = g32(this.freeSlots);
    const ns = new Uint16Array(cap);
    ns.set(this.nsOf);
    this.nsOf = ns;
    const rv = new Float64Array(cap);
    rv.set(this.rv);
    this.rv = rv;
    const cr = new Float64Array(cap);
    cr.set(this.created);
    this.created = cr;
    const al = new Uint8Array(cap);
    al.set(this.alive);
    this.alive = al;
    const lp = new Int32Array(cap).fill(-1);
    lp.set(this.livePos);
    this.livePos = lp;
    const jb = new Uint8Array(cap);
    jb.set(this.jumpBuckets);
    this.jumpBuckets = jb;
    this.capacity = cap;
    this.index.grow(cap);
  }

  /**
   * Creates a live object in namespace `ns` at simulated time `t`; returns its slot (a
   * released one when there is one). The caller keeps live objects within
   * {@link MAX_LIVE_OBJECTS}.
   */
  create(ns: number, t: number): number {
    let s: number;
    if (this.freeCount > 0) s = this.freeSlots[--this.freeCount]!;
    else {
      if (this.slots >= this.capacity) this.grow(this.slots + 1);
      s = this.slots++;
    }
    this.writeUid(this.uidWords, s * 4, t);
    hashInto(uuidText(this.uidWords, s * 4), this.hashScratch, 0);
    this.uidHi[s] = this.hashScratch[0]!;
    this.uidLo[s] = this.hashScratch[1]!;
    this.fill(s, ns, t);
    if (this.indexed) this.index.add(s);
    return s;
  }

  /** A write: bumps the etcd revision. Returns the new resourceVersion. */
  bump(): number {
    return ++this.resourceVersion;
  }

  /** Marks a live object deleted. */
  remove(s: number): void {
    if (!this.alive[s]) return;
    this.alive[s] = 0;
    const p = this.livePos[s]!;
    const last = this.liveSlots[--this.liveCount]!;
    this.liveSlots[p] = last;
    this.livePos[last] = p;
    this.livePos[s] = -1;
    this.nsLive[this.nsOf[s]!]!--;
    this.nsLiveJsonBytes[this.nsOf[s]!]! -= this.jsonBytes[s]!;
    this.liveJsonBytes -= this.jsonBytes[s]!;
    this.uidPrefixHistogram[this.uidWords[s * 4]! >>> 16]!--;
    this.index.remove(s);
    if (this.limboLength === this.limbo.length) {
      const l = new Uint32Array(Math.max(1024, this.limbo.length * 2));
      l.set(this.limbo);
      this.limbo = l;
    }
    this.limbo[this.limboLength++] = s;
  }

  /** Removed slots waiting to be released. */
  get limboCount(): number {
    return this.limboLength;
  }

  /**
   * Makes the slots in limbo reusable, except those `pinned` says are still read (they stay
   * for a later call); `onRelease` runs for each released slot, so per-slot state kept
   * elsewhere (cache owner masks) can be cleared before the slot holds another object. Call
   * it only when every removal so far has been reported (the event batch is processed).
   * Returns how many slots were released.
   */
  releaseSlots(pinned: (slot: number) => boolean, onRelease: (slot: number) => void): number {
    const limbo = this.limbo;
    let kept = 0;
    let released = 0;
    for (let i = 0; i < this.limboLength; i++) {
      const s = limbo[i]!;
      if (pinned(s)) {
        limbo[kept++] = s;
        continue;
      }
      onRelease(s);
      this.freeSlots[this.freeCount++] = s;
      released++;
    }
    this.limboLength = kept;
    return released;
  }

  /** A uniformly random live slot, or -1 when the cluster is empty. */
  pickLive(prng: Prng): number {
    return this.liveCount === 0 ? -1 : this.liveSlots[prng.int(this.liveCount)]!;
  }

  /** Folds pending objects into the sorted index when there are many. */
  refreshIndex(force = false): void {
    if (this.index.stale || (force && this.index.pending.length > 0)) {
      this.index.build(this.liveSlots.subarray(0, this.liveCount), this.capacity);
    }
  }

  /** Makes `jumpBuckets` hold the kube-state-metrics bucket of every slot for `n` shards. */
  ensureJump(n: number): void {
    if (this.jumpN === n) return;
    this.jumpN = n;
    const hi = this.uidHi;
    const lo = this.uidLo;
    const out = this.jumpBuckets;
    for (let s = 0; s < this.slots; s++) out[s] = jump(hi[s]!, lo[s]!, n);
  }

  uid(s: number): string {
    return formatUuid(this.uidWords, s * 4);
  }

  namespace(s: number): string {
    return this.namespaceNames[this.nsOf[s]!]!;
  }

  /** `0x` + 16 hex digits of the uid hash. */
  uidHashHex(s: number): string {
    return formatHex(partsToBigInt(this.uidHi[s]!, this.uidLo[s]!));
  }

  namespaceHashHex(s: number): string {
    return formatHex(partsToBigInt(this.nsHi[s]!, this.nsLo[s]!));
  }

  /** Which workload of its namespace an object belongs to (stable, from its uid bits). */
  workload(s: number): number {
    return this.uidWords[s * 4 + 3]! % this.nsWorkloads[this.nsOf[s]!]!;
  }

  /** A stable per-slot 32-bit value for derived names. */
  nameBits(s: number): number {
    return mix32(this.uidWords[s * 4 + 2]!, this.uidWords[s * 4]!);
  }

  /** Finds a live slot by uid text (a scan over uid words; display use only). */
  findUid(uid: string): number {
    const w = new Uint32Array(4);
    if (!parseUuidInto(uid, w, 0)) return -1;
    const u = this.uidWords;
    for (let s = 0; s < this.slots; s++) {
      const o = s * 4;
      if (u[o] === w[0] && u[o + 1] === w[1] && u[o + 2] === w[2] && u[o + 3] === w[3] && this.alive[s]) return s;
    }
    return -1;
  }
}

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
const DIGIT_MASK = DIGITS - 1;

function referenceSortByHash(slots: Uint32Array, hi: Uint32Array, lo: Uint32Array): SortedHashes {
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
