/**
 * Guided stories: a story is data, a list of steps, each of which sets the whole
 * state the audience sees. A step's state is the story's base state plus that step's own
 * overrides, resolved from the defaults every time (never a delta replayed from the previous
 * step), so going to step k from anywhere (step back, a link, a reload) shows exactly step k.
 *
 * Text is not here: titles, narration, questions and answers are message ids of the
 * catalogue (`src/i18n/en.ts`), so another locale translates them.
 */
import type { FactId } from '../facts';
import type { SimParams, ViewParams } from '../state/params';
import type { ReshardEvent } from '../state';
import type { MessageId } from '../i18n/en';

/** The ids of the stories, in menu order. `resharding` and `rollout` schedule model events. */
export type StoryId = 'problem' | 'mechanism' | 'saving' | 'fallback' | 'resharding' | 'hot-namespaces' | 'refused' | 'rollout';

/** A panel a step brings into view and rings (its `data-testid`). */
export type StoryPanel = 'hash-space' | 'replica-cards' | 'bandwidth-panel' | 'event-flow' | 'control-panel' | 'ownership-audit' | 'memory-figures';

/**
 * Things on screen a step can highlight (their `data-testid`; every element with that id is
 * marked). Only ids that exist on the page are allowed, so a typo is a compile error.
 */
export type StoryHighlight =
  | 'hash-band'
  | 'hash-canvas'
  | 'boundary-handle'
  | 'selector-input'
  | 'selector-canonical'
  | 'selector-error'
  | 'rejection-message'
  | 'selector-quickfix'
  | 'request-url'
  | 'shardinfo-preview'
  | 'shardinfo-missing'
  | 'badge-fallback'
  | 'badge-trust'
  | 'badge-rejected'
  | 'badge-client-error'
  | 'badge-sharded'
  | 'owned-count'
  | 'bytes-rate'
  | 'events-rate'
  | 'memory-figures'
  | 'ownership-audit'
  | 'headline-ratio'
  | 'headline-chip'
  | 'flow-canvas-client'
  | 'flow-canvas-server'
  // the reshard model's panels
  | 'handoff-report'
  | 'chart-relists'
  | 'lifecycle-summary'
  | 'chart-handoff'
  | 'timeline'
  | 'schedule';

/** A comparison chart a step can put on the stage (its `chart-<key>` test id). */
export type StoryChart = 'received' | 'egress' | 'cpu' | 'memory' | 'relists' | 'handoff';

/** A part of a replica card a step can put on the stage (the card's head, with its badges, always shows). */
export type StoryCardField = 'selector' | 'error' | 'canonical' | 'url' | 'owned' | 'events' | 'bytes' | 'memory' | 'list';

/**
 * What a step talks about, and so all that presentation mode's stage shows
 * for it (the headline and the audit, and the timeline, are always there):
 * - `hash`: the hash strip with its axis;
 * - `card:<field>`: that part of every replica's card (several fields share one row of cards);
 * - `chart:<key>`: a comparison chart (at most three);
 * - `audit`: the ownership audit (on the stage with the headline), `memory`: the memory table,
 *   `flow`: the event flow, `timeline`: the timeline and its marks, `handoff`: the hand-off
 *   report, `lifecycle`: resumes, relists and 410 Gone so far.
 */
export type StoryShowItem = 'hash' | 'audit' | 'memory' | 'flow' | 'timeline' | 'handoff' | 'lifecycle' | `chart:${StoryChart}` | `card:${StoryCardField}`;

/**
 * Model events a step can schedule, by kind, each with an `at` time. A step's events become
 * the run's whole schedule (`SimParams.schedule`) at that step, so the schedule is part of the
 * step's full state: going back to a step restores its schedule exactly. The one kind is
 * `reshard` (N -> M replicas, a strategy, a rollout; see `src/sim/params/schedule.ts`).
 */
export interface StoryModelEventMap {
  reshard: Omit<ReshardEvent, 'kind' | 'at'>;
}

/** One scheduled model event: a kind of {@link StoryModelEventMap}, at a simulated time (s). */
export type StoryModelEvent = {
  [K in keyof StoryModelEventMap]: { readonly kind: K; readonly at: number } & StoryModelEventMap[K];
}[keyof StoryModelEventMap];

/** View settings a step may set (the page's language is never part of a story). */
export type StoryView = Partial<Omit<ViewParams, 'locale'>>;

/** The state a story or a step sets on top of what comes before it. */
export interface StoryState {
  /**
   * Parameters. When `replicas` or `shardKey` is set and `selectors` is not, every replica
   * takes its equal share on that key (as the replicas field does in free play).
   */
  readonly params?: Partial<SimParams>;
  readonly view?: StoryView;
  /** Model events (see {@link StoryModelEventMap}): the run's whole schedule; a step's events replace the base's. */
  readonly events?: readonly StoryModelEvent[];
}

export interface StoryStep extends StoryState {
  readonly title: MessageId;
  /** Two or three sentences. */
  readonly narration: MessageId;
  /**
   * The speaker notes the presenter view shows for this step (what to point
   * at, what to say, the likely question and its answer). Every built-in step has them; a story
   * opened from a file may leave them out.
   */
  readonly notes?: MessageId;
  /** The panel brought into view and ringed. */
  readonly focus: StoryPanel;
  /** What the step talks about: presentation mode's stage shows exactly these. */
  readonly show: readonly StoryShowItem[];
  /** Whose cards the stage shows when `show` has card fields (0-based replicas); all when left out. */
  readonly cards?: readonly number[];
  readonly highlight?: readonly StoryHighlight[];
  /** Playing (the run moves) or paused (a frame to point at). */
  readonly playing: boolean;
  /**
   * The simulated time (s) at which the step is shown. Every step runs its own state
   * from t = 0 (a fresh run of its seed, parameters and schedule), then goes to this time; 0 when
   * left out, so the step starts with its run.
   */
  readonly at?: number;
  /** A question for a class; its answer shows on the next step. */
  readonly question?: MessageId;
  readonly answer?: MessageId;
  /**
   * The facts about Kubernetes the step's title, narration, question, answer and speaker notes
   * state: `src/facts`. A test checks that every subject the text mentions is covered.
   */
  readonly sources?: readonly FactId[];
}

export interface Story {
  readonly id: StoryId;
  readonly title: MessageId;
  /** The state every step starts from (itself on top of the defaults). */
  readonly base: StoryState;
  readonly steps: readonly StoryStep[];
}

/** Where a story is: its id and the step shown, 1-based as in links. */
export interface StoryPosition {
  readonly id: StoryId;
  readonly step: number;
}
