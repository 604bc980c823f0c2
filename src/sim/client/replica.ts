/**
 * A controller replica: where its shard selector comes from, what it sends, how it filters
 * (client-side by ranges or kube-state-metrics' jump hash; server-side with a fallback when
 * `shardInfo` is missing, or naively trusting the stream), and its counters.
 */
import { ShardSelector, requirementToString, splitShard } from '../../core/sharding';
import type { ShardKey } from '../../core/sharding';
import { parseForRequest } from '../apiserver';
import type { Watcher } from '../apiserver';
import type { ClientFilter, Mode, SelectorSpec, ServerFallback, WatchPolicy } from '../params';

/** Counter slots of a replica (a Float64Array, so the hot loop adds to numbers in place). */
export const C_EVENTS_RECEIVED = 0;
export const C_BYTES_RECEIVED = 1;
export const C_EVENTS_DECODED = 2;
export const C_BYTES_DECODED = 3;
export const C_EVENTS_DISCARDED = 4;
export const C_BYTES_DISCARDED = 5;
export const C_EVENTS_KEPT = 6;
export const C_BYTES_KEPT = 7;
export const C_LIST_REQUESTS = 8;
export const C_LIST_ITEMS = 9;
export const C_LIST_BYTES = 10;
export const C_CPU_SECONDS = 11;
export const C_LOCAL_HASHES = 12;
export const C_REQUEST_ERRORS = 13;
export const C_LIST_ITEMS_KEPT = 14;
/** Watch events outside its shard a replica kept (trust-stream on a WATCH a gate-off server sent unfiltered). */
export const C_DUP_MISSED = 15;
/** The same events dropped by the local check (check-locally). */
export const C_DUP_CAUGHT = 16;
export const COUNTER_COUNT = 17;

/** How the replica decides locally what to keep after decoding. */
export const LOCAL_KEEP_ALL = 0;
export const LOCAL_RANGES = 1;
export const LOCAL_JUMP = 2;
export const LOCAL_KEEP_NONE = 3;

/** What a replica's selector spec resolves to. */
export interface ResolvedSelector {
  /** The `shardSelector` value sent in server-side mode (null: none). */
  readonly text: string | null;
  /** The same selector parsed locally (for client-side filtering and the fallback). */
  readonly local: ShardSelector | null;
  /** Why it does not parse locally (`invalid shard selector: ...`), or null. */
  readonly localError: string | null;
  readonly key: ShardKey;
}

/** Resolves replica `index` of `count`'s selector spec. */
export function resolveSelector(spec: SelectorSpec | null | undefined, index: number, count: number, key: ShardKey): ResolvedSelector {
  if (!spec || spec.kind === 'equal') {
    const r = splitShard(index, count);
    const sel = new ShardSelector([{ key, start: r.start, end: r.end }]);
    return { text: sel.toString(), local: sel, localError: null, key };
  }
  const text =
    spec.kind === 'text'
      ? spec.text
      : spec.ranges.map((r) => requirementToString({ key: spec.key ?? key, start: r.start, end: r.end })).join(' || ');
  // Client-go omits an empty parameter; an empty selector is "everything" locally.
  if (text === '') return { text: null, local: null, localError: null, key: spec.kind === 'ranges' ? (spec.key ?? key) : key };
  const a = parseForRequest(text);
  if (!a.ok) return { text, local: null, localError: a.message, key };
  return { text, local: a.selector, localError: null, key: a.selector?.key ?? key };
}

/** One replica in one mode. */
export class Replica {
  readonly counters = new Float64Array(COUNTER_COUNT);
  /** Objects and modelled bytes in its informer cache. */
  cacheObjects = 0;
  cacheBytes = 0;
  /**
   * Live objects it has been sent and not told are gone, and their JSON bytes: what an
   * informer that caches everything it receives holds (clientCache `all`). Kept apart from
   * the owner masks, which say who processes an object.
   */
  recvObjects = 0;
  recvJson = 0;
  /** Its open watch, when running. */
  watcher: Watcher | null = null;
  status: 'ok' | 'error' = 'ok';
  error: { httpStatus: 500 | null; message: string } | null = null;
  filtering: ReplicaFiltering = 'none';
  /** What it does with each decoded object (LOCAL_*). */
  localKind = LOCAL_KEEP_NONE;
  shardInfoSeen = false;
  /** resourceVersion its last LIST returned (its WATCH starts there). */
  listResourceVersion = 0;
  /** Tick at which a failed request is retried (reflector backoff), or -1. */
  retryAtTick = -1;
  /** client-go backoff: the base delay of the next retry (0: none yet), and the tick of the last failure. */
  backoffSeconds = 0;
  lastFailureTick = -1;
  /** Why the pending retry relists (RELIST_* in lifecycle.ts), or -1: a failed request. */
  retryCause = -1;
  /** The API server its LIST went to (`apiServer` is its WATCH's; they differ behind a load balancer). */
  listServer: number;
  /** Tick at which its watch times out (watch.timeouts), or -1. */
  watchEndsAtTick = -1;
  /** resourceVersion of the last event or bookmark it received (where a resumed watch starts). */
  lastRv = 0;
  /** After a LIST with shardInfo: keep every event (trust-stream) or check locally too. */
  watchPolicy: WatchPolicy = 'trust-stream';
  /** This replica's bit in the per-object owner masks. */
  readonly bitLo: number;
  readonly bitHi: number;

  constructor(
    readonly mode: Mode,
    readonly index: number,
    readonly count: number,
    public apiServer: number,
    readonly resolved: ResolvedSelector,
    readonly clientFilter: ClientFilter,
    readonly serverFallback: ServerFallback,
  ) {
    this.bitLo = index < 32 ? (1 << index) >>> 0 : 0;
    this.bitHi = index >= 32 ? (1 << (index - 32)) >>> 0 : 0;
    this.listServer = apiServer;
  }

  /** The selector value this replica puts on its requests. */
  get selectorSent(): string | null {
    return this.mode === 'server' ? this.resolved.text : null;
  }

  /**
   * Decides local filtering once the LIST answered. `shardInfo` tells whether the server
   * applied the selector; without it a server-side replica falls back (or trusts).
   */
  configureAfterList(shardInfo: boolean): void {
    this.shardInfoSeen = shardInfo;
    this.status = 'ok';
    this.error = null;
    if (this.mode === 'client') {
      if (this.clientFilter === 'jump') {
        this.localKind = LOCAL_JUMP;
        this.filtering = 'local-jump';
      } else if (this.resolved.localError !== null) {
        this.fail(null, this.resolved.localError);
      } else {
        this.localKind = this.resolved.local ? LOCAL_RANGES : LOCAL_KEEP_ALL;
        this.filtering = 'local-ranges';
      }
      return;
    }
    if (shardInfo) {
      // The server filtered: every object sent is ours (trust-stream), or checked again.
      this.localKind = this.watchPolicy === 'check-locally' && this.resolved.local ? LOCAL_RANGES : LOCAL_KEEP_ALL;
      this.filtering = 'server';
    } else if (this.serverFallback === 'trust') {
      this.localKind = LOCAL_KEEP_ALL;
      this.filtering = 'trust';
    } else if (this.resolved.localError !== null) {
      // The fallback needs the matcher, and the selector does not parse.
      this.fail(null, this.resolved.localError);
    } else {
      this.localKind = this.resolved.local ? LOCAL_RANGES : LOCAL_KEEP_ALL;
      this.filtering = 'fallback';
    }
  }

  /** Puts the replica in the error state: it runs no watch and owns nothing. */
  fail(httpStatus: 500 | null, message: string): void {
    this.status = 'error';
    this.error = { httpStatus, message };
    this.localKind = LOCAL_KEEP_NONE;
    this.filtering = 'none';
    this.shardInfoSeen = false;
  }

  /** Whether this replica keeps the object with the given uid/namespace hash (LOCAL_RANGES only). */
  keepsHash(uidHi: number, uidLo: number, nsHi: number, nsLo: number): boolean {
    const sel = this.resolved.local;
    if (!sel) return true;
    return this.resolved.key === 'object.metadata.namespace' ? sel.matchesHash(nsHi, nsLo) : sel.matchesHash(uidHi, uidLo);
  }
}

/** How a replica ended up filtering. */
export type ReplicaFiltering =
  /** The API server filters (gate on, `shardInfo` received). */
  | 'server'
  /** No `shardInfo`: filtering locally with the same matcher. */
  | 'fallback'
  /** No `shardInfo`: naively keeping everything it is sent. */
  | 'trust'
  /** Client-side mode by ranges. */
  | 'local-ranges'
  /** Client-side mode, kube-state-metrics style (jump hash). */
  | 'local-jump'
  /** Not running (its request failed). */
  | 'none';
