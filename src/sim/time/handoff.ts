/**
 * The hand-off window of a reshard in one mode: who owns each object while the replicas move
 * from the old layout to the new one.
 *
 * Model (stated in docs/scenario.md):
 * - Each replica whose selector changes restarts its informer at its restart time r (set by
 *   the rollout): it stops its watch, LISTs with its new selector, then watches again. The
 *   LIST takes `listRttSeconds + listBytes / listBytesPerSecond`; until then it owns nothing
 *   new. Client-side every LIST carries the whole collection; server-side only the replica's
 *   share (the whole collection when its API server has the gate off).
 * - Break before make (`all-at-once`, `one-by-one`): the old owner lets go at r, so an object
 *   is owned by nobody from its old owner's r until its new owner has synced (an object that
 *   stays on a restarting replica, too, for the length of that LIST).
 * - Make before break (`new-first`): added replicas start first; the others keep their old
 *   informer until the new one has synced and switch then; removed replicas stop last. Objects
 *   are owned twice, never by nobody.
 * - The objects live when the reshard starts are counted as an old-owner x new-owner
 *   histogram, so every figure over time is O(from x to) and exact for that histogram.
 * - An object created during the window (`noteAdd`) goes by the layout in force for its
 *   owners' informers at its creation: its new owner has it once synced, its old owner while
 *   it still holds its informer, else nobody; it counts from its creation on. (Deletions and
 *   updates during the window are not re-assigned.)
 * State is plain fields and typed arrays (deep-copyable for checkpoints).
 */
import { shardKeyIndex } from '../../core/sharding';
import type { ShardKeyIndex } from '../../core/sharding';
import type { Cluster } from '../cluster';
import type { SimParams } from '../params';
import { equalSegments, hashMod, ownerBySegments, segmentTable, splitSegmentsFrom } from './reshard';
import type { OwnedSegment } from './reshard';
import { jumpHash, keyHashHi, keyHashLo } from '../cluster';
import type { ReshardEvent } from '../params';
import { bookmarkBytes, eventEnvelopeBytes, listOverheadBytes, wireRatio } from '../cluster';
import type { ReshardStrategy } from '../params';

/** A mode's layout: hash-range segments, or the client-side bucket functions. */
export type Layout =
  | { readonly kind: 'segments'; readonly n: number; readonly segs: readonly OwnedSegment[] }
  | { readonly kind: 'jump'; readonly n: number }
  | { readonly kind: 'mod'; readonly n: number };

/** The layout a strategy gives for `to` replicas from `prev`. */
export function nextLayout(prev: Layout, strategy: ReshardStrategy, to: number): Layout {
  switch (strategy) {
    case 'equal-ranges':
      return { kind: 'segments', n: to, segs: equalSegments(to) };
    case 'range-splitting':
      return { kind: 'segments', n: to, segs: splitSegmentsFrom(prev.kind === 'segments' ? prev.segs : equalSegments(prev.n), prev.n, to) };
    case 'jump-hash':
      return { kind: 'jump', n: to };
    case 'hash-mod':
      return { kind: 'mod', n: to };
  }
}

function ownerOf(l: Layout): (hi: number, lo: number) => number {
  if (l.kind === 'jump') return (h, lo) => jumpHash(h, lo, l.n);
  if (l.kind === 'mod') return (h, lo) => hashMod(h, lo, l.n);
  const t = segmentTable(l.segs);
  return (h, lo) => ownerBySegments(t, h, lo);
}

function sameOwnership(a: Layout, b: Layout, i: number): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'segments' || b.kind !== 'segments') return a.n === b.n;
  const sa = a.segs.filter((s) => s.owner === i);
  const sb = b.segs.filter((s) => s.owner === i);
  return sa.length === sb.length && sa.every((s, k) => s.start === sb[k]!.start && s.end === sb[k]!.end);
}

/** A bound of the hash space as selector text: 16 hex digits, or 2^64 for the end. */
function hex64(v: bigint): string {
  return v >= 1n << 64n ? '0x10000000000000000' : '0x' + v.toString(16).padStart(16, '0');
}

/** The hex ranges each replica holds in a segments layout. */
export function layoutRanges(l: Layout): { start: string; end: string }[][] {
  const out: { start: string; end: string }[][] = Array.from({ length: l.n }, () => []);
  if (l.kind !== 'segments') return out;
  for (const s of l.segs) out[s.owner]!.push({ start: hex64(s.start), end: hex64(s.end) });
  return out;
}

/** Summary of one hand-off (JSON-ready). */
export interface HandoffSummary {
  readonly mode: 'client' | 'server';
  readonly at: number;
  readonly strategy: ReshardStrategy;
  readonly rollout: ReshardEvent['rollout']['kind'];
  readonly from: number;
  readonly to: number;
  /** Objects live at the start of the reshard. */
  readonly objects: number;
  /** Objects whose owner changed, and their share. */
  readonly moved: number;
  readonly movedFraction: number;
  /** Integral over time of the objects owned by no replica / by two or more. */
  readonly orphanObjectSeconds: number;
  readonly duplicateObjectSeconds: number;
  /** Seconds from the event until every object has exactly one owner again. */
  readonly settleSeconds: number;
  /** Most objects orphaned / duplicated at once. */
  readonly peakOrphans: number;
  readonly peakDuplicates: number;
  /** Bytes of the relists (every restarted or added replica's LIST with its new selector). */
  readonly relistBytes: number;
  readonly relists: number;
  /** Per replica (index in the larger layout): restart time or null, and LIST bytes. */
  readonly replicas: readonly { readonly index: number; readonly restartAt: number | null; readonly listAt: number | null; readonly syncedAt: number | null; readonly listBytes: number }[];
}

const INF = Number.POSITIVE_INFINITY;

/** Owner functions of a hand-off's layouts, built once per instance (checkpoints copy instances, never closures). */
const owners = new WeakMap<Handoff, [(hi: number, lo: number) => number, (hi: number, lo: number) => number]>();
function ownerFns(h: Handoff): [(hi: number, lo: number) => number, (hi: number, lo: number) => number] {
  let f = owners.get(h);
  if (!f) {
    f = [ownerOf(h.prev), ownerOf(h.next)];
    owners.set(h, f);
  }
  return f;
}

/** One reshard's hand-off in one mode. */
export class Handoff {
  readonly mode: 'client' | 'server';
  readonly at: number;
  readonly strategy: ReshardStrategy;
  readonly rolloutKind: ReshardEvent['rollout']['kind'];
  readonly from: number;
  readonly to: number;
  readonly objects: number;
  readonly moved: number;
  /** Objects per (old owner, new owner), from x to. */
  readonly pairs: Float64Array;
  /** Old owner a lets go at release[a] (Infinity: never); new owner b owns from acquire[b] (-Infinity: already). */
  readonly release: Float64Array;
  readonly acquire: Float64Array;
  readonly unchanged: Uint8Array;
  /** Per replica of the larger layout: restart time (NaN: none) and LIST bytes. */
  readonly restartAt: Float64Array;
  /** When each replica's informer lists (its restart plus the pod's restart, if it restarts), NaN if it does not. */
  readonly listAt: Float64Array;
  readonly listBytes: Float64Array;
  /** The step function: from breaks[k] on, orphans[k] / duplicates[k] objects. */
  readonly breaks: Float64Array;
  readonly orphans: Float64Array;
  readonly duplicates: Float64Array;
  orphanObjectSeconds: number;
  duplicateObjectSeconds: number;
  settleAt: number;
  /** The layouts before and after (owners of objects created during the window). */
  readonly prev: Layout;
  readonly next: Layout;
  /** The index of the shard key the ranges hash (`SHARD_KEY_TABLE`). */
  readonly keyIndex: ShardKeyIndex;
  /** Last release or acquire: objects created from then on have one owner at once. */
  readonly windowEnd: number;
  /**
   * Objects created during the window: step changes (time, +-1 orphan, +-1 duplicate), and
   * their running sums in time order (rebuilt when stale).
   */
  private readonly added: { t: number; o: number; d: number }[] = [];
  private addedSums: { t: Float64Array; o: Float64Array; d: Float64Array } | null = null;

  constructor(mode: 'client' | 'server', event: ReshardEvent, strategy: ReshardStrategy, prev: Layout, next: Layout, cluster: Cluster, params: SimParams) {
    this.mode = mode;
    this.at = event.at;
    this.strategy = strategy;
    this.rolloutKind = event.rollout.kind;
    const from = prev.n;
    const to = next.n;
    this.from = from;
    this.to = to;
    this.prev = prev;
    this.next = next;
    const keyIndex = shardKeyIndex(params.replicas.key);
    const H = keyHashHi(cluster, keyIndex);
    const L = keyHashLo(cluster, keyIndex);
    const before = ownerOf(prev);
    const after = ownerOf(next);
    const pairs = new Float64Array(from * to);
    const newJson = new Float64Array(to);
    // Per new owner, and in all: objects and wire bytes item by item (as a streaming list sends them).
    const newCount = new Float64Array(to);
    const newWire = new Float64Array(to);
    let allWire = 0;
    const wr = wireRatio(params.sizes);
    const n = cluster.liveCount;
    for (let k = 0; k < n; k++) {
      const s = cluster.liveSlots[k]!;
      const a = before(H[s]!, L[s]!);
      const b = after(H[s]!, L[s]!);
      pairs[a * to + b]!++;
      newJson[b]! += cluster.jsonBytes[s]!;
      const w = Math.round(cluster.jsonBytes[s]! * wr);
      newCount[b]!++;
      newWire[b]! += w;
      allWire += w;
    }
    let moved = 0;
    for (let a = 0; a < from; a++) for (let b = 0; b < to; b++) if (a !== b) moved += pairs[a * to + b]!;
    this.pairs = pairs;
    this.objects = n;
    this.moved = moved;

    // Which replicas restart, and how long each LIST takes.
    const m = Math.max(from, to);
    const unchanged = new Uint8Array(m);
    for (let i = 0; i < Math.min(from, to); i++) unchanged[i] = sameOwnership(prev, next, i) ? 1 : 0;
    const ratio = wireRatio(params.sizes);
    const overhead = listOverheadBytes(params.sizes.encoding);
    const streaming = params.replicas.initialList === 'watch-list';
    const envelope = eventEnvelopeBytes(params.sizes.encoding);
    const endBookmark = bookmarkBytes(params.sizes.encoding);
    const listBytes = new Float64Array(m);
    const listSeconds = new Float64Array(m);
    const servers = params.apiServers.count;
    for (let i = 0; i < to; i++) {
      const server = params.replicas.apiServerOf[i] ?? i % servers;
      const gate = params.apiServers.gates[server] ?? true;
      const whole = mode === 'client' || !gate;
      // A LIST: the list envelope and the items; a streaming list: each item in its watch
      // envelope and the BOOKMARK that ends the initial events (as the informer counts them).
      listBytes[i] = streaming
        ? (whole ? allWire : newWire[i]!) + (whole ? n : newCount[i]!) * envelope + endBookmark
        : overhead + Math.round((whole ? cluster.liveJsonBytes : newJson[i]!) * ratio);
      listSeconds[i] = params.costs.listRttSeconds + listBytes[i]! / params.costs.listBytesPerSecond;
    }
    // A replica's pod restarting (or a new one starting) is away this long before its informer lists.
    const podRestart = params.replicas.podRestartSeconds;
    const listAt = new Float64Array(m).fill(NaN);
    // Restart times by rollout.
    const T = event.at;
    const restartAt = new Float64Array(m).fill(NaN);
    const release = new Float64Array(from).fill(INF);
    const acquire = new Float64Array(to).fill(-INF);
    const kept: number[] = [];
    for (let i = Math.min(from, to) - 1; i >= 0; i--) if (!unchanged[i]) kept.push(i); // highest index first
    const added: number[] = [];
    for (let i = from; i < to; i++) added.push(i);
    const removed: number[] = [];
    for (let i = from - 1; i >= to; i--) removed.push(i);
    const breakBeforeMake = (i: number, r: number) => {
      restartAt[i] = r;
      if (i < from) release[i] = r;
      if (i < to) {
        listAt[i] = r + podRestart;
        acquire[i] = listAt[i]! + listSeconds[i]!;
      }
    };
    const r = event.rollout;
    if (r.kind === 'all-at-once') {
      for (const i of [...added, ...kept, ...removed]) breakBeforeMake(i, T);
    } else if (r.kind === 'one-by-one') {
      // A StatefulSet: scaling up creates the new pods, scaling down removes the highest
      // first; then the rolling restart goes from the highest index down.
      const order = to > from ? [...added, ...kept] : [...removed, ...kept];
      order.forEach((i, j) => breakBeforeMake(i, T + j * r.everySeconds));
    } else {
      let synced = T;
      for (const i of added) {
        breakBeforeMake(i, T);
        synced = Math.max(synced, acquire[i]!);
      }
      const every = r.everySeconds ?? 0;
      let last = synced;
      kept.forEach((i, j) => {
        const start = synced + j * every;
        restartAt[i] = start;
        // The running pod starts a second informer (no pod restart): the old one runs until
        // the new one has synced, then the replica switches.
        listAt[i] = start;
        release[i] = acquire[i] = start + listSeconds[i]!;
        last = Math.max(last, acquire[i]!);
      });
      for (const i of removed) {
        restartAt[i] = last;
        release[i] = last;
      }
    }
    for (const i of removed) listBytes[i] = 0;
    this.unchanged = unchanged;
    this.release = release;
    this.acquire = acquire;
    this.restartAt = restartAt;
    this.listAt = listAt;
    this.listBytes = listBytes;

    // Object-seconds in closed form, and the step function over the break points.
    let orphanS = 0;
    let dupS = 0;
    let settle = T;
    for (let a = 0; a < from; a++) {
      for (let b = 0; b < to; b++) {
        const c = pairs[a * to + b]!;
        if (c === 0 || (a === b && unchanged[a])) continue;
        const rel = release[a]!;
        const acq = acquire[b]!;
        if (acq > rel) {
          orphanS += c * (acq - rel);
          settle = Math.max(settle, acq);
        } else if (rel > acq) {
          dupS += c * (rel - acq);
          settle = Math.max(settle, rel);
        }
      }
    }
    this.orphanObjectSeconds = orphanS;
    this.duplicateObjectSeconds = dupS;
    this.settleAt = settle;
    const points = new Set<number>([T]);
    for (const v of release) if (Number.isFinite(v)) points.add(v);
    for (const v of acquire) if (Number.isFinite(v)) points.add(v);
    const breaks = Float64Array.from([...points].sort((x, y) => x - y));
    const orphans = new Float64Array(breaks.length);
    const dups = new Float64Array(breaks.length);
    breaks.forEach((t, k) => {
      const [o, d] = this.countAt(t);
      orphans[k] = o;
      dups[k] = d;
    });
    this.breaks = breaks;
    this.orphans = orphans;
    this.duplicates = dups;
    this.keyIndex = keyIndex;
    let end = T;
    for (const v of [...release, ...acquire]) if (Number.isFinite(v)) end = Math.max(end, v);
    this.windowEnd = end;
  }

  /**
   * An object created at time c (at <= c < windowEnd) with hash (hi, lo) of the sharding key:
   * owned by its old owner from c until that owner lets go, by its new owner once it has
   * synced; counted in the orphan / duplicate object-seconds and the counts over time.
   */
  noteAdd(c: number, hi: number, lo: number): void {
    const [before, after] = ownerFns(this);
    const a = before(hi, lo);
    const b = after(hi, lo);
    if (a === b && this.unchanged[a]) return;
    const rel = this.release[a]!;
    const acq = this.acquire[b]!;
    if (acq > rel) {
      const from = Math.max(c, rel);
      if (from >= acq) return;
      this.orphanObjectSeconds += acq - from;
      this.added.push({ t: from, o: 1, d: 0 }, { t: acq, o: -1, d: 0 });
      this.settleAt = Math.max(this.settleAt, acq);
    } else if (rel > acq) {
      const from = Math.max(c, acq);
      if (from >= rel) return;
      this.duplicateObjectSeconds += rel - from;
      this.added.push({ t: from, o: 0, d: 1 }, { t: rel, o: 0, d: -1 });
      this.settleAt = Math.max(this.settleAt, rel);
    } else {
      return;
    }
    this.addedSums = null;
  }

  /** Orphans and duplicates at time t among objects created during the window. */
  private addedAt(t: number): [number, number] {
    if (this.added.length === 0) return [0, 0];
    if (!this.addedSums) {
      const sorted = [...this.added].sort((x, y) => x.t - y.t);
      const n = sorted.length;
      const ts = new Float64Array(n);
      const os = new Float64Array(n);
      const ds = new Float64Array(n);
      let o = 0;
      let d = 0;
      sorted.forEach((e, k) => {
        o += e.o;
        d += e.d;
        ts[k] = e.t;
        os[k] = o;
        ds[k] = d;
      });
      this.addedSums = { t: ts, o: os, d: ds };
    }
    const { t: ts, o: os, d: ds } = this.addedSums;
    // The last change at or before t.
    let lo = 0;
    let hi = ts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ts[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? [0, 0] : [os[lo - 1]!, ds[lo - 1]!];
  }

  /** Orphaned and duplicated objects at time t (t >= at), straight from the histogram. */
  countAt(t: number): [number, number] {
    let o = 0;
    let d = 0;
    const { from, to, pairs, release, acquire, unchanged } = this;
    for (let a = 0; a < from; a++) {
      for (let b = 0; b < to; b++) {
        const c = pairs[a * to + b]!;
        if (c === 0 || (a === b && unchanged[a])) continue;
        const owners = (t < release[a]! ? 1 : 0) + (t >= acquire[b]! ? 1 : 0);
        if (owners === 0) o += c;
        else if (owners > 1) d += c;
      }
    }
    return [o, d];
  }

  /** Orphans and duplicates at time t, from the step function (O(log breaks)). */
  stepAt(t: number): [number, number] {
    const br = this.breaks;
    if (t < br[0]!) return [0, 0];
    const [ao, ad] = this.addedAt(t);
    let lo = 0;
    let hi = br.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (br[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return [this.orphans[lo]! + ao, this.duplicates[lo]! + ad];
  }

  /**
   * The hash ranges each replica (of the larger layout) holds at time t, as hex bounds: its old
   * ranges until it lets go of them, its new ones once its informer has synced. Null unless
   * both layouts are ranges (jump hash and hash-mod have no stretches to draw).
   */
  heldAt(t: number): { start: string; end: string }[][] | null {
    if (this.prev.kind !== 'segments' || this.next.kind !== 'segments') return null;
    const out: { start: string; end: string }[][] = Array.from({ length: Math.max(this.from, this.to) }, () => []);
    for (const s of this.prev.segs) if (t < this.release[s.owner]!) out[s.owner]!.push({ start: hex64(s.start), end: hex64(s.end) });
    for (const s of this.next.segs) if (t >= this.acquire[s.owner]!) out[s.owner]!.push({ start: hex64(s.start), end: hex64(s.end) });
    return out;
  }

  /** LIST bytes of the restarts in (t0, t1]. */
  relistBytesBetween(t0: number, t1: number): number {
    let sum = 0;
    for (let i = 0; i < this.listAt.length; i++) {
      const r = this.listAt[i]!;
      if (r > t0 && r <= t1) sum += this.listBytes[i]!;
    }
    return sum;
  }

  /** Relist bytes of restarts that happened by time t. */
  relistBytesBy(t: number): number {
    return this.relistBytesBetween(-INF, t);
  }

  /** Most objects orphaned / duplicated at once, created ones included. */
  private peaks(): { peakOrphans: number; peakDuplicates: number } {
    if (this.added.length === 0) return { peakOrphans: Math.max(0, ...this.orphans), peakDuplicates: Math.max(0, ...this.duplicates) };
    let o = 0;
    let d = 0;
    for (const t of [...this.breaks, ...this.added.map((e) => e.t)]) {
      const [x, y] = this.stepAt(t);
      o = Math.max(o, x);
      d = Math.max(d, y);
    }
    return { peakOrphans: o, peakDuplicates: d };
  }

  summary(): HandoffSummary {
    let relists = 0;
    let relistBytes = 0;
    const replicas: { index: number; restartAt: number | null; listAt: number | null; syncedAt: number | null; listBytes: number }[] = [];
    for (let i = 0; i < this.restartAt.length; i++) {
      const r = this.restartAt[i]!;
      const lists = !Number.isNaN(r) && i < this.to;
      if (lists) {
        relists++;
        relistBytes += this.listBytes[i]!;
      }
      const l = this.listAt[i]!;
      replicas.push({ index: i, restartAt: Number.isNaN(r) ? null : r, listAt: Number.isNaN(l) ? null : l, syncedAt: i < this.to && Number.isFinite(this.acquire[i]!) ? this.acquire[i]! : null, listBytes: lists ? this.listBytes[i]! : 0 });
    }
    return {
      mode: this.mode,
      at: this.at,
      strategy: this.strategy,
      rollout: this.rolloutKind,
      from: this.from,
      to: this.to,
      objects: this.objects,
      moved: this.moved,
      movedFraction: this.objects > 0 ? this.moved / this.objects : 0,
      orphanObjectSeconds: this.orphanObjectSeconds,
      duplicateObjectSeconds: this.duplicateObjectSeconds,
      settleSeconds: this.settleAt - this.at,
      ...this.peaks(),
      relistBytes,
      relists,
      replicas,
    };
  }
}
