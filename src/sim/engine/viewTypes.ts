/**
 * What the display helpers return: the hash-space picture, one object for a tooltip, a
 * recount under proposed ranges, and the recent events with their fate in both modes.
 */
import type { ShardKey } from '../../core/sharding';
import type { WatchEventType } from '../cluster';
import type { ReplicaFiltering } from '../client';
import type { BadRequestStatusBody, InternalErrorStatusBody, PodListBody, RequestInfo } from '../apiserver';

/** Owner code in hash-space arrays: a replica index, or one of these. */
export const OWNER_NONE = -1;

/** Owned by two or more replicas. */
export const OWNER_MANY = -2;

/** One namespace in a namespace-keyed {@link HashSpaceView}. */
export interface HashSpaceNamespace {
  /** "" for cluster-scoped objects. */
  readonly name: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the name. */
  readonly hash: string;
  /** The hash as a fraction of 2^64: where every object of the namespace sits. */
  readonly position: number;
  /** Index of its first object in the view's arrays (its objects are contiguous). */
  readonly start: number;
  /** Its live objects. */
  readonly count: number;
}

/** What a hash-space strip or ring needs, aligned by position (sorted by hash). */
export interface HashSpaceView {
  /** The simulation version it was taken at. */
  readonly version: number;
  /**
   * The field the positions are the hash of: the replicas' shard key. With
   * `object.metadata.namespace` every object of a namespace has its namespace's position.
   */
  readonly key: ShardKey;
  /** Live objects, sorted by the key's hash (then by uid hash). */
  readonly count: number;
  /** Position of each object's key hash in [0, 1), ascending. */
  readonly positions: Float64Array;
  /** Owner per object in client-side mode: replica index, OWNER_NONE or OWNER_MANY. */
  readonly ownerClient: Int8Array;
  /** Owner per object in server-side mode. */
  readonly ownerServer: Int8Array;
  /** With the namespace key, the namespaces with live objects, ascending by position; else empty. */
  readonly namespaces: readonly HashSpaceNamespace[];
}

/** One object, for a tooltip. */
export interface ObjectInfo {
  /** Pod name. */
  readonly name: string;
  /** "" for a cluster-scoped object. */
  readonly namespace: string;
  /** metadata.uid. */
  readonly uid: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the uid. */
  readonly uidHash: string;
  /** `0x` + 16 hex digits: FNV-1a 64 of the namespace. */
  readonly namespaceHash: string;
  /** uid hash position in [0, 1). */
  readonly position: number;
  /** Wire size in the current encoding. */
  readonly bytes: number;
  /** Its last write's resourceVersion. */
  readonly resourceVersion: string;
  /** Replicas whose cache holds it, per mode. */
  readonly owners: { readonly client: readonly number[]; readonly server: readonly number[] };
}

/** A ranges-per-replica proposal for {@link Simulation.recount}. */
export type RangeSet = readonly (readonly { readonly start: string; readonly end: string }[])[];

/** Ownership of the current live objects under proposed ranges (uid hash). */
export interface OwnershipRecount {
  /** Live objects counted. */
  readonly live: number;
  /** Per proposed replica, objects its ranges hold. */
  readonly perReplica: readonly number[];
  /** Objects no proposed range holds. */
  readonly gaps: number;
  /** Objects two or more replicas' ranges hold. */
  readonly duplicates: number;
  /** Largest share times replica count (1 = even). */
  readonly imbalance: number;
}

/** What happened to one recent event at one replica. */
export interface DeliveryOutcome {
  /** Replica index. */
  readonly replica: number;
  /** The type the API server sent, or null if filtered out (or the replica is down). */
  readonly sentAs: WatchEventType | null;
  /** Whether the replica kept it after decoding (false if discarded or not received). */
  readonly kept: boolean;
}

/** A recent event of the shared stream and its fate in both modes. */
export interface RecentEvent {
  /** resourceVersion of the write (or of the bookmark). */
  readonly resourceVersion: string;
  /** The type the API server produced (before any per-watcher rewrite). */
  readonly type: WatchEventType;
  /** Null for a BOOKMARK. */
  readonly object: { readonly name: string; readonly namespace: string; readonly uid: string; readonly uidHash: string; readonly position: number } | null;
  /** Wire bytes of the event. */
  readonly bytes: number;
  /** Its fate at each client-side replica. */
  readonly client: readonly DeliveryOutcome[];
  /** Its fate at each server-side replica. */
  readonly server: readonly DeliveryOutcome[];
}

/** A LIST response: 200 with a `PodList`, or 500 with a `Status`. */
export type ListResponse =
  | {
      readonly status: 200;
      readonly request: RequestInfo;
      /** `items` holds at most `itemsShown` pods (materialised for display). */
      readonly body: PodListBody;
      /** Items the response really has (the page size with `limit`, else the whole list). */
      readonly totalItems: number;
      /** Items materialised in `body.items`. */
      readonly itemsShown: number;
      /** Modelled wire bytes of the whole body as sent (all `totalItems` items), as the model counts a LIST. */
      readonly bodyBytes: number;
      /**
       * What the replica keeps of this response after its own filter: everything when the
       * server filtered (`server`) or when it naively trusts the stream (`trust`); with the
       * fallback, only what its own selector matches. `bytes` are the kept items' wire bytes.
       */
      readonly kept: { readonly items: number; readonly bytes: number; readonly filtering: ReplicaFiltering };
    }
  | { readonly status: 500; readonly request: RequestInfo; readonly body: InternalErrorStatusBody }
  | { readonly status: 400; readonly request: RequestInfo; readonly body: BadRequestStatusBody };
