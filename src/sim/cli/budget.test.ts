import { describe, expect, it } from 'vitest';
import { validateParams } from '../params';
import type { SimParamsInput } from '../params';
import { MAX_RUN_WORK, runWork, workBudgetError } from './budget';
import { runCli } from './cli';

/** A run's total work is checked before it starts, and the refusal's suggestions fit. */
const params = (input: SimParamsInput) => {
  const v = validateParams(input);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  return v.params;
};

describe('the work budget of a command-line run', () => {
  // 600 changes a second and 100 pods a second in a rolling update every 30 s, however many
  // pods: a day of it at 1,000,000 pods is within the event budget (the default rates per
  // 1,000 pods would be 10,000 a second there, past it).
  const quiet = { addsPerSecond: 50, modifiesPerSecond: 500, deletesPerSecond: 50, burst: { podsPerSecond: 100 } } as const;
  // kube-state-metrics v2.18 drops BOOKMARKs: with watch timeouts a quiet shard's resume may get 410 and LIST.
  const big = { cluster: { pods: 1_000_000 }, replicas: { count: 64, client: 'ksm-2.18' }, watch: { timeouts: true }, churn: quiet } as const;

  it('counts events per replica and mode, plus LISTs of every pod', () => {
    const w = runWork(params({ cluster: { pods: 1_000 }, replicas: { count: 2 }, churn: { addsPerSecond: 10, modifiesPerSecond: 0, deletesPerSecond: 0, burst: { enabled: false } } }), 100);
    expect(w).toEqual({ events: 1_000, replicas: 2, lists: 1, total: 1_000 * (128 + 4) + 1_000 * 4 });
    // A reshard to more replicas counts them, and its LIST.
    const r = runWork(params({ cluster: { pods: 1_000 }, replicas: { count: 2 }, schedule: [{ kind: 'reshard', at: 10, to: 8, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] }), 100);
    expect(r.replicas).toBe(8);
    expect(r.lists).toBe(2);
  });

  it('a day at 1,000,000 pods, 64 replicas and 600 changes a second fits (client-go resumes, it does not LIST); kube-state-metrics v2.18 does not, and each suggestion fits', () => {
    expect(workBudgetError(params({ cluster: { pods: 1_000_000 }, replicas: { count: 64 }, churn: quiet }), 86_400)).toBeNull();
    expect(runWork(params({ cluster: { pods: 1_000_000 }, replicas: { count: 64 }, churn: quiet }), 86_400).lists).toBe(1);
    // A rolling upgrade may cost each replica a LIST per restarted server.
    expect(runWork(params({ apiServers: { count: 3, rollout: { gate: true, at: 10, everySeconds: 10 } } }), 100).lists).toBe(4);
    const message = workBudgetError(params(big), 86_400)!;
    expect(message).toMatch(/--seconds ([\d,]+), or --replicas (\d+), or --watch-timeouts false would fit$/);
    const seconds = Number(/--seconds ([\d,]+)/.exec(message)![1]!.replace(/,/g, ''));
    const replicas = Number(/--replicas (\d+)/.exec(message)![1]);
    expect(runWork(params(big), seconds).total).toBeLessThanOrEqual(MAX_RUN_WORK);
    expect(runWork(params({ ...big, replicas: { ...big.replicas, count: replicas } }), 86_400).total).toBeLessThanOrEqual(MAX_RUN_WORK);
    expect(runWork(params({ ...big, replicas: { ...big.replicas, count: replicas + 1 } }), 86_400).total).toBeGreaterThan(MAX_RUN_WORK);
    expect(runWork(params({ ...big, watch: { timeouts: false } }), 86_400).total).toBeLessThanOrEqual(MAX_RUN_WORK);
  });

  it('the command line refuses an over-budget run before building its cluster', () => {
    const r = runCli(['--pods', '1000000', '--replicas', '64', '--seconds', '86400', '--adds', '50', '--modifies', '2000', '--deletes', '50', '--bursts', 'false']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: this run asks for [\d,]+ units of work .* --seconds [\d,]+, or --replicas \d+ would fit\n/);
  });

  it('stepping in slices with progress gives the same result as one step', () => {
    const argv = ['--pods', '3000', '--seconds', '7.5', '--json'];
    let clock = 0;
    const lines: string[] = [];
    // A clock that runs fast: every slice looks slow, so progress is written.
    const sliced = runCli(argv, undefined, { write: (l) => lines.push(l), now: () => (clock += 1_000) });
    expect(lines.length).toBeGreaterThan(10);
    expect(sliced.stdout).toBe(runCli(argv).stdout);
  });
});
