/**
 * ShardScope's simulation model: a deterministic model of a cluster's pods and churn, of the
 * API servers' LIST/WATCH dispatch with and without `ShardedListAndWatch` (KEP-5866), and of
 * each controller replica's cost, client-side and server-side over the same event stream.
 *
 * Pure TypeScript (imports only `src/core`); runs under Node and in a Web Worker
 * (`./worker`). Large data lives in typed arrays inside the model; snapshots are summaries.
 *
 * ```ts
 * const sim = createSimulation({ cluster: { pods: 100_000 }, replicas: { count: 4 } });
 * sim.step();                       // one simulated second, both modes
 * const s = sim.snapshot();         // s.modes.client / s.modes.server
 * sim.listFor('server', 0).body;    // a PodList with metadata.shardInfo
 * ```
 */
export { createSimulation } from './engine';
export { DEFAULT_CHURN_PER_1000, DEFAULT_PARAMS, LIMITS, MAX_TOTAL_RANGES, SHOWN_MAX, churnRates, escapedText, shownText } from './params';
export { CLIENT_KINDS, MODES } from './params';
export { SimParamsError, validateParams, resolveParams, mergeParams } from './params';
export type { ClientKind, InitialList, SimParams, SimParamsInput, DeepPartial, ClusterParams, SizeParams, ChurnParams, BurstParams, ResolvedChurn, ApiServerParams, ReplicaParams, CostParams, Encoding, ClientFilter, ServerFallback, ClientCache, Mode, SelectorSpec, ParamIssue } from './params';
export type { ValidationResult } from './params';
export { OWNER_NONE, OWNER_MANY } from './engine';
export type { Simulation } from './engine';
export type { BalanceReport, FoundObjects, ReplayReport, ReplayReplica, ReplayTimeline } from './engine';
export { replaySampleAt } from './engine';
export type { SimSnapshot, ModeSnapshot, ModeSeries, ModeTotals, ReplicaStats, ReplicaCounters, ReplicaMemory, StyleMemory, ReplicaRates, ApiServerStats, OwnershipAudit, SettlingInfo, ClusterSummary, ChurnSummary } from './report';
export type { ReplicaFiltering } from './client';
export type { RangeView } from './client';
export type { ApiServerMetrics, PodObject, PodListBody, StatusBody, InternalErrorStatusBody, BadRequestStatusBody, RequestInfo, ListOptions, WatchEventEnvelope } from './apiserver';
export type { ListResponse } from './engine';
export type { ClosedForm, ClosedFormMode } from './report';
export type { BurstMark, ImportFormat, SizeBasis, WatchEventCounts } from './cluster';
export type { HashSpaceView, HashSpaceNamespace, ObjectInfo, RangeSet, OwnershipRecount, RecentEvent, DeliveryOutcome } from './engine';
export type { ReshardStrategy } from './params';
export type { ReshardStage, ReshardReport } from './time';
export type { WatchEventType } from './cluster';
export { jumpHash, statusLine } from './cluster';
export { checkSchedule, replicaCountsBefore, strategyFor, isRangeStrategy, CLIENT_ONLY_REASON, RANGE_STRATEGIES, ROLLOUT_KINDS } from './params';
export type { ScheduledEvent, ReshardEvent, ReshardRollout, RangeStrategy } from './params';
export type { HandoffSummary } from './time';
export { TICK_SECONDS } from './engine';
export { RESHARD_STRATEGIES, reshardHashes, splitRanges } from './time';
export { watchDecision, METRIC_WATCH_SHARDS, METRIC_FILTERED_EVENTS } from './apiserver';
export { metricsExposition, METRIC_WATCH_SHARDS_HELP, METRIC_FILTERED_EVENTS_HELP } from './apiserver';
export { EV_ADDED, EV_MODIFIED, EV_DELETED, EV_BOOKMARK, EV_NONE } from './cluster';
export { createPrng } from './cluster';
export type { Prng } from './cluster';
export { WORKER_COMMANDS, handleWorkerMessage, serveSimulation, createWorkerSimClient, createWorkerImportChannel, createLocalSimClient, SimWorkerError } from './worker';
export type { CreateOptions, ImportChannel } from './worker';
export type { ImportEvent, ImportSource, ImportSummary } from './importSession';
export type { WorkerRequest, WorkerResponse, WorkerCommand, WorkerCommands, WorkerError, WorkerState, MessageEndpoint, WorkerPort, SimClient } from './worker';
