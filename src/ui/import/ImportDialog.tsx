/**
 * Importing a real cluster. A button in the header opens the dialog; a file dropped
 * anywhere on the page, chosen, or text pasted is read where the model lives (the worker), with
 * a progress bar and Cancel. The dialog shows what was found and waits for Confirm: until then
 * the cluster shown is unchanged. `ImportStatus` says which import the run uses (with the
 * hide-names switch), or that a link came from an import whose data it does not carry.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { DATA_SLOT, DataText, ImportIcon, QuotedReason, Toggle, WithData } from '../primitives';
import { escapedText } from '../../sim';
import { useShardScope, useShardScopeStore, type ShardScopeState } from '../../state';
import { useFormat, useT } from '../i18n';
import './import.css';

/** Whether a drag carries files (not text or a link dragged inside the page). */
const hasFiles = (e: DragEvent | React.DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** The read's progress (kept beside the store: see `SimData.importProgress`). */
function useImportProgress() {
  const { data } = useShardScopeStore();
  return useSyncExternalStore(
    (onChange) => {
      data.importProgressListeners.add(onChange);
      return () => data.importProgressListeners.delete(onChange);
    },
    () => data.importProgress,
  );
}

/** The progress bar and Cancel of a read. */
function ImportProgress({ name, own }: { name: string; own: boolean }) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const p = useImportProgress();
  if (!p) return null;
  return (
    <div className="import__progress" data-testid="import-progress" role="status">
      <progress max={Math.max(1, p.total)} value={p.read} />
      <span>
        <WithData sentence={t('import.reading', { name: DATA_SLOT, read: f.bytes(p.read), total: f.bytes(p.total), objects: f.count(p.objects) })} data={name} own={own} />
      </span>
      <button type="button" className="button" data-testid="import-cancel" onClick={() => store.getState().cancelImport()}>
        {t('import.cancel')}
      </button>
    </div>
  );
}

/** The header's button. */
export function ImportButton() {
  const t = useT();
  const store = useShardScopeStore();
  return (
    // In the cluster's controls (the header has no room left on one row at 1280x720).
    <button type="button" className="button" data-testid="import-open" aria-haspopup="dialog" title={t('import.openTitle')} onClick={() => store.getState().setImportOpen(true)}>
      <ImportIcon /> {t('import.open')}
    </button>
  );
}

/** Drops anywhere on the page start an import (the dialog opens with it). */
function usePageDrop(): boolean {
  const store = useShardScopeStore();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      // The dialog opens in this task, the read starts in the next: two short tasks, not one long.
      store.getState().setImportOpen(true);
      setTimeout(() => store.getState().startImport(file, file.name), 0);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [store]);
  return over;
}

/**
 * The import dialog: the ways in (a file dropped or chosen, text pasted), the read's
 * progress, then what was found, waiting for Confirm. Closed, it still follows drags over the page.
 */
export function ImportDialog() {
  const t = useT();
  const store = useShardScopeStore();
  const s = useShardScope((st) => st.importer);
  const hide = useShardScope((st) => st.hideNames);
  const dragging = usePageDrop();
  // Kept while the dialog is closed: reopened, it still holds what was pasted.
  const [paste, setPaste] = useState('');
  const a = store.getState();

  if (!s.open) return dragging ? <div className="import-droptarget" aria-hidden="true">{t('import.dropHere')}</div> : null;
  const summary = s.phase === 'review' ? s.summary : null;
  const err = summary?.error ?? null;
  const name = s.name === '' ? t('import.pasted') : s.name;
  return (
    <div className="dialog-backdrop" onClick={() => a.setImportOpen(false)}>
      <div className="dialog import" role="dialog" aria-modal="true" aria-labelledby="import-title" data-testid="import-dialog" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.key === 'Escape' && a.setImportOpen(false)}>
        <h2 id="import-title">{t('import.title')}</h2>
        <p className="import__intro">{t('import.intro')}</p>
        <p className="import__commands"><code>{t('import.commands')}</code></p>
        <ImportSources dragging={dragging} paste={paste} setPaste={setPaste} short={summary !== null || s.phase === 'reading'} size={s.size} />

        {s.phase === 'reading' ? <ImportProgress name={name} own={s.name === ''} /> : null}
        {s.cancelled && s.phase === 'idle' ? <p className="import__note" role="status" data-testid="import-cancelled">{t('import.cancelled')}</p> : null}

        {err ? <ImportError err={err} kept={summary?.objects ?? 0} /> : null}
        {summary ? <ImportSummary summary={summary} hide={hide} /> : null}

        <ImportFooter hide={hide} objects={summary?.objects ?? null} />
      </div>
    </div>
  );
}

/** What {@link ImportSummary} shows: the importer's summary in review. */
type Summary = NonNullable<ShardScopeState['importer']['summary']>;

/** Props of {@link ImportSources}. */
interface ImportSourcesProps {
  /** A file is dragged over the page. */
  readonly dragging: boolean;
  readonly paste: string;
  readonly setPaste: (text: string) => void;
  /** Something is read or found: the paste box shrinks to one line. */
  readonly short: boolean;
  /** The sizes chosen for the objects. */
  readonly size: ShardScopeState['importer']['size'];
}

/** The ways in: a file dropped or chosen, text pasted; and the sizes the objects get. */
function ImportSources({ dragging, paste, setPaste, short, size }: ImportSourcesProps) {
  const t = useT();
  const store = useShardScopeStore();
  const fileRef = useRef<HTMLInputElement>(null);
  const a = store.getState();
  return (
    <>
      <div
        className={`import__drop${dragging ? ' import__drop--over' : ''}`}
        data-testid="import-drop"
        onDragOver={(e) => {
          if (hasFiles(e)) e.preventDefault();
        }}
      >
        <span>{t('import.drop')}</span>
        <button type="button" className="button" onClick={() => fileRef.current?.click()}>
          {t('import.choose')}
        </button>
        <input
          ref={fileRef}
          type="file"
          hidden
          data-testid="import-file"
          accept=".json,.yaml,.yml,.txt,.log,application/json,text/yaml,text/plain"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) a.startImport(file, file.name);
            e.target.value = '';
          }}
        />
      </div>
      <label className="import__paste">
        <span>{t('import.pasteLabel')}</span>
        <textarea data-testid="import-paste" rows={short ? 1 : 3} spellCheck={false} value={paste} onChange={(e) => setPaste(e.target.value)} />
      </label>
      <div className="import__row">
        <button type="button" className="button" data-testid="import-paste-read" disabled={paste.trim() === ''} onClick={() => a.startImport(paste, '')}>
          {t('import.pasteRead')}
        </button>
        <fieldset className="import__sizes">
          <legend>{t('import.sizeChoice')}</legend>
          {(['file', 'compact'] as const).map((choice) => (
            <label key={choice}>
              <input type="radio" name="import-size" data-testid={`import-size-${choice}`} checked={size === choice} onChange={() => a.setImportSize(choice)} />
              {t(choice === 'file' ? 'import.sizeFile' : 'import.sizeCompact')}
            </label>
          ))}
        </fieldset>
      </div>
    </>
  );
}

/** Where the read failed, with the lines around it, and how many objects it kept before. */
function ImportError({ err, kept }: { err: NonNullable<Summary['error']>; kept: number }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="import__error" role="alert" data-testid="import-error">
      <strong>{err.line !== undefined ? t('import.errorTitle', { line: f.digits(err.line), column: f.digits(err.column ?? 0) }) : t('import.errorPlain')}</strong>
      <p>
        <QuotedReason reason={err.message} />
      </p>
      {err.context ? (
        <pre className="import__context" data-testid="import-error-context">
          {err.context.before.map((l, i) => (
            <span key={i}>{`${escapedText(l)}\n`}</span>
          ))}
          <span>{`${escapedText(err.context.line)}\n`}</span>
          {/* Under the failing character of the escaped line. */}
          <span className="import__caret">{`${' '.repeat(escapedText(err.context.line.slice(0, err.context.caret)).length)}^`}</span>
        </pre>
      ) : null}
      {kept > 0 ? <p>{t('import.errorKept', { count: f.count(kept) })}</p> : null}
    </div>
  );
}

/** What was found: the format, objects, kinds, namespaces, sizes, events and what was rejected. */
function ImportSummary({ summary, hide }: { summary: Summary; hide: boolean }) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const nsName = (n: { name: string; pseudonym: string }) => (hide ? n.pseudonym : n.name);
  return (
    <dl className="import__summary" data-testid="import-summary">
      <dt>{t('import.format')}</dt>
      <dd data-testid="import-format" data-format={summary.format ?? ''}>
        {summary.format ? t(`import.fmt.${summary.format}`) : t('import.formatUnknown')}
        {/* A stream can be replayed (this confirms the import too). */}
        {summary.objects > 0 && summary.streamEvents > 0 ? (
          <button type="button" className="button button--small import__replay" data-testid="import-replay" title={t('replay.offerTitle', { count: f.digits(summary.streamEvents) })} onClick={() => store.getState().setReplay(true)}>
            {t('replay.offer')}
          </button>
        ) : null}
      </dd>
      <dt>{t('import.objects')}</dt>
      <dd data-testid="import-count">{f.digits(summary.objects)}</dd>
      <dt>{t('import.kinds')}</dt>
      <dd data-testid="import-kinds">
        {summary.kinds.length === 0
          ? '—'
          : summary.kinds.map((k, i) => (
              <span key={i}>
                {i > 0 ? ', ' : null}
                {f.digits(k.count)} {k.kind === '' ? t('import.kindUnnamed') : <DataText text={k.kind} />}
              </span>
            ))}
      </dd>
      <dt>{t('import.namespaces')}</dt>
      <dd>
        {t('import.namespacesValue', { count: f.digits(summary.namespaces), scoped: f.digits(summary.clusterScoped) })}
        {summary.topNamespaces.length > 0 ? (
          <span className="import__ns" data-testid="import-namespaces">
            {summary.topNamespaces.map((n, i) => (
              <span key={i}>
                {i > 0 ? ', ' : null}
                <DataText text={nsName(n)} /> ({f.digits(n.count)})
              </span>
            ))}
          </span>
        ) : null}
      </dd>
      <dt>{t('import.sizes')}</dt>
      <dd data-testid="import-sizes">
        {summary.sizes === 'model' ? t('import.sizeModel') : t(summary.sizes === 'file' ? 'import.sizeFile' : 'import.sizeCompact')}
        {summary.sizes !== 'model' && summary.objects > 0 ? <> · {t('import.sizeTotal', { total: f.bytes(summary.totalBytes), mean: f.bytes(summary.totalBytes / summary.objects) })}</> : null}
      </dd>
      {summary.events ? (
        <>
          <dt>{t('import.events')}</dt>
          <dd data-testid="import-events">
            {t('import.eventsValue', { added: f.digits(summary.events.ADDED), modified: f.digits(summary.events.MODIFIED), deleted: f.digits(summary.events.DELETED), bookmark: f.digits(summary.events.BOOKMARK) })}
            <span className="import__ns">{t('import.eventsNote')}</span>
          </dd>
        </>
      ) : null}
      {summary.rejectedCount > 0 ? (
        <>
          <dt>{t('import.rejected', { count: f.digits(summary.rejectedCount) })}</dt>
          <dd>
            <ul className="import__rejected" data-testid="import-rejected">
              {summary.rejected.slice(0, 8).map((r) => (
                <li key={r.index}>
                  {t('import.rejectedRow', { index: f.digits(r.index), line: r.line !== undefined ? t('import.rejectedLine', { line: f.digits(r.line) }) : '', reason: '' })}
                  <QuotedReason reason={r.reason} hide={hide} />
                </li>
              ))}
              {summary.rejectedCount > 8 ? <li>{t('import.rejectedMore', { count: f.digits(summary.rejectedCount - 8) })}</li> : null}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The hide-names switch, Close, and Confirm (with the count it brings in; `objects` null: nothing found yet). */
function ImportFooter({ hide, objects }: { hide: boolean; objects: number | null }) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const a = store.getState();
  return (
    <div className="import__footer">
      <span data-testid="hide-names" title={t('import.hideNamesTitle')}>
        <Toggle name="hide-names" label={t('import.hideNames')} checked={hide} onChange={(v) => a.setHideNames(v)} />
      </span>
      {objects !== null && objects > 0 ? <span className="import__note">{t('import.confirmNote')}</span> : <span />}
      <button type="button" className="button" onClick={() => a.setImportOpen(false)}>
        {t('import.close')}
      </button>
      <button type="button" className="button button--primary" data-testid="import-confirm" disabled={objects === null || objects === 0} onClick={() => a.confirmImport()}>
        {t('import.confirm', { count: f.digits(objects ?? 0) })}
      </button>
    </div>
  );
}

/** Which import the run uses (and the hide-names switch), or that a link's import is not here. */
export function ImportStatus() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const imported = useShardScope((s) => s.imported);
  const linked = useShardScope((s) => (s.imported ? undefined : s.params.imported));
  const held = useShardScope((s) => s.heldImport !== null);
  const hide = useShardScope((s) => s.hideNames);
  if (imported) {
    return (
      <div className="banner import-status" role="status" data-testid="import-status">
        <span>
          <WithData sentence={t('import.active', { count: f.digits(imported.objects), name: DATA_SLOT })} data={hide ? '…' : imported.name === '' ? t('import.pasted') : imported.name} own={hide || imported.name === ''} />
        </span>
        <span title={t('import.hideNamesTitle')}>
          <Toggle name="hide-names-bar" label={t('import.hideNames')} checked={hide} onChange={(v) => store.getState().setHideNames(v)} />
        </span>
        {imported.streamEvents > 0 && !imported.replay ? (
          <button type="button" className="button button--small" data-testid="import-status-replay" onClick={() => store.getState().setReplay(true)}>
            {t('replay.offer')}
          </button>
        ) : null}
        <button type="button" className="button button--small" data-testid="import-drop-cluster" onClick={() => store.getState().dropImport()}>
          {t('import.drop2')}
        </button>
      </div>
    );
  }
  if (linked !== undefined) {
    // After a reload nothing of the tab's import is left: say so, and offer to read it again.
    const reloaded = !held && PAGE_RELOADED;
    return (
      <div className="banner banner--warn import-status" role="status" data-testid="import-link-notice" data-reloaded={reloaded ? 'true' : 'false'}>
        <span>{t(reloaded ? 'import.reloadNotice' : 'import.linkNotice', { count: f.digits(linked) })}</span>
        <button type="button" className="button button--small" data-testid="import-again" onClick={() => store.getState().setImportOpen(true)}>
          {t('import.again')}
        </button>
      </div>
    );
  }
  return null;
}

/** Whether this page was loaded by a reload (the Navigation Timing API; false where it has none). */
const PAGE_RELOADED = (() => {
  try {
    const nav = globalThis.performance?.getEntriesByType?.('navigation')[0] as { type?: string } | undefined;
    return nav?.type === 'reload';
  } catch {
    return false;
  }
})();
