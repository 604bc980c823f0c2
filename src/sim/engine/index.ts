/**
 * The simulation: the loop over ticks, each mode's engine, the fan-out of events, the accounting, the ownership audit, the hash space and the views the page reads.
 *
 * This file is the room's only door: code outside `src/sim/engine` imports from here.
 */
export type { Simulation } from './api';
export { rebuildHashSpace } from './hashspace';
export { objectHash, viewGroupsByNamespace } from './keyview';
export { recountLinear, recountRanges } from './ownership';
export { TICK_SECONDS, createSimulation } from './simulation';
export { OWNER_MANY, OWNER_NONE } from './viewTypes';
export type { BalanceReport, FoundObjects } from './yourcluster';
export { REPLAY_SAMPLES, replaySampleAt, replayStream } from './replay';
export type { ReplayReplica, ReplayReport, ReplayTimeline } from './replay';
export type { DeliveryOutcome, HashSpaceNamespace, HashSpaceView, ListResponse, ObjectInfo, OwnershipRecount, RangeSet, RecentEvent } from './viewTypes';
