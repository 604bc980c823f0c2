/**
 * The store's view and playback actions: play, step, seek, speed, layout, theme, language and
 * the help dialog. Part of `createShardScopeStore` (`store.ts`); the steps and seeks go to the
 * engine driver, which queues them.
 */
import type { StoreApi } from 'zustand/vanilla';
import { STEP_SECONDS } from './defaults';
import { SPEEDS } from './params';
import type { EngineDriver } from './engineDriver';
import { budgetExcessOf, type ShardScopeState, type ViewActions } from './storeState';

/** What the view actions need of the store. */
export interface ViewContext {
  readonly get: StoreApi<ShardScopeState>['getState'];
  readonly set: StoreApi<ShardScopeState>['setState'];
  readonly engine: Pick<EngineDriver, 'resetClock' | 'stepBy' | 'seekTo'>;
}

/** The view and playback actions of a store. */
export function viewActions({ get, set, engine }: ViewContext): ViewActions {
  return {
    setPlaying: (playing) => {
      engine.resetClock();
      // On the page's thread a run over its limits does not play (the page says why).
      set({ playing: playing && budgetExcessOf(get()) === null });
    },
    togglePlay: () => get().setPlaying(!get().playing),
    step: (direction = 1) => {
      get().setPlaying(false);
      // Stepping back is always allowed; forward only within the page thread's limits.
      if (direction > 0 && budgetExcessOf(get()) !== null) return;
      engine.stepBy(direction * STEP_SECONDS);
    },
    seekTo: (t) => engine.seekTo(t),
    setSpeed: (speed) => set((s) => ({ view: { ...s.view, speed } })),
    faster: () => {
      const next = SPEEDS.find((v) => v > get().view.speed);
      if (next !== undefined) get().setSpeed(next);
    },
    slower: () => {
      const next = [...SPEEDS].reverse().find((v) => v < get().view.speed);
      if (next !== undefined) get().setSpeed(next);
    },
    setView: (view) => set((s) => ({ view: { ...s.view, view } })),
    setDotOwners: (dotOwners) => set((s) => ({ view: { ...s.view, dotOwners } })),
    setTheme: (theme) => set((s) => ({ view: { ...s.view, theme } })),
    setPresentation: (presentation) => set((s) => ({ view: { ...s.view, presentation } })),
    togglePresentation: () => get().setPresentation(!get().view.presentation),
    setLocale: (locale) => set((s) => (s.view.locale === locale ? {} : { view: { ...s.view, locale } })),
    setHelpOpen: (helpOpen) => set({ helpOpen }),
    toggleHelp: () => set((s) => ({ helpOpen: !s.helpOpen })),
  };
}
