/**
 * Kubernetes-shaped artefacts the API servers produce: pods, list bodies, Status bodies, the
 * request a replica sends, and watch event envelopes. Materialised on demand, for a handful
 * of items; plain data, so it crosses `postMessage` unchanged.
 */
import type { WatchEventType } from '../cluster';

/** A pod as the API server would serialise it (trimmed to realistic fields). */
export interface PodObject {
  readonly apiVersion: 'v1';
  readonly kind: 'Pod';
  readonly metadata: {
    readonly name: string;
    /** Absent for a cluster-scoped object (its namespace hashes as ""). */
    readonly namespace?: string;
    readonly uid: string;
    readonly resourceVersion: string;
    readonly creationTimestamp: string;
    readonly labels: Readonly<Record<string, string>>;
    readonly [k: string]: unknown;
  };
  readonly spec: Readonly<Record<string, unknown>>;
  readonly status: Readonly<Record<string, unknown>>;
}

/** The body of a successful LIST: a `PodList`. */
export interface PodListBody {
  readonly kind: 'PodList';
  readonly apiVersion: 'v1';
  readonly metadata: {
    readonly resourceVersion: string;
    /**
     * Present when a page was filled and any stored object follows it, matching or not (so a
     * filtered list can end with an empty page).
     */
    readonly continue?: string;
    /**
     * Present when a continuation exists and the list has no label selector. In v1.36.0 to
     * v1.36.3 a shard selector does not count as filtering here (`SelectionPredicate.Empty()`
     * ignores it), so a sharded page carries the unfiltered count of what follows.
     */
    readonly remainingItemCount?: number;
    /** Present only when the gate is on and a selector was sent; echoes the canonical text. */
    readonly shardInfo?: { readonly selector: string };
  };
  readonly items: readonly PodObject[];
}

/**
 * The HTTP 500 body for a bad shard selector: a plain Go error turned into a `Status`, so it
 * has no `reason` and no `details`. Keys in this order on the wire.
 */
export interface InternalErrorStatusBody {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  /** `invalid shard selector: <parser message>`. */
  readonly message: string;
  readonly code: 500;
}

/** The HTTP 400 body for an unreadable label selector: a BadRequest StatusError (a reason, no details). */
export interface BadRequestStatusBody {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  readonly message: string;
  readonly reason: 'BadRequest';
  readonly code: 400;
}

/** The body of a failed request: a `Status`. */
export type StatusBody = InternalErrorStatusBody | BadRequestStatusBody;

/** The request a replica sends (the real URL, for showing on stage). */
export interface RequestInfo {
  readonly verb: 'LIST' | 'WATCH';
  /** e.g. `/api/v1/pods?shardSelector=shardRange%28...%29&limit=500`. */
  readonly url: string;
  /** The raw `shardSelector` query value, or null when none is sent. */
  readonly shardSelector: string | null;
  /** Index of the API server that serves it. */
  readonly apiServer: number;
}

/** Options of {@link Simulation.listFor}. */
export interface ListOptions {
  /** Page size; absent or 0 = no pagination. Items shown are at most `limit` (default 20, max 500) either way. */
  readonly limit?: number;
  /** Continue token from a previous page. */
  readonly continue?: string;
  /**
   * A label selector (`app=web`, `tier in (a,b)`, `!canary`, ...). The server applies it AND
   * the shard check to every item; an unreadable one is HTTP 400.
   */
  readonly labelSelector?: string;
}

/** A watch event envelope exactly as sent on the wire (never has `shardInfo`). */
export interface WatchEventEnvelope {
  readonly type: WatchEventType;
  readonly object:
    | PodObject
    | { readonly kind: 'Pod'; readonly apiVersion: 'v1'; readonly metadata: { readonly resourceVersion: string } };
}

/** The two metrics of one API server, as numbers. */
export interface ApiServerMetrics {
  /** `apiserver_watch_shards_total{group="",resource="pods"}`: sharded watchers open (gauge). */
  readonly watchShardsTotal: number;
  /** `apiserver_watch_filtered_events_total{group="",resource="pods"}`: failed shard checks (counter). */
  readonly watchFilteredEventsTotal: number;
  /** Whether the gauge's series exists: a sharded watch was ever opened on this server (it stays at 0 after). */
  readonly watchShardsSeries: boolean;
  /** Whether the counter's series exists: an event was ever filtered out on this server. */
  readonly watchFilteredEventsSeries: boolean;
}
