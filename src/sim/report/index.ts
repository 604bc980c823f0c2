/**
 * What a run reports: the snapshot types, the closed form, the verdict and its words, footprints.
 *
 * This file is the room's only door: code outside `src/sim/report` imports from here.
 */
export { bookmarksPerSecond, closedForm } from './closedform';
export type { ReplicaPlan, Share } from './closedform';
export type { ClosedForm, ClosedFormMode } from './closedformTypes';
export { clockText } from './clock';
export { typedArrayBytes } from './footprint';
export type { ApiServerStats, ChurnSummary, ClusterSummary, HandoffView, HeldRanges, ModeSeries, ModeSnapshot, ModeTotals, OwnershipAudit, ReplicaCounters, ReplicaMemory, ReplicaRates, ReplicaStats, SettlingInfo, SimSnapshot, StepBackReach, StyleMemory } from './snapshot';
export { ENGLISH, FAILURES_SHOWN_MAX, HOT_REPLICA_FACTOR, VERDICT_MESSAGES_EN, failurePhrase, failuresOf, handoffOf, headlineRatio, settlingSecondsLeft, verdictOf, verdictSentence } from './verdict';
export type { Verdict, VerdictFailure, VerdictHandoff, VerdictMessageId, VerdictWords } from './verdict';
export { CHINESE, VERDICT_MESSAGES_ZH, cjkSpacing, verdictWordsFor } from './verdictWords';
