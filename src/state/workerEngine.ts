/**
 * The model in a Web Worker, so that no amount of work (objects, churn, speed) can block the
 * page. Vite bundles `src/sim/worker.ts` as a separate chunk. When the worker cannot start
 * (a host's Content-Security-Policy blocks workers, or the browser has none), the model runs
 * on the page's own thread instead, within the limits of `budget.ts`.
 */
// The protocol's client from its model-free module: importing `../sim` would pull the
// model's code into the page's script, which only the worker needs.
import { createWorkerImportChannel, createWorkerSimClient, SimWorkerError, type WorkerPort } from '../sim/workerClient';
import { createClientEngine, EngineFellBackError, type EngineFallback, type SimEngine } from './engine';
import { createLocalEngine } from './localEngine';
import type { SimParams } from './params';
// The single-file build aliases this module to its inline variant (vite.config.ts).
import { spawnSimWorker } from './spawnSimWorker';

/** What the engine needs of a `Worker`. */
export interface WorkerHandle extends WorkerPort {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: { message?: string }) => void): void;
  terminate(): void;
}


/** The transport died: the worker could not load, or crashed. */
export class WorkerFailure extends Error {
  constructor(message: string) {
    super(`simulation worker failed: ${message}`);
    this.name = 'WorkerFailure';
  }
}

/** Starts a worker running the model and returns an engine talking to it. */
export function createWorkerEngine(spawn: () => WorkerHandle = spawnSimWorker): SimEngine {
  const worker = spawn();
  // A worker that fails to load or crashes never answers: turn that into a rejection of every
  // call, so the page reports it instead of waiting forever.
  const failure = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new WorkerFailure(e.message || 'could not start')));
    worker.addEventListener('messageerror', () => reject(new WorkerFailure('sent an unreadable message')));
  });
  failure.catch(() => undefined);
  return createClientEngine(createWorkerSimClient(worker), 'worker', () => worker.terminate(), failure, createWorkerImportChannel(worker));
}

/**
 * Where the app asks the model to run: always a worker, whatever the parameters (a small
 * cluster with heavy churn is as much work as a large one). The engine falls back to the
 * page's thread by itself when the worker cannot start.
 */
export function engineKindFor(_params?: SimParams): SimEngine['kind'] {
  return 'worker';
}

/** Options of {@link createBrowserEngine}, for tests. */
export interface BrowserEngineOptions {
  /** Starts the worker; the default starts the model's worker chunk. */
  readonly spawn?: () => WorkerHandle;
  /** Whether the browser has workers at all. */
  readonly hasWorkers?: boolean;
  /** Where Content-Security-Policy violations are reported (the document). */
  readonly violations?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** The engine on the page's thread. */
  readonly local?: () => SimEngine;
}

/**
 * The model in a worker, or on the page's own thread when the worker cannot start. The switch
 * happens only before the worker has answered anything: `create` then rejects with
 * {@link EngineFellBackError} (nothing was built) and the caller checks the main-thread limits
 * before creating again. A worker that fails later is an error, not a reason to load the page.
 */
export function createBrowserEngine(options: BrowserEngineOptions = {}): SimEngine {
  const hasWorkers = options.hasWorkers ?? typeof Worker === 'function';
  const violations = options.violations === undefined ? (typeof document === 'object' ? document : null) : options.violations;
  const local = options.local ?? (() => createLocalEngine({ paced: true }));
  let blocked = false;
  const onViolation = (e: Event) => {
    const directive = (e as Event & { effectiveDirective?: string }).effectiveDirective ?? '';
    if (/^(worker-src|child-src|script-src)/.test(directive)) blocked = true;
  };
  violations?.addEventListener('securitypolicyviolation', onViolation);
  const stopListening = () => violations?.removeEventListener('securitypolicyviolation', onViolation);

  let fallback: EngineFallback | null = null;
  let answered = false;
  let inner: SimEngine;
  const toLocal = (why: EngineFallback) => {
    stopListening();
    fallback = why;
    inner = local();
  };
  if (!hasWorkers) toLocal('unsupported');
  else {
    try {
      inner = createWorkerEngine(options.spawn);
    } catch (e) {
      // Chromium refuses a blocked worker with a SecurityError at construction time.
      toLocal(blocked || (e as { name?: unknown } | null)?.name === 'SecurityError' ? 'blocked' : 'failed');
    }
  }

  const create: SimEngine['create'] = async (input, req, createOptions) => {
    try {
      const frame = await inner.create(input, req, createOptions);
      answered = true;
      stopListening();
      return frame;
    } catch (e) {
      if (e instanceof SimWorkerError) answered = true;
      if (answered || fallback || !(e instanceof WorkerFailure)) throw e;
      // The violation event may come a little after the worker's error event.
      await new Promise((resolve) => setTimeout(resolve, 50));
      inner.dispose();
      toLocal(blocked ? 'blocked' : 'failed');
      throw new EngineFellBackError(fallback!);
    }
  };
  return {
    get kind() {
      return inner.kind;
    },
    get fallback() {
      return fallback;
    },
    get imports() {
      return inner.imports;
    },
    create,
    reconfigure: (input, req) => inner.reconfigure(input, req),
    step: (seconds, req) => inner.step(seconds, req),
    listFor: (mode, replica, o) => inner.listFor(mode, replica, o),
    objectsNear: (position, k) => inner.objectsNear(position, k),
    recount: (ranges) => inner.recount(ranges),
    reshard: (strategy, from, to) => inner.reshard(strategy, from, to),
    metricsText: (mode, apiServer) => inner.metricsText(mode, apiServer),
    findObjects: (text, limit) => inner.findObjects(text, limit),
    balance: (measure, n) => inner.balance(measure, n),
    streamReplay: () => inner.streamReplay(),
    dispose: () => {
      stopListening();
      inner.dispose();
    },
  };
}

/** The app's engine factory: a worker, with the page's thread as the fallback. */
export function browserEngineFactory(_params?: SimParams): SimEngine {
  return createBrowserEngine();
}
