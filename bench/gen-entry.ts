/** Browser bench entry (bundled by bench/browser-seekgen.ts): both generators on `window`. */
import { Cluster } from '../src/sim/cluster';
import { resolveParams } from '../src/sim/params';
import { createPrng } from '../src/sim/cluster';
import { ReferenceCluster } from './reference-cluster';

const w = globalThis as unknown as { __generate: (which: 'ours' | 'reference', pods: number) => number };
w.__generate = (which, pods) => {
  const p = resolveParams({ cluster: { pods } });
  const t = performance.now();
  const c = which === 'ours' ? new Cluster(p.cluster, p.sizes, createPrng('bench-gen')) : new ReferenceCluster(p.cluster, p.sizes, createPrng('bench-gen'));
  const ms = performance.now() - t;
  return c.liveCount > 0 ? ms : -1;
};
