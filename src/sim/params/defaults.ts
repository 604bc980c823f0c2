/**
 * The defaults and bounds of a run's parameters, and the event budget of a step.
 */
import type { ResolvedChurn, SimParams } from './types';

/** The bounds the issue sets. */
export const LIMITS = {
  pods: { min: 1, max: 1_000_000 },
  namespaces: { min: 1, max: 10_000 },
  replicas: { min: 1, max: 64 },
  apiServers: { min: 1, max: 5 },
} as const;

/**
 * Ranges the model simulates at most, summed over every replica's selector (64 replicas of
 * 128 ranges). A selector's ranges cost memory and time wherever they are drawn, listed and
 * matched; past this the page and `validateParams` refuse the selectors with a message.
 */
export const MAX_TOTAL_RANGES = 8_192;

/** The defaults, frozen. */
export const DEFAULT_PARAMS: SimParams = deepFreeze({
  seed: 'shardscope',
  cluster: { pods: 10_000, namespaces: 40, zipfExponent: 1.1, clusterScopedShare: 0, sequentialIds: false },
  sizes: { encoding: 'json', medianJsonBytes: 4_500, spread: 0.35, protobufRatio: 0.55 },
  // Rates per 1,000 objects (DEFAULT_CHURN_PER_1000), so the cluster's size sets them.
  churn: {
    addsPerSecond: null,
    modifiesPerSecond: null,
    deletesPerSecond: null,
    bookmarkIntervalSeconds: 60,
    burst: { enabled: true, everySeconds: 30, podsPerSecond: null, maxSeconds: 10 },
  },
  apiServers: { count: 1, gates: [], rollout: null, routing: 'l4', goawayChance: 0, restartSeconds: 10 },
  replicas: {
    count: 4,
    key: 'object.metadata.uid',
    client: 'client-go',
    clientFilter: 'ranges',
    clientCache: 'owned',
    selectors: [],
    apiServerOf: [],
    initialList: 'watch-list',
    podRestartSeconds: 8,
  },
  costs: { jsonDecodeNsPerByte: 15, protobufDecodeNsPerByte: 4, cacheBytesPerJsonByte: 1.2, cacheOverheadBytes: 400, decodeAllocBytesPerByte: 3, listBytesPerSecond: 50_000_000, listRttSeconds: 0.05, serverShardCheckNs: 225, serverJsonEncodeNsPerByte: 5.5, serverProtobufEncodeNsPerByte: 1.5 },
  schedule: [],
  stepSeconds: 1,
  rateWindowSeconds: 10,
  seriesCapacity: 300,
  sampleSeconds: 1,
  watch: { timeouts: true, bookmarks: true, historySeconds: 75 },
} satisfies SimParams);

/**
 * The default churn, per second per 1,000 objects (pods at the start): what a rate left null
 * stands for. Why these figures, and which are our own choice: docs/facts.md, "Churn".
 * - adds and deletes: 1 each, the pod throughput of Kubernetes' scalability load test
 *   (ClusterLoader2, 10 pods a second: fact `cl2-load`) on the 10,000 pods the page starts
 *   with; equal, so the count stays level;
 * - modifies: 5 (ours): the 3 updates a pod's start and end bring, as our rolling updates
 *   count them, and 2 more for pods that live on;
 * - burstPods: 2 (ours): a rolling update replaces 2 pods per 1,000 a second.
 */
export const DEFAULT_CHURN_PER_1000 = deepFreeze({ addsPerSecond: 1, modifiesPerSecond: 5, deletesPerSecond: 1, burstPodsPerSecond: 2 });

/**
 * The churn in effect: every rate the parameters leave null is its rate per 1,000 objects
 * ({@link DEFAULT_CHURN_PER_1000}) times `cluster.pods` / 1,000; a number is kept as it is.
 */
export function churnRates(p: Pick<SimParams, 'cluster' | 'churn'>): ResolvedChurn {
  const c = p.churn;
  const per = DEFAULT_CHURN_PER_1000;
  const scaled = (v: number | null, per1000: number) => v ?? (per1000 * p.cluster.pods) / 1000;
  return {
    addsPerSecond: scaled(c.addsPerSecond, per.addsPerSecond),
    modifiesPerSecond: scaled(c.modifiesPerSecond, per.modifiesPerSecond),
    deletesPerSecond: scaled(c.deletesPerSecond, per.deletesPerSecond),
    bookmarkIntervalSeconds: c.bookmarkIntervalSeconds,
    burst: { ...c.burst, podsPerSecond: scaled(c.burst.podsPerSecond, per.burstPodsPerSecond) },
  };
}

/**
 * Most events one step may ask for (rate x duration): a step, or a whole command-line run,
 * processes its events in one call, at a few million events per second.
 */
export const MAX_EVENTS_PER_STEP = 200_000_000;

/** Events one replaced pod produces in a rolling update (ADDED, 3 MODIFIED, DELETED). */
export const EVENTS_PER_REPLACED_POD = 5;

/**
 * Events per simulated second the churn asks for, at most: adds (refused ones included),
 * updates, deletes, and five events per pod a rolling update replaces, averaged over a burst
 * period (a burst lasts at most `maxSeconds` of every `everySeconds`).
 */
export function churnEventsPerSecond(c: ResolvedChurn): number {
  const b = c.burst;
  const burst = b.enabled ? EVENTS_PER_REPLACED_POD * b.podsPerSecond * Math.min(1, b.maxSeconds / b.everySeconds) : 0;
  return c.addsPerSecond + c.modifiesPerSecond + c.deletesPerSecond + burst;
}

/** Freezes a value and everything it holds (the defaults and every resolved parameter set). */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}
