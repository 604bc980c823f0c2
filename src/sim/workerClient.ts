/**
 * The worker protocol's client side: `{ id, cmd, args }` requests out, `{ id, ok, result |
 * error }` responses in, one promise per command, typed arrays transferred by the worker.
 *
 * Model-free on purpose: it imports only types from the model, so the page's bundle can
 * talk to the worker (`./worker`, which serves the protocol) without carrying the model's
 * code. `./worker` re-exports everything here.
 */
import type { ParamIssue, SimParamsInput } from './params';
import { isPackedEvents, unpackEvents } from './eventpack';
import { createSnapshotUnpacker } from './snapshotpack';
import type { SimSnapshot } from './report';
import type { Simulation } from './engine';
import type { ImportEvent, ImportSource } from './importSession';
import type { SizeBasis } from './cluster';

/** The read-only part of a Simulation, served as it is. */
type SimulationQueries = Pick<
  Simulation,
  | 'snapshot'
  | 'listFor'
  | 'watchEventsFor'
  | 'recentEvents'
  | 'metricsText'
  | 'hashSpace' // its typed arrays are transferred to the caller
  | 'objectsNear'
  | 'objectJson'
  | 'findObjects'
  | 'balance'
  | 'streamReplay'
  | 'recount'
  | 'reshard'
>;

/**
 * The commands, their arguments and results: the Simulation's queries as they are, and its
 * mutators returning the new snapshot (one round trip instead of two). Every command but
 * `create` needs a simulation.
 */
export interface WorkerCommands extends SimulationQueries {
  /** Creates (or replaces) the simulation; `options.import` says which imported objects it starts from. */
  create(input?: SimParamsInput, options?: CreateOptions): SimSnapshot;
  /** Steps `seconds` (default `params.stepSeconds`) and returns the new snapshot. */
  step(seconds?: number): SimSnapshot;
  reconfigure(input: SimParamsInput): SimSnapshot;
  seek(t: number): SimSnapshot;
}

/**
 * Which imported objects a new simulation starts from: 'confirm' the last import read (it
 * becomes the current one), 'keep' the current one, 'off' none while the current one is kept
 * for later (a story's or a link's generated cluster), 'drop' none (a generated cluster, the
 * default: the current one is let go). `hideNames`: pseudonyms for names and namespaces in every view (hashes unchanged).
 */
export interface CreateOptions {
  readonly import?: 'confirm' | 'keep' | 'off' | 'drop';
  readonly hideNames?: boolean;
}

/** An import read where the model lives (see `importSession.ts`): start, cancel, hear its events. */
export interface ImportChannel {
  start(id: number, source: ImportSource, size: SizeBasis): void;
  cancel(id: number): void;
  listen(listener: (e: ImportEvent) => void): void;
}

/** A message of the import channel, beside the command protocol. */
export type ImportMessage = { readonly import: 'start'; readonly id: number; readonly source: ImportSource; readonly size: SizeBasis } | { readonly import: 'cancel'; readonly id: number };

/** Whether a message to the worker belongs to the import channel. */
export function isImportMessage(m: unknown): m is ImportMessage {
  return typeof m === 'object' && m !== null && 'import' in m && typeof (m as { id?: unknown }).id === 'number';
}

/** The import channel over a worker that runs `serveSimulation`. */
export function createWorkerImportChannel(worker: WorkerPort): ImportChannel {
  const listeners: ((e: ImportEvent) => void)[] = [];
  worker.addEventListener('message', (event) => {
    const data = event.data as { importEvent?: ImportEvent } | null;
    if (data && typeof data === 'object' && data.importEvent) for (const l of listeners) l(data.importEvent);
  });
  return {
    start: (id, source, size) => worker.postMessage({ import: 'start', id, source, size } satisfies ImportMessage),
    cancel: (id) => worker.postMessage({ import: 'cancel', id } satisfies ImportMessage),
    listen: (l) => void listeners.push(l),
  };
}

/** A command name. */
export type WorkerCommand = keyof WorkerCommands;

/** The command names, for validation and menus. */
export const WORKER_COMMANDS: readonly WorkerCommand[] = [
  'create',
  'step',
  'snapshot',
  'reconfigure',
  'seek',
  'listFor',
  'watchEventsFor',
  'recentEvents',
  'metricsText',
  'hashSpace',
  'objectsNear',
  'objectJson',
  'findObjects',
  'balance',
  'streamReplay',
  'recount',
  'reshard',
];

/** A request: `id` pairs it with its response. */
export interface WorkerRequest<C extends WorkerCommand = WorkerCommand> {
  readonly id: number;
  readonly cmd: C;
  readonly args: Parameters<WorkerCommands[C]>;
}

/** A serialisable error (a `SimParamsError` keeps its issues). */
export interface WorkerError {
  readonly name: string;
  readonly message: string;
  readonly issues?: readonly ParamIssue[];
}

/** A response to the request with the same id. */
export type WorkerResponse =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WorkerError };

/** The part of a worker scope (or a `Worker`) this module needs. */
export interface MessageEndpoint {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * What a client needs of a worker: post requests, hear responses. A DOM `Worker` is one (the
 * client never transfers anything itself, so no transfer list is needed).
 */
export interface WorkerPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** A promise-based client: the same surface whether the simulation runs in a worker or here. */
export type SimClient = {
  [C in WorkerCommand]: (...args: Parameters<WorkerCommands[C]>) => Promise<ReturnType<WorkerCommands[C]>>;
};

/** A rejected command's error, with `issues` for bad parameters. */
export class SimWorkerError extends Error {
  readonly issues: readonly ParamIssue[] | undefined;
  constructor(error: WorkerError) {
    super(error.message);
    this.name = error.name;
    this.issues = error.issues;
  }
}

/**
 * A client talking to a worker that runs `serveSimulation` (`./worker`): each call posts a
 * request with a fresh id and returns a promise settled by the response with that id (a
 * failure rejects with {@link SimWorkerError}). Typed arrays in results arrive transferred.
 */
export function createWorkerSimClient(worker: WorkerPort): SimClient {
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const unpack = createSnapshotUnpacker();
  worker.addEventListener('message', (event) => {
    const res = event.data as WorkerResponse;
    const p = pending.get(res.id);
    if (!p) return;
    pending.delete(res.id);
    if (res.ok) p.resolve(isPackedEvents(res.result) ? unpackEvents(res.result) : unpack(res.result));
    else p.reject(new SimWorkerError(res.error));
  });
  const call = (cmd: WorkerCommand, args: readonly unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, cmd, args });
    });
  return Object.fromEntries(WORKER_COMMANDS.map((cmd) => [cmd, (...args: unknown[]) => call(cmd, args)])) as SimClient;
}
