/**
 * The simulated cluster: objects and their uids, names, namespaces, labels and sizes, the churn that changes them, the seeded PRNG, the hash index and the event batches.
 *
 * This file is the room's only door: code outside `src/sim/cluster` imports from here.
 */
export { ChurnSource } from './churn';
export type { BurstMark } from './churn';
export { Cluster, MAX_LIVE_OBJECTS } from './cluster';
export { EVENT_TYPE_NAMES, EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE, EventBatch, NO_SLOT } from './events';
export type { WatchEventType } from './events';
export { SortedHashIndex, sortByHash } from './hashindex';
export type { SortedHashes } from './hashindex';
export { jumpHash } from './jump';
export { KEY_COLUMNS, keyColumns, keyHashHi, keyHashLo, keyHashes } from './keycolumns';
export type { HashColumns, KeyColumns, KeyLookup } from './keycolumns';
export { hideNames, importPodsJson, importedClusterParams, pseudonym } from './import';
export type { ImportError, ImportResult, ImportedObject, ImportedOwner, RejectedItem } from './import';
export { FORMAT_NAMES, ImportReader, importText } from './importformats';
export type { ImportFormat, ImportOptions, ImportReport, SizeBasis, WatchEventCounts } from './importformats';
export type { ErrorContext } from './importscan';
export { JsonSyntaxError, parseJsonLocated } from './importjson';
export { INITIAL_EVENTS_END, MAX_LISTED_ERRORS, MAX_STREAM_EVENTS, REPLAY_SPACING_SECONDS, WatchStreamRecorder, eventStamp, statusLine } from './watchstream';
export type { StreamError, WatchStream } from './watchstream';
export { LabelSelectorError, matchesLabels, parseLabelSelector } from './labels';
export type { LabelRequirement } from './labels';
export { generatedSuffix, mix32, namespaceName, workloadName } from './names';
export { createPrng } from './prng';
export type { Prng } from './prng';
export { JSON_LIST_OVERHEAD_BYTES, bookmarkBytes, eventEnvelopeBytes, expectedJsonBytes, listOverheadBytes, sampleJsonBytes, sampleNamespaceFactor, wireRatio } from './sizes';
export { EPOCH_MS, formatUuid, parseUuidInto, writeUuidV4, writeUuidV7 } from './uuid';
