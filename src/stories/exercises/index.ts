/** The lab: built-in exercises in menu order, easy to hard, and the tools around them. */
import { coverThree, doubleShare, gateOnSafely, ownerOfUid, refusedFive, saving } from './catalogue';
import { namespaceBalance, reshardFewMoves, reshardNoOrphans, rolloutCacheAll } from './catalogueRuns';
import type { Exercise } from './types';

export type { Exercise, ExerciseCondition, LabelledCondition, ExerciseText, LocalText, ConditionKind } from './types';
export { hasAnswer } from './types';
export { evaluateCheck, evaluateCondition, checkPasses, conditionLabel, namedReplicas, ownersOfUid, type CheckInput, type Verdict, type Said } from './check';
export { resolveStart, resolveSolution, type ResolvedExercise } from './resolve';

/** The built-in exercises, easy to hard. */
export const EXERCISES: readonly Exercise[] = [
  coverThree,
  refusedFive,
  doubleShare,
  ownerOfUid,
  saving,
  gateOnSafely,
  namespaceBalance,
  reshardNoOrphans,
  reshardFewMoves,
  rolloutCacheAll,
];

/** Exercises opened from files in this page, after the built-in ones. */
const loaded: Exercise[] = [];

/** Adds an exercise opened from a file (one with the same id replaces the earlier one). */
export function registerExercise(ex: Exercise): void {
  const i = loaded.findIndex((x) => x.id === ex.id);
  if (i >= 0) loaded[i] = ex;
  else loaded.push(ex);
}

/** Every exercise: the built-in ones, then those opened from files. */
export function allExercises(): readonly Exercise[] {
  return loaded.length === 0 ? EXERCISES : [...EXERCISES, ...loaded];
}

/** Whether an exercise was opened from a file. */
export function isLoadedExercise(id: string): boolean {
  return loaded.some((x) => x.id === id);
}

/** An exercise by id (built-in or opened from a file), or undefined. */
export function exerciseById(id: string): Exercise | undefined {
  return EXERCISES.find((e) => e.id === id) ?? loaded.find((e) => e.id === id);
}
