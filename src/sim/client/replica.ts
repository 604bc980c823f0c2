/**
 * A controller replica: where its shard selector comes from, what it sends, what its client
 * keeps of what arrives (its profile in `CLIENT_PROFILES`: whether it checks objects itself,
 * always or only after a LIST without `shardInfo`, and how it hashes), and its counters.
 */
import { ShardSelector, hexToParts, requirementToString, shardKeyOf, splitShard } from '../../core/sharding';
import type { ShardKey, ShardKeyId } from '../../core/sharding';
import { assertNever } from '../../core/never';
import { parseForRequest } from '../apiserver';
import type { Watcher } from '../apiserver';
import { jumpHash } from '../cluster';
import { CLIENT_PROFILES, checksAfterList, usesJumpHash } from '../params';
import type { ClientFilter, ClientKind, Mode, SelectorSpec } from '../params';

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
/**
 * Server-side mode, a stream the API server did not filter (its gate is off): events outside
 * the replica's shard that it kept (its client does no local check) ...
 */
export const C_DUP_MISSED = 15;
/** ... and those its local check dropped. */
export const C_DUP_CAUGHT = 16;
/** BOOKMARKs received, and those its client's filter dropped (kube-state-metrics v2.18). */
export const C_BOOKMARKS = 17;
export const C_BOOKMARKS_DROPPED = 18;
export const COUNTER_COUNT = 19;

/** FNV-1a 64 of the empty string: the hash of a BOOKMARK's empty uid and namespace. */
const EMPTY_HASH = hexToParts('0xcbf29ce484222325');

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
  // Stryker disable next-line OptionalChaining: parseForRequest gives a selector for every non-empty text it accepts (null only for null or '', handled above)
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
  /** Whether its last LIST carried `shardInfo`. */
  shardInfoSeen = false;
  /** resourceVersion its last sync (LIST or streaming list) ended at. */
  listResourceVersion = 0;
  /** Tick at which a pending retry runs (reflector backoff), or -1. */
  retryAtTick = -1;
  /** What the pending retry does: open the watch again (a refused connection) or sync anew (relist). */
  retryRewatch = false;
  /**
   * The LIST of the sync about to run has had its GOAWAY draw already: routeSync drew it, so
   * that the WATCH's connection follows it under L4. connect() does not draw for it again.
   */
  listGoawayDrawn = false;
  /** client-go backoff: the base delay of the next retry (0: none yet), and the tick of the last failure. */
  backoffSeconds = 0;
  lastFailureTick = -1;
  /** Why the pending relist happens (RELIST_* in lifecycle.ts), or -1: a failed request. */
  retryCause = -1;
  /** The API server its LIST went to (`apiServer` is its WATCH's). */
  listServer: number;
  /** Its HTTP/2 connection: the API server it reaches, or -1 when it has none (the next request opens one). */
  connection: number;
  /** Tick at which its watch's deadline comes (`timeoutSeconds`), or -1. */
  watchEndsAtTick = -1;
  /** The `timeoutSeconds` its current watch sent (null: none, the server picks). */
  watchTimeoutSeconds: number | null = null;
  /** The resourceVersion its watch asked to start from (what its request URL carries). */
  watchRequestRv = '';
  /** Its last sync's request: a streaming list, or a LIST with this resourceVersion ('0' at first, the last one it saw on a relist). */
  syncStreaming = false;
  listRequestRv = '0';
  /** Whether its current watch is its streaming list's (not resumed since). */
  watchStreaming = false;
  /** Tick of its watch's next BOOKMARK, or -1. */
  nextBookmarkTick = -1;
  /** resourceVersion its watch started from (a BOOKMARK is sent only once the cache is past it). */
  watchStartRv = 0;
  /** resourceVersion of the last event or bookmark its reflector saw (where a resumed watch starts). */
  lastRv = 0;
  /** This replica's bit in the per-object owner masks. */
  readonly bitLo: number;
  readonly bitHi: number;
  /** The shard key its matcher hashes, looked up once: `keepsHash` runs per object of a LIST. */
  private readonly keyId: ShardKeyId;

  constructor(
    readonly mode: Mode,
    readonly index: number,
    readonly count: number,
    public apiServer: number,
    readonly resolved: ResolvedSelector,
    readonly client: ClientKind,
    readonly clientFilter: ClientFilter,
  ) {
    this.bitLo = index < 32 ? (1 << index) >>> 0 : 0;
    // Stryker disable next-line ArithmeticOperator: a shift count is taken modulo 32, so index + 32 shifts as index - 32 does
    this.bitHi = index >= 32 ? (1 << (index - 32)) >>> 0 : 0;
    this.listServer = apiServer;
    this.connection = apiServer;
    this.keyId = shardKeyOf(resolved.key).id;
  }

  /** Whether its client-side filter (client-side mode) is kube-state-metrics' jump hash. */
  get usesJump(): boolean {
    return usesJumpHash(this.client, this.clientFilter);
  }

  /**
   * Whether its client's filter drops a BOOKMARK (kube-state-metrics v2.18's `watch.Filter`
   * hashes the bookmark's empty uid like any object's): all shards but the one that owns that
   * hash lose every bookmark.
   */
  get dropsBookmarks(): boolean {
    if (!CLIENT_PROFILES[this.client].dropsOtherShardsBookmarks) return false;
    if (this.mode === 'client') return jumpHash(EMPTY_HASH.hi, EMPTY_HASH.lo, this.count) !== this.index;
    return !this.keepsHash(EMPTY_HASH.hi, EMPTY_HASH.lo, EMPTY_HASH.hi, EMPTY_HASH.lo);
  }

  /** The selector value this replica puts on its requests (client-side mode sends none). */
  get selectorSent(): string | null {
    return this.mode === 'server' ? this.resolved.text : null;
  }

  /**
   * Decides what it keeps once its sync answered; `shardInfo`: whether the LIST page carried
   * `metadata.shardInfo` (never for a streaming list). Only a client that reads it (its
   * profile's `readsShardInfo`) trusts the stream after one.
   */
  configureAfterList(shardInfo: boolean): void {
    this.shardInfoSeen = shardInfo;
    this.status = 'ok';
    this.error = null;
    if (this.mode === 'client') {
      if (this.usesJump) {
        this.localKind = LOCAL_JUMP;
      } else if (this.resolved.localError !== null) {
        this.fail(null, this.resolved.localError);
        return;
      } else {
        this.localKind = this.resolved.local ? LOCAL_RANGES : LOCAL_KEEP_ALL;
      }
      // Stryker disable next-line BooleanLiteral: client-side filtering reads only localKind, never whether the server filters
      this.updateFiltering(false);
      return;
    }
    const check = checksAfterList(this.client, shardInfo);
    if (check && this.resolved.localError !== null) {
      // The local check needs the matcher, and the selector does not parse.
      this.fail(null, this.resolved.localError);
      return;
    }
    this.localKind = check && this.resolved.local ? LOCAL_RANGES : LOCAL_KEEP_ALL;
  }

  /**
   * What the replica's filtering is now, given whether the API server filters its current
   * stream (a resumed watch may land on a server with the gate off).
   */
  updateFiltering(serverFilters: boolean): void {
    if (this.status === 'error') {
      this.filtering = 'none';
      return;
    }
    if (this.mode === 'client') {
      this.filtering = this.localKind === LOCAL_JUMP ? 'local-jump' : 'local-ranges';
      return;
    }
    const checks = this.localKind === LOCAL_RANGES;
    this.filtering = serverFilters ? (checks ? 'server+check' : 'server') : checks ? 'local' : 'trust';
  }

  /** Puts the replica in the error state: it runs no watch and owns nothing. */
  fail(httpStatus: 500 | null, message: string): void {
    this.status = 'error';
    this.error = { httpStatus, message };
    this.localKind = LOCAL_KEEP_NONE;
    this.filtering = 'none';
    this.shardInfoSeen = false;
    this.nextBookmarkTick = -1;
  }

  /** Whether this replica keeps the object with the given uid/namespace hash (LOCAL_RANGES only). */
  keepsHash(uidHi: number, uidLo: number, nsHi: number, nsLo: number): boolean {
    const sel = this.resolved.local;
    if (!sel) return true;
    const key = this.keyId;
    switch (key) {
      case 'uid':
        return sel.matchesHash(uidHi, uidLo);
      case 'namespace':
        return sel.matchesHash(nsHi, nsLo);
      default:
        return assertNever(key, 'shard key');
    }
  }
}

/** Who filters what a replica caches, now. */
export type ReplicaFiltering =
  /** The API server filters its stream and the replica keeps what it is sent. */
  | 'server'
  /** The API server filters, and the replica's client checks every object again. */
  | 'server+check'
  /** The API server does not filter (gate off), and the client checks every object itself. */
  | 'local'
  /** Nobody filters: the API server sends everything (gate off) and the client keeps it all. */
  | 'trust'
  /** Client-side mode by ranges. */
  | 'local-ranges'
  /** Client-side mode, kube-state-metrics style (jump hash). */
  | 'local-jump'
  /** Not running (its request failed). */
  | 'none';
