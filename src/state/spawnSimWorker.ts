/**
 * Starts the model's worker from its own bundled file (the site build). The single-file build
 * (`npm run build:single`) swaps this module for `spawnSimWorker.inline.ts`.
 */

/**
 * Starts the model's worker (throws when the browser refuses to create it). Typed as the DOM's
 * `Worker`, which has all that `WorkerHandle` (`workerEngine.ts`) asks for: naming that type
 * here would import `workerEngine.ts`, which imports this module, and make an import circle.
 */
export function spawnSimWorker(): Worker {
  return new Worker(new URL('../sim/worker.ts', import.meta.url), { type: 'module', name: 'shardscope-sim' });
}
