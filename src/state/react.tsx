/**
 * React bindings of the store: a provider and narrow-selector hooks. Components select the
 * few fields they render (`useShallow` for objects and arrays), so a new snapshot re-renders
 * only what changed.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ShardScopeState, ShardScopeStore } from './store';

const StoreContext = createContext<ShardScopeStore | null>(null);

/** Makes a store available to the components below. */
export function ShardScopeProvider({ store, children }: { store: ShardScopeStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself (for actions, `getState()` in event handlers, and `data`). */
export function useShardScopeStore(): ShardScopeStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useShardScopeStore: no <ShardScopeProvider> above this component');
  return store;
}

/** Selects a value; re-renders when it changes by `Object.is`. */
export function useShardScope<T>(selector: (s: ShardScopeState) => T): T {
  return useStore(useShardScopeStore(), selector);
}

/** Selects an object or array; re-renders only when one of its fields changes. */
export function useShardScopeShallow<T>(selector: (s: ShardScopeState) => T): T {
  return useStore(useShardScopeStore(), useShallow(selector));
}
