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
export { createSimulation } from './simulation';
export {
  DEFAULT_PARAMS,
  LIMITS,
  MAX_TOTAL_RANGES,
  MODES,
  SimParamsError,
  validateParams,
  resolveParams,
  mergeParams,
} from './params';
export type {
  SimParams,
  SimParamsInput,
  DeepPartial,
  ClusterParams,
  SizeParams,
  ChurnParams,
  BurstParams,
  ApiServerParams,
  ReplicaParams,
  CostParams,
  Encoding,
  ClientFilter,
  ServerFallback,
  ClientCache,
  Mode,
  SelectorSpec,
  ParamIssue,
  ValidationResult,
} from './params';
export { OWNER_NONE, OWNER_MANY } from './types';
export type {
  Simulation,
  SimSnapshot,
  ModeSnapshot,
  ModeSeries,
  ModeTotals,
  ReplicaStats,
  ReplicaCounters,
  ReplicaMemory,
  StyleMemory,
  ReplicaRates,
  ReplicaFiltering,
  RangeView,
  ApiServerStats,
  ApiServerMetrics,
  OwnershipAudit,
  ClosedForm,
  BurstMark,
  SettlingInfo,
  ClosedFormMode,
  ClusterSummary,
  ChurnSummary,
  HashSpaceView,
  HashSpaceNamespace,
  ObjectInfo,
  RangeSet,
  OwnershipRecount,
  RecentEvent,
  DeliveryOutcome,
  ReshardStrategy,
  ReshardStage,
  ReshardReport,
  PodObject,
  PodListBody,
  StatusBody,
  InternalErrorStatusBody,
  BadRequestStatusBody,
  RequestInfo,
  ListResponse,
  ListOptions,
  WatchEventType,
  WatchEventEnvelope,
} from './types';
export { jumpHash } from './jump';
export { checkSchedule, replicaCountsBefore, strategyFor, isRangeStrategy, CLIENT_ONLY_REASON, RANGE_STRATEGIES, ROLLOUT_KINDS } from './scenario';
export type { ScheduledEvent, ReshardEvent, ReshardRollout, RangeStrategy } from './scenario';
export type { HandoffSummary } from './handoff';
export { TICK_SECONDS } from './simulation';
export { RESHARD_STRATEGIES, reshardHashes, splitRanges } from './reshard';
export { watchDecision, METRIC_WATCH_SHARDS, METRIC_FILTERED_EVENTS } from './apiserver';
export { metricsExposition, METRIC_WATCH_SHARDS_HELP, METRIC_FILTERED_EVENTS_HELP } from './metrics';
export { EV_ADDED, EV_MODIFIED, EV_DELETED, EV_BOOKMARK, EV_NONE } from './events';
export { createPrng } from './prng';
export type { Prng } from './prng';
export {
  WORKER_COMMANDS,
  handleWorkerMessage,
  serveSimulation,
  createWorkerSimClient,
  createLocalSimClient,
  SimWorkerError,
} from './worker';
export type {
  WorkerRequest,
  WorkerResponse,
  WorkerCommand,
  WorkerCommands,
  WorkerError,
  WorkerState,
  MessageEndpoint,
  WorkerPort,
  SimClient,
} from './worker';
