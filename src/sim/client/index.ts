/**
 * The controller replicas: their selectors, informers (LIST or streaming list, then WATCH), the watch lifecycle and relists, and how a replica shows its requests.
 *
 * This file is the room's only door: code outside `src/sim/client` imports from here.
 */
export { connect, retryDue, retryPending, routeSync } from './informer';
export { BACKOFF_CAP_SECONDS, BACKOFF_INITIAL_SECONDS, BOOKMARK_BEFORE_DEADLINE_SECONDS, RELIST_CAUSES, RELIST_RESHARD, RESUME_CAUSES, RESUME_RESTART, RESUME_TIMEOUT, SERVER_WATCH_TIMEOUT_MIN_SECONDS, WATCH_TIMEOUT_MIN_SECONDS, bookmarksDue, nextBackoffSeconds, pickLive, restartServer, resumeWatch, timeoutDue, watchPending } from './lifecycle';
export { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BOOKMARKS, C_BOOKMARKS_DROPPED, C_BYTES_RECEIVED, C_CPU_SECONDS, C_DUP_CAUGHT, C_DUP_MISSED, C_EVENTS_DECODED, C_EVENTS_DISCARDED, C_EVENTS_KEPT, C_EVENTS_RECEIVED, C_LIST_BYTES, C_LIST_ITEMS, C_LIST_ITEMS_KEPT, C_LIST_REQUESTS, C_LOCAL_HASHES, C_REQUEST_ERRORS, LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_RANGES, Replica, resolveSelector } from './replica';
export type { ReplicaFiltering } from './replica';
export { replicaView } from './replicaview';
export type { RangeView } from './replicaview';
export type { ClientWorld } from './world';
export { LOOKUP_MAX_LENGTH, hashOf, lookupOwner, rangeOwners } from './lookup';
export type { ClientOwners, LookupLayout, OwnerLookup, RangeMatch, RangeOwners } from './lookup';
export { SNIPPET_APP, SNIPPET_NAMES, generateSnippets } from './snippets';
export type { Snippet, SnippetLayout, SnippetName, SnippetRefusal, SnippetResult } from './snippets';
