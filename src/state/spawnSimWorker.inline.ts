/**
 * The single-file build's worker (issue 10): a page opened from `file://` cannot load a worker
 * from another file, so the worker's code is inlined in the page and started from a `blob:`
 * URL (the single file's Content-Security-Policy allows `worker-src blob:` and nothing more).
 */
import SimWorker from '../sim/worker.ts?worker&inline';
import type { WorkerHandle } from './workerEngine';

/** Starts the model's worker (throws when the browser refuses to create it). */
export function spawnSimWorker(): WorkerHandle {
  return new SimWorker({ name: 'shardscope-sim' });
}
