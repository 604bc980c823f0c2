/**
 * The owner lookup's marker on the hash space: page-local view state, kept out of the store and
 * the link (a pasted value may be a production uid, which has no business in a shared link).
 * The "your cluster" panel sets it; the hash space draws it (`./LookupMarker`).
 */
import { useSyncExternalStore } from 'react';

/** Where the looked-up value's hash sits. */
export interface LookupMarkerState {
  /** Fraction of 2^64 in [0, 1). */
  readonly position: number;
  /** `0x` + 16 hex digits. */
  readonly hash: string;
}

let marker: LookupMarkerState | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts the marker at a hash, or removes it (null). */
export function setLookupMarker(next: LookupMarkerState | null): void {
  marker = next;
  for (const l of listeners) l();
}

export function useLookupMarker(): LookupMarkerState | null {
  return useSyncExternalStore(subscribe, () => marker);
}
