/**
 * The model on the page's own thread without long tasks: every command runs in a task of its
 * own, in order, and a step that carries many events is cut into steps of at most
 * {@link EVENTS_PER_TASK} events, one task each, so the page can draw between them. The model
 * does not depend on how its steps are sliced (see `src/sim/engine/simulation.ts`), so the result is
 * the same as one step.
 */
import type { SimSnapshot } from '../sim';
import { churnRates } from '../sim/params';
import type { EngineClient } from './engine';
import { EVENTS_PER_TASK } from './budget';
import { STEP_SECONDS } from './defaults';

/** Resolves in a later task (after the page has had a chance to draw and handle input). */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Model events per simulated second (bursts included) under a snapshot's parameters. */
function eventsPerSecond(s: SimSnapshot): number {
  const c = churnRates(s.params);
  const burst = c.burst.enabled ? 2 * c.burst.podsPerSecond : 0;
  return c.addsPerSecond + c.modifiesPerSecond + c.deletesPerSecond + burst;
}

const TICK = 0.01;

/** A client whose commands each run in a later task, in order, with long steps cut up. */
export function pacedClient(client: EngineClient, yieldTask: () => Promise<void> = nextTask): EngineClient {
  let queue: Promise<unknown> = Promise.resolve();
  let rate = 0;
  const seen = (s: SimSnapshot): SimSnapshot => {
    rate = eventsPerSecond(s);
    return s;
  };
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(async () => {
      await yieldTask();
      return run();
    });
    queue = result.catch(() => undefined);
    return result;
  };
  const step = async (seconds: number = STEP_SECONDS): Promise<SimSnapshot> => {
    // Whole ticks per slice, at least one.
    const slice = Math.max(1, Math.floor(EVENTS_PER_TASK / Math.max(rate, 1) / TICK)) * TICK;
    const slices = Math.floor(seconds / slice + 1e-9);
    if (slices <= 1) return seen(await client.step(seconds));
    const total = { added: 0, modified: 0, deleted: 0, bookmarks: 0 };
    let last: SimSnapshot | null = null;
    for (let i = 0; i <= slices; i++) {
      const s = i < slices ? slice : Math.max(0, seconds - slices * slice);
      if (i === slices && s < 1e-9) break;
      if (i > 0) await yieldTask();
      last = await client.step(s);
      const l = last.churn.lastStep;
      total.added += l.added;
      total.modified += l.modified;
      total.deleted += l.deleted;
      total.bookmarks += l.bookmarks;
    }
    // The snapshot of the last slice, with the events of the whole step.
    return seen({ ...last!, churn: { ...last!.churn, lastStep: total } });
  };
  return {
    create: (...a) => inTurn(() => client.create(...a).then(seen)),
    reconfigure: (input) => inTurn(() => client.reconfigure(input).then(seen)),
    step: (seconds) => inTurn(() => step(seconds)),
    seek: (t) => inTurn(() => client.seek(t).then(seen)),
    listFor: (...a) => inTurn(() => client.listFor(...a)),
    recentEvents: (...a) => inTurn(() => client.recentEvents(...a)),
    metricsText: (...a) => inTurn(() => client.metricsText(...a)),
    hashSpace: () => inTurn(() => client.hashSpace()),
    objectsNear: (...a) => inTurn(() => client.objectsNear(...a)),
    recount: (...a) => inTurn(() => client.recount(...a)),
    reshard: (...a) => inTurn(() => client.reshard(...a)),
    findObjects: (...a) => inTurn(() => client.findObjects(...a)),
    balance: (...a) => inTurn(() => client.balance(...a)),
    streamReplay: () => inTurn(() => client.streamReplay()),
  };
}
