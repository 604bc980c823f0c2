/**
 * The Web Worker adapter: a named command table over one `Simulation`, with typed arrays
 * moved (transferred) rather than copied. Thin on purpose: every command is one call on the
 * headless API, so the same module also runs on the main thread (`createLocalSimClient`)
 * and under Node.
 *
 * In a worker, this module installs itself when imported:
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })`.
 * On the main thread importing it installs nothing.
 *
 * No DOM types are referenced: the worker scope is described by the minimal
 * {@link MessagePort}-like interface below, so `src/sim` stays DOM-free.
 */
import { SimWorkerError, WORKER_COMMANDS, isImportMessage } from './workerClient';
import type { ImportChannel, ImportMessage } from './workerClient';
import { ImportSession, type ImportEvent } from './importSession';
import type { MessageEndpoint, SimClient, WorkerCommand, WorkerCommands, WorkerError, WorkerRequest, WorkerResponse } from './workerClient';
import { packEvents } from './eventpack';
import { SimParamsError, selectorTexts, type SimParamsInput } from './params';
import { loadSyntaxErrors, needsSyntaxErrors } from '../core/sharding';
import { createSimulation } from './engine';
import { createSnapshotPacker } from './snapshotpack';
import type { RecentEvent } from './engine';
import type { SimSnapshot } from './report';
import type { Simulation } from './engine';

/** The commands whose result is a snapshot. */
const SNAPSHOT_COMMANDS: readonly WorkerCommand[] = ['create', 'step', 'snapshot', 'reconfigure', 'seek'];

// The protocol's client side lives in `./workerClient` (model-free, for the page's bundle).
export { SimWorkerError, WORKER_COMMANDS, createWorkerImportChannel, createWorkerSimClient } from './workerClient';
export type { CreateOptions, ImportChannel, MessageEndpoint, SimClient, WorkerCommand, WorkerCommands, WorkerError, WorkerPort, WorkerRequest, WorkerResponse } from './workerClient';

/** Holds the simulation the commands act on. */
export interface WorkerState {
  sim: Simulation | null;
  /** Import reads and the objects they found. */
  imports?: ImportSession;
}

/** Runs an import-channel message against `state`; events go to `emit`. */
function handleImportMessage(state: WorkerState, m: ImportMessage, emit: (e: ImportEvent) => void): void {
  const session = (state.imports ??= new ImportSession());
  if (m.import === 'start') void session.start(m.id, m.source, m.size, emit);
  else session.cancel(m.id);
}

function need(state: WorkerState): Simulation {
  if (!state.sim) throw new Error('no simulation: send "create" first');
  return state.sim;
}

/** The command table: each entry is one call on the headless API. */
function commandTable(state: WorkerState): WorkerCommands {
  return {
    create: (input, options) => {
      const session = (state.imports ??= new ImportSession());
      const imported = session.objectsFor(options?.import ?? 'drop', options?.hideNames === true);
      state.sim = createSimulation(input ?? {}, imported ? { imported, stream: session.stream } : {});
      return state.sim.snapshot();
    },
    step: (seconds) => {
      const sim = need(state);
      sim.step(seconds);
      return sim.snapshot();
    },
    snapshot: () => need(state).snapshot(),
    reconfigure: (input) => {
      const sim = need(state);
      sim.reconfigure(input);
      return sim.snapshot();
    },
    seek: (t) => {
      const sim = need(state);
      sim.seek(t);
      return sim.snapshot();
    },
    listFor: (mode, replica, options) => need(state).listFor(mode, replica, options),
    watchEventsFor: (mode, replica, count) => need(state).watchEventsFor(mode, replica, count),
    recentEvents: (count) => need(state).recentEvents(count),
    metricsText: (mode, apiServer) => need(state).metricsText(mode, apiServer),
    hashSpace: () => need(state).hashSpace(),
    objectsNear: (position, k) => need(state).objectsNear(position, k),
    objectJson: (uid) => need(state).objectJson(uid),
    findObjects: (text, limit) => need(state).findObjects(text, limit),
    balance: (measure, n) => need(state).balance(measure, n),
    streamReplay: () => need(state).streamReplay(),
    recount: (ranges) => need(state).recount(ranges),
    reshard: (strategy, from, to) => need(state).reshard(strategy, from, to),
  };
}

/** Buffers inside a result that can be moved rather than copied. */
function transferables(result: unknown): ArrayBuffer[] {
  if (typeof result !== 'object' || result === null) return [];
  const out: ArrayBuffer[] = [];
  for (const v of Object.values(result)) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer);
  }
  return out;
}

function toWorkerError(e: unknown): WorkerError {
  if (e instanceof SimParamsError) return { name: e.name, message: e.message, issues: e.issues };
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: 'Error', message: String(e) };
}

/**
 * Runs one request against `state`. Returns the response and the buffers to transfer with it.
 * Never throws: an error becomes an `ok: false` response.
 */
export function handleWorkerMessage(state: WorkerState, req: WorkerRequest): { response: WorkerResponse; transfer: ArrayBuffer[] } {
  try {
    if (!WORKER_COMMANDS.includes(req.cmd)) throw new Error(`unknown command ${JSON.stringify(req.cmd)}`);
    const table = commandTable(state);
    const fn = table[req.cmd] as (...args: readonly unknown[]) => unknown;
    const result = fn(...(req.args ?? []));
    return { response: { id: req.id, ok: true, result }, transfer: transferables(result) };
  } catch (e) {
    return { response: { id: req.id, ok: false, error: toWorkerError(e) }, transfer: [] };
  }
}

/**
 * Whether a request hands the model a selector whose syntax error the syntax-error model must
 * word (and it is not loaded yet): the API server's HTTP 500 body carries that text.
 */
export function needsSyntaxErrorModel(req: WorkerRequest): boolean {
  if (req.cmd !== 'create' && req.cmd !== 'reconfigure') return false;
  return selectorTexts(req.args?.[0] as SimParamsInput | undefined).some(needsSyntaxErrors);
}

/**
 * Runs `handle` on each message in the order they come, holding one that needs the
 * syntax-error model (`needs`), and every one after it, until the model has loaded. Messages
 * are handled at once otherwise. A model that fails to load (a lost chunk) holds nothing back:
 * the request then fails in the API server, which never words a syntax error without it.
 */
export function inOrderAfterModel<M>(needs: (message: M) => boolean, handle: (message: M) => void): (message: M) => void {
  let queue: Promise<void> | null = null;
  let held = 0;
  const release = (message: M): void => {
    held--;
    if (held === 0) queue = null;
    handle(message);
  };
  return (message) => {
    const wait = needs(message);
    if (queue === null && !wait) return handle(message);
    held++;
    const before: Promise<void> = queue ?? Promise.resolve();
    queue = (wait ? before.then(() => loadSyntaxErrors().catch(() => undefined)) : before).then(() => release(message));
  };
}

/** Serves the command table on `scope` (a worker's global scope). */
export function serveSimulation(scope: MessageEndpoint): WorkerState {
  const state: WorkerState = { sim: null, imports: new ImportSession() };
  const pack = createSnapshotPacker();
  const handle = (event: { readonly data: unknown }): void => {
    if (isImportMessage(event.data)) {
      handleImportMessage(state, event.data, (importEvent) => scope.postMessage({ importEvent }));
      return;
    }
    const req = event.data as WorkerRequest;
    const { response, transfer } = handleWorkerMessage(state, req);
    // Snapshots leave out what did not change since the last one (see snapshotpack.ts).
    if (response.ok && req.cmd === 'recentEvents') {
      // Events' fates travel as typed arrays (see eventpack.ts).
      const events = packEvents(response.result as RecentEvent[]);
      scope.postMessage({ ...response, result: events }, [events.offsets.buffer as ArrayBuffer, events.fates.buffer as ArrayBuffer]);
      return;
    }
    const packed = response.ok && SNAPSHOT_COMMANDS.includes(req.cmd) ? { ...response, result: pack(response.result as SimSnapshot) } : response;
    scope.postMessage(packed, transfer);
  };
  scope.addEventListener('message', inOrderAfterModel((event) => !isImportMessage(event.data) && needsSyntaxErrorModel(event.data as WorkerRequest), handle));
  return state;
}

/** A client running the simulation on this thread (tests, Node, or no worker support). */
export function createLocalSimClient(): SimClient & { readonly imports: ImportChannel } {
  const state: WorkerState = { sim: null, imports: new ImportSession() };
  const listeners: ((e: ImportEvent) => void)[] = [];
  const emit = (e: ImportEvent): void => {
    for (const l of listeners) l(e);
  };
  const imports: ImportChannel = {
    start: (id, source, size) => handleImportMessage(state, { import: 'start', id, source, size }, emit),
    cancel: (id) => handleImportMessage(state, { import: 'cancel', id }, emit),
    listen: (l) => void listeners.push(l),
  };
  let next = 1;
  // Requests run in order, as they would in a worker, held back while the model loads.
  const run = inOrderAfterModel<{ readonly req: WorkerRequest; readonly settle: (r: WorkerResponse) => void }>(
    ({ req }) => needsSyntaxErrorModel(req),
    ({ req, settle }) => settle(handleWorkerMessage(state, req).response),
  );
  const call = (cmd: WorkerCommand, args: readonly unknown[]): Promise<unknown> =>
    new Promise<WorkerResponse>((settle) => run({ req: { id: next++, cmd, args } as WorkerRequest, settle })).then((response) =>
      response.ok ? response.result : Promise.reject(new SimWorkerError(response.error)),
    );
  const client = Object.fromEntries(WORKER_COMMANDS.map((cmd) => [cmd, (...args: unknown[]) => call(cmd, args)])) as SimClient;
  return Object.assign(client, { imports });
}

// Install only inside a dedicated worker: there `self` is the worker's global scope, which
// has `importScripts` and no `document`. On the main thread and under Node nothing happens.
const scope = globalThis as unknown as { importScripts?: unknown; document?: unknown } & Partial<MessageEndpoint>;
if (typeof scope.importScripts === 'function' && scope.document === undefined && typeof scope.postMessage === 'function') {
  serveSimulation(scope as MessageEndpoint);
}
