/**
 * The parts of a replica's snapshot that follow only from its selector and connection: its
 * request URLs, its canonical selector text and its ranges. A selector may hold thousands
 * of ranges or 100,000 characters, and snapshots are taken many times a second, so these
 * are computed once per replica and connection, not once per snapshot.
 */
import { requestInfo, watchParams } from '../apiserver';
import { LOCAL_JUMP, type Replica } from './replica';

/** What {@link replicaView} gives. */
export interface ReplicaView {
  readonly listUrl: string;
  readonly watchUrl: string | null;
  readonly selector: string | null;
  readonly ranges: readonly RangeView[];
}

interface Entry {
  readonly jumpKind: boolean;
  /** What the URLs depend on besides the selector: the requests' parameters and servers. */
  readonly requests: string;
  readonly view: ReplicaView;
}

const cache = new WeakMap<Replica, Entry>();

const FULL: readonly RangeView[] = Object.freeze([Object.freeze({ start: '0x0000000000000000', end: '0x10000000000000000', from: 0, to: 1 })]);
const NONE: readonly RangeView[] = Object.freeze([]);

/**
 * The replica's URLs, canonical selector and ranges: the same objects until its connection
 * changes. (A replica's server and selector are fixed: a new selector makes a new Replica.)
 */
export function replicaView(r: Replica): ReplicaView {
  const watching = r.watcher !== null;
  const jumpKind = r.localKind === LOCAL_JUMP;
  const requests = `${watching}|${r.syncStreaming}|${r.watchStreaming}|${r.listRequestRv}|${r.watchRequestRv}|${r.watchTimeoutSeconds}`;
  const hit = cache.get(r);
  if (hit && hit.requests === requests && hit.jumpKind === jumpKind) return hit.view;
  const jump = r.mode === 'client' && r.usesJump;
  const local = jumpKind ? null : r.resolved.local;
  const sel = r.selectorSent;
  // The sync: LIST with resourceVersion=0 and limit=500 (a relist: its last resourceVersion,
  // no limit), or the streaming list's WATCH; then the watch, resumed or the same request.
  const syncUrl = r.syncStreaming
    ? requestInfo('WATCH', r.apiServer, sel, watchParams(r.listRequestRv === '0' ? '' : r.listRequestRv, r.watchTimeoutSeconds, true)).url
    : requestInfo(
        // Stryker disable next-line StringLiteral: only the URL is read, and requestInfo builds the same URL for every verb but 'WATCH'
        'LIST',
        r.listServer,
        sel,
        r.listRequestRv === '0' ? { limit: '500', resourceVersion: '0' } : { resourceVersion: r.listRequestRv },
      ).url;
  const view: ReplicaView = {
    listUrl: syncUrl,
    watchUrl: !watching ? null : r.watchStreaming ? syncUrl : requestInfo('WATCH', r.apiServer, sel, watchParams(r.watchRequestRv, r.watchTimeoutSeconds, false)).url,
    selector: hit ? hit.view.selector : jump ? null : (r.resolved.local?.toString() ?? null),
    ranges:
      hit && hit.jumpKind === jumpKind
        ? hit.view.ranges
        : local
          ? Object.freeze(local.requirements.map((q) => Object.freeze({ start: q.start, end: q.end, from: Number(BigInt(q.start)) / 2 ** 64, to: Number(BigInt(q.end)) / 2 ** 64 })))
          : jump
            ? NONE
            : r.resolved.localError === null
              ? FULL
              : NONE,
  };
  cache.set(r, { jumpKind, requests, view });
  return view;
}

/** A range of the hash space, with its position for drawing. */
export interface RangeView {
  /** `0x` + 16 hex digits, inclusive. */
  readonly start: string;
  /** `0x` + 16 hex digits (or the 17-digit 2^64), exclusive. */
  readonly end: string;
  /** start and end as fractions of 2^64, in [0, 1]. */
  readonly from: number;
  /** End as a fraction of 2^64. */
  readonly to: number;
}
