import { useEffect, useState } from 'react';
import { ShardScopeProvider, useShardScope, useShardScopeStore, type LinkIssue, type ShardScopeStore } from '../state';
import { BandwidthPanel, Headline } from './bandwidth/BandwidthPanel';
import { ReplicaCards } from './cards/ReplicaCards';
import { ControlPanel } from './controls/ControlPanel';
import { EventFlow } from './flow/EventFlow';
import { HashSpaceView } from './hash/HashSpaceView';
import { Header } from './header/Header';
import { KeysDialog } from './header/KeysDialog';
import { I18nProvider, useT } from './i18n';
import { useGlobalShortcuts } from './keyboard';

/** Drives the play loop: one `tick` per animation frame while the app is mounted. */
function usePlayLoop(store: ShardScopeStore): void {
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    let id = 0;
    const loop = (now: number) => {
      store.getState().tick(now);
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [store]);
}

/** Mirrors the theme onto the document so CSS custom properties switch. */
function useDocumentTheme(theme: 'light' | 'dark'): void {
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
}

function StatusBanner() {
  const t = useT();
  const status = useShardScope((s) => s.sim.status);
  const error = useShardScope((s) => s.sim.error);
  const objects = useShardScope((s) => s.params.objects);
  const regenerating = useShardScope((s) => s.sim.busy && s.sim.snapshot !== null && s.sim.snapshot.params.cluster.pods !== s.params.objects);
  if (regenerating) {
    return (
      <p className="banner" role="status" data-testid="loading">
        {t('app.loading', { count: objects })}
      </p>
    );
  }
  if (error) {
    return (
      <p className="banner banner--error" role="alert" data-testid="engine-error">
        {status === 'error' ? t('error.engine', { message: error }) : t('error.parameters', { message: error })}
      </p>
    );
  }
  if (status === 'loading') {
    return (
      <p className="banner" role="status" data-testid="loading">
        {t('app.loading', { count: objects })}
      </p>
    );
  }
  return null;
}

/** Says which parts of a shared link could not be used; the rest of the link was applied. */
export function LinkNotice({ issues }: { issues: readonly LinkIssue[] }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  if (!open || issues.length === 0) return null;
  const whole = issues.find((i) => i.reason !== 'invalid');
  const fields = issues.filter((i) => i.reason === 'invalid').map((i) => i.field);
  return (
    <div className="banner banner--warn" role="alert" data-testid="link-notice">
      <span>
        {whole
          ? t(whole.reason === 'version' ? 'link.version' : 'link.unreadable')
          : t('link.invalid', { fields: fields.join(', '), count: fields.length })}
      </span>
      <button type="button" className="button button--small" onClick={() => setOpen(false)}>
        {t('link.dismiss')}
      </button>
    </div>
  );
}

function HeadlineChip() {
  const snapshot = useShardScope((s) => s.sim.snapshot);
  return snapshot ? <Headline snapshot={snapshot} compact /> : null;
}

function Shell({ linkIssues }: { linkIssues: readonly LinkIssue[] }) {
  const t = useT();
  const store = useShardScopeStore();
  const theme = useShardScope((s) => s.view.theme);
  useGlobalShortcuts(store);
  usePlayLoop(store);
  useDocumentTheme(theme);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToMain')}
      </a>
      <Header />
      <div className="app__body">
        <aside className="app__side">
          <ControlPanel />
        </aside>
        <main id="main" className="app__main" tabIndex={-1}>
          <LinkNotice issues={linkIssues} />
          <StatusBanner />
          <HeadlineChip />
          <div className="app__grid">
            <div className="app__wide">
              <HashSpaceView />
            </div>
            <div className="app__col app__col--a">
              <ReplicaCards />
            </div>
            <div className="app__col app__col--b">
              <BandwidthPanel />
              <EventFlow />
            </div>
          </div>
        </main>
      </div>
      <KeysDialog />
    </div>
  );
}

/** The whole simulator for a store (the store decides where the model runs). */
export function App({ store, linkIssues = [] }: { store: ShardScopeStore; linkIssues?: readonly LinkIssue[] }) {
  const locale = useShardScopeLocale(store);
  return (
    <ShardScopeProvider store={store}>
      <I18nProvider locale={locale}>
        <Shell linkIssues={linkIssues} />
      </I18nProvider>
    </ShardScopeProvider>
  );
}

function useShardScopeLocale(store: ShardScopeStore) {
  // The provider is not above us yet, so read the store directly; the locale is fixed per load.
  return store.getState().view.locale;
}
