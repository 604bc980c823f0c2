/**
 * Recent events cross from the worker to the page with every frame: 48 of them, each with its
 * fate at every replica in both modes (64 replicas: over 6,000 small objects a frame, most of
 * the page's structured-clone time and garbage). The page reads the fates of only the few
 * events it animates. So the worker sends the fates as one typed array (moved, not copied),
 * and the page decodes an event's fates when they are first read. The events are otherwise
 * the model's own, field for field.
 */
import type { DeliveryOutcome, RecentEvent } from './engine';
import type { WatchEventType } from './cluster';

/** Marks a packed list of events. */
const PACKED = '__packedEvents';

/** The event types, in code order (a fate's code is its index + 1; 0 is "not sent"). */
const TYPES: readonly WatchEventType[] = ['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK'];
const KEPT = 8;

/** Events without their fates, and the fates packed: `[replica, code]` pairs, events' modes in order. */
interface PackedEvents {
  readonly [PACKED]: true;
  readonly events: readonly Omit<RecentEvent, 'client' | 'server'>[];
  /** Where each event's client fates, then its server fates, start in `fates` (pairs); one more at the end. */
  readonly offsets: Uint32Array;
  readonly fates: Int16Array;
}

/** The worker's side: the events with their fates in two typed arrays (to transfer). */
export function packEvents(events: readonly RecentEvent[]): PackedEvents {
  let pairs = 0;
  for (const e of events) pairs += e.client.length + e.server.length;
  const offsets = new Uint32Array(events.length * 2 + 1);
  const fates = new Int16Array(pairs * 2);
  let k = 0;
  const put = (list: readonly DeliveryOutcome[]) => {
    for (const o of list) {
      fates[k * 2] = o.replica;
      fates[k * 2 + 1] = (o.sentAs === null ? 0 : TYPES.indexOf(o.sentAs) + 1) | (o.kept ? KEPT : 0);
      k++;
    }
  };
  const bare = events.map((e, i) => {
    offsets[i * 2] = k;
    put(e.client);
    offsets[i * 2 + 1] = k;
    put(e.server);
    return { resourceVersion: e.resourceVersion, type: e.type, object: e.object, bytes: e.bytes };
  });
  offsets[events.length * 2] = k;
  return { [PACKED]: true, events: bare, offsets, fates };
}

/** Whether a worker's result is a packed list of events. */
export function isPackedEvents(result: unknown): result is PackedEvents {
  return typeof result === 'object' && result !== null && PACKED in result;
}

function decode(fates: Int16Array, from: number, to: number): DeliveryOutcome[] {
  const out: DeliveryOutcome[] = [];
  for (let k = from; k < to; k++) {
    const code = fates[k * 2 + 1]!;
    const type = code & (KEPT - 1);
    out.push({ replica: fates[k * 2]!, sentAs: type === 0 ? null : TYPES[type - 1]!, kept: (code & KEPT) !== 0 });
  }
  return out;
}

/** The page's side: the events as the model made them; each event's fates are decoded when first read. */
export function unpackEvents(packed: PackedEvents): RecentEvent[] {
  const { offsets, fates } = packed;
  return packed.events.map((bare, i) => {
    let client: DeliveryOutcome[] | null = null;
    let server: DeliveryOutcome[] | null = null;
    return {
      ...bare,
      get client() {
        return (client ??= decode(fates, offsets[i * 2]!, offsets[i * 2 + 1]!));
      },
      get server() {
        return (server ??= decode(fates, offsets[i * 2 + 1]!, offsets[i * 2 + 2]!));
      },
    };
  });
}
