import { createLocalSimClient } from '../src/sim/worker';
import { toSimInput } from '../src/state/toSim';
import { defaultSimParams } from '../src/state/defaults';
import { equalSplitSelectors } from '../src/state/selectors';
import { performance } from 'node:perf_hooks';

async function run(label: string, over: Record<string, unknown>, stepS = 0.25) {
  const p = { ...defaultSimParams(), ...over } as ReturnType<typeof defaultSimParams>;
  const params = { ...p, selectors: equalSplitSelectors(p.replicas, p.shardKey) };
  const c = createLocalSimClient();
  let t = performance.now();
  await c.create(toSimInput(params));
  await c.hashSpace();
  const create = performance.now() - t;
  // warm
  for (let i = 0; i < 20; i++) { await c.step(stepS); await c.recentEvents(48); await c.hashSpace(); }
  const N = 40;
  let st = 0, sn = 0, hs = 0;
  for (let i = 0; i < N; i++) {
    t = performance.now(); await c.step(stepS); st += performance.now() - t;
    t = performance.now(); await c.recentEvents(48); sn += performance.now() - t;
    t = performance.now(); await c.hashSpace(); hs += performance.now() - t;
  }
  t = performance.now(); await c.seek(1); const seek = performance.now() - t;
  console.log(label.padEnd(40), `create ${create.toFixed(1)}  step+snap ${(st/N).toFixed(2)}  events ${(sn/N).toFixed(2)}  hash ${(hs/N).toFixed(2)}  seek(1)@~15s ${seek.toFixed(1)}`);
}
const base = { addedPerSec: 0, modifiedPerSec: 0, deletedPerSec: 0 };
for (const objects of [1000, 2000, 5000, 10000, 20000, 50000]) await run(`objects ${objects} nochurn`, { ...base, objects });
for (const objects of [2000, 10000, 20000]) await run(`objects ${objects} default churn`, { objects });
for (const churn of [1000, 4000, 16000, 64000]) await run(`10k, mods ${churn}/s`, { ...base, modifiedPerSec: churn });
for (const churn of [4000, 16000]) await run(`10k, adds+dels ${churn}/s each`, { ...base, addedPerSec: churn, deletedPerSec: churn });
for (const r of [16, 64]) await run(`10k, default churn, ${r} replicas`, { replicas: r });
for (const r of [64]) await run(`10k, mods 16000, ${r} replicas`, { ...base, modifiedPerSec: 16000, replicas: r });
