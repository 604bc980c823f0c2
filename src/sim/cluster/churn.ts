/**
 * The event source: ADDED, MODIFIED and DELETED at configured rates (Poisson counts per
 * tick, interleaved at random), rolling updates that replace every pod of one namespace,
 * and periodic BOOKMARKs. It mutates the cluster and writes the events into a batch that
 * both modes then consume, so client-side and server-side see the very same stream.
 */
import { MAX_LIVE_OBJECTS } from './cluster';
import type { Cluster } from './cluster';
import { EV_ADDED,  EV_DELETED, EV_MODIFIED, NO_SLOT } from './events';
import type { EventBatch } from './events';
import type { ResolvedChurn } from '../params';
import type { Prng } from './prng';

// Module-local copies (see mode.ts): imported bindings can be getter calls under some loaders.
const T_ADDED = EV_ADDED;
const T_MODIFIED = EV_MODIFIED;
const T_DELETED = EV_DELETED;
const NONE = NO_SLOT;
const MAX_LIVE = MAX_LIVE_OBJECTS;

export { EVENTS_PER_REPLACED_POD } from '../params';

/** Rolling updates remembered for chart markers (the oldest are dropped beyond this). */
export const BURST_MARKS_KEPT = 1024;

/** One recorded rolling update (namespace by index; times in simulated seconds). */
interface BurstRecord {
  readonly start: number;
  end: number | null;
  readonly namespace: number;
}

/** The state of the rolling update in progress. */
interface Burst {
  readonly namespace: number;
  readonly queue: Uint32Array;
  /**
   * Simulated time it started. A queued slot whose object was deleted meanwhile may hold a
   * newer object (slots are reused); one created at or after the start is not a victim.
   */
  readonly start: number;
  next: number;
  /** Queue positions before this hold their final (randomly drawn) victims. */
  drawn: number;
  readonly prng: Prng;
  readonly endTick: number;
  carry: number;
}

/** Generates the shared event stream tick by tick. */
export class ChurnSource {
  private burst: Burst | null = null;
  /** Rolling updates so far (at most {@link BURST_MARKS_KEPT}), oldest first; the last may still run. */
  private readonly marks: BurstRecord[] = [];
  /** Adds refused because the cluster held {@link MAX_LIVE_OBJECTS} live objects. */
  refusedAdds = 0;

  constructor(
    private params: ResolvedChurn,
    private readonly cluster: Cluster,
    private readonly prng: Prng,
  ) {}

  setParams(params: ResolvedChurn): void {
    this.params = params;
  }

  /** The namespace a rolling update is replacing now, or -1. */
  get burstNamespace(): number {
    return this.burst ? this.burst.namespace : -1;
  }

  /**
   * Rolling updates that ran at or after `since` (simulated seconds), oldest first: start,
   * end (null while it runs) and namespace, for marking them on a time axis.
   */
  burstMarks(since: number): BurstMark[] {
    const names = this.cluster.namespaceNames;
    return this.marks
      .filter((m) => m.end === null || m.end >= since)
      .map((m) => ({ start: m.start, end: m.end, namespace: names[m.namespace]! }));
  }

  /** Ends the burst in progress at simulated time `t` (its mark gets its end). */
  private endBurst(t: number): void {
    if (!this.burst) return;
    const last = this.marks[this.marks.length - 1];
    if (last && last.end === null) last.end = t;
    this.burst = null;
  }

  /** Fills `batch` with tick `tick`'s events (the batch is appended to, not cleared). */
  generate(tick: number, tickSeconds: number, batch: EventBatch): void {
    const p = this.params;
    const c = this.cluster;
    const prng = this.prng;
    const t = tick * tickSeconds;
    if (p.burst.enabled && p.burst.podsPerSecond > 0) {
      // Bursts start half a period in (15 s, 45 s, ... by default), so a run of k periods
      // holds k bursts and the first shows up soon after the start.
      const every = Math.max(1, Math.round(p.burst.everySeconds / tickSeconds));
      if (tick % every === every >> 1) this.startBurst(tick, tickSeconds);
    } else {
      this.endBurst(t);
    }
    // Poisson counts per type, then a uniformly random interleaving of them.
    let nAdd = prng.poisson(p.addsPerSecond * tickSeconds);
    let nMod = prng.poisson(p.modifiesPerSecond * tickSeconds);
    let nDel = prng.poisson(p.deletesPerSecond * tickSeconds);
    let remaining = nAdd + nMod + nDel;
    while (remaining > 0) {
      const u = prng.int(remaining);
      remaining--;
      if (u < nAdd) {
        nAdd--;
        if (c.liveCount >= MAX_LIVE) {
          this.refusedAdds++;
          if (nDel === 0) {
            // Nothing this tick can make room: refuse the remaining adds at once.
            this.refusedAdds += nAdd;
            remaining -= nAdd;
            nAdd = 0;
          }
          continue;
        }
        const s = c.create(c.drawNamespace(), t);
        batch.push(T_ADDED, NONE, s, c.rv[s]!);
      } else if (u < nAdd + nMod) {
        nMod--;
        const s = c.pickLive(prng);
        if (s < 0) continue;
        const rv = c.bump();
        c.rv[s] = rv;
        batch.push(T_MODIFIED, s, s, rv);
      } else {
        nDel--;
        const s = c.pickLive(prng);
        if (s < 0) continue;
        const rv = c.bump();
        c.rv[s] = rv;
        c.remove(s);
        batch.push(T_DELETED, s, NONE, rv);
      }
    }
    this.burstTick(tick, tickSeconds, t, batch);
    // BOOKMARKs are not part of the stream: the watch cache sends them to each watcher on its
    // own schedule (see ../client/lifecycle).
  }

  private startBurst(tick: number, tickSeconds: number): void {
    const c = this.cluster;
    if (c.namespaceCount === 0) return;
    const ns = c.drawNamespacedOnly();
    const queue = new Uint32Array(c.nsLive[ns]!);
    let k = 0;
    // Slots in order (two arrays read front to back, not a million scattered reads). Fields
    // are read once: a property read per iteration costs more than the test itself.
    const alive = c.alive;
    const nsOf = c.nsOf;
    const slots = c.slots;
    for (let s = 0; s < slots && k < queue.length; s++) if (alive[s] === 1 && nsOf[s] === ns) queue[k++] = s;
    const endTick = tick + Math.max(1, Math.round(this.params.burst.maxSeconds / tickSeconds));
    const t = tick * tickSeconds;
    this.endBurst(t);
    // The initial pods sit in hash order, so the queue is too: replacing them in that order
    // would empty the low end of the hash space first and make replica 0 look hot. A rolling
    // update picks its victims in no particular order, so they are drawn in a uniformly random
    // order, one at a time as they are needed (Fisher-Yates, a step per victim: a burst
    // replaces a few hundred pods of a namespace that may hold a quarter of a million), from
    // a generator of its own so that how far it goes leaves the churn's draws alone.
    this.burst = { namespace: ns, queue: queue.subarray(0, k), start: t, next: 0, drawn: 0, prng: this.prng.fork(`burst ${tick}`), endTick, carry: 0 };
    this.marks.push({ start: t, end: null, namespace: ns });
    if (this.marks.length > BURST_MARKS_KEPT) this.marks.splice(0, this.marks.length - BURST_MARKS_KEPT);
  }

  /** Replaces this tick's share of the burst's pods: terminate, delete, create, schedule, ready. */
  private burstTick(tick: number, tickSeconds: number, t: number, batch: EventBatch): void {
    const b = this.burst;
    if (!b) return;
    if (tick >= b.endTick || b.next >= b.queue.length) {
      this.endBurst(t);
      return;
    }
    const c = this.cluster;
    b.carry += this.params.burst.podsPerSecond * tickSeconds;
    let n = Math.floor(b.carry);
    b.carry -= n;
    const q = b.queue;
    while (n > 0 && b.next < q.length) {
      if (b.drawn === b.next) {
        // The next victim, uniformly among those not drawn yet.
        const j = b.next + b.prng.int(q.length - b.next);
        const x = q[j]!;
        q[j] = q[b.next]!;
        q[b.next] = x;
        b.drawn++;
      }
      const old = q[b.next]!;
      // Already gone through ordinary churn (its slot may even hold a newer object by now).
      if (!c.alive[old] || c.created[old]! >= b.start) {
        b.next++;
        continue;
      }
      if (c.liveCount >= MAX_LIVE) {
        // The replacement is created before the old pod goes: at the cap it is refused, and
        // the old pod waits for a later tick.
        this.refusedAdds++;
        break;
      }
      b.next++;
      n--;
      const s = c.create(b.namespace, t);
      batch.push(T_ADDED, NONE, s, c.rv[s]!);
      let rv = c.bump();
      c.rv[s] = rv;
      batch.push(T_MODIFIED, s, s, rv); // scheduled
      rv = c.bump();
      c.rv[old] = rv;
      batch.push(T_MODIFIED, old, old, rv); // deletionTimestamp set
      rv = c.bump();
      c.rv[old] = rv;
      c.remove(old);
      batch.push(T_DELETED, old, NONE, rv);
      rv = c.bump();
      c.rv[s] = rv;
      batch.push(T_MODIFIED, s, s, rv); // ready
    }
  }

  /**
   * Expected pods replaced per second by rolling updates in each namespace (index
   * `namespaceCount`, cluster-scoped, is always 0), averaged over a burst period: a burst
   * picks namespace i with its Zipf weight and replaces min(its pods, rate x duration) of
   * them, the duration being cut short when the next burst starts first.
   */
  expectedBurstPodsPerSecond(): Float64Array {
    const c = this.cluster;
    const out = new Float64Array(c.namespaceCount + 1);
    const p = this.params.burst;
    if (!p.enabled || p.podsPerSecond <= 0) return out;
    const cap = p.podsPerSecond * Math.min(p.maxSeconds, p.everySeconds);
    for (let i = 0; i < c.namespaceCount; i++) out[i] = (c.namespaceWeight(i) * Math.min(c.nsLive[i]!, cap)) / p.everySeconds;
    return out;
  }
}

/** One rolling update, for marking it on a time axis. */
export interface BurstMark {
  /** Simulated time it started, seconds. */
  readonly start: number;
  /** Simulated time it ended, or null while it runs. */
  readonly end: number | null;
  /** The namespace whose pods it replaces. */
  readonly namespace: string;
}
