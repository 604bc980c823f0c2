import { describe, expect, it } from 'vitest';
import { BYTES_PER_CHANGED_WORD, CheckpointError, CheckpointStore } from '../time';
import { createPrng } from '../cluster';
import type { SimParamsInput } from '../params';
import { createSimulation } from './simulation';
import type { Simulation } from './api';

/** A busy small cluster: checkpoints every 10 simulated seconds (40,000 / 4,000 events/s). */
function busy(seed: string, extra: SimParamsInput = {}): SimParamsInput {
  return {
    seed,
    cluster: { pods: 3_000, namespaces: 12 },
    churn: { addsPerSecond: 300, modifiesPerSecond: 3_400, deletesPerSecond: 300, bookmarkIntervalSeconds: 5, burst: { enabled: true, everySeconds: 7, podsPerSecond: 40, maxSeconds: 2 } },
    replicas: { count: 3 },
    ...extra,
  };
}

/** Everything a snapshot shows but the version counter, plus the recent events and a LIST. */
function state(sim: Simulation): string {
  // The version counter, "events in the last step" and what the checkpoints hold depend on
  // how the time was reached.
  const { version: _v, stepBack: _b, churn, ...snap } = sim.snapshot();
  const { lastStep: _l, ...churnRest } = churn;
  const text = JSON.stringify({ snap, churn: churnRest, events: sim.recentEvents(64), list: sim.listFor('server', 1, { limit: 5 }), watch: sim.watchEventsFor('client', 0, 8) });
  return text;
}

/** Where two states first differ (a short window), or '' when equal: readable failures. */
function diff(a: string, b: string): string {
  if (a === b) return '';
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: ...${a.slice(Math.max(0, i - 200), i + 60)}\n vs ...${b.slice(Math.max(0, i - 200), i + 60)}`;
}

type Change = { at: number; input: SimParamsInput };

/** A fresh run (no seeking) to `t` with the same changes. */
function replay(params: SimParamsInput, changes: Change[], t: number): Simulation {
  const sim = createSimulation(params);
  for (const c of changes) {
    if (c.at > t) break;
    sim.step(c.at - sim.time);
    sim.reconfigure(c.input);
  }
  sim.step(Math.round((t - sim.time) * 100) / 100);
  return sim;
}

const CASES: { name: string; params: SimParamsInput; changes: Change[] }[] = [
  { name: 'seed a, no changes', params: busy('a'), changes: [] },
  {
    name: 'seed b, gate off then more replicas',
    params: busy('b', { apiServers: { count: 2, gates: [true, true] } }),
    changes: [
      { at: 12.3, input: { apiServers: { count: 2, gates: [false, true] } } },
      { at: 31, input: { replicas: { count: 5 } } },
    ],
  },
  {
    name: 'seed c, jump hash client filter, churn change, protobuf',
    params: busy('c', { replicas: { count: 4, clientFilter: 'jump' }, sizes: { encoding: 'protobuf' } }),
    changes: [{ at: 20, input: { churn: { modifiesPerSecond: 800 } } }],
  },
];

describe('checkpoints: seeking back restores the nearest checkpoint and replays', () => {
  for (const c of CASES) {
    it(`${c.name}: seek back after running further equals a fresh replay, and so do the events after it`, () => {
      const sim = createSimulation(c.params);
      for (const ch of c.changes) {
        sim.step(ch.at - sim.time);
        sim.reconfigure(ch.input);
      }
      sim.step(55 - sim.time);
      expect(sim.checkpointStats().count).toBeGreaterThanOrEqual(4);
      for (const t of [37.5, 20, 20.01, 19.99, 9.99, 3]) {
        sim.seek(t);
        const fresh = replay(c.params, c.changes, t);
        expect(sim.time).toBe(t);
        expect(diff(state(sim), state(fresh))).toBe('');
        sim.step(4.3);
        fresh.step(4.3);
        expect(diff(state(sim), state(fresh))).toBe('');
      }
    }, 120_000);
  }

  it('seeks back, forward, back again, and to exactly a checkpoint time and just before it', () => {
    const params = busy('d');
    const sim = createSimulation(params);
    sim.step(45);
    const ticks = sim.checkpointStats().ticks;
    expect(ticks).toContain(3000); // one at 30 s
    for (const t of [30, 29.99, 41, 12, 30.01, 30, 0]) {
      sim.seek(t);
      expect(diff(state(sim), state(replay(params, [], t)))).toBe('');
    }
  }, 120_000);

  it('a change after seeking back rewrites the future: later checkpoints are dropped, and replays stay exact', () => {
    const params = busy('e');
    const sim = createSimulation(params);
    sim.step(50);
    sim.seek(15);
    expect(Math.max(...sim.checkpointStats().ticks)).toBeLessThanOrEqual(1500);
    sim.reconfigure({ replicas: { count: 2 } });
    sim.step(30);
    sim.seek(33.3);
    expect(diff(state(sim), state(replay(params, [{ at: 15, input: { replicas: { count: 2 } } }], 33.3)))).toBe('');
  }, 120_000);
});

describe('the hash-space picture and the checkpoints', () => {
  it('is not checkpointed (the page asks for it every frame and it shifts whole arrays); a step back rebuilds it, equal to a replay', () => {
    const params = busy('hv', { cluster: { pods: 20_000 } });
    const viewed = createSimulation(params);
    const plain = createSimulation(params);
    for (let i = 0; i < 20; i++) {
      viewed.step(1);
      // Everything the page reads between steps.
      viewed.snapshot();
      viewed.hashSpace();
      viewed.recentEvents(64);
      viewed.listFor('server', 1, { limit: 5 });
      viewed.watchEventsFor('client', 0, 8);
      viewed.metricsText('server', 0);
      viewed.objectsNear(0.3, 5);
      plain.step(1);
    }
    // Reading adds next to nothing to the checkpoints: in the page, the hash-space picture
    // used to spend the 200 MB budget within seconds at a million objects (here it added 11%
    // in 20 s). What is left: a snapshot's small byte-size cache, and the hash index folding
    // its pending list in at another moment when a read asks it (same answers).
    const [a, b] = [viewed.checkpointStats(), plain.checkpointStats()];
    expect(a.ticks).toEqual(b.ticks);
    expect(a.bytes / b.bytes).toBeGreaterThan(0.99);
    expect(a.bytes / b.bytes).toBeLessThan(1.01);
    // Exactly to a checkpoint (nothing replayed, so nothing marks the picture stale).
    const ticks = viewed.checkpointStats().ticks;
    const to = ticks[ticks.length - 3]! / 100;
    expect(to).toBeLessThan(19);
    viewed.seek(to);
    const { version: _a, ...back } = viewed.hashSpace();
    const { version: _b, ...fresh } = replay(params, [], to).hashSpace();
    expect(back.count).toBeGreaterThan(19_000);
    expect(back).toEqual(fresh);
    // And it keeps up incrementally from there.
    viewed.step(3);
    const { version: _c, ...later } = viewed.hashSpace();
    const { version: _d, ...laterFresh } = replay(params, [], to + 3).hashSpace();
    expect(later).toEqual(laterFresh);
  });
});

describe('checkpoint memory budget', () => {
  it('a long run never holds more checkpoint bytes than the budget, and seeking still replays exactly', () => {
    const budget = 8 * 1024 * 1024;
    const params = busy('f', { cluster: { pods: 20_000 } });
    const sim = createSimulation(params, { checkpointBudgetBytes: budget });
    let peak = 0;
    sim.step(1);
    expect(sim.snapshot().stepBack).toEqual({ quickFrom: 0, bytes: sim.checkpointStats().bytes, budgetBytes: budget });
    for (let i = 0; i < 30; i++) {
      sim.step(i === 0 ? 9 : 10);
      const s = sim.checkpointStats();
      expect(s.bytes).toBeLessThanOrEqual(budget);
      peak = Math.max(peak, s.bytes);
      expect(s.peakBytes).toBeLessThanOrEqual(budget);
    }
    const s = sim.checkpointStats();
    // The budget binds (checkpoints were evicted); the most recent stretch stays covered.
    expect(s.count).toBeLessThan(30);
    expect(s.count).toBeGreaterThanOrEqual(3);
    expect(s.ticks[s.ticks.length - 1]).toBe(30_000);
    expect(peak).toBeGreaterThan(budget / 2);
    // Before the oldest checkpoint: rebuilt and replayed from the start, exactly, and that long
    // replay leaves a checkpoint at its target so that the next step back is short.
    expect(s.ticks[0]!).toBeGreaterThan(12_345);
    // The snapshot says from when a step back is quick (the timeline hatches what is before).
    expect(sim.snapshot().stepBack.quickFrom).toBe(s.ticks[0]! / 100);
    sim.seek(123.45);
    expect(diff(state(sim), state(replay(params, [], 123.45)))).toBe('');
    expect(sim.checkpointStats().ticks).toContain(12_345);
    sim.seek(123);
    expect(diff(state(sim), state(replay(params, [], 123)))).toBe('');
  }, 120_000);

  it('shares unchanged memory between checkpoints: a second checkpoint costs far less than the first', () => {
    const store = new CheckpointStore(1e9);
    const big = new Float64Array(100_000);
    const model = { big, small: new Uint8Array(10), n: 1 };
    store.take(0, 0, { model });
    const first = store.bytes;
    big[5] = 1; // one chunk changes
    store.take(100, 0, { model });
    expect(first).toBeGreaterThanOrEqual(800_000);
    expect(store.bytes - first).toBeLessThanOrEqual(16_384 + 16);
    // Each checkpoint restores what it saw.
    expect((store.restore(store.at(50)!).model as typeof model).big[5]).toBe(0);
    expect((store.restore(store.at(100)!).model as typeof model).big[5]).toBe(1);
  });
});

describe('checkpoint granularity', () => {
  it('a checkpoint records only the 32-bit words that changed: 8 bytes each (index, old value), however scattered', () => {
    // Churn writes random slots: at 1,000,000 objects two seconds of it touch a few thousand
    // words spread over 130 MB, so recording words (not chunks) keeps hundreds of checkpoints.
    const store = new CheckpointStore(1e9);
    const big = new Float64Array(100_000); // 800,000 bytes
    const model = { big };
    store.take(0, 0, { model });
    const first = store.bytes;
    expect(first).toBe(800_000); // the shadow: one full copy
    for (let i = 0; i < 20; i++) big[i * 5_000 + 7] = i + 1; // 20 writes, 40,000 bytes apart
    store.take(100, 0, { model });
    // A small integer in a float64 changes only its high word.
    expect(store.bytes - first).toBe(20 * BYTES_PER_CHANGED_WORD);
    big[3] = Math.PI; // both words of one float64
    store.take(200, 0, { model });
    expect(store.bytes - first).toBe(22 * BYTES_PER_CHANGED_WORD);
    const at100 = store.restore(store.at(100)!).model as typeof model;
    for (let i = 0; i < 20; i++) expect(at100.big[i * 5_000 + 7]).toBe(i + 1);
    expect(at100.big[3]).toBe(0);
    expect([...at100.big].reduce((a, b) => a + b, 0)).toBe(210);
    expect([...(store.restore(store.at(0)!).model as typeof model).big].every((x) => x === 0)).toBe(true);
  });

  it('restores every kept checkpoint exactly through captures, evictions, drops and restores (lengths not a multiple of 4 included)', () => {
    // A model that runs on from whatever was restored, as the simulation does after a step back.
    const prng = createPrng('checkpoint-property');
    type M = { words: Int32Array; bytes: Uint8Array; floats: Float64Array; ring: Int32Array; n: number; list: number[] };
    const model: { m: M } = { m: { words: new Int32Array(4_000), bytes: new Uint8Array(1_003), floats: new Float64Array(500), ring: new Int32Array(37), n: 0, list: [] } };
    const truth = new Map<number, string>();
    const show = (m: M) => JSON.stringify([[...m.words], [...m.bytes], [...m.floats], [...m.ring], m.n, m.list]);
    // Budget: the shadows (16,000 + 1,003 + 4,000 + 148 bytes) and about 1,500 changed words.
    const store = new CheckpointStore(21_151 + 1_500 * BYTES_PER_CHANGED_WORD);
    let tick = 0;
    let evicted = 0;
    const taken: number[] = []; // the ticks taken in the run as it now stands
    let merged = false;
    for (let round = 0; round < 300; round++) {
      const m = model.m;
      for (let w = prng.int(200); w > 0; w--) {
        // Phases of scattered writes (the oldest go) and of a hot set, as counters are (middles merge).
        const r = (round >> 5) % 2 === 1 ? 3 : prng.int(3);
        if (r === 0) m.words[prng.int(m.words.length)] = prng.int(1 << 30) - (1 << 29);
        else if (r === 3) m.words[prng.int(64)] = prng.int(1000);
        else if (r === 1) m.bytes[prng.int(m.bytes.length)] = prng.int(256);
        else m.floats[prng.int(m.floats.length)] = prng.normal();
      }
      // A small ring: most rounds rewrite enough of it to keep a keyframe, some only a word or two.
      for (let w = prng.int(4) === 0 ? prng.int(3) : 10 + prng.int(40); w > 0; w--) m.ring[prng.int(m.ring.length)] = prng.int(1 << 20);
      m.n++;
      if (prng.int(4) === 0) m.list.push(m.n);
      tick += 1 + prng.int(5);
      const before = store.stats().count;
      store.take(tick, 0, model);
      truth.set(tick, show(m));
      taken.push(tick);
      const gone = before + 1 - store.stats().count;
      evicted += gone;
      const kept = store.stats().ticks;
      if (gone > 0) {
        // Every checkpoint left after an eviction restores exactly (a merge that undid to the
        // wrong state could otherwise be merged away again before anything restored it).
        for (const t of kept) expect(show(store.restore(store.at(t)!).m as M)).toBe(truth.get(t));
        model.m = store.restore(store.at(tick)!).m as M;
      }
      if (kept.some((t, i) => i > 0 && taken.indexOf(t) - taken.indexOf(kept[i - 1]!) > 1)) merged = true;
      expect(store.bytes).toBeLessThanOrEqual(store.budgetBytes);
      const action = prng.int(30);
      if (action === 0) {
        // Step back to a random kept checkpoint and run on from there.
        const ticks = store.stats().ticks;
        const to = ticks[prng.int(ticks.length)]!;
        store.dropFrom(to + 1);
        while (taken[taken.length - 1]! > to) taken.pop();
        model.m = store.restore(store.at(to)!).m as M;
        expect(show(model.m)).toBe(truth.get(to));
        tick = to;
      } else if (action === 1) {
        // Restore an older one without dropping anything (undoes the later changes).
        const ticks = store.stats().ticks;
        const to = ticks[prng.int(ticks.length)]!;
        model.m = store.restore(store.at(to)!).m as M;
        expect(show(model.m)).toBe(truth.get(to));
        model.m = store.restore(store.at(tick)!).m as M;
      }
    }
    expect(evicted).toBeGreaterThan(50); // the budget binds
    expect(merged).toBe(true); // some evictions merged a checkpoint into the next
    for (const t of store.stats().ticks) expect(show(store.restore(store.at(t)!).m as M)).toBe(truth.get(t));
  });
});

describe('stepping far back', () => {
  it('rolls back many checkpoints of many words at once, newest first, to exactly the state kept (the oldest value wins)', () => {
    const prng = createPrng('far-back');
    const big = new Int32Array(300_001); // an odd length
    const tail = new Uint8Array(7);
    const model = { big, tail };
    const store = new CheckpointStore(1e9);
    const truth: string[] = [];
    const show = (m: typeof model) => `${m.big.join(',')}|${m.tail.join(',')}`;
    for (let k = 0; k < 8; k++) {
      // 30,000 writes a checkpoint, some to words written before (the oldest value must win).
      for (let i = 0; i < 30_000; i++) big[i % 3 === 0 ? prng.int(1_000) : prng.int(big.length)] = prng.int(1 << 30);
      tail[prng.int(7)] = prng.int(256);
      store.take(k * 100, 0, { model });
      truth.push(show(model));
    }
    const full = store.bytes;
    store.dropFrom(200); // drops 6 checkpoints: 180,000 words
    expect(store.stats().ticks).toEqual([0, 100]);
    expect(store.bytes).toBeLessThan(full);
    expect(show(store.restore(store.at(100)!).model as typeof model)).toBe(truth[1]);
    expect(show(store.restore(store.at(0)!).model as typeof model)).toBe(truth[0]);
    // The bytes held are the shadows and the one remaining checkpoint's changes.
    const fresh = new CheckpointStore(1e9);
    const again = { big: new Int32Array(300_001), tail: new Uint8Array(7) };
    const [b0, b1] = [truth[0]!, truth[1]!].map((t) => t.split('|'));
    again.big.set(b0![0]!.split(',').map(Number));
    again.tail.set(b0![1]!.split(',').map(Number));
    fresh.take(0, 0, { model: again });
    again.big.set(b1![0]!.split(',').map(Number));
    again.tail.set(b1![1]!.split(',').map(Number));
    fresh.take(100, 0, { model: again });
    expect(store.bytes).toBe(fresh.bytes);
  });
});

describe('checkpoint eviction', () => {
  /** Ticks kept after 40 captures of a model whose writes each capture are `write(step)`. */
  function kept(write: (big: Int32Array, step: number) => void): readonly number[] {
    const big = new Int32Array(10_000);
    // The shadow (40,000 bytes) and about 10 captures' worth of 100 changed words.
    const store = new CheckpointStore(40_000 + 10 * 100 * BYTES_PER_CHANGED_WORD);
    for (let step = 0; step < 40; step++) {
      write(big, step);
      store.take(step * 100, 0, { big });
      expect(store.bytes).toBeLessThanOrEqual(store.budgetBytes);
    }
    return store.stats().ticks;
  }

  it('scattered writes (churn): the oldest go, the most recent stretch stays densely covered', () => {
    const ticks = kept((big, step) => {
      for (let i = 0; i < 100; i++) big[(step * 100 + i) * 3] = step + 1; // always new words
    });
    expect(ticks[ticks.length - 1]).toBe(3_900);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBe(100);
    expect(ticks[0]!).toBeGreaterThan(0);
  });

  it('the same words rewritten (counters, rings): checkpoints between are merged away, the oldest stays and the recent ones stay dense', () => {
    const ticks = kept((big, step) => {
      for (let i = 0; i < 100; i++) big[i] = step * 1_000 + i; // the same 100 words each time
    });
    expect(ticks[0]).toBe(0);
    expect(ticks[ticks.length - 1]).toBe(3_900);
    expect(ticks[ticks.length - 1]! - ticks[ticks.length - 2]!).toBe(100);
    expect(ticks.length).toBeLessThan(40);
    // Sparser further back.
    expect(ticks[1]! - ticks[0]!).toBeGreaterThan(ticks[ticks.length - 1]! - ticks[ticks.length - 2]!);
  });
});

describe('which checkpoint a merge removes', () => {
  it('over a budget of two undos, checkpoints at 0, 1000, 1001, 1002 keep 0, 1001 and 1002: 1000 merges into 1001, never anything into the newest', () => {
    // Each checkpoint rewrites the same 100 words (counters), so merging two undos frees one
    // of them whole. The budget holds the shadow and exactly two undos: the fourth checkpoint
    // takes it over, and one eviction brings it back.
    const WORDS = 100;
    const big = new Int32Array(10_000);
    const store = new CheckpointStore(big.byteLength + 2 * WORDS * BYTES_PER_CHANGED_WORD);
    const truth = new Map<number, number[]>();
    [0, 1_000, 1_001, 1_002].forEach((tick, k) => {
      for (let i = 0; i < WORDS; i++) big[i * 97] = (k + 1) * 1_000 + i;
      store.take(tick, 0, { big });
      truth.set(tick, [...big]);
    });
    // Nothing merges into the newest (the step back from the present is the one most taken),
    // and the oldest stays while a merge frees enough: 1000 merges into 1001. Taking 1001
    // into 1002 instead would free as much, but leave the present without its last step.
    expect(store.stats().ticks).toEqual([0, 1_001, 1_002]);
    expect(store.bytes).toBe(store.budgetBytes);
    // Each kept checkpoint restores exactly its state; the merged undo of 1001 goes back to 0.
    for (const tick of [1_002, 0, 1_001, 0, 1_002]) expect([...(store.restore(store.at(tick)!).big as Int32Array)], String(tick)).toEqual(truth.get(tick));
    // A step back to 1000 now starts from 0, the latest checkpoint at or before it.
    expect(store.at(1_000)!.tick).toBe(0);
  });
});

describe('keyframes', () => {
  it('a small buffer rewritten in most of its words keeps its old state whole: its length, not 8 bytes a word', () => {
    const store = new CheckpointStore(1e9);
    const ring = new Int32Array(2_048); // 8,192 bytes, as the rings of recent writes are
    const big = new Int32Array(100_000);
    const model = { ring, big };
    store.take(0, 0, { model });
    let held = store.bytes;
    for (let i = 0; i < ring.length; i++) ring[i] = i + 1;
    big[7] = 7;
    store.take(100, 0, { model });
    expect(store.bytes - held).toBe(8_192 + BYTES_PER_CHANGED_WORD); // the ring whole, one word of big
    held = store.bytes;
    ring[3] = -3; // a word or two: words again
    ring[9] = -9;
    store.take(200, 0, { model });
    expect(store.bytes - held).toBe(2 * BYTES_PER_CHANGED_WORD);
    for (let i = 0; i < ring.length; i += 2) ring[i] = -i;
    store.take(300, 0, { model });
    const at = (t: number) => store.restore(store.at(t)!).model as typeof model;
    expect([...at(0).ring].every((x) => x === 0)).toBe(true);
    expect(at(100).ring[3]).toBe(4);
    expect(at(200).ring[3]).toBe(-3);
    expect(at(200).ring[4]).toBe(5);
    expect(at(300).ring[4]).toBe(-4);
    expect(at(300).ring[9]).toBe(-9);
    // Back over all three at once: the oldest keyframe is the state to start from.
    store.dropFrom(1);
    expect([...(store.restore(store.at(0)!).model as typeof model).ring].every((x) => x === 0)).toBe(true);
    expect(store.bytes).toBe(8_192 + 400_000);
  });

  it('a small buffer rewritten whole every time: checkpoints between merge away (one keyframe is freed each), the oldest stays', () => {
    const ring = new Int32Array(1_000);
    const store = new CheckpointStore(4_000 + 10 * 4_000);
    for (let step = 0; step < 40; step++) {
      ring.fill(step + 1);
      store.take(step * 100, 0, { ring });
      expect(store.bytes).toBeLessThanOrEqual(store.budgetBytes);
    }
    const ticks = store.stats().ticks;
    expect(ticks[0]).toBe(0);
    expect(ticks.slice(-2)).toEqual([3_800, 3_900]);
    expect(ticks.length).toBe(11); // the shadow and ten keyframes
    for (const t of ticks) expect((store.restore(store.at(t)!).ring as Int32Array)[0]).toBe(t / 100 + 1);
  });
});

describe('restoring in place', () => {
  it('restores into the live objects it copied (same identity, so the same hidden classes for the hot loops)', () => {
    class Part {
      count = 0;
      seen: number[] = [];
      constructor(readonly id: number) {}
    }
    const store = new CheckpointStore(1e9);
    const part = new Part(7);
    const model = { part, parts: [part], byId: new Map([[7, part]]) };
    store.take(0, 0, { model });
    part.count = 5;
    part.seen.push(1);
    model.parts.push(new Part(8));
    const back = store.restore(store.at(0)!).model as typeof model;
    expect(back).toBe(model);
    expect(back.part).toBe(part);
    expect(back.parts[0]).toBe(part);
    expect(back.byId.get(7)).toBe(part);
    expect(part.count).toBe(0);
    expect(part.seen).toEqual([]);
    expect(back.parts).toHaveLength(1);
    expect(Object.getPrototypeOf(back.part)).toBe(Part.prototype);
  });

  it('writes a checkpoint over the memory of the state it replaces instead of allocating fresh memory', () => {
    const store = new CheckpointStore(1e9);
    const big = new Float64Array(100_000);
    const view = new Uint8Array(big.buffer, 16, 8); // a second view of the same memory
    const model = { big, view };
    store.take(0, 0, { model });
    big.fill(3);
    store.take(100, 0, { model });
    big.fill(7); // ran on past the last checkpoint
    const back = store.restore(store.at(0)!).model as typeof model;
    expect(back.big.buffer === big.buffer).toBe(true);
    expect(back.view.buffer === big.buffer).toBe(true); // the views still share one memory
    expect(back.big.every((x) => x === 0)).toBe(true);
    // And again from the restored state, to the later checkpoint.
    const fwd = store.restore(store.at(100)!).model as typeof model;
    expect(fwd.big.buffer === big.buffer).toBe(true);
    expect(fwd.big.every((x) => x === 3)).toBe(true);
  });

  it('never writes over memory the model has let go of or resized: that restores into fresh memory', () => {
    const store = new CheckpointStore(1e9);
    const model: { a: Float64Array } = { a: new Float64Array(1_000).fill(1) };
    const first = model.a;
    store.take(0, 0, { model });
    model.a = new Float64Array(2_000).fill(2); // grown: new memory, new length
    store.take(100, 0, { model });
    first.fill(9); // the old memory, no longer the model's
    const grown = model.a;
    const back = store.restore(store.at(0)!).model as typeof model;
    expect(back.a.buffer === first.buffer).toBe(false);
    expect(back.a.length).toBe(1_000);
    expect(back.a.every((x) => x === 1)).toBe(true);
    expect(first.every((x) => x === 9)).toBe(true);
    expect(grown.every((x) => x === 2)).toBe(true); // the grown memory is not the old state's either
  });
});

describe('model state is plain data a checkpoint can copy', () => {
  /** Paths of every function-valued own field reachable from `root`. */
  function functionFields(root: unknown): string[] {
    const seen = new Set<object>();
    const out: string[] = [];
    const walk = (v: unknown, path: string): void => {
      if (typeof v === 'function') {
        out.push(path);
        return;
      }
      if (typeof v !== 'object' || v === null || seen.has(v) || ArrayBuffer.isView(v)) return;
      seen.add(v);
      if (v instanceof Map) {
        for (const [k, x] of v) walk(x, `${path}.get(${String(k)})`);
        return;
      }
      if (v instanceof Set) {
        for (const x of v) walk(x, `${path}.has()`);
        return;
      }
      for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], `${path}.${k}`);
    };
    walk(root, 'sim');
    return out;
  }

  it('no model class holds a function-valued field (closures cannot be checkpointed)', () => {
    const sim = createSimulation(busy('g', { replicas: { count: 3, clientFilter: 'jump' }, apiServers: { count: 2, gates: [true, false] } }));
    sim.step(12);
    const fields = Object.fromEntries(Object.entries(sim).filter(([k]) => k !== 'checkpoints' && k !== 'history'));
    expect(functionFields(fields)).toEqual([]);
  });

  it('a checkpoint refuses a function in model state, naming where it is', () => {
    class WithClosure {
      next = () => 1;
    }
    const store = new CheckpointStore();
    expect(() => store.take(0, 0, { engine: { part: new WithClosure() } })).toThrow(CheckpointError);
    expect(() => store.take(0, 0, { engine: { part: new WithClosure() } })).toThrow(/engine\.part\.next/);
  });
});
