/**
 * What a run is asked for: the parameter types, their defaults and bounds, their validation, the schedule of events and the running layouts typed after a reshard.
 *
 * This file is the room's only door: code outside `src/sim/params` imports from here.
 */
export { DEFAULT_CHURN_PER_1000, DEFAULT_PARAMS, EVENTS_PER_REPLACED_POD, LIMITS, MAX_EVENTS_PER_STEP, MAX_TOTAL_RANGES, churnEventsPerSecond, churnRates } from './defaults';
export { checkRetyped, firstRetypedFrom, retypedAt, retypedPastDiffers, retypedTick } from './retyped';
export { CLIENT_ONLY_REASON, RANGE_STRATEGIES, ROLLOUT_KINDS, checkSchedule, isRangeStrategy, ordered, replicaCountsBefore, strategyFor } from './schedule';
export { CLIENT_KINDS, CLIENT_PROFILES, JUMP_KEY, checksAfterList, clientProfile, everChecks, isClientKind, isListOnly, usesJumpHash } from './clients';
export type { ClientProfile, LocalCheck } from './clients';
export { MODES } from './types';
export { PREVIEW_MAX, pathKey, preview } from './preview';
export { SHOWN_MAX, escapedText, shownText } from './shown';
export type { ClientFilter, ClientKind } from './clients';
export type { InitialList, LegacyReplicaInput, WatchParams, ApiServerParams, BurstParams, ChurnParams, ClientCache, ClusterParams, CostParams, DeepPartial, Encoding, Mode, ParamIssue, RangeStrategy, ReplicaParams, ResolvedChurn, ReshardEvent, ReshardRollout, ReshardStrategy, RetypedLayout, ScheduledEvent, SelectorSpec, ServerFallback, SimParams, SimParamsInput, SizeParams, WatchPolicy } from './types';
export { SimParamsError, mergeParams, resolveParams, validateParams } from './validate';
export { selectorTexts } from './texts';
export type { ValidationResult } from './validate';
