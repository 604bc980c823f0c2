/**
 * The owner lookup's marker on the hash space and whether the "your cluster" panel
 * is open: page-local view state, kept out of the store and the link (a pasted value may be a
 * production uid, which has no business in a shared link).
 */
import { useSyncExternalStore } from 'react';

/** Where the looked-up value's hash sits. */
export interface LookupMarkerState {
  /** Fraction of 2^64 in [0, 1). */
  readonly position: number;
  /** `0x` + 16 hex digits. */
  readonly hash: string;
}

interface YourClusterState {
  readonly open: boolean;
  readonly marker: LookupMarkerState | null;
}

let state: YourClusterState = { open: false, marker: null };
const listeners = new Set<() => void>();

function set(next: Partial<YourClusterState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts the marker at a hash, or removes it (null). */
export function setLookupMarker(marker: LookupMarkerState | null): void {
  set({ marker });
}

/** Opens or closes the panel; closing removes the marker. */
export function setYourClusterOpen(open: boolean): void {
  set(open ? { open } : { open, marker: null });
}

export function useLookupMarker(): LookupMarkerState | null {
  return useSyncExternalStore(subscribe, () => state.marker);
}

export function useYourClusterOpen(): boolean {
  return useSyncExternalStore(subscribe, () => state.open);
}
