/**
 * One panel for a blog post or a slide: `#embed=hash|bandwidth|card:N|flow`
 * renders that panel alone, without the header and the sidebar, filling its iframe. It is
 * read-only (`inert`: nothing in it can be clicked, dragged or typed into) unless the link says
 * `&interactive=1`. A line under it names ShardScope and opens the full simulator on the same run.
 */
import { usePlayLoop, PanelBoundary, DATA_SLOT, LINK_TEXT_MAX, WithData } from '../primitives';
import { shownText } from '../../sim';
import { useEffect, useMemo, type ReactNode } from 'react';
import { linkFor, ShardScopeProvider, useShardScope, type EmbedRequest, type ShardScopeStore } from '../../state';
import { BandwidthPanel } from '../bandwidth';
import { ReplicaCard } from '../cards';
import { EventFlow } from '../flow';
import { HashSpaceView } from '../hash';
import { I18nProvider, useT } from '../i18n';

function Localised({ children }: { children: ReactNode }) {
  const locale = useShardScope((s) => s.view.locale);
  const theme = useShardScope((s) => s.view.theme);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document.documentElement.classList.add('embedded');
  }, [locale, theme]);
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}

function Panel({ request }: { request: EmbedRequest }) {
  const replicas = useShardScope((s) => s.params.replicas);
  const p = request.panel;
  if (!p) return null;
  switch (p.kind) {
    case 'hash':
      return <HashSpaceView />;
    case 'bandwidth':
      return <BandwidthPanel />;
    case 'flow':
      return <EventFlow />;
    case 'card':
      return p.replica < replicas ? <ReplicaCard replica={p.replica} /> : null;
  }
}

function EmbedShell({ request }: { request: EmbedRequest }) {
  const t = useT();
  const params = useShardScope((s) => s.params);
  const view = useShardScope((s) => s.view);
  const replicas = params.replicas;
  // Built when the parameters or the view change, not on every frame (a deflate of the whole state).
  const link = useMemo(() => linkFor({ params, view: { ...view, presentation: false } }), [params, view]);
  const full = typeof location === 'object' ? `${location.href.replace(/#.*$/, '')}${link.ok ? link.hash : ''}` : '';
  const p = request.panel;
  // The name is the link's text: shown as code, escaped and cut like an unknown story's name.
  const missing = !p ? <WithData sentence={t('embed.unknown', { panel: DATA_SLOT })} data={request.name} max={LINK_TEXT_MAX} /> : p.kind === 'card' && p.replica >= replicas ? t('embed.noCard', { replica: `replica-${p.replica}`, count: replicas }) : null;
  return (
    <div className="embed" data-testid="embed-root" data-panel={shownText(request.name, LINK_TEXT_MAX)} data-interactive={request.interactive ? 'true' : 'false'}>
      {missing ? (
        <p className="banner banner--warn" role="alert" data-testid="embed-error">
          {missing}
        </p>
      ) : (
        <div className="embed__panel" inert={!request.interactive}>
          <PanelBoundary>
            <Panel request={request} />
          </PanelBoundary>
        </div>
      )}
      <p className="embed__foot">
        <a href={full} target="_blank" rel="noopener noreferrer" data-testid="embed-open">
          {t('embed.open')} ↗
        </a>
        {!request.interactive ? <span className="embed__readonly">{t('embed.readOnly')}</span> : null}
      </p>
    </div>
  );
}

/** The embed page for a store. */
export function Embed({ store, request }: { store: ShardScopeStore; request: EmbedRequest }) {
  usePlayLoop(store);
  return (
    <ShardScopeProvider store={store}>
      <Localised>
        <EmbedShell request={request} />
      </Localised>
    </ShardScopeProvider>
  );
}
