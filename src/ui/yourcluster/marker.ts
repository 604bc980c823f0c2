/**
 * Whether the "your cluster" panel is open: page-local view state, kept out of the store and
 * the link, like the lookup's marker on the hash space (`../hash`), which closing the panel
 * removes.
 */
import { useSyncExternalStore } from 'react';
import { setLookupMarker } from '../hash';

let open = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens or closes the panel; closing removes the marker. */
export function setYourClusterOpen(next: boolean): void {
  open = next;
  for (const l of listeners) l();
  if (!next) setLookupMarker(null);
}

export function useYourClusterOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}
