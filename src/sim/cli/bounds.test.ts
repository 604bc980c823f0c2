import { describe, expect, it } from 'vitest';
import { ChurnSource } from '../cluster';
import { runCli } from './cli';
import { Cluster, MAX_LIVE_OBJECTS } from '../cluster';
import { EventBatch } from '../cluster';
import { typedArrayBytes } from '../report';
import { createSimulation } from '../engine';
import type { HashSpaceView, Simulation } from '../engine';
import type { SimParamsInput } from '../params';
import { DEFAULT_PARAMS, MAX_EVENTS_PER_STEP } from '../params';
import { validateParams } from '../params';
import { createPrng } from '../cluster';

/**
 * Memory follows live objects (deleted objects' slots are reused), live
 * objects are capped at the documented maximum, and rate x duration is checked up front.
 */

/**
 * The model's memory: every typed array the simulation holds (cluster, index, masks, views),
 * but not its step-back checkpoints, which hold up to their own fixed budget whatever the
 * objects do (checkpoint.test.ts bounds them).
 */
const modelBytes = (sim: Simulation): number => typedArrayBytes(Object.fromEntries(Object.entries(sim).filter(([k]) => k !== 'checkpoints')));

describe('memory follows live objects, not objects ever created', () => {
  it('over a simulated hour in which 40 times the live objects are created, the model stays within 1.5x of its size at 225 s', () => {
    // What grows with time must wrap: 1,200 samples (3 s apart) run through the 300-sample
    // series four times, every watch times out and resumes several times (5 to 10 minutes),
    // and the reference point lies past the watch cache's 75 s window. 50 adds and deletes a
    // second and a rolling update every 30 s (100 pods a second) over 5,000 pods create 40
    // times the live objects, as 16 hours at 100,000 pods would; updates create and delete
    // nothing, so they are left out. Without slot reuse the model ends 9 times its size at 225 s.
    const sim = createSimulation({
      seed: 'long-run',
      cluster: { pods: 5_000 },
      churn: { addsPerSecond: 50, modifiesPerSecond: 0, deletesPerSecond: 50, burst: { podsPerSecond: 100 } },
      sampleSeconds: 3,
    });
    sim.step(225);
    const atReference = modelBytes(sim);
    for (let i = 1; i < 16; i++) sim.step(225);
    const s = sim.snapshot();
    expect(s.time).toBe(3_600);
    expect(s.churn.total.added).toBeGreaterThan(40 * s.cluster.live);
    expect(s.cluster.live).toBeGreaterThan(4_500);
    expect(s.cluster.live).toBeLessThan(6_500);
    expect(modelBytes(sim)).toBeLessThan(1.5 * atReference);
  }, 60_000);

  it('heavy add and delete churn over a small cluster keeps the model as small as its first second', () => {
    const sim = createSimulation({
      seed: 'reuse',
      cluster: { pods: 2_000 },
      churn: { addsPerSecond: 20_000, modifiesPerSecond: 1_000, deletesPerSecond: 20_000, burst: { enabled: true, everySeconds: 2, podsPerSecond: 500, maxSeconds: 1 } },
    });
    sim.step(1);
    const first = modelBytes(sim);
    sim.step(19);
    const s = sim.snapshot();
    expect(s.churn.total.added).toBeGreaterThan(300_000);
    expect(modelBytes(sim)).toBeLessThan(1.5 * first);
    // Every live object is still owned exactly once after hundreds of thousands of reuses.
    for (const m of [s.modes.client, s.modes.server]) {
      expect(m.audit.gaps).toBe(0);
      expect(m.audit.duplicates).toBe(0);
      expect(m.audit.perReplica.reduce((a, b) => a + b, 0)).toBe(s.cluster.live);
    }
  });
});

function plain(v: HashSpaceView) {
  return { count: v.count, key: v.key, positions: [...v.positions], ownerClient: [...v.ownerClient], ownerServer: [...v.ownerServer], namespaces: v.namespaces };
}

describe('reused slots', () => {
  const reuse = (extra: SimParamsInput = {}): SimParamsInput => ({
    seed: 'reused-slots',
    cluster: { pods: 10_000, namespaces: 6 },
    // Samples (and so slot releases) every 5 ticks, and enough updates to push a deleted
    // object's events out of the recent-events ring within a fifth of a second: slots are
    // reused between two views.
    sampleSeconds: 0.05,
    churn: { addsPerSecond: 400, modifiesPerSecond: 10_000, deletesPerSecond: 400, burst: { enabled: true, everySeconds: 1, podsPerSecond: 200, maxSeconds: 0.5 } },
    ...extra,
  });

  it.each(['object.metadata.uid', 'object.metadata.namespace'] as const)(
    'the patched hash-space view (key %s) equals one built from scratch while slots are reused',
    (key) => {
      // Objects are deleted and their slots reused between two views: 6,000 events/s turn the
      // recent-events ring over in a third of a second, views come every half second, and
      // what changes between them stays under an eighth of the view (so it is patched).
      const params = reuse({
        replicas: { count: 4, key },
        cluster: { pods: 40_000, namespaces: 6 },
        churn: { addsPerSecond: 3_000, modifiesPerSecond: 0, deletesPerSecond: 3_000, burst: { enabled: false } },
      });
      const sim = createSimulation(params);
      sim.hashSpace();
      const steps: number[] = [];
      for (let i = 0; i < 4; i++) {
        sim.step(0.5);
        steps.push(0.5);
        const fresh = createSimulation(params);
        for (const s of steps) fresh.step(s);
        expect(plain(sim.hashSpace())).toEqual(plain(fresh.hashSpace()));
      }
    },
    60_000,
  );

  it('a recent event keeps showing the object it reported after that object is deleted and its slot freed', () => {
    const sim = createSimulation(reuse());
    const seen = new Map<string, string>();
    for (let i = 0; i < 16; i++) {
      sim.step(0.05);
      for (const e of sim.recentEvents(2_048)) {
        if (!e.object) continue;
        const key = `${e.resourceVersion}/${e.type}`;
        const shown = `${e.object.namespace}/${e.object.name}/${e.object.uid}`;
        const before = seen.get(key);
        if (before !== undefined) expect(shown).toBe(before);
        else seen.set(key, shown);
      }
    }
    expect(seen.size).toBeGreaterThan(2_000);
  }, 60_000);

  it('same seed, same run: stepping in one call or many gives the same objects in the same places', () => {
    // Slots are released at sample ticks (every second here), never at the end of a step.
    const params = reuse({ sampleSeconds: 1, cluster: { pods: 3_000, namespaces: 6 } });
    const a = createSimulation(params);
    a.step(3);
    const b = createSimulation(params);
    for (let i = 0; i < 100; i++) b.step(0.03);
    const c = createSimulation(params);
    c.step(5);
    c.seek(3);
    for (const sim of [b, c]) {
      expect(sim.snapshot().cluster).toEqual(a.snapshot().cluster);
      // A LIST walks storage (slot) order: the same page means the same slots.
      expect(sim.listFor('server', 0, { limit: 50 }).body).toEqual(a.listFor('server', 0, { limit: 50 }).body);
      expect(sim.recentEvents(500)).toEqual(a.recentEvents(500));
    }
  }, 60_000);
});

describe('a rolling update and reused slots', () => {
  it('never replaces an object created after it started, even one in a slot a victim had', () => {
    const prng = createPrng('burst-reuse');
    const cluster = new Cluster({ ...DEFAULT_PARAMS.cluster, pods: 200, namespaces: 1 }, DEFAULT_PARAMS.sizes, prng.fork('cluster'));
    // Only the rolling update: it starts at tick 50 and replaces one pod per tick.
    const churn = new ChurnSource(
      { addsPerSecond: 0, modifiesPerSecond: 0, deletesPerSecond: 0, bookmarkIntervalSeconds: 0, burst: { enabled: true, everySeconds: 1, podsPerSecond: 100, maxSeconds: 1 } },
      cluster,
      prng.fork('churn'),
    );
    const batch = new EventBatch();
    for (let tick = 0; tick <= 50; tick++) churn.generate(tick, 0.01, batch);
    expect(churn.burstNamespace).toBe(0);
    // Every pod goes (the burst's queue now names dead slots), the slots are released, and
    // newer pods take them.
    for (let i = cluster.liveCount - 1; i >= 0; i--) cluster.remove(cluster.liveSlots[i]!);
    cluster.releaseSlots(
      () => false,
      () => {},
    );
    const newer = Array.from({ length: 50 }, () => cluster.create(0, 0.505));
    batch.clear();
    for (let tick = 51; tick < 100; tick++) churn.generate(tick, 0.01, batch);
    expect(batch.length).toBe(0);
    expect(newer.every((s) => cluster.alive[s] === 1)).toBe(true);
    expect(cluster.liveCount).toBe(50);
  });
});

describe('live objects are capped at the documented maximum', () => {
  it('refuses and counts adds beyond 1,000,000 live objects, and accepts them again once deletes make room', () => {
    const sim = createSimulation({
      seed: 'cap',
      cluster: { pods: MAX_LIVE_OBJECTS },
      churn: { addsPerSecond: 2_000, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } },
    });
    sim.step(1);
    let s = sim.snapshot();
    expect(s.cluster.live).toBe(MAX_LIVE_OBJECTS);
    expect(s.churn.total.added).toBe(0);
    // Poisson(2,000) adds in one second, all refused: 2,000 +- 5 standard deviations.
    expect(s.churn.refusedAdds).toBeGreaterThan(2_000 - 5 * Math.sqrt(2_000));
    expect(s.churn.refusedAdds).toBeLessThan(2_000 + 5 * Math.sqrt(2_000));
    const refusedBefore = s.churn.refusedAdds;
    sim.reconfigure({ churn: { deletesPerSecond: 500 } });
    sim.step(1);
    s = sim.snapshot();
    // Deletes make room, adds fill it: never above the cap, every added object was accepted.
    expect(s.cluster.live).toBeLessThanOrEqual(MAX_LIVE_OBJECTS);
    expect(s.churn.total.added).toBeGreaterThan(0);
    expect(s.churn.total.added).toBeLessThanOrEqual(s.churn.total.deleted);
    expect(s.cluster.live).toBe(MAX_LIVE_OBJECTS - s.churn.total.deleted + s.churn.total.added);
    expect(s.churn.refusedAdds).toBeGreaterThan(refusedBefore);
  }, 60_000);
});

describe('rate x duration is checked up front', () => {
  it('refuses a step that asks for more events than one step may process, naming stepSeconds and the rates', () => {
    const r = validateParams({ stepSeconds: 3_600, churn: { addsPerSecond: 100_000 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.path).toBe('stepSeconds');
    expect(r.issues[0]!.message).toContain('churn.addsPerSecond');
    expect(r.issues[0]!.message).toContain(`at most ${MAX_EVENTS_PER_STEP.toLocaleString('en-US')}`);
    // Each part alone is within its bounds, and so is a one-second step at the highest rates.
    expect(validateParams({ stepSeconds: 3_600 }).ok).toBe(true);
    expect(validateParams({ stepSeconds: 1, churn: { addsPerSecond: 1_000_000, modifiesPerSecond: 1_000_000, deletesPerSecond: 1_000_000 } }).ok).toBe(true);
  });

  it('refuses one step() call that asks for more events than a step may process, before running it', () => {
    const sim = createSimulation({ cluster: { pods: 1_000 }, churn: { addsPerSecond: 1_000_000, modifiesPerSecond: 1_000_000, deletesPerSecond: 1_000_000 } });
    expect(() => sim.step(86_400)).toThrow(/asks for [\d,]+ events; at most 200,000,000 per step/);
    expect(sim.time).toBe(0);
  });

  it('the CLI refuses --seconds 86400 --pods 1 --adds 1000000 with a message naming the flags, before running', () => {
    const r = runCli(['--seconds', '86400', '--pods', '1', '--adds', '1000000']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --adds 1,000,000\/s .* for --seconds 86,400 asks for 86,\d{3},\d{3},\d{3} events; a run takes at most 200,000,000/);
    expect(r.stderr).toContain('--help');
  });

  it('the CLI runs --adds 1000000 --seconds 4 --pods 1000 to a bounded result and says how many adds it refused', () => {
    const r = runCli(['--adds', '1000000', '--seconds', '4', '--pods', '1000', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { livePods: number; refusedAdds: number; events: { added: number; deleted: number } };
    expect(body.livePods).toBe(MAX_LIVE_OBJECTS);
    expect(body.livePods).toBe(1_000 + body.events.added - body.events.deleted);
    // About 4 million adds asked for, a million accepted.
    expect(body.refusedAdds + body.events.added).toBeGreaterThan(3_900_000);
    const table = runCli(['--adds', '1000000', '--seconds', '2', '--pods', '1000']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/adds refused: [\d,]+ \(the cluster holds at most 1,000,000 live pods\)/);
  }, 120_000);
});
