/**
 * Snapshots cross from the worker to the page many times a second, and the structured clone
 * is paid on the page's thread. A replica's selector-derived fields (its request URLs, the
 * selector texts, its ranges) and the parameters (every selector again) can be megabytes in
 * all with 64 replicas of long selectors, and they change only on a reconfiguration or a
 * reconnect. So the worker sends each of them only when it changed since its last snapshot,
 * and the page fills the rest in from the last one it received.
 * Both ends see the same snapshots in the same order (one worker, messages in order).
 */
import type { ReplicaStats, SimSnapshot } from './report';

/** The fields sent only when changed. */
const HEAVY = ['listUrl', 'watchUrl', 'selectorSent', 'selector', 'ranges'] as const;
type Heavy = Pick<ReplicaStats, (typeof HEAVY)[number]>;

/** Marks a snapshot whose replicas may lack unchanged heavy fields. */
const PACKED = '__packedReplicas';

type Last = Map<string, Heavy>;

function eachReplica(snap: SimSnapshot, fn: (key: string, r: ReplicaStats, mode: 'client' | 'server', i: number) => void): void {
  for (const mode of ['client', 'server'] as const) snap.modes[mode].replicas.forEach((r, i) => fn(`${mode}/${i}`, r, mode, i));
}

/** The worker's side: remembers what it sent and leaves out what the page already has. */
export function createSnapshotPacker(): (snap: SimSnapshot) => unknown {
  let last: Last = new Map();
  let lastParams: SimSnapshot['params'] | null = null;
  return (snap) => {
    const sameParams = snap.params === lastParams;
    lastParams = snap.params;
    const next: Last = new Map();
    const modes = { client: [] as unknown[], server: [] as unknown[] };
    eachReplica(snap, (key, r, mode) => {
      const prev = last.get(key);
      next.set(key, r);
      if (!prev) {
        modes[mode].push(r);
        return;
      }
      const out: Record<string, unknown> = { ...r };
      const same: string[] = [];
      for (const f of HEAVY) {
        if (prev[f] === r[f]) {
          delete out[f];
          same.push(f);
        }
      }
      out[PACKED] = same;
      modes[mode].push(out);
    });
    last = next;
    const out: Record<string, unknown> = {
      ...snap,
      [PACKED]: sameParams ? 'params' : true,
      modes: { client: { ...snap.modes.client, replicas: modes.client }, server: { ...snap.modes.server, replicas: modes.server } },
    };
    if (sameParams) delete out.params;
    return out;
  };
}

/** The page's side: restores the left-out fields from the last snapshot it received. Other values pass through. */
export function createSnapshotUnpacker(): (result: unknown) => unknown {
  let last = new Map<string, Heavy>();
  let lastParams: unknown = null;
  return (result) => {
    if (typeof result !== 'object' || result === null || !(PACKED in result)) return result;
    const packed = result as unknown as SimSnapshot & Record<string, unknown>;
    if (packed[PACKED] === 'params') (packed as Record<string, unknown>).params = lastParams;
    lastParams = packed.params;
    delete packed[PACKED];
    const next = new Map<string, Heavy>();
    for (const mode of ['client', 'server'] as const) {
      const replicas = packed.modes[mode].replicas as unknown as Record<string, unknown>[];
      replicas.forEach((r, i) => {
        const key = `${mode}/${i}`;
        const same = r[PACKED] as string[] | undefined;
        if (same) {
          delete r[PACKED];
          const prev = last.get(key)!;
          for (const f of same) r[f] = prev[f as keyof Heavy];
        }
        next.set(key, r as unknown as Heavy);
      });
    }
    last = next;
    return packed;
  };
}
