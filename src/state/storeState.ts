/**
 * The store's shape: its state, actions and options, the simulation slice's initial value
 * and the page-thread budget check. Types and small pure helpers only, so every part of the
 * store (`store.ts`, `engineDriver.ts`, `paramsActions.ts`, `viewActions.ts`) and the
 * selectors can import them without importing each other.
 */
import type { LifecycleParams } from './lifecycle';
import type { ClientKind } from '../sim';
import type { StoreApi } from 'zustand/vanilla';
import type { HashSpaceView, ImportFormat, ImportSource, ImportSummary, OwnershipRecount, RecentEvent, SimSnapshot, SizeBasis } from '../sim';
import type { ScheduledEvent } from '../sim/params';
import type { ShardKey } from '../core/sharding';
import type { EngineFallback, SimEngine } from './engine';
import { mainThreadExcess, type BudgetExcess } from './budget';
import type { ClientCache, ClientMode, Encoding, SimParams, ViewParams } from './params';
import type { LinkIssue, LinkState, LinkTooLong } from './link';
import type { TalkPlace } from './talkLink';

/** Parameters that are a single number set by one control. */
export type ScalarParam =
  | 'seed'
  | 'objects'
  | 'namespaces'
  | 'namespaceSkew'
  | 'objectBytes'
  | 'addedPerSec'
  | 'modifiedPerSec'
  | 'deletedPerSec'
  | 'bookmarkEverySec';

/** The simulation's state as the UI sees it: summaries and versions, never per-object data. */
export interface SimSlice {
  /** `loading` until the first frame arrives; `error` when the engine failed. */
  readonly status: 'loading' | 'ready' | 'error';
  /** The model's message when it refused parameters or stopped. */
  readonly error: string | null;
  /** The parameters the running model has accepted (the last good state). */
  readonly applied: SimParams | null;
  readonly snapshot: SimSnapshot | null;
  /** Increments with every new snapshot. */
  readonly version: number;
  /** Increments when `store.data.hashSpace` is replaced. */
  readonly hashVersion: number;
  /** Increments when events are appended to `store.data.events`. */
  readonly eventsVersion: number;
  /** Ownership under the boundaries being dragged (before they are applied), or null. */
  readonly preview: OwnershipRecount | null;
  /** Selector texts while a boundary is being dragged, or null. */
  readonly draftSelectors: readonly string[] | null;
  /** Parameters are being applied (a large cluster takes seconds to generate). */
  readonly busy: boolean;
  /**
   * Simulated seconds a step back in flight goes to when no checkpoint is left that far back
   * (it replays from the start: seconds at a million objects), else null.
   */
  readonly replayingTo: number | null;
  /** Where the model runs, once an engine exists. */
  readonly engine: SimEngine['kind'] | null;
  /** Why the model runs on the page's thread although a worker was wanted (then limits apply). */
  readonly fallback: EngineFallback | null;
}

export interface ParamsActions {
  setScalar(param: ScalarParam, value: number): void;
  setEncoding(encoding: Encoding): void;
  /** Changes the replica count; every replica gets its share of an equal split. */
  setReplicas(n: number): void;
  /** Changes the shard key; every replica gets its share of an equal split on that key. */
  setShardKey(key: ShardKey): void;
  /** Sets one replica's selector text as typed (applied to the model after a pause in typing). */
  setSelector(replica: number, text: string): void;
  /** Replaces all selector texts at once and applies them. */
  setSelectors(texts: readonly string[]): void;
  resetSplit(): void;
  setApiServerCount(n: number): void;
  setGate(server: number, on: boolean): void;
  setClientMode(mode: ClientMode): void;
  /** The client every replica runs. */
  setClient(client: ClientKind): void;
  /** What the replicas' informer caches hold. */
  setClientCache(style: ClientCache): void;
  /** Changes the rollout, watch policy, initial list or watch timeouts. */
  setLifecycle(patch: Partial<LifecycleParams>): void;
  /** Shows selectors being dragged: counts follow at once, the model is not yet changed. */
  previewSelectors(texts: readonly string[]): void;
  /** Applies the dragged selectors (pointer released, or keyboard idle). */
  commitPreview(): void;
  cancelPreview(): void;
  /** Adds an event to the run's schedule (the model replays the run under it). */
  addScheduledEvent(event: ScheduledEvent): void;
  /** Removes the schedule's event at `index`. */
  removeScheduledEvent(index: number): void;
}

export interface ViewActions {
  setPlaying(playing: boolean): void;
  togglePlay(): void;
  /** One step forward (or back with -1) of {@link STEP_SECONDS}. */
  step(direction?: 1 | -1): void;
  setSpeed(speed: number): void;
  faster(): void;
  slower(): void;
  setView(view: ViewParams['view']): void;
  setDotOwners(owners: ViewParams['dotOwners']): void;
  setTheme(theme: ViewParams['theme']): void;
  /** Switches the projector layout on or off. */
  setPresentation(on: boolean): void;
  togglePresentation(): void;
  /** Switches the page's language; the run goes on untouched. */
  setLocale(locale: ViewParams['locale']): void;
  setHelpOpen(open: boolean): void;
  toggleHelp(): void;
  /** Goes to simulated time `t` (the timeline); clicks queued behind a busy engine collapse into the last one. */
  seekTo(t: number): void;
}

export interface SimActions {
  /** Starts the model with the current parameters (called once by the app, or by tests). */
  start(): Promise<void>;
  /** Advances the play loop: called once per animation frame with the wall-clock time in ms. */
  tick(nowMs: number): void;
  /** Resolves when every queued engine call has been answered (for tests). */
  idle(): Promise<void>;
  dispose(): void;
}

/** What the page says about links (the URL sync in `urlSync.ts` keeps it). */
export interface LinkSlice {
  /** What the last opened link could not use (empty: all of it was used). */
  readonly issues: readonly LinkIssue[];
  /** Increments each time a link is opened, so a dismissed notice shows again for the next one. */
  readonly opened: number;
  /** The current state does not fit in a link (the address bar keeps the last one that did). */
  readonly tooLong: LinkTooLong | null;
  /** The last link could not be read at all, so the run shown was kept (not replaced by the default run). */
  readonly kept?: boolean;
}

export interface LinkActions {
  /**
   * Opens a link's state and records what it could not use. The view keeps the page's
   * language. Null (a link that cannot be read at all) keeps the run shown and its progress,
   * and only records why.
   *
   * `restart` builds the run afresh at t = 0 from the state's parameters, so nothing
   * of the run shown before (its time, its changes, a schedule replayed on a step back) carries
   * over: a story step and the run a story returns to open this way.
   */
  openLink(state: LinkState | null, issues: readonly LinkIssue[], options?: { readonly restart?: boolean }): void;
  setLinkTooLong(tooLong: LinkTooLong | null): void;
}

/** The guided story shown (its id and 1-based step), set by `src/stories/controller.ts`. */
export interface StoryPlace {
  readonly id: string;
  readonly step: number;
}

export interface StoryActions {
  /**
   * Marks a story step as shown (null: free play). The step's state is applied by the caller;
   * until it calls {@link markStoryReady} the step is being prepared.
   */
  setStory(place: StoryPlace | null): void;
  /**
   * The step at `place` now shows its own run at its own time. Ignored unless `place` is still
   * the step shown (the same object `setStory` was given): a step left meanwhile stays as it is.
   */
  markStoryReady(place: StoryPlace): void;
  /**
   * Marks the talk slide shown (null: no talk). A step slide's story step is shown by the
   * caller with {@link setStory} as well; the other slides show no story.
   */
  setTalk(place: TalkPlace | null): void;
}

/**
 * The audience's screen in presentation mode: blanked (black, as a clicker's blank key does
 * in slide software) and whether the app's chrome (the header, the caption's buttons) shows.
 * Neither is part of a link: both are the moment's, not the run's.
 */
export interface StageActions {
  setBlanked(on: boolean): void;
  setChromeShown(on: boolean): void;
}

/** The exercise shown (its id), set by `src/stories/exercises/controller.ts`. */
export interface ExerciseActions {
  /** Marks an exercise as shown (null: none). Its state is applied by the caller. */
  setExercise(id: string | null): void;
}

export interface ShardScopeState extends ParamsActions, ViewActions, SimActions, LinkActions, StoryActions, StageActions, ExerciseActions, ImportActions {
  readonly params: SimParams;
  readonly view: ViewParams;
  readonly playing: boolean;
  readonly helpOpen: boolean;
  readonly sim: SimSlice;
  readonly link: LinkSlice;
  /** The story step shown, or null in free play. */
  readonly story: StoryPlace | null;
  /** The talk and the slide shown, or null outside a talk. */
  readonly talk: TalkPlace | null;
  /** A story or a talk is active (its keys apply; the help dialog lists them). */
  readonly storyActive: boolean;
  /**
   * The story step shown has its own run at its own time. False from the moment a step is
   * shown until then: the run on screen is still the one before, or the step's run before its
   * time, and must not be read as the step's (the stage says it is being prepared).
   */
  readonly storyReady: boolean;
  /** The screen is blanked (presentation mode's `b` and `.`). */
  readonly blanked: boolean;
  /** The header and the caption's buttons show in presentation mode (a mouse move or Esc shows them for a while). */
  readonly chromeShown: boolean;
  /** The id of the exercise shown, or null (never at the same time as a story). */
  readonly exercise: string | null;
  /** The import dialog, the confirmed import, hidden names. */
  readonly importer: ImportSlice;
  /** The import the run uses now (null: a generated cluster, such as a story's). */
  readonly imported: ImportedInfo | null;
  /**
   * The import this tab holds, until the user replaces or drops it: kept through stories,
   * talks, exercises and links opened in the tab, and used again by a link that names it.
   */
  readonly heldImport: ImportedInfo | null;
  readonly hideNames: boolean;
}

/** Large data beside the store; versions in `state.sim` say when it changed. */
export interface SimData {
  /** Sorted positions and owners of every live object, or null before the first frame. */
  hashSpace: HashSpaceView | null;
  /** Recent events of the shared stream, newest last (bounded). */
  events: RecentEvent[];
  /** Events appended to `events` since the start (readers keep their own mark). */
  eventsAppended: number;
  /** The engine in use (local or worker). */
  engine: SimEngine | null;
  /** Which imported objects the next model is built from (see `CreateOptions`). */
  importUse: 'confirm' | 'keep' | 'drop';
  /** What the import dialog read last (to read again with another size). */
  importSource: ImportSource | null;
  /**
   * The read's progress, kept out of the store: a store change runs every selector of
   * the page, and a large file reports progress dozens of times. Listeners hear each change.
   */
  importProgress: { readonly read: number; readonly total: number; readonly objects: number } | null;
  readonly importProgressListeners: Set<() => void>;
}

/** The import dialog. */
export interface ImportSlice {
  readonly open: boolean;
  /** 'reading': a read runs (progress, Cancel); 'review': its summary waits for Confirm. */
  readonly phase: 'idle' | 'reading' | 'review';
  readonly id: number;
  /** The file's name, or '' for pasted text. */
  readonly name: string;
  readonly summary: ImportSummary | null;
  readonly size: SizeBasis;
  /** The last read was cancelled (the cluster shown is unchanged). */
  readonly cancelled: boolean;
}

/** The import the model runs on, once confirmed. */
export interface ImportedInfo {
  readonly objects: number;
  readonly format: ImportFormat | null;
  readonly name: string;
  readonly sizes: SizeBasis | 'model';
  readonly events: boolean;
  /** Events kept to replay (0: not a stream). */
  readonly streamEvents: number;
  /** The replay of the stream is shown (the bandwidth panel). */
  readonly replay: boolean;
}

export interface ImportActions {
  setImportOpen(open: boolean): void;
  /** Reads a file or pasted text (the cluster shown stays until Confirm). */
  startImport(source: ImportSource, name: string): void;
  cancelImport(): void;
  /** Sets the size basis; a read already made is read again. */
  setImportSize(size: SizeBasis): void;
  /** The model now runs on the objects read; the run starts afresh at t = 0. */
  confirmImport(): void;
  /** Back to a generated cluster. */
  dropImport(): void;
  setHideNames(hide: boolean): void;
  /** Replays the imported watch stream (confirming the read under review first); false hides the replay. */
  setReplay(on: boolean): void;
}

export type ShardScopeStore = StoreApi<ShardScopeState> & { readonly data: SimData };

/** How a store gets its engine: by parameters, so large clusters can move to a worker. */
export type EngineFactory = (params: SimParams) => SimEngine;

export interface ShardScopeOptions {
  readonly params?: SimParams;
  readonly view?: ViewParams;
  /** What the link the page was opened with could not use. */
  readonly linkIssues?: readonly LinkIssue[];
  /** Defaults to the model on the main thread. The app passes one that uses a worker for large clusters. */
  readonly engineFactory?: EngineFactory;
  /** Which engine kind parameters need; a change of kind re-creates the model. */
  readonly engineKind?: (params: SimParams) => 'local' | 'worker';
  /** Timers, injectable for tests. */
  readonly setTimeout?: (fn: () => void, ms: number) => unknown;
  readonly clearTimeout?: (handle: unknown) => void;
  /** Above this many live objects, hash-space arrays are refreshed at most this often (ms). */
  readonly hashRefreshMs?: number;
}

/** The initial state's data part (without actions), for tests and resets. */
export function initialSimSlice(): SimSlice {
  return {
    status: 'loading',
    error: null,
    applied: null,
    snapshot: null,
    version: 0,
    hashVersion: 0,
    eventsVersion: 0,
    preview: null,
    draftSelectors: null,
    busy: false,
    replayingTo: null,
    engine: null,
    fallback: null,
  };
}

/**
 * Why the state does not fit the page's own thread, or null: only when the model runs there
 * as a fallback (see `budget.ts`). The store refuses to play (or grow) such a run, and the
 * page says why.
 */
export function budgetExcessOf(s: Pick<ShardScopeState, 'params' | 'view' | 'sim'>): BudgetExcess | null {
  if (!s.sim.fallback) return null;
  return mainThreadExcess(s.params, s.view.speed, s.sim.snapshot?.cluster.live ?? null);
}
