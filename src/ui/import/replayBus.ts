/**
 * What the replay panel shows now (the report and the sample at the replay's time),
 * shared with the replica cards of the same page, which show their own replica's line. Kept
 * beside the store (per store), not in it: the replay's time moves every frame.
 */
import { useSyncExternalStore } from 'react';
import type { ReplayReport } from '../../sim';
import type { ShardScopeStore } from '../../state';

export interface ReplayShown {
  readonly report: ReplayReport;
  /** The sample shown (see `replaySampleAt`). */
  readonly sample: number;
}

interface Bus {
  shown: ReplayShown | null;
  readonly listeners: Set<() => void>;
}

const buses = new WeakMap<ShardScopeStore, Bus>();

function busOf(store: ShardScopeStore): Bus {
  let bus = buses.get(store);
  if (!bus) {
    bus = { shown: null, listeners: new Set() };
    buses.set(store, bus);
  }
  return bus;
}

/** The panel publishes what it shows (null: no replay shown). */
export function publishReplay(store: ShardScopeStore, shown: ReplayShown | null): void {
  const bus = busOf(store);
  if (bus.shown === shown) return;
  bus.shown = shown;
  for (const l of bus.listeners) l();
}

/** What the replay panel shows now, or null. */
export function useReplayShown(store: ShardScopeStore): ReplayShown | null {
  const bus = busOf(store);
  return useSyncExternalStore(
    (onChange) => {
      bus.listeners.add(onChange);
      return () => bus.listeners.delete(onChange);
    },
    () => bus.shown,
  );
}
