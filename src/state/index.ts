/**
 * ShardScope's state: one zustand store over the simulation model, plus the pure helpers the
 * UI needs (validation, selectors, artefacts). Imports only `src/sim` and `src/core`.
 */
export { createShardScopeStore, initialSimSlice, SELECTOR_APPLY_DELAY_MS, budgetExcessOf } from './store';
export type {
  ShardScopeState,
  ShardScopeStore,
  ShardScopeOptions,
  SimSlice,
  SimData,
  ScalarParam,
  EngineFactory,
} from './store';
export { ShardScopeProvider, useShardScope, useShardScopeShallow, useShardScopeStore } from './react';
export { createClientEngine, ENGINE_COMMANDS } from './engine';
export { createLocalEngine } from './localEngine';
export type { EngineClient } from './engine';
export { createWorkerEngine, createBrowserEngine, engineKindFor, browserEngineFactory } from './workerEngine';
export type { SimEngine, EngineFrame, FrameRequest, EngineFallback } from './engine';
// engine: the model's limits on the page's own thread
export { MAIN_THREAD_LIMITS, mainThreadExcess } from './budget';
export type { BudgetExcess } from './budget';
// API servers over time, watch lifecycle
export { DEFAULT_LIFECYCLE, DEFAULT_ROLLOUT, GOAWAY_LIMITS, V1_LINK_LIFECYCLE, ROLLOUT_LIMITS } from './lifecycle';
// Clients that sync by LIST then WATCH whatever the page's initial-list choice.
export { isListOnly } from '../sim/params';
export type { LifecycleParams, RolloutUiParams } from './lifecycle';
export { defaultSimParams, defaultViewParams, STEP_SECONDS, SERIES_CAPACITY } from './defaults';
// the churn follows the object count
export { defaultChurn, per1000, withObjects } from './churn';
export type { ChurnFields } from './churn';
export { LIMITS, SPEEDS, SHARD_KEY_UID } from './params';
export type { SimParams, ViewParams, ApiServerParams, ClientCache, ClientMode, Encoding, NumericParam } from './params';
export { parseNumberDraft, validateParam } from './validate';
export type { FieldProblem, FieldResult, NumberLimits } from './validate';
export {
  parseSelectorText,
  countRanges,
  equalSplitSelectors,
  boundaryHandles,
  moveBoundary,
  fractionToBound,
  applyQuickFix,
  NUDGE_SMALL,
  NUDGE_LARGE,
} from './selectors';
export type { ParsedSelector, BoundaryHandle, BoundRef } from './selectors';
export { goQueryEscape, watchRequestUrl, listRequestUrl, rejectionMessage, statusBody, metricsExposition, METRIC_FILTERED_EVENTS } from './artefacts';
export { toSimInput } from './toSim';
// editing the running layout after a reshard
export { selectRunningLayout } from './running';
export type { RunningLayout } from './running';
export { ratesState, selectRatesState, settlingView, selectSettlingSecondsLeft } from './settling';
export type { RatesState, SettlingView } from './settling';
export type { SimSnapshot, SettlingInfo, ModeSnapshot, ReplicaStats, ApiServerStats, OwnershipAudit, OwnershipRecount, HashSpaceView, HashSpaceNamespace, ObjectInfo, RecentEvent, DeliveryOutcome, ListResponse, PodListBody, Mode, WatchEventType } from '../sim';
// the headline verdict (small and pure; the CLI prints the same sentence).
export { verdictOf, headlineRatio, failuresOf, verdictSentence, failurePhrase, FAILURES_SHOWN_MAX, HOT_REPLICA_FACTOR } from '../sim/report';
export { cjkSpacing } from '../sim/report';
export type { Verdict, VerdictFailure, VerdictWords, VerdictMessageId } from '../sim/report';
// From the types module directly: importing the model's index would pull its code into the page.
export { OWNER_NONE, OWNER_MANY, objectHash, viewGroupsByNamespace } from '../sim/engine';
export type { ShardKey, ShardSelectorError, ShardSelectorErrorCode, SourceSpan, ShardRangeRequirement } from '../core/sharding';
/** One owner's ranges, as `analyzeCoverage` takes them. */
export type ShardRequirementsList = readonly import('../core/sharding').ShardRangeRequirement[];
export { hexFraction, formatHex, parseHex, analyzeCoverage, HASH_SPACE } from '../core/sharding';
export type { CoverageReport, CoverageSegment } from '../core/sharding';
export { encodeLink, decodeLink, readLink, LINK_VERSION } from './link';
// presentation mode and the key modes
export { selectStoryActive, selectPresentation, selectKeyMode } from './presentation';
export type { KeyMode } from './presentation';
export { initialLocale, langOfHash, withLang } from './lang';
// the most ranges the model simulates, across all replicas.
export { MAX_TOTAL_RANGES } from '../sim/params';
export type { LinkIssue } from './link';
// links that round-trip
export { linkFor, linkForSteps, isStateFragment, MAX_LINK_LENGTH, WHOLE_LINK_REASONS } from './link';
// short links
export { encodeShortLink, SHORT_LINK_VERSION } from './shortLink';
export type { LinkResult, LinkTooLong } from './link';
export { syncUrl, browserUrlHost, URL_WRITE_DELAY_MS } from './urlSync';
export type { UrlHost, UrlSyncOptions } from './urlSync';
// the story link's format (the stories supply which ids exist)
export { isStoryFragment, parseStoryLink, presentsOf, storyIdOf, storyLink, exerciseIdOf, exerciseLink } from './storyLink';
// what Copy link and the QR code share (the story step inside a story)
export { pageLinkFor } from './pageLink';
export { embedOf, embedFragment, embedPanelName, parseEmbedPanel, type EmbedPanel, type EmbedRequest } from './embedLink';
export type { LinkableStory, StoryLookup, StoryLinkPlace } from './storyLink';
// the talk link's format (the stories supply which talks exist)
export { isTalkFragment, parseTalkLink, talkLink } from './talkLink';
export type { LinkableTalk, TalkLookup, TalkPlace, TalkSlidePlace } from './talkLink';
export type { LinkSlice, LinkActions } from './store';
export type { LinkState } from './link';
// the run's schedule
export { checkSchedule, replicaCountsBefore, ordered as orderedSchedule, CLIENT_ONLY_REASON } from '../sim/params';
export type { ScheduledEvent, ReshardEvent, ReshardRollout } from '../sim/params';
export type { ReshardStrategy } from '../sim/params';
export type { HandoffView } from '../sim/report';
export type { HandoffSummary } from '../sim/time';
