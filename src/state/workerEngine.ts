/**
 * The model in a Web Worker, for clusters large enough that generating or stepping them
 * would block the page. Vite bundles `src/sim/worker.ts` as a separate chunk.
 */
import type { WorkerRequest, WorkerResponse } from '../sim';
import { ENGINE_COMMANDS, createClientEngine, createLocalEngine, type EngineClient, type SimEngine } from './engine';
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
  return createClientEngine(workerClient(worker), 'worker', () => worker.terminate(), failure);
}

/**
 * A client of the model's worker protocol (`src/sim/worker.ts`: `{ id, cmd, args }` in,
 * `{ id, ok, result | error }` out). Written here, against the protocol's types only, so the
 * page's script does not include the model's code, which only the worker needs.
 */
function workerClient(worker: Worker): EngineClient {
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
    const res = event.data;
    const p = pending.get(res.id);
    if (!p) return;
    pending.delete(res.id);
    if (res.ok) p.resolve(res.result);
    else p.reject(Object.assign(new Error(res.error.message), { name: res.error.name }));
  });
  const call = (cmd: WorkerRequest['cmd'], args: readonly unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, cmd, args });
    });
  return Object.fromEntries(ENGINE_COMMANDS.map((cmd) => [cmd, (...args: unknown[]) => call(cmd, args)])) as unknown as EngineClient;
}

/** Where parameters should run: a worker for large clusters when the browser has workers. */
export function engineKindFor(params: SimParams): SimEngine['kind'] {
  return params.objects > WORKER_THRESHOLD && typeof Worker === 'function' ? 'worker' : 'local';
}

/** The app's engine factory: {@link engineKindFor} decides. */
export function browserEngineFactory(params: SimParams): SimEngine {
  return engineKindFor(params) === 'worker' ? createWorkerEngine() : createLocalEngine();
}
