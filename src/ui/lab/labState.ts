/**
 * The lab's own UI state, beside the simulator's store: which exercises are done
 * (kept in localStorage, no server), the answer typed, the hints revealed and whether the
 * solution is shown per exercise, and the notice about the last file opened. None of it is
 * part of a run, so none of it goes into a link.
 */
import { createStore } from 'zustand/vanilla';
import type { Problem } from '../../stories/exercises/validate';

/** The localStorage key of the progress. */
export const PROGRESS_KEY = 'shardscope.lab.v1';

export interface FileNotice {
  readonly file: string;
  readonly ok: boolean;
  /** When ok: the title shown and whether it was a story. */
  readonly title?: string;
  readonly story?: boolean;
  readonly syntax?: { readonly line: number; readonly column: number; readonly message: string };
  readonly problems?: readonly Problem[];
  readonly tooLarge?: number;
}

export interface LabState {
  /** Ids of the exercises solved at least once. */
  readonly done: readonly string[];
  readonly answers: Readonly<Record<string, string>>;
  readonly hints: Readonly<Record<string, number>>;
  readonly solutionShown: Readonly<Record<string, boolean>>;
  readonly notice: FileNotice | null;
  /** Increments when a file adds an exercise or a story, so menus list it. */
  readonly loadedVersion: number;
}

function readDone(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(PROGRESS_KEY);
    if (!raw) return [];
    const v = JSON.parse(raw) as { done?: unknown };
    return Array.isArray(v.done) ? v.done.filter((x): x is string => typeof x === 'string').slice(0, 500) : [];
  } catch {
    // Storage refused (private mode) or a value that is not ours: no progress, no crash.
    return [];
  }
}

function writeDone(done: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(PROGRESS_KEY, JSON.stringify({ done }));
  } catch {
    // Storage full or refused: progress lasts for this page only.
  }
}

export const labStore = createStore<LabState>()(() => ({ done: readDone(), answers: {}, hints: {}, solutionShown: {}, notice: null, loadedVersion: 0 }));

export function markDone(id: string): void {
  const s = labStore.getState();
  if (s.done.includes(id)) return;
  const done = [...s.done, id];
  labStore.setState({ done });
  writeDone(done);
}

export function setAnswer(id: string, answer: string): void {
  labStore.setState((s) => ({ answers: { ...s.answers, [id]: answer } }));
}

export function revealHint(id: string, total: number): void {
  labStore.setState((s) => ({ hints: { ...s.hints, [id]: Math.min(total, (s.hints[id] ?? 0) + 1) } }));
}

export function setSolutionShown(id: string, on: boolean): void {
  labStore.setState((s) => ({ solutionShown: { ...s.solutionShown, [id]: on } }));
}

/** This exercise's answer, hints and solution back to nothing (its progress stays). */
export function forgetExercise(id: string): void {
  labStore.setState((s) => {
    const { [id]: _a, ...answers } = s.answers;
    const { [id]: _h, ...hints } = s.hints;
    const { [id]: _s, ...solutionShown } = s.solutionShown;
    return { answers, hints, solutionShown };
  });
}

/** Every exercise's progress, answers, hints and solutions forgotten. */
export function forgetEverything(): void {
  labStore.setState({ done: [], answers: {}, hints: {}, solutionShown: {} });
  writeDone([]);
}

export function setNotice(notice: FileNotice | null): void {
  labStore.setState({ notice });
}

export function bumpLoaded(): void {
  labStore.setState((s) => ({ loadedVersion: s.loadedVersion + 1 }));
}
