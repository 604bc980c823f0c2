import type { LifecycleParams } from './lifecycle';
/**
 * The simulator's parameters: everything a run depends on, as plain JSON-serialisable data,
 * so that a run can be reproduced from a seed, put in a link, replayed as a guided scenario
 * step, or diffed between two steps. Nothing here is derived or large.
 */
import type { LocaleId } from '../i18n/locale';
import { SHARD_KEY, type ShardKey } from '../core/sharding';
import type { ClientKind, ScheduledEvent } from '../sim/params';
import type { RetypedLayout } from '../sim/params';

/** One kube-apiserver instance of the (possibly HA) control plane. */
export interface ApiServerParams {
  /** The alpha feature gate `ShardedListAndWatch`. Off: `shardSelector` is ignored. */
  readonly gate: boolean;
}

/** How the client-side baseline picks an object's owner. */
export type ClientMode = 'ranges' | 'jump';

/**
 * What a replica's informer cache holds: what it keeps (`owned`, filter before the cache, as
 * kube-state-metrics does) or everything it receives (`all`, filter in event handlers, as a
 * plain controller-runtime / informer-factory controller does).
 */
export type ClientCache = 'owned' | 'all';

/** Wire encoding of objects; changes the serialized size of every object. */
export type Encoding = 'json' | 'protobuf';

/** The cluster, control plane and controller replicas being simulated. */
export interface SimParams {
  /** PRNG seed: the same seed and parameters give the same run. */
  readonly seed: number;
  /** Live objects (pods) at the start. */
  readonly objects: number;
  readonly namespaces: number;
  /** Zipf exponent of objects per namespace; 0 is uniform. */
  readonly namespaceSkew: number;
  /** Mean serialized size of one object in JSON, in bytes. */
  readonly objectBytes: number;
  readonly encoding: Encoding;
  /**
   * Churn, in events per simulated second at any object count (links keep them exact). By
   * default the model's rates per 1,000 objects times the objects, and a new object count
   * scales them (see `./churn`).
   */
  readonly addedPerSec: number;
  readonly modifiedPerSec: number;
  readonly deletedPerSec: number;
  /** Simulated seconds between BOOKMARK events; 0 turns bookmarks off. */
  readonly bookmarkEverySec: number;
  /** Controller replicas (1-64). `selectors.length` always equals this. */
  readonly replicas: number;
  readonly shardKey: ShardKey;
  /** 1-5 API servers; replica i talks to server `i % apiServers.length`. */
  readonly apiServers: readonly ApiServerParams[];
  /** The client-side baseline: our hash ranges, or kube-state-metrics' jump hash over N. */
  readonly clientMode: ClientMode;
  /** The client every replica runs: a key of `CLIENT_PROFILES` (src/sim/params), whose entry says what it does. */
  readonly client: ClientKind;
  /** What each replica's informer cache holds (both modes). */
  readonly clientCache: ClientCache;
  /**
   * The selector text each replica sends, exactly as typed. It may be invalid on purpose:
   * a server with the gate on then answers HTTP 500, which is part of what we show.
   */
  readonly selectors: readonly string[];
  /** Events at fixed simulated times (reshards), as the model takes them. */
  readonly schedule: readonly ScheduledEvent[];
  /** Rolling upgrade, initial list, watch timeouts, routing (absent: defaults). */
  readonly lifecycle?: LifecycleParams;
  /**
   * Running layouts typed after a reshard fired (absent: none), in time order: from
   * `at` seconds the running replicas send these selectors (see `src/sim/params/retyped.ts`).
   */
  readonly retyped?: readonly RetypedLayout[];
  /**
   * The run was built from N imported objects. A link records only this count (never
   * the objects); opened elsewhere it gives a generated cluster of N objects, and the page says so.
   */
  readonly imported?: number;
}

/** Presentation choices; serialisable too, so a link restores the same screen. */
export interface ViewParams {
  readonly view: 'strip' | 'ring';
  /** Which mode's owners colour the dots: the server-side run or the client-side baseline. */
  readonly dotOwners: 'server' | 'client';
  readonly theme: 'light' | 'dark';
  /** Simulated seconds per wall-clock second. */
  readonly speed: number;
  /** The page's language; a link carries it as `lang=` beside `state=`. */
  readonly locale: LocaleId;
  /** The projector layout (no parameters sidebar; hash space, headline and comparison on one screen). */
  readonly presentation: boolean;
}

/** Bounds of every numeric parameter; the controls and the validator share them. */
export const LIMITS = {
  seed: { min: 0, max: 2 ** 32 - 1, integer: true },
  objects: { min: 1, max: 1_000_000, integer: true },
  namespaces: { min: 1, max: 10_000, integer: true },
  namespaceSkew: { min: 0, max: 3, integer: false },
  objectBytes: { min: 200, max: 1_000_000, integer: true },
  addedPerSec: { min: 0, max: 1_000_000, integer: false },
  modifiedPerSec: { min: 0, max: 1_000_000, integer: false },
  deletedPerSec: { min: 0, max: 1_000_000, integer: false },
  bookmarkEverySec: { min: 0, max: 3600, integer: false },
  replicas: { min: 1, max: 64, integer: true },
  apiServers: { min: 1, max: 5, integer: true },
} as const;

export type NumericParam = keyof typeof LIMITS;

/** The playback speeds offered by `+` and `-`, in simulated seconds per second. */
export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4, 8, 16];

/** The default shard key. */
export const SHARD_KEY_UID: ShardKey = SHARD_KEY.uid.path;
