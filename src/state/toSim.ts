/**
 * The adapter from the UI's flat parameters to the model's `SimParamsInput`. The UI keeps its
 * own small, flat shape (what the controls and a shareable link need); everything else the
 * model offers keeps the model's defaults.
 */
import type { SimParamsInput } from '../sim';
import { SERIES_CAPACITY, STEP_SECONDS } from './defaults';
import type { SimParams } from './params';
import { lifecycleToSim } from './lifecycle';
import { isListOnly } from '../sim/params';

/** The model's input for these UI parameters. Every replica sends its selector text as typed. */
export function toSimInput(p: SimParams): SimParamsInput {
  const life = lifecycleToSim(p.lifecycle);
  return {
    seed: p.seed,
    cluster: { pods: p.objects, namespaces: p.namespaces, zipfExponent: p.namespaceSkew },
    sizes: { encoding: p.encoding, medianJsonBytes: p.objectBytes },
    churn: {
      addsPerSecond: p.addedPerSec,
      modifiesPerSecond: p.modifiedPerSec,
      deletesPerSecond: p.deletedPerSec,
      bookmarkIntervalSeconds: p.bookmarkEverySec,
    },
    apiServers: { count: p.apiServers.length, gates: p.apiServers.map((s) => s.gate), rollout: life.rollout, routing: life.routing, goawayChance: life.goawayChance },
    replicas: {
      count: p.replicas,
      key: p.shardKey,
      clientFilter: p.clientMode,
      client: p.client,
      clientCache: p.clientCache,
      selectors: p.selectors.map((text) => ({ kind: 'text', text })),
      apiServerOf: [],
      // A client that only lists (its profile's `listOnly` says why) syncs by LIST whatever the page's choice.
      initialList: isListOnly(p.client) ? 'list' : life.initialList,
    },
    schedule: p.schedule,
    retyped: p.retyped ?? [],
    watch: life.watch,
    stepSeconds: STEP_SECONDS,
    rateWindowSeconds: 5,
    // Two samples per simulated second over two minutes: enough detail for a chart a few
    // hundred pixels wide.
    sampleSeconds: 0.5,
    seriesCapacity: SERIES_CAPACITY,
  };
}
