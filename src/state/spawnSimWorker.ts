/**
 * Starts the model's worker from its own bundled file (the site build). The single-file build
 * (`npm run build:single`) swaps this module for `spawnSimWorker.inline.ts`.
 */
import type { WorkerHandle } from './workerEngine';

/** Starts the model's worker (throws when the browser refuses to create it). */
export function spawnSimWorker(): WorkerHandle {
  return new Worker(new URL('../sim/worker.ts', import.meta.url), { type: 'module', name: 'shardscope-sim' });
}
