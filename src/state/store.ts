/**
 * The one store of ShardScope: a vanilla zustand store (usable without React, in tests and,
 * later, by scenario scripts), built by {@link createShardScopeStore} from an initial state
 * and slices: parameters (`paramsActions.ts`), view and playback (`viewActions.ts`), links,
 * stories, and the engine traffic behind the simulation summaries (`engineDriver.ts`). The
 * store's types are in `storeState.ts` and re-exported here.
 *
 * The store holds parameters, summaries and version counters. The large data (hash positions
 * and owners of up to 1,000,000 objects, recent events) lives in `store.data`, beside the
 * state, and the versions say when it changed so painters know when to repaint.
 */
import { createStore } from 'zustand/vanilla';
import { defaultSimParams, defaultViewParams } from './defaults';
import { createEngineDriver } from './engineDriver';
import { createRetyping, paramsActions } from './paramsActions';
import { viewActions } from './viewActions';
import { importActions, initialImportSlice } from './importActions';
import { initialSimSlice, type ShardScopeOptions, type ShardScopeState, type ShardScopeStore, type SimData } from './storeState';

export { SELECTOR_APPLY_DELAY_MS } from './paramsActions';
export { initialSimSlice, budgetExcessOf } from './storeState';
export type {
  ScalarParam,
  SimSlice,
  ParamsActions,
  ViewActions,
  SimActions,
  LinkSlice,
  LinkActions,
  StoryPlace,
  StoryActions,
  StageActions,
  ExerciseActions,
  ShardScopeState,
  SimData,
  ShardScopeStore,
  EngineFactory,
  ShardScopeOptions,
} from './storeState';

/** Creates a store, with its engine not yet started (call `start()`). */
export function createShardScopeStore(options: ShardScopeOptions = {}): ShardScopeStore {
  const data: SimData = { hashSpace: null, events: [], eventsAppended: 0, engine: null, importUse: 'drop', importSource: null, importProgress: null, importProgressListeners: new Set() };

  const store = createStore<ShardScopeState>()((set, get) => {
    const retyping = createRetyping(get, set);
    const engine = createEngineDriver({ get, set, data, options, beforeApply: retyping.settle });
    return {
      params: options.params ?? defaultSimParams(),
      view: options.view ?? defaultViewParams(),
      playing: false,
      helpOpen: false,
      sim: initialSimSlice(),
      link: { issues: options.linkIssues ?? [], opened: options.linkIssues?.length ? 1 : 0, tooLong: null },
      story: null,
      talk: null,
      storyActive: false,
      storyReady: false,
      blanked: false,
      chromeShown: false,
      exercise: null,
      importer: initialImportSlice(),
      imported: null,
      heldImport: null,
      hideNames: false,

      ...paramsActions({ get, set, engine, retyping }),
      ...viewActions({ get, set, engine }),
      ...importActions({ get, set, engine, data }),

      // ---- links ----------------------------------------------------------------------------
      openLink: (linked, issues, options) => {
        if (linked === null) {
          // Nothing to open, so nothing of the run changes; the notice says why.
          set((s) => ({ link: { ...s.link, issues: issues.slice(), opened: s.link.opened + 1, kept: true } }));
          return;
        }
        engine.dropRecount();
        retyping.pending = false;
        set((s) => ({
          params: linked?.params ?? defaultSimParams(),
          view: linked ? { ...linked.view, locale: s.view.locale } : s.view,
          sim: { ...s.sim, draftSelectors: null, preview: null },
          // A link never carries imported objects: one made from the import this tab holds (as
          // many objects) runs on it again; any other opens a generated cluster, and the tab
          // keeps its import for later.
          imported: s.heldImport !== null && linked.params.imported === s.heldImport.objects ? { ...s.heldImport, replay: false } : null,
          link: { issues: issues.slice(), opened: s.link.opened + 1, tooLong: null, kept: false },
        }));
        engine.scheduleApply(0, options?.restart === true);
      },
      setLinkTooLong: (tooLong) => set((s) => ({ link: { ...s.link, tooLong } })),
      // ---- stories --------------------------------------------------------------------------
      setStory: (place) => set((s) => ({ story: place, storyActive: place !== null || s.talk !== null, storyReady: false })),
      setTalk: (talk) => set((s) => ({ talk, storyActive: talk !== null || s.story !== null })),
      markStoryReady: (place) => {
        if (get().story === place) set({ storyReady: true });
      },
      // ---- the audience's screen ------------------------------------------------------------
      setBlanked: (blanked) => set({ blanked }),
      setChromeShown: (chromeShown) => set({ chromeShown }),
      // ---- exercises ------------------------------------------------------------------------
      setExercise: (id) => set({ exercise: id }),

      // ---- engine ---------------------------------------------------------------------------
      start: engine.start,
      tick: engine.tick,
      idle: engine.idle,
      dispose: engine.dispose,
    };
  });

  return Object.assign(store, { data });
}
