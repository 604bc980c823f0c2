/**
 * The API servers: admission of a shard selector, the shard check on LIST and WATCH, Status bodies, the metrics, request URLs and the Kubernetes-shaped artefacts.
 *
 * This file is the room's only door: code outside `src/sim/apiserver` imports from here.
 */
export { badRequestBody, decodeContinue, encodeContinue, goDuration, podJson, podLabels, podListBody, podName, requestInfo, watchEnvelope, watchParams } from './materialise';
export { METRIC_FILTERED_EVENTS_HELP, METRIC_WATCH_SHARDS_HELP, metricsExposition } from './metrics';
export { ApiServer, METRIC_FILTERED_EVENTS, METRIC_WATCH_SHARDS, parseForRequest, watchDecision } from './server';
export type { Watcher } from './server';
export { APF_LIST, listWorkSeats } from './apf';
export type { ListEstimateInput } from './apf';
export { SEND_PATH, sendCost, sendCostRates } from './sendcost';
export type { SendCost, SendCostRates, SendWork } from './sendcost';
export { statusBody } from './status';
export type { ApiServerMetrics, BadRequestStatusBody, InternalErrorStatusBody, ListOptions, PodListBody, PodObject, RequestInfo, StatusBody, WatchEventEnvelope } from './types';
export { goQueryEscape } from './url';
export { goQueryEscapeMemo } from './urlmemo';
export { CACHE_MAX_EVENTS, CACHE_MIN_EVENTS, DEFAULT_HISTORY_SECONDS, WatchCacheWindow, maxCapacity } from './watchcache';
