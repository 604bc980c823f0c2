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
import { Lineage } from './lineage';
import { Capture, Lineages, Restore } from './copy';

/** The checkpoint memory budget: 200 MB (the shadows plus the recorded changes). */
export const CHECKPOINT_BUDGET_BYTES = 200_000_000;

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
    // No budget, no checkpoints (the command line never steps back): nothing is copied at all,
    // instead of copying the whole state and evicting it at once.
    if (this.budgetBytes <= 0) return;
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
