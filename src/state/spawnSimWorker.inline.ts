/**
 * The single-file build's worker: a page opened from `file://` cannot load a worker
 * from another file, so the worker's code is inlined in the page and started from a `blob:`
 * URL (the single file's Content-Security-Policy allows `worker-src blob:` and nothing more).
 */
import SimWorker from '../sim/worker.ts?worker&inline';

/**
 * Starts the model's worker (throws when the browser refuses to create it). Typed as the DOM's
 * `Worker`, which has all that `WorkerHandle` (`workerEngine.ts`) asks for: naming that type
 * here would import `workerEngine.ts`, which imports this module, and make an import circle.
 */
export function spawnSimWorker(): Worker {
  return new SimWorker({ name: 'shardscope-sim' });
}
