/**
 * The import dialog's actions. A read runs where the model lives (the worker, see
 * `src/sim/importSession.ts`) and reports progress and a summary; the cluster shown stays until
 * Confirm, which rebuilds the model from the objects read (t = 0). The objects never enter the
 * store or a link: the parameters record only how many there were (`params.imported`).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ImportEvent } from '../sim';
import type { EngineDriver } from './engineDriver';
import { LIMITS } from './params';
import { withObjects } from './churn';
import type { ImportActions, ImportSlice, ShardScopeState, SimData } from './storeState';

export function initialImportSlice(): ImportSlice {
  return { open: false, phase: 'idle', id: 0, name: '', summary: null, size: 'file', cancelled: false };
}

export function importActions(ctx: {
  readonly get: StoreApi<ShardScopeState>['getState'];
  readonly set: StoreApi<ShardScopeState>['setState'];
  readonly engine: EngineDriver;
  readonly data: SimData;
}): ImportActions {
  const { get, set, engine, data } = ctx;
  let nextId = 1;
  let listening: unknown = null;
  const patch = (p: Partial<ImportSlice>): void => set((s) => ({ importer: { ...s.importer, ...p } }));
  const setProgress = (p: SimData['importProgress']): void => {
    data.importProgress = p;
    for (const l of data.importProgressListeners) l();
  };

  const onEvent = (e: ImportEvent): void => {
    const s = get().importer;
    if (e.id !== s.id) return; // a read replaced or cancelled before
    if (e.kind === 'progress') setProgress({ read: e.read, total: e.total, objects: e.objects });
    else if (e.kind === 'cancelled') patch({ phase: 'idle', cancelled: true });
    else patch({ phase: 'review', summary: e.summary });
  };

  const read = (): void => {
    const channel = data.engine?.imports ?? null;
    const source = data.importSource;
    if (!channel || source === null) return;
    if (listening !== channel) {
      channel.listen(onEvent);
      listening = channel;
    }
    const id = nextId++;
    const total = typeof source === 'string' ? source.length : source.size;
    setProgress({ read: 0, total, objects: 0 });
    patch({ phase: 'reading', id, summary: null, cancelled: false });
    channel.start(id, source, get().importer.size);
  };

  return {
    setImportOpen: (open) => {
      if (!open && get().importer.phase === 'reading') ctx.get().cancelImport();
      patch({ open });
    },
    startImport: (source, name) => {
      data.importSource = source;
      patch({ open: true, name });
      read();
    },
    cancelImport: () => {
      const s = get().importer;
      if (s.phase !== 'reading') return;
      data.engine?.imports?.cancel(s.id);
      // The read stops at its next slice; the page does not wait for it.
      patch({ phase: 'idle', cancelled: true, id: nextId++ });
    },
    setImportSize: (size) => {
      patch({ size });
      if (get().importer.phase !== 'idle' && data.importSource !== null) read();
    },
    confirmImport: () => {
      const s = get().importer;
      const summary = s.summary;
      if (s.phase !== 'review' || !summary || summary.objects === 0) return;
      data.importUse = 'confirm';
      data.importSource = null;
      const imported = { objects: summary.objects, format: summary.format, name: s.name, sizes: summary.sizes, events: summary.events !== null, streamEvents: summary.streamEvents, replay: false };
      set((st) => ({
        // The churn scales with the object count, as when the count is typed.
        params: { ...withObjects(st.params, summary.objects), namespaces: Math.min(LIMITS.namespaces.max, Math.max(1, summary.namespaces)), imported: summary.objects },
        imported,
        heldImport: imported,
        importer: { ...initialImportSlice(), size: s.size },
        playing: false,
      }));
      engine.scheduleApply(0, true);
    },
    dropImport: () => {
      if (!get().imported) return;
      data.importUse = 'drop';
      set((st) => {
        const { imported: _n, ...params } = st.params;
        void _n;
        return { params, imported: null, heldImport: null };
      });
      engine.scheduleApply(0, true);
    },
    setReplay: (on) => {
      const s = get().importer;
      if (on && s.phase === 'review' && (s.summary?.streamEvents ?? 0) > 0) ctx.get().confirmImport();
      const imported = get().imported;
      if (!imported || imported.streamEvents === 0 || imported.replay === on) return;
      set({ imported: { ...imported, replay: on } });
    },
    setHideNames: (hide) => {
      if (get().hideNames === hide) return;
      set({ hideNames: hide });
      // The views take names from the model: it is built again with (or without) pseudonyms.
      if (get().imported) engine.scheduleApply(0, true);
    },
  };
}
