/**
 * The headline figure: how many times less the API servers send with server-side sharding
 * than with client-side sharding, on the same cluster and stream.
 */
import type { SimSnapshot } from '../../state';

/** The ratio and where it came from. */
export interface Headline {
  readonly replicas: number;
  /** client-side egress / server-side egress. */
  readonly ratio: number;
  /** `measured` from the event-by-event rates, or `expected` from the closed form (before time has passed). */
  readonly source: 'measured' | 'expected';
}

/**
 * Measured egress rates when both are positive (the run has some history), otherwise the
 * closed form, so the headline is right from the first frame.
 */
export function headlineOf(snapshot: SimSnapshot): Headline {
  const replicas = snapshot.modes.server.replicas.length;
  const client = snapshot.modes.client.totals.egressBytesPerSec;
  const server = snapshot.modes.server.totals.egressBytesPerSec;
  if (snapshot.time > 0 && client > 0 && server > 0) return { replicas, ratio: client / server, source: 'measured' };
  const c = snapshot.closedForm.client.egressBytesPerSec;
  const s = snapshot.closedForm.server.egressBytesPerSec;
  return { replicas, ratio: c > 0 && s > 0 ? c / s : 1, source: 'expected' };
}
