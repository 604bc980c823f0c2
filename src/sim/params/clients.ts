/**
 * The clients a replica can run: one profile per client kind, saying what it does with what
 * the API server sends and how the command line and the page name it. `ClientKind` and
 * `CLIENT_KINDS` derive from this table, and the model reads the profile's fields, never the
 * kind's name: a new client is one entry here, and a compile error wherever a field is missing.
 */
import { SHARD_KEY } from '../../core/sharding';
import { assertNever } from '../../core/never';
import type { FactId } from '../../facts';
import type { MessageId } from '../../i18n/en';

/**
 * How a client-side replica decides what it owns after decoding every event:
 * - `ranges`: by its shard ranges (the same matcher the server would use);
 * - `jump`: the kube-state-metrics way, FNV-1a 64 of the uid then jump consistent hash over N.
 */
export type ClientFilter = 'ranges' | 'jump';

/**
 * When a server-side replica checks every listed object and watch event itself, with the
 * same matcher, before its cache (BOOKMARKs pass untouched):
 * - `always`;
 * - `without-shard-info`: only when its LIST came back without `metadata.shardInfo` (a
 *   gate-off API server); after a LIST with it, it trusts the stream;
 * - `never`: it caches whatever arrives.
 */
export type LocalCheck = 'always' | 'without-shard-info' | 'never';

/** What one client does, and its words. */
export interface ClientProfile {
  /** When it checks objects itself (see {@link LocalCheck}). */
  readonly checksLocally: LocalCheck;
  /** Whether it reads `metadata.shardInfo` on its LIST pages. */
  readonly readsShardInfo: boolean;
  /**
   * How its client-side mode picks what it owns: `jump` always (whatever `clientFilter`
   * says); `ranges` as the run's `clientFilter` says (its ranges unless that is `jump`).
   */
  readonly hash: ClientFilter;
  /**
   * Why it can only LIST then WATCH, so that it needs `initialList: list` (the end of the
   * validation message), or null when it can sync by streaming list.
   */
  readonly listOnly: string | null;
  /**
   * Whether its watch filter drops the BOOKMARKs meant for other shards: it hashes a
   * bookmark's empty uid like an object's, so only one shard keeps each bookmark.
   */
  readonly dropsOtherShardsBookmarks: boolean;
  /** The facts (`src/facts`) its behaviour rests on. */
  readonly facts: readonly FactId[];
  /** Its line in `--client`'s help, in English and in Chinese, and its short Chinese label in the table. */
  readonly cli: { readonly help: string; readonly helpZh: string; readonly labelZh: string };
  /** The page's label for it, and its one-line help. */
  readonly label: MessageId;
  readonly help: MessageId;
}

/**
 * Every client, in the order the page offers them. Every fact behind these is sourced in
 * `src/facts` (client-go v0.36.3, kube-state-metrics v2.18.0 and v2.20.0).
 */
export const CLIENT_PROFILES = {
  /**
   * A v1.36 informer as shipped (informer factory + `WithTweakListOptions`). client-go reads
   * neither `shardSelector` nor `shardInfo`: it caches whatever arrives.
   */
  'client-go': {
    checksLocally: 'never',
    readsShardInfo: false,
    hash: 'ranges',
    listOnly: null,
    dropsOtherShardsBookmarks: false,
    facts: ['client-go-no-check', 'watch-list-default'],
    cli: { help: 'v1.36 informer as shipped: trusts everything', helpZh: 'v1.36 原版 Informer：信任收到的一切', labelZh: 'client-go' },
    label: 'controls.clientGo',
    help: 'controls.clientGoHelp',
  },
  /**
   * client-go plus the controller's own check of every listed object and every watch event
   * with the same matcher, before the cache (BOOKMARKs pass untouched): the only check that
   * works with a streaming list, whose events carry no `shardInfo`.
   */
  checked: {
    checksLocally: 'always',
    readsShardInfo: false,
    hash: 'ranges',
    listOnly: null,
    dropsOtherShardsBookmarks: false,
    facts: ['client-go-no-check', 'watch-list-default', 'shardinfo-list', 'gate-off-ignores'],
    cli: { help: 'client-go + a local check of every object', helpZh: 'client-go 加上对每个对象的本地检查', labelZh: 'client-go + 检查' },
    label: 'controls.clientChecked',
    help: 'controls.clientCheckedHelp',
  },
  /**
   * Checks `shardInfo` on its LIST: present, it trusts the stream from then on; missing, it
   * filters locally. A streaming list has no LIST page, hence LIST then WATCH.
   */
  shardinfo: {
    checksLocally: 'without-shard-info',
    readsShardInfo: true,
    hash: 'ranges',
    listOnly: 'reads shardInfo on LIST pages and a streaming list has none',
    dropsOtherShardsBookmarks: false,
    facts: ['shardinfo-list', 'gate-off-ignores', 'watch-list-default', 'rewatch'],
    cli: { help: 'reads shardInfo on LIST pages', helpZh: '读取 LIST 页中的 shardInfo', labelZh: '读 shardInfo' },
    label: 'controls.clientShardinfo',
    help: 'controls.clientShardinfoHelp',
  },
  /**
   * kube-state-metrics v2.20.0 (client-side sharding): FNV-1a 64 of the uid, then jump hash
   * over N, filtered inside its ListWatch; BOOKMARKs pass through. It sends no selector: its
   * server-side column shows the same filter over the replica's ranges.
   */
  ksm: {
    checksLocally: 'always',
    readsShardInfo: false,
    hash: 'jump',
    listOnly: null,
    dropsOtherShardsBookmarks: false,
    facts: ['ksm-client-side', 'ksm-bookmarks'],
    cli: { help: 'kube-state-metrics v2.20.0', helpZh: 'kube-state-metrics v2.20.0', labelZh: 'ksm v2.20' },
    label: 'controls.clientKsm',
    help: 'controls.clientKsmHelp',
  },
  /**
   * kube-state-metrics v2.18.0 (client-go v0.34: LIST then WATCH): its `watch.Filter` also
   * filters BOOKMARKs, whose empty uid hashes to one shard only, so every other shard's
   * resourceVersion lags behind and a resumed watch can get 410 Gone.
   */
  'ksm-2.18': {
    checksLocally: 'always',
    readsShardInfo: false,
    hash: 'jump',
    listOnly: 'is built on client-go v0.34, which lists then watches (WatchListClient off)',
    dropsOtherShardsBookmarks: true,
    facts: ['ksm-client-side', 'ksm-bookmarks', 'watch-list-default', 'watch-cache-window', 'relist-on-gone'],
    cli: { help: "v2.18.0: drops other shards' BOOKMARKs", helpZh: 'v2.18.0：丢弃其他分片的 BOOKMARK', labelZh: 'ksm v2.18' },
    label: 'controls.clientKsm218',
    help: 'controls.clientKsm218Help',
  },
} as const satisfies Readonly<Record<string, ClientProfile>>;

/** The client a replica runs: a key of {@link CLIENT_PROFILES}. */
export type ClientKind = keyof typeof CLIENT_PROFILES;

/** Every client, in the order the page offers them. */
export const CLIENT_KINDS: readonly ClientKind[] = Object.freeze(Object.keys(CLIENT_PROFILES) as ClientKind[]);

/** The profile of a client. */
export function clientProfile(kind: ClientKind): ClientProfile {
  return CLIENT_PROFILES[kind];
}

/** Whether `value` names a client. */
export function isClientKind(value: unknown): value is ClientKind {
  return typeof value === 'string' && Object.hasOwn(CLIENT_PROFILES, value);
}

/** Whether a client can only LIST then WATCH (it needs `initialList: list`). */
export function isListOnly(kind: ClientKind): boolean {
  return CLIENT_PROFILES[kind].listOnly !== null;
}

/**
 * Whether a server-side replica running `kind` checks what it receives itself, after a LIST
 * that carried `metadata.shardInfo` (`shardInfo` true) or not (a gate-off server, or a
 * streaming list, which has no LIST page).
 */
export function checksAfterList(kind: ClientKind, shardInfo: boolean): boolean {
  const when: LocalCheck = CLIENT_PROFILES[kind].checksLocally;
  switch (when) {
    case 'always':
      return true;
    case 'without-shard-info':
      return !shardInfo;
    case 'never':
      return false;
    default:
      return assertNever(when, 'local check');
  }
}

/** Whether a client ever checks objects itself (in server-side mode). */
export function everChecks(kind: ClientKind): boolean {
  return CLIENT_PROFILES[kind].checksLocally !== 'never';
}

/**
 * Whether a replica running `kind` with the run's `clientFilter` picks what it owns in
 * client-side mode by jump hash (else by its ranges).
 */
export function usesJumpHash(kind: ClientKind, clientFilter: ClientFilter): boolean {
  return CLIENT_PROFILES[kind].hash === 'jump' || clientFilter === 'jump';
}

/** The key the jump hash reads: kube-state-metrics hashes the uid, whatever the replicas' key. */
export const JUMP_KEY = SHARD_KEY.uid;
