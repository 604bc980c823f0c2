/**
 * The hash-space picture (every live object's position and owner per mode), kept up to date
 * instead of rebuilt. Rebuilding walks a million slots in random order (positions, masks,
 * the index's liveness) on every refresh; here the sorted arrays persist, and a refresh only
 * applies what changed since the last one:
 *
 * - slots an event touched are noted as their batch is fanned out; at refresh each is found by
 *   binary search and is inserted or has its owners re-read from the mode's masks;
 * - an object's removal is found when its DELETED event is noted, while its slot still holds
 *   it: the cluster reuses slots, so by the refresh the slot may hold a newer object. The
 *   entry becomes a tombstone that keeps the keys it was sorted by, and the refresh drops it;
 * - insertions and removals are merged in with block copies, not element by element;
 * - a mode that reconnected (new LISTs rewrite its masks wholesale) has its owners re-read in
 *   one pass in view order, which is close to slot order, so mostly sequential.
 *
 * The caller gets copies, which it may transfer to another thread.
 */
import { SHARD_KEY, formatHex, hashFraction, partsToBigInt } from '../../core/sharding';
import type { ShardKey } from '../../core/sharding';
import { assertNever } from '../../core/never';
import type { Cluster } from '../cluster';
import { EV_BOOKMARK, EV_DELETED, NO_SLOT } from '../cluster';
import type { EventBatch } from '../cluster';
import { keyColumns, keyHashes, sortByHash } from '../cluster';
import { viewGroupsByNamespace } from './keyview';
import type { ModeState } from './state';
import type { HashSpaceNamespace, HashSpaceView } from './viewTypes';

const TWO_64 = 18446744073709551616;
const TWO_32 = 4294967296;

/** Owner code from a cache mask: the single owner's index, OWNER_NONE (-1) or OWNER_MANY (-2). */
export function ownerCodeOf(lo: number, hi: number): number {
  if (lo === 0 && hi === 0) return -1;
  if (lo !== 0 && hi !== 0) return -2;
  const x = lo !== 0 ? lo : hi;
  if ((x & (x - 1)) !== 0) return -2;
  return lo !== 0 ? 31 - Math.clz32(lo) : 63 - Math.clz32(hi);
}

/**
 * The view built from scratch on every call, by uid hash: what `Simulation.hashSpace()` did
 * before {@link HashSpaceTracker}. Kept as the reference for tests and benchmarks.
 */
export function rebuildHashSpace(cluster: Cluster, client: ModeState, server: ModeState, version: number): HashSpaceView {
  const slots = cluster.index.liveInHashOrder();
  const n = slots.length;
  const positions = new Float64Array(n);
  const ownerClient = new Int8Array(n);
  const ownerServer = new Int8Array(n);
  const H = cluster.uidHi;
  const L = cluster.uidLo;
  const cLo = client.maskLo;
  const cHi = client.maskHi;
  const sLo = server.maskLo;
  const sHi = server.maskHi;
  for (let i = 0; i < n; i++) {
    const s = slots[i]!;
    positions[i] = (H[s]! * TWO_32 + L[s]!) / TWO_64;
    ownerClient[i] = ownerCodeOf(cLo[s]!, cHi[s]!);
    ownerServer[i] = ownerCodeOf(sLo[s]!, sHi[s]!);
  }
  return { version, key: SHARD_KEY.uid.path, count: n, positions, ownerClient, ownerServer, namespaces: [] };
}

/** The keys a removed entry was sorted by (its slot may hold another object since). */
interface Tomb {
  readonly kh: number;
  readonly kl: number;
  readonly uh: number;
  readonly ul: number;
  readonly slot: number;
}

/** Sorted live slots with their positions and owners per mode, maintained incrementally. */
export class HashSpaceTracker {
  /** The key the arrays are sorted by, or null before the first view (nothing to maintain). */
  private key: ShardKey | null = null;
  private count = 0;
  private slots: Uint32Array = new Uint32Array(0);
  private positions: Float64Array = new Float64Array(0);
  private owners: [Int8Array, Int8Array] = [new Int8Array(0), new Int8Array(0)];
  /**
   * The previous arrays, reused by the next merge: memory already touched copies several
   * times faster than fresh memory, whose pages fault in on first write.
   */
  private spare: { slots: Uint32Array; positions: Float64Array; owners: [Int8Array, Int8Array] } | null = null;
  /** Each mode's `ownersEpoch` when its owners were last read in full. */
  private readonly epochs = [-1, -1];
  /** Slots touched since the last refresh, deduplicated by `marked`. */
  private dirty = new Uint32Array(1024);
  private dirtyCount = 0;
  private marked = new Uint8Array(0);
  /**
   * Entries whose object was deleted since the last refresh, by index (indices hold until
   * the refresh merges); their `slots` entry is NO_SLOT.
   */
  private tombs = new Map<number, Tomb>();
  /** Namespace indices ascending by hash, with names and positions (computed once). */
  private nsMeta: { order: Uint32Array; hash: string[]; position: Float64Array } | null = null;

  constructor(
    private readonly cluster: Cluster,
    private readonly modes: readonly [ModeState, ModeState],
  ) {}

  /** Notes the slots a processed batch touched: their liveness or owners may have changed. */
  note(batch: EventBatch): void {
    // Before the first view there is nothing to update; the first view builds from scratch.
    if (this.key === null) return;
    const types = batch.type;
    const olds = batch.oldSlot;
    const news = batch.newSlot;
    for (let e = 0; e < batch.length; e++) {
      if (types[e] === EV_BOOKMARK) continue;
      const o = olds[e]!;
      const n = news[e]!;
      if (types[e] === EV_DELETED && o !== NO_SLOT) this.bury(o);
      if (o !== NO_SLOT) this.mark(o);
      if (n !== NO_SLOT && n !== o) this.mark(n);
    }
  }

  /**
   * Turns the entry of the object slot `s` holds (just deleted, not yet released) into a
   * tombstone, if the arrays have it.
   */
  private bury(s: number): void {
    const c = this.cluster;
    const [H, L] = this.keyArrays(this.key!);
    const kh = H[s]!;
    const kl = L[s]!;
    const uh = c.uidHi[s]!;
    const ul = c.uidLo[s]!;
    const i = this.lowerBound(s, (kh * TWO_32 + kl) / TWO_64, kh, kl, uh, ul);
    if (i < this.count && this.slots[i] === s) {
      this.tombs.set(i, { kh, kl, uh, ul, slot: s });
      this.slots[i] = NO_SLOT;
    }
  }

  private mark(s: number): void {
    if (s >= this.marked.length) {
      const m = new Uint8Array(Math.max(s + 1, this.cluster.capacity));
      m.set(this.marked);
      this.marked = m;
    }
    if (this.marked[s] !== 0) return;
    this.marked[s] = 1;
    if (this.dirtyCount === this.dirty.length) {
      const d = new Uint32Array(this.dirty.length * 2);
      d.set(this.dirty);
      this.dirty = d;
    }
    this.dirty[this.dirtyCount++] = s;
  }

  /**
   * The view now, positions by `key`'s hash (for the namespace key every object of a
   * namespace sits at its namespace's position). Fresh arrays, safe to transfer.
   */
  view(key: ShardKey, version: number): HashSpaceView {
    if (this.key !== key) this.build(key);
    else this.update();
    for (let m = 0; m < 2; m++) if (this.epochs[m] !== this.modes[m]!.ownersEpoch) this.readOwners(m);
    const n = this.count;
    return {
      version,
      key,
      count: n,
      positions: this.positions.slice(0, n),
      ownerClient: this.owners[0].slice(0, n),
      ownerServer: this.owners[1].slice(0, n),
      namespaces: viewGroupsByNamespace(key) ? this.namespaceGroups() : [],
    };
  }

  /** Primary key arrays (by slot) for the current key. */
  private keyArrays(key: ShardKey): readonly [Uint32Array, Uint32Array] {
    return keyHashes(this.cluster, key);
  }

  /**
   * Slots in uid order, sorted (stably) by `key`'s hash unless the sorted index orders by it
   * already: the order `build` and `merge` keep.
   */
  private sortedByKey(slots: Uint32Array, key: ShardKey): Uint32Array {
    const lookup = keyColumns(key).lookup;
    switch (lookup) {
      case 'sorted-index':
        return slots;
      case 'namespace-hash': {
        const [H, L] = this.keyArrays(key);
        return sortByHash(slots, H, L).slots;
      }
      default:
        return assertNever(lookup, 'key lookup');
    }
  }

  /** From scratch: live slots in uid order, then (stably) by namespace hash for that key. */
  private build(key: ShardKey): void {
    const c = this.cluster;
    this.key = key;
    const slots = this.sortedByKey(c.index.liveInHashOrder(), key);
    const n = slots.length;
    const [H, L] = this.keyArrays(key);
    const positions = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const s = slots[i]!;
      positions[i] = (H[s]! * TWO_32 + L[s]!) / TWO_64;
    }
    this.slots = slots;
    this.positions = positions;
    this.owners = [new Int8Array(n), new Int8Array(n)];
    this.spare = null;
    this.count = n;
    this.tombs.clear();
    this.clearDirty();
    this.readOwners(0);
    this.readOwners(1);
  }

  private clearDirty(): void {
    for (let k = 0; k < this.dirtyCount; k++) this.marked[this.dirty[k]!] = 0;
    this.dirtyCount = 0;
  }

  /** Re-reads every owner of mode `m` from its masks (after its replicas reconnected). */
  private readOwners(m: number): void {
    const e = this.modes[m]!;
    const lo = e.maskLo;
    const hi = e.maskHi;
    const slots = this.slots;
    const out = this.owners[m]!;
    for (let i = 0; i < this.count; i++) {
      const s = slots[i]!;
      out[i] = ownerCodeOf(lo[s]!, hi[s]!);
    }
    this.epochs[m] = e.ownersEpoch;
  }

  /**
   * Where slot `s` belongs in the sorted arrays: the first index whose entry is not before
   * it. Order is (position, key hash, uid hash, slot); the position settles almost every step.
   */
  private lowerBound(s: number, p: number, kh: number, kl: number, uh = this.cluster.uidHi[s]!, ul = this.cluster.uidLo[s]!): number {
    const c = this.cluster;
    const [H, L] = this.keyArrays(this.key!);
    const slots = this.slots;
    const pos = this.positions;
    const tombs = this.tombs;
    let a = 0;
    let b = this.count;
    while (a < b) {
      const m = (a + b) >>> 1;
      const q = pos[m]!;
      let before: boolean;
      if (q !== p) before = q < p;
      else {
        let t = slots[m]!;
        let th: number, tl: number, vh: number, vl: number;
        const tomb = t === NO_SLOT ? tombs.get(m) : undefined;
        if (tomb) {
          // A tombstone: its slot may hold another object now, so use the keys it kept.
          t = tomb.slot;
          th = tomb.kh;
          tl = tomb.kl;
          vh = tomb.uh;
          vl = tomb.ul;
        } else {
          th = H[t]!;
          tl = L[t]!;
          vh = c.uidHi[t]!;
          vl = c.uidLo[t]!;
        }
        if (th !== kh || tl !== kl) before = th < kh || (th === kh && tl < kl);
        else before = vh !== uh || vl !== ul ? vh < uh || (vh === uh && vl < ul) : t < s;
      }
      if (before) a = m + 1;
      else b = m;
    }
    return a;
  }

  /** Applies the slots noted since the last refresh. */
  private update(): void {
    if (this.dirtyCount === 0) return;
    // After a long step most objects were touched: one pass from scratch beats a binary
    // search per touched slot.
    if (this.dirtyCount > this.count >>> 3) {
      this.build(this.key!);
      return;
    }
    const c = this.cluster;
    const alive = c.alive;
    const [H, L] = this.keyArrays(this.key!);
    const stale = [this.epochs[0] !== this.modes[0]!.ownersEpoch, this.epochs[1] !== this.modes[1]!.ownersEpoch];
    const removed: number[] = [...this.tombs.keys()];
    const added: number[] = [];
    const touched: number[] = [];
    for (let k = 0; k < this.dirtyCount; k++) {
      const s = this.dirty[k]!;
      const p = (H[s]! * TWO_32 + L[s]!) / TWO_64;
      const i = this.lowerBound(s, p, H[s]!, L[s]!);
      const present = i < this.count && this.slots[i] === s;
      if (present && alive[s] === 0) removed.push(i);
      else if (!present && alive[s] !== 0) added.push(s);
      else if (present) touched.push(i);
    }
    this.clearDirty();
    // Owners first, at the old indices (the merge below carries them along).
    for (let m = 0; m < 2; m++) {
      if (stale[m]) continue;
      const e = this.modes[m]!;
      const out = this.owners[m]!;
      for (const i of touched) {
        const s = this.slots[i]!;
        out[i] = ownerCodeOf(e.maskLo[s]!, e.maskHi[s]!);
      }
    }
    if (removed.length > 0 || added.length > 0) this.merge(removed, added);
  }

  /** Rebuilds the arrays without the `removed` indices and with the `added` slots, by block copies. */
  private merge(removed: number[], addedSlots: number[]): void {
    const c = this.cluster;
    const key = this.key!;
    const [H, L] = this.keyArrays(key);
    removed.sort((a, b) => a - b);
    // Sorted the way `build` sorts: by uid, then stably by namespace hash for that key.
    const added = this.sortedByKey(sortByHash(Uint32Array.from(addedSlots), c.uidHi, c.uidLo).slots, key);
    const at = new Int32Array(added.length);
    for (let j = 0; j < added.length; j++) {
      const s = added[j]!;
      at[j] = this.lowerBound(s, (H[s]! * TWO_32 + L[s]!) / TWO_64, H[s]!, L[s]!);
    }
    const n = this.count - removed.length + added.length;
    let target = this.spare;
    if (!target || target.slots.length < n) {
      // Headroom, so steady churn keeps reusing the same two sets of arrays.
      const cap = n + (n >>> 4) + 64;
      target = { slots: new Uint32Array(cap), positions: new Float64Array(cap), owners: [new Int8Array(cap), new Int8Array(cap)] };
    }
    const { slots, positions, owners } = target;
    let w = 0;
    const copy = (from: number, to: number): void => {
      if (to <= from) return;
      slots.set(this.slots.subarray(from, to), w);
      positions.set(this.positions.subarray(from, to), w);
      owners[0].set(this.owners[0].subarray(from, to), w);
      owners[1].set(this.owners[1].subarray(from, to), w);
      w += to - from;
    };
    let r = 0;
    let j = 0;
    let from = 0;
    // Walk the cut points (removed indices and insertion points) in order.
    while (r < removed.length || j < added.length) {
      const cutR = r < removed.length ? removed[r]! : Infinity;
      const cutA = j < added.length ? at[j]! : Infinity;
      if (cutA <= cutR) {
        copy(from, cutA);
        from = Math.max(from, cutA);
        const s = added[j++]!;
        slots[w] = s;
        positions[w] = (H[s]! * TWO_32 + L[s]!) / TWO_64;
        for (let m = 0; m < 2; m++) {
          const e = this.modes[m]!;
          owners[m]![w] = ownerCodeOf(e.maskLo[s]!, e.maskHi[s]!);
        }
        w++;
      } else {
        copy(from, cutR);
        from = cutR + 1;
        r++;
      }
    }
    copy(from, this.count);
    this.tombs.clear();
    this.spare = { slots: this.slots, positions: this.positions, owners: this.owners };
    this.slots = slots;
    this.positions = positions;
    this.owners = owners;
    this.count = n;
  }

  /** The namespaces with live objects, ascending by hash; their objects are contiguous in the arrays. */
  private namespaceGroups(): HashSpaceNamespace[] {
    const c = this.cluster;
    const meta = (this.nsMeta ??= this.namespaceMeta());
    const out: HashSpaceNamespace[] = [];
    let start = 0;
    for (const i of meta.order) {
      const count = c.nsLive[i]!;
      if (count === 0) continue;
      out.push({ name: c.namespaceNames[i]!, hash: meta.hash[i]!, position: meta.position[i]!, start, count });
      start += count;
    }
    return out;
  }

  private namespaceMeta(): { order: Uint32Array; hash: string[]; position: Float64Array } {
    const c = this.cluster;
    const n = c.namespaceCount + 1; // with the cluster-scoped "" at the end
    const all = Uint32Array.from({ length: n }, (_, i) => i);
    const order = sortByHash(all, c.nsHashHi, c.nsHashLo).slots;
    const hash: string[] = [];
    const position = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      hash.push(formatHex(partsToBigInt(c.nsHashHi[i]!, c.nsHashLo[i]!)));
      position[i] = hashFraction(c.nsHashHi[i]!, c.nsHashLo[i]!);
    }
    return { order, hash, position };
  }
}
