/**
 * Exercises (the lab mode): a task on a starting state, checked automatically. Like a
 * story, an exercise is data: its starting state and its solution are states of the same kind
 * a story step sets, and its check is a list of conditions, each a typed description that
 * `check.ts` evaluates over the model's real state (the parameters the trainee set and the
 * snapshot of the run they drive). The label of a condition is derived from the condition
 * itself, so what the panel says is always what is checked.
 *
 * Text is a message id of the catalogue (built-in exercises, translated in en and zh-CN) or,
 * for an exercise loaded from a file, inline text per locale.
 */
import type { ShardKey } from '../../core/sharding';
import type { MessageId } from '../../i18n/en';
import type { ClientKind } from '../../sim';
import type { StoryState } from '../types';

/** Inline text of a loaded file: English required, Chinese optional (English is shown instead). */
export interface LocalText {
  readonly en: string;
  readonly 'zh-CN'?: string;
}

/** A message id of the catalogue, or inline text. */
export type ExerciseText = MessageId | LocalText;

/** Relist causes the model counts (see `LifecycleStats.relists`). */
export type RelistCause = 'reshard' | 'restart' | 'gone' | 'error';

/**
 * One condition of a check. Conditions on selectors (`replicas`, `accepted`, `coverage`,
 * `hash-share`, `share-ratio`, `shard-key`, `gate`, `client`) read the parameters the
 * trainee set; conditions on the run (`audit`, `object-share`, `imbalance`, `saving`,
 * `no-errors`, `reshard`, `no-orphans`, `moved`, `relists`, `answer-full-cache`) read the
 * model's snapshot, and are false while the model has not yet applied what was set;
 * `answer-owner` hashes the uid with FNV-1a 64 against the selectors set.
 */
export type ExerciseCondition =
  | { readonly kind: 'replicas'; readonly count: number }
  /** The selector of `replica` (every replica when left out) is accepted by the apiserver's parser. */
  | { readonly kind: 'accepted'; readonly replica?: number }
  /** The selectors' ranges cover [0, 2^64) with no gap and no overlap. */
  | { readonly kind: 'coverage' }
  /** `replica` holds between `min` and `max` (fractions) of the hash space. */
  | { readonly kind: 'hash-share'; readonly replica: number; readonly min: number; readonly max: number }
  /** `replica` holds `ratio` times the hash space of every other replica, within `tolerance` (a fraction of that). */
  | { readonly kind: 'share-ratio'; readonly replica: number; readonly ratio: number; readonly tolerance: number }
  | { readonly kind: 'shard-key'; readonly key: ShardKey }
  /** API server `server` (0-based) has the gate `on` or off. */
  | { readonly kind: 'gate'; readonly server: number; readonly on: boolean }
  | { readonly kind: 'client'; readonly client: ClientKind }
  /** The model's ownership audit (server-side): every live object has exactly one owner. */
  | { readonly kind: 'audit' }
  /** Server-side, `replica` owns between `min` and `max` of the live objects. */
  | { readonly kind: 'object-share'; readonly replica: number; readonly min: number; readonly max: number }
  /** Server-side, the largest share times the replica count is at most `max`. */
  | { readonly kind: 'imbalance'; readonly max: number }
  /** Replicas receive at least `atLeast` times fewer bytes server-side than client-side (settled rates). */
  | { readonly kind: 'saving'; readonly atLeast: number }
  /** No replica's request is refused (HTTP 500) server-side. */
  | { readonly kind: 'no-errors' }
  /** A reshard from `from` to `to` replicas has fired. */
  | { readonly kind: 'reshard'; readonly from: number; readonly to: number }
  /** Server-side, no object was left without an owner during any fired reshard (and one has fired). */
  | { readonly kind: 'no-orphans' }
  /** Server-side, every fired reshard moved at most `max` of the objects to another owner (and one has fired). */
  | { readonly kind: 'moved'; readonly max: number }
  /** Server-side, at most `max` relists of `cause` (all causes when left out) since the run started. */
  | { readonly kind: 'relists'; readonly max: number; readonly cause?: RelistCause }
  /** The answer names the replica that owns the object with this uid (its FNV-1a hash against the selectors set). */
  | { readonly kind: 'answer-owner'; readonly uid: string }
  /** The answer names the replica(s) that receive the whole collection (behind a gate-off API server). */
  | { readonly kind: 'answer-full-cache' };

export type ConditionKind = ExerciseCondition['kind'];

/** A condition with an optional label of its own (else the label is derived from the condition). */
export type LabelledCondition = ExerciseCondition & { readonly label?: ExerciseText };

export interface Exercise {
  /** Lowercase letters, digits and dashes; unique. */
  readonly id: string;
  readonly title: ExerciseText;
  /** What to do, in two or three sentences. */
  readonly task: ExerciseText;
  /** The state the exercise starts from (on top of the defaults), as a story's base. */
  readonly start: StoryState & { readonly playing?: boolean };
  /** Every condition must hold. */
  readonly check: readonly LabelledCondition[];
  /** Up to three, revealed one at a time. */
  readonly hints: readonly ExerciseText[];
  /**
   * What the check accepts: a state on top of the start (parameters replace the start's; events
   * replace the schedule), and for a check with an answer field, the answer.
   */
  readonly solution: StoryState & { readonly answer?: string; readonly explain?: ExerciseText };
  /** Simulated seconds the solution needs to run before its check holds (a reshard, settled rates). */
  readonly settleSeconds?: number;
}

/** Whether a check has an answer field. */
export function hasAnswer(ex: Pick<Exercise, 'check'>): boolean {
  return ex.check.some((c) => c.kind === 'answer-owner' || c.kind === 'answer-full-cache');
}
