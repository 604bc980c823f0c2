import { Explain } from '../explain';
import { memo, useCallback, useDeferredValue, useId, useMemo } from 'react';
import { pendingProps, CopyButton } from '../primitives';
import { countRanges, MAX_TOTAL_RANGES, parseSelectorText, selectRatesState, selectRunningLayout, selectSettlingSecondsLeft, useShardScope, useShardScopeStore, watchRequestUrl, type RatesState, type ReplicaStats } from '../../state';
import { useFormat, useT } from '../i18n';
import { SelectorEditor, ApiErrorExplanation } from '../selector';
import { replicaColor } from '../theme';
import { ListPreview } from './ListPreview';
import { useCardField } from './cardFields';
import { ReplayCardLine } from '../import';
import { everChecks } from '../../sim/params';
import { CardHead } from './CardHead';
import { CardStats } from './CardStats';

/** A pasted megabyte must not become a megabyte of wrapped text to lay out; Copy still takes all of it. */
const URL_DISPLAY_LIMIT = 4_000;

/** Props of {@link ReplicaCard}. */
export interface ReplicaCardProps {
  readonly replica: number;
}

/**
 * One controller replica: its selector (editable), the canonical form the server echoes,
 * the exact request URL, what its LIST returns, what it receives and keeps, and a badge
 * when it runs in fallback or its server rejected the selector.
 */
export const ReplicaCard = memo(function ReplicaCard({ replica }: ReplicaCardProps) {
  const stats = useShardScope((s) => s.sim.snapshot?.modes.server.replicas[replica] ?? null);
  const clientStats = useShardScope((s) => s.sim.snapshot?.modes.client.replicas[replica] ?? null);
  const settlingLeft = useShardScope(selectSettlingSecondsLeft);
  const resourceVersion = useShardScope((s) => s.sim.snapshot?.cluster.resourceVersion ?? null);
  const rates = useShardScope(selectRatesState);
  // What changes with every snapshot reaches the card's body in a deferred render, which
  // React splits into slices of a few ms: 64 cards re-rendered in the task that delivers a
  // snapshot made one task of tens of ms. The values shown are the same, a frame later.
  const live = useMemo(() => ({ stats, clientStats, settlingLeft, resourceVersion, rates }), [stats, clientStats, settlingLeft, resourceVersion, rates]);
  const shown = useDeferredValue(live);
  // While the body shows an older snapshot, a hidden mark says so (for exports, `../primitives/renderPending`);
  // a prop on the body would re-render it with the old values in this urgent render.
  return (
    <>
      <ReplicaCardBody replica={replica} {...shown} />
      {live === shown ? null : <span hidden {...pendingProps(live, shown)} />}
    </>
  );
});

/** What {@link ReplicaCardBody} shows of the latest snapshot. */
interface CardLive {
  readonly stats: ReplicaStats | null;
  readonly clientStats: ReplicaStats | null;
  readonly settlingLeft: number | null;
  readonly resourceVersion: number | null;
  /** Whether the rates are measured yet, and whether the run is paused. */
  readonly rates: RatesState;
}

const ReplicaCardBody = memo(function ReplicaCardBody({ replica, stats, clientStats, settlingLeft, resourceVersion, rates: ratesState }: ReplicaCardProps & CardLive) {
  const t = useT();
  const id = useId();
  const theme = useShardScope((s) => s.view.theme);
  const { server, gate } = useReplicaServer(replica, stats);
  const selector = useReplicaSelector(replica);
  const previewOwned = useShardScope((s) => s.sim.preview?.perReplica[replica]);
  const checks = useShardScope((s) => everChecks(s.params.client));
  const style = useShardScope((s) => s.sim.snapshot?.params.replicas.clientCache ?? 'owned');
  const owned = previewOwned ?? stats?.cacheObjects ?? 0;
  const share = previewOwned !== undefined ? null : stats?.ownedShare ?? null;
  // A story step on the stage shows only the parts it talks about.
  const has = useCardField();
  const error = has('error') && stats?.status === 'error' ? stats.error : undefined;

  return (
    <article
      className="card"
      data-testid="replica-card"
      data-replica={replica}
      data-filtering={stats?.filtering ?? 'none'}
      aria-labelledby={`${id}-title`}
      style={{ ['--replica-color' as string]: replicaColor(replica, theme) }}
    >
      <CardHead id={id} replica={replica} server={server} gate={gate} stats={stats} />

      {error ? <RejectionMessage httpStatus={error.httpStatus} message={error.message} /> : null}
      {error ? <ApiErrorExplanation message={error.message} /> : null}

      {has('selector') ? <SelectorRows replica={replica} server={server} gate={gate} stats={stats} checks={checks} selector={selector} /> : null}

      {has('canonical') && selector.parsed.ok ? (
        <div className="card__row">
          <span className="card__label">{t('card.canonical')}</span>
          <code className="code code--inline" data-testid="selector-canonical">
            {selector.canonical}
          </code>
        </div>
      ) : null}

      {has('url') ? <RequestUrl id={id} replica={replica} url={selector.url} urlShown={selector.urlShown} /> : null}

      <CardStats stats={stats} clientStats={clientStats} owned={owned} share={share} style={style} settlingLeft={settlingLeft} ratesState={ratesState} />
      {/* This replica in the replay of an imported watch stream */}
      {has('bytes') ? <ReplayCardLine replica={replica} /> : null}

      {has('list') ? (
        <div className="card__row card__row--block">
          <span className="card__label">{t('card.listPreview')}</span>
          <ListPreview replica={replica} stats={stats} resourceVersion={resourceVersion} gate={stats ? gate : null} />
        </div>
      ) : null}
    </article>
  );
});

/** The API server a replica talks to, and whether that server has the gate now. */
function useReplicaServer(replica: number, stats: ReplicaStats | null): { server: number; gate: boolean } {
  const serverCount = useShardScope((s) => s.params.apiServers.length);
  const server = stats?.apiServer ?? replica % serverCount;
  // The gate the server has now (a rollout restarts servers with it on or off), not
  // the one the run started with: the badge and this word must tell the same state.
  const gate = useShardScope((s) => s.sim.snapshot?.modes.server.apiServers[server]?.gate ?? s.params.apiServers[server]?.gate ?? true);
  return { server, gate };
}

/** A replica's selector text, what it parses to, the request it makes, and whether it passes the range limit. */
function useReplicaSelector(replica: number) {
  const store = useShardScopeStore();
  // Once a scheduled reshard has fired, the editor shows and edits the running layout.
  const text = useShardScope((s) => s.sim.draftSelectors?.[replica] ?? selectRunningLayout(s)?.texts[replica] ?? s.params.selectors[replica] ?? '');
  const onChange = useCallback((next: string) => store.getState().setSelector(replica, next), [store, replica]);
  const parsed = parseSelectorText(text);
  // Thousands of ranges make this a long join: once per text, not per snapshot.
  const canonical = useMemo(() => (parsed.ok ? parsed.selector.toString() : ''), [parsed]);
  // Over the range limit the model refuses the selectors: say so at the one not yet applied.
  const texts = useShardScope((s) => s.sim.draftSelectors ?? selectRunningLayout(s)?.texts ?? s.params.selectors);
  const appliedText = useShardScope((s) => (selectRunningLayout(s) ? s.sim.snapshot?.modes.server.replicas[replica]?.selectorSent : s.sim.applied?.selectors[replica]));
  const totalRanges = useMemo(() => countRanges(texts), [texts]);
  const overLimit = totalRanges > MAX_TOTAL_RANGES && appliedText !== text;
  // Once per selector text, not per snapshot: a selector may be 100,000 characters.
  const url = useMemo(() => watchRequestUrl(text), [text]);
  const urlShown = useMemo(() => (url.length > URL_DISPLAY_LIMIT ? url.slice(0, URL_DISPLAY_LIMIT) : url), [url]);
  return { text, onChange, parsed, canonical, totalRanges, overLimit, url, urlShown };
}

/** What {@link useReplicaSelector} gives a card. */
type ReplicaSelector = ReturnType<typeof useReplicaSelector>;

/** The server's rejection, its jargon explained where it is read. */
function RejectionMessage({ httpStatus, message }: { httpStatus: number | null; message: string }) {
  return (
    <p className="card__rejected" data-testid="rejection-message" role="alert">
      {httpStatus ? <strong>HTTP {httpStatus} </strong> : null}
      {message}
      {/expression kind \d/.test(message) ? (
        <>
          {' '}
          <Explain topic="kind3" />
        </>
      ) : null}
      {message.includes('CEL parse error') ? (
        <>
          {' '}
          <Explain topic="cel" />
        </>
      ) : null}
    </p>
  );
}

/** Props of {@link SelectorRows}. */
interface SelectorRowsProps {
  readonly replica: number;
  readonly server: number;
  readonly gate: boolean;
  readonly stats: ReplicaStats | null;
  /** Whether the client checks each object itself (every client but plain client-go). */
  readonly checks: boolean;
  readonly selector: ReplicaSelector;
}

/** The selector's editor, and what keeps it from counting: the range limit, a server that ignores it, none at all. */
function SelectorRows({ replica, server, gate, stats, checks, selector }: SelectorRowsProps) {
  const t = useT();
  const f = useFormat();
  return (
    <>
      <SelectorEditor value={selector.text} onChange={selector.onChange} label={t('card.selector', { replica })} ignoredBy={gate ? null : `apiserver-${server}`} />

      {selector.overLimit ? (
        <p className="card__rejected" data-testid="range-limit" role="alert">
          {t('card.rangeLimit', { total: f.count(selector.totalRanges), limit: f.count(MAX_TOTAL_RANGES) })}
        </p>
      ) : null}

      {stats && stats.status === 'ok' && stats.selectorSent !== null && (stats.filtering === 'local' || stats.filtering === 'trust') ? (
        <p className="card__note" data-testid="selector-ignored">
          {t('card.selectorIgnored', { server: stats.apiServer })}
        </p>
      ) : null}

      {stats && stats.status === 'ok' && stats.selectorSent === null ? (
        <p className="card__note" data-testid="no-selector-note">
          {t('card.noSelector')} {checks ? t('card.noSelectorFallback') : t('card.noSelectorTrust')}
        </p>
      ) : null}
    </>
  );
}

/** The exact request URL, clipped on screen past {@link URL_DISPLAY_LIMIT}, copied whole. */
function RequestUrl({ id, replica, url, urlShown }: { id: string; replica: number; url: string; urlShown: string }) {
  const t = useT();
  return (
    <div className="card__row">
      <span className="card__label">{t('card.requestUrl')}</span>
      <div className="card__url">
        <code id={`${id}-url`} className="code code--inline code--url" data-testid="request-url">
          <span className="code__verb">GET</span> {urlShown}
          {url.length > URL_DISPLAY_LIMIT ? (
            <span className="stat__muted"> {t('card.clipped', { count: url.length - URL_DISPLAY_LIMIT })}</span>
          ) : null}
        </code>
        <CopyButton text={url} label={t('card.copyUrl', { replica })} testId="copy-url" sourceId={`${id}-url`} />
      </div>
    </div>
  );
}
