/**
 * The loop over ticks. Events of consecutive ticks are gathered into one batch and fanned
 * out together: nothing else happens between those ticks, so the result is the same as tick
 * by tick, with far less per-call overhead. The batch is flushed before anything that reads
 * or changes the replicas (a reshard, a restart, a watch timeout, a relist, a retry), before
 * a sample is taken, and when it grows large.
 */
import type { EventBatch } from '../cluster';
import type { RetypedLayout } from '../params';
import { firstRetypedFrom, retypedAt, retypedTick } from '../params';
import { TICK_SECONDS, TICKS_PER_SECOND } from './clock';
import type { HashSpaceTracker } from './hashspace';
import type { Model } from './model';
import { RECENT_CAPACITY } from './recent';
import { countDueRelists } from './relists';
import { apply } from './apply';
import { effective, fire, noteHandoffAdds, retype } from './reshards';

/**
 * Removed slots (beyond those the recent-events ring still shows) that make the model flush
 * its batch and release them for reuse at the next tick boundary, plus a 1/32 share of the
 * live objects; between, they are released after every sample.
 */
const RELEASE_SLACK = 4096;

/** What the loop uses besides the model state: scratch, the page's picture, the run's typed layouts. */
export interface LoopContext {
  /** The scratch batch (empty between calls). */
  readonly batch: EventBatch;
  /** The hash-space picture, told of every event. */
  readonly hashView: HashSpaceTracker;
  /** Running layouts typed after a reshard, from the run's base parameters. */
  readonly retyped: readonly RetypedLayout[];
  /** Called at every sample point, with the batch processed and empty (a checkpoint may be due). */
  atSample(): void;
}

/** Runs `n` ticks of the model. */
export function runTicks(m: Model, n: number, ctx: LoopContext): void {
  const sampleEvery = Math.max(1, Math.round(m.params.sampleSeconds * TICKS_PER_SECOND));
  const batch = ctx.batch;
  const client = m.modes.client;
  const server = m.modes.server;
  const flush = () => {
    if (batch.length === 0) return;
    client.process(batch);
    server.process(batch);
    ctx.hashView.note(batch);
    m.recent.remember(batch, m.cluster);
    batch.clear();
  };
  batch.clear();
  const clock = m.servers;
  const restarts = clock.restartTicks;
  const retyped = ctx.retyped;
  let nextRetyped = firstRetypedFrom(retyped, m.tick, TICKS_PER_SECOND);
  for (let i = 0; i < n; i++) {
    const tick = m.tick;
    if (nextRetyped < retyped.length && retypedTick(retyped[nextRetyped]!, TICKS_PER_SECOND) <= tick) {
      flush();
      const e = retypedAt(retyped, tick, TICKS_PER_SECOND);
      while (nextRetyped < retyped.length && retypedTick(retyped[nextRetyped]!, TICKS_PER_SECOND) <= tick) nextRetyped++;
      if (e && retype(m, e)) apply(m, effective(m));
    }
    while (tick >= m.layout.nextEventTick) {
      flush();
      fire(m, m.layout.events[m.layout.fired++]!);
      m.layout.nextEventTick = m.layout.eventTick(m.layout.fired);
    }
    const rv = m.cluster.resourceVersion;
    clock.record(tick, rv);
    const gate = m.params.apiServers.rollout?.gate ?? true;
    client.advanceServers(tick, rv, clock.freshRv(tick), clock.maxEvents, gate);
    server.advanceServers(tick, rv, clock.freshRv(tick), clock.maxEvents, gate);
    for (let s = 0; s < restarts.length; s++) {
      if (restarts[s] !== tick) continue;
      flush();
      client.restartServer(s, tick + clock.downTicks, tick, TICK_SECONDS);
      server.restartServer(s, tick + clock.downTicks, tick, TICK_SECONDS);
      m.changeTick = tick;
    }
    if (client.watchDue(tick) || server.watchDue(tick)) {
      flush();
      client.runWatchDue(tick, TICK_SECONDS, (k, rv) => m.recent.rememberBookmark(false, k, rv));
      server.runWatchDue(tick, TICK_SECONDS, (k, rv) => m.recent.rememberBookmark(true, k, rv));
    }
    if (m.layout.relists.length > 0 && m.layout.relists[0]!.tick <= tick) {
      flush();
      countDueRelists(m.modes, m.layout.relists, tick);
    }
    if (client.retryPending(tick) || server.retryPending(tick)) {
      flush();
      const relistedClient = client.retryDue(tick, TICK_SECONDS);
      const relistedServer = server.retryDue(tick, TICK_SECONDS);
      if (relistedClient || relistedServer) {
        // A relist is a change: rates restart from a sample taken right after it.
        m.changeTick = tick;
        client.sample(tick / TICKS_PER_SECOND);
        server.sample(tick / TICKS_PER_SECOND);
      }
    }
    const first = batch.length;
    m.churn.generate(tick, TICK_SECONDS, batch);
    if (tick < m.layout.handoffOpenTick && batch.length > first) noteHandoffAdds(m, batch, first, tick);
    m.tick++;
    if (m.tick % sampleEvery === 0) {
      flush();
      client.sample(m.time);
      server.sample(m.time);
      releaseSlots(m);
      ctx.atSample();
    } else if (m.cluster.limboCount >= 2 * RECENT_CAPACITY + RELEASE_SLACK + (m.cluster.liveCount >>> 5)) {
      flush();
      releaseSlots(m);
    } else if (batch.length >= 65_536) {
      flush();
    }
  }
  flush();
  m.cluster.refreshIndex();
}

/**
 * Makes removed slots reusable once the batch that reported them is processed, keeping
 * those the recent-events ring still names. Called only at points that depend on the tick
 * and the event stream, never on how `step()` calls slice time (flushes at the end of a
 * step do not release), so slot numbers, too, are the same however a run is stepped.
 */
function releaseSlots(m: Model): void {
  const client = m.modes.client;
  const server = m.modes.server;
  m.cluster.releaseSlots(
    (s) => m.recent.names(s),
    (s) => {
      client.forget(s);
      server.forget(s);
    },
  );
}
