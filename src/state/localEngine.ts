/**
 * The model on the page's own thread, behind the same {@link SimEngine} interface as the
 * worker. A module of its own, beside `engine.ts` rather than in it: it needs the paced client
 * (`paced.ts`), which needs the engine's types, and `engine.ts` importing `paced.ts` back would
 * make a file-level import circle.
 */
import { createClientEngine, ENGINE_COMMANDS, type EngineClient, type SimEngine } from './engine';
import { pacedClient } from './paced';
import type { ImportChannel } from '../sim';

/**
 * The model on the main thread (tiny clusters, tests, browsers without module workers). The
 * model's code is loaded on first use, so the page's initial script does not carry it (the
 * worker has its own copy).
 */
export function createLocalEngine(options: { readonly paced?: boolean } = {}): SimEngine {
  let loaded: Promise<EngineClient> | null = null;
  const load = () => (loaded ??= import('../sim').then((m) => m.createLocalSimClient()));
  const client = Object.fromEntries(
    ENGINE_COMMANDS.map((cmd) => [cmd, (...args: unknown[]) => load().then((c) => (c[cmd] as (...a: unknown[]) => Promise<unknown>)(...args))]),
  ) as unknown as EngineClient;
  // In a page (a worker could not start), each command runs in a task of its own and long
  // steps are cut up, so the model never blocks the page for long (see `paced.ts`).
  // Import reads on this thread, in slices (the module loads with the first one).
  const listeners: Parameters<ImportChannel['listen']>[0][] = [];
  let channel: Promise<ImportChannel> | null = null;
  const importChannel = () =>
    (channel ??= load().then((client) => {
      // The same client as the model's: a confirmed import is the model's next cluster.
      const c = (client as EngineClient & { readonly imports: ImportChannel }).imports;
      c.listen((e) => {
        for (const l of listeners) l(e);
      });
      return c;
    }));
  const imports: ImportChannel = {
    start: (id, source, size) => void importChannel().then((c) => c.start(id, source, size)),
    cancel: (id) => void importChannel().then((c) => c.cancel(id)),
    listen: (l) => void listeners.push(l),
  };
  return createClientEngine(options.paced ? pacedClient(client) : client, 'local', undefined, undefined, imports);
}
