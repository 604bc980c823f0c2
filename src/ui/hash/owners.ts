/**
 * How far the client-side owners of the dots differ from the server-side ones. With hash
 * ranges on the client (the default) every replica keeps exactly what the server would send
 * it, so colouring the dots by client-side owners changes nothing; with jump hash, a replica
 * that fails or trusts a gate-off server, they differ.
 */
import type { HashSpaceView } from '../../state';

/** Objects whose client-side owner differs from their server-side owner (null before the first view). */
export function ownersDiffering(view: HashSpaceView | null): number | null {
  if (!view) return null;
  const a = view.ownerClient;
  const b = view.ownerServer;
  let n = 0;
  for (let i = 0; i < view.count; i++) if (a[i] !== b[i]) n++;
  return n;
}
