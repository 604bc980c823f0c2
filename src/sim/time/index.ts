/**
 * Time in a run: checkpoints for stepping back, reshards and their hand-offs, and scenario files.
 *
 * This file is the room's only door: code outside `src/sim/time` imports from here.
 */
export { CHECKPOINT_BUDGET_BYTES, CheckpointStore } from './checkpoint';
export { CheckpointError } from './copy';
export { BYTES_PER_CHANGED_WORD } from './lineage';
export type { CheckpointStats } from './checkpoint';
export { Handoff, layoutRanges, nextLayout } from './handoff';
export type { HandoffSummary, Layout } from './handoff';
export { RESHARD_STRATEGIES, equalSegments, reshardHashes, splitRanges } from './reshard';
export type { ReshardReport, ReshardStage } from './reshard';
export { RESHARD_GRAMMAR, ScenarioError, parseDuration, parseReshardFlag, parseScenario } from './scenariofile';
export { BALANCE_MEASURES, balanceRanges, loadsOf, sortGroups } from './balance';
export type { BalanceMeasure, BalanceResult, BalancedSplit, WeightedGroups } from './balance';
