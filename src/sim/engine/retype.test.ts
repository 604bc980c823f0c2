import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimParamsInput } from '../params';
import { SimParamsError, validateParams } from '../params';
import type { SimSnapshot } from '../report';

/** A small churning cluster that reshards 4 -> 5 at 2 s. */
const base: SimParamsInput = {
  cluster: { pods: 4_000 },
  churn: { addsPerSecond: 40, modifiesPerSecond: 200, deletesPerSecond: 40 },
  schedule: [{ kind: 'reshard', at: 2, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }],
};
const typed = "shardRange(object.metadata.uid, '0xc000000000000000', '0x10000000000000000')";

/** What a run shows at a time, without what says how it was reached (the last step's counts, the version). */
function state(s: SimSnapshot): unknown {
  const { version: _v, params: _p, stepBack: _b, churn, ...rest } = s;
  const { lastStep: _l, ...events } = churn;
  return JSON.parse(JSON.stringify({ ...rest, churn: events }));
}

function runningTexts(s: SimSnapshot): (string | null)[] {
  return s.modes.server.replicas.map((r) => r.selectorSent);
}

/** The five selectors the reshard gives, with replica 4's replaced by `typed`. */
function retypedFrom(s: SimSnapshot): string[] {
  return s.modes.server.replicas.map((r, i) => (i === 4 ? typed : r.selectorSent!));
}

describe('a running layout typed after a reshard (retyped)', () => {
  it('applies at once to the five running replicas and leaves the start layout of four alone', () => {
    const sim = createSimulation(base);
    sim.step(5);
    const texts = retypedFrom(sim.snapshot());
    sim.reconfigure({ retyped: [{ at: 5, selectors: texts }] });
    const s = sim.snapshot();
    expect(runningTexts(s)).toEqual(texts);
    expect(s.modes.server.replicas[4]!.selector).toBe(typed);
    expect(s.params.replicas.count).toBe(5);
    sim.step(1);
    expect(runningTexts(sim.snapshot())).toEqual(texts);
  });

  it('is re-applied at the tick it was typed after a step back before the reshard and forward again', () => {
    const sim = createSimulation(base);
    sim.step(5);
    const texts = retypedFrom(sim.snapshot());
    sim.reconfigure({ retyped: [{ at: 5, selectors: texts }] });
    sim.step(5);
    const straight = state(sim.snapshot());
    sim.seek(1);
    expect(sim.snapshot().modes.server.replicas).toHaveLength(4);
    sim.seek(4.99);
    expect(runningTexts(sim.snapshot())[4]).not.toBe(typed);
    sim.seek(10);
    expect(runningTexts(sim.snapshot())).toEqual(texts);
    expect(state(sim.snapshot())).toEqual(straight);
  });

  it('in a run that starts with it (a link) gives the same run as typing it at that time', () => {
    const typedRun = createSimulation(base);
    typedRun.step(5);
    const texts = retypedFrom(typedRun.snapshot());
    typedRun.reconfigure({ retyped: [{ at: 5, selectors: texts }] });
    typedRun.step(5);
    const linked = createSimulation({ ...base, retyped: [{ at: 5, selectors: texts }] });
    linked.step(3);
    linked.step(7);
    expect(runningTexts(linked.snapshot())).toEqual(texts);
    expect(state(linked.snapshot())).toEqual(state(typedRun.snapshot()));
  });

  it('survives seeks that restore checkpoints taken before it was typed, and gives the straight run', () => {
    // 20,000 events/s: a checkpoint every 2 simulated seconds.
    const busy: SimParamsInput = { ...base, churn: { addsPerSecond: 100, modifiesPerSecond: 19_800, deletesPerSecond: 100 } };
    const sim = createSimulation(busy);
    sim.step(5);
    const texts = retypedFrom(sim.snapshot());
    sim.reconfigure({ retyped: [{ at: 5, selectors: texts }] });
    sim.step(7);
    const straight = state(sim.snapshot());
    const ticks = sim.checkpointStats().ticks;
    expect(ticks.some((t) => t > 0 && t < 500)).toBe(true);
    expect(ticks.some((t) => t > 500)).toBe(true);
    sim.seek(4.5);
    expect(runningTexts(sim.snapshot())[4]).not.toBe(typed);
    sim.seek(12);
    expect(state(sim.snapshot())).toEqual(straight);
    sim.seek(7);
    expect(runningTexts(sim.snapshot())).toEqual(texts);
    const linked = createSimulation({ ...busy, retyped: [{ at: 5, selectors: texts }] });
    linked.step(12);
    expect(state(linked.snapshot())).toEqual(straight);
  });

  it('a new list that changes the past replays the run under it', () => {
    const sim = createSimulation(base);
    sim.step(8);
    const texts = retypedFrom(sim.snapshot());
    sim.reconfigure({ retyped: [{ at: 5, selectors: texts }] });
    const linked = createSimulation({ ...base, retyped: [{ at: 5, selectors: texts }] });
    linked.step(8);
    expect(state(sim.snapshot())).toEqual(state(linked.snapshot()));
  });

  it('is ignored when it holds another count than the running one, or before any reshard', () => {
    const four = ["shardRange(object.metadata.uid, '0x1000000000000000', '0x4000000000000000')", '', '', ''];
    const sim = createSimulation({ ...base, retyped: [{ at: 1, selectors: four.slice(0, 1) }, { at: 3, selectors: four }] });
    sim.step(1.5);
    expect(sim.snapshot().modes.server.replicas).toHaveLength(4);
    expect(sim.snapshot().modes.server.replicas[0]!.selector).not.toBe(four[0]);
    sim.step(2);
    expect(sim.snapshot().modes.server.replicas).toHaveLength(5);
  });

  it('an invalid selector is sent as typed and the API server answers HTTP 500 with its message', () => {
    const sim = createSimulation({ ...base, apiServers: { count: 1, gates: [true] } });
    sim.step(5);
    const texts = retypedFrom(sim.snapshot());
    texts[4] = "shardRange(object.metadata.uid, '0xABC', '0x10000000000000000')";
    sim.reconfigure({ retyped: [{ at: 5, selectors: texts }] });
    sim.step(1);
    const r = sim.snapshot().modes.server.replicas[4]!;
    expect(r.status).toBe('error');
    expect(r.error?.httpStatus).toBe(500);
    expect(r.error?.message).toBe('invalid shard selector: hexStart: invalid hex character "A" in "0xABC"');
  });

  it('is validated with a message naming the path', () => {
    const bad = (retyped: unknown) => {
      const r = validateParams({ retyped } as SimParamsInput);
      return { ok: r.ok, issues: r.ok ? [] : r.issues };
    };
    expect(bad('x').issues[0]!.message).toBe('retyped must be an array of {"at": seconds, "selectors": [...]}, got "x"');
    expect(bad([{ at: -1, selectors: [''] }]).issues[0]!.path).toBe('retyped[0].at');
    expect(bad([{ at: 5, selectors: [''] }, { at: 4, selectors: [''] }]).issues[0]!.message).toContain('entries must be in time order');
    expect(bad([{ at: 5, selectors: [] }]).issues[0]!.path).toBe('retyped[0].selectors');
    expect(bad([{ at: 5, selectors: [3] }]).issues[0]!.path).toBe('retyped[0].selectors[0]');
    expect(bad([{ at: 5, selectors: [''] }]).ok).toBe(true);
    expect(() => createSimulation({ retyped: 'x' } as unknown as SimParamsInput)).toThrow(SimParamsError);
  });
});
