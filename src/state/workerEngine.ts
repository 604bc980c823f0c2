/**
 * The model in a Web Worker, for clusters large enough that generating or stepping them
 * would block the page. Vite bundles `src/sim/worker.ts` as a separate chunk.
 */
// The protocol's client from its model-free module: importing `../sim` would pull the
// model's code into the page's script, which only the worker needs.
import { createWorkerSimClient } from '../sim/client';
import { createClientEngine, createLocalEngine, type SimEngine } from './engine';
import { WORKER_THRESHOLD } from './defaults';
import type { SimParams } from './params';

/** Starts a worker running the model and returns an engine talking to it. */
export function createWorkerEngine(): SimEngine {
  const worker = new Worker(new URL('../sim/worker.ts', import.meta.url), { type: 'module', name: 'shardscope-sim' });
  // A worker that fails to load or crashes never answers: turn that into a rejection of every
  // call, so the page reports it instead of waiting forever.
  const failure = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`simulation worker failed: ${e.message || 'could not start'}`)));
    worker.addEventListener('messageerror', () => reject(new Error('simulation worker sent an unreadable message')));
  });
  failure.catch(() => undefined);
  return createClientEngine(createWorkerSimClient(worker), 'worker', () => worker.terminate(), failure);
}

/** Where parameters should run: a worker for large clusters when the browser has workers. */
export function engineKindFor(params: SimParams): SimEngine['kind'] {
  return params.objects > WORKER_THRESHOLD && typeof Worker === 'function' ? 'worker' : 'local';
}

/** The app's engine factory: {@link engineKindFor} decides. */
export function browserEngineFactory(params: SimParams): SimEngine {
  return engineKindFor(params) === 'worker' ? createWorkerEngine() : createLocalEngine();
}
