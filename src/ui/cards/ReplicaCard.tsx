import { ExportButtons } from '../export';
import { Explain } from '../explain';
import { memo, useCallback, useDeferredValue, useId, useMemo } from 'react';
import { pendingProps, CopyButton } from '../primitives';
import { countRanges, MAX_TOTAL_RANGES, parseSelectorText, selectRatesState, selectRunningLayout, selectSettlingSecondsLeft, useShardScope, useShardScopeStore, watchRequestUrl, type RatesState, type ReplicaStats } from '../../state';
import { joinWords, useFormat, useT } from '../i18n';
import { SelectorEditor, ApiErrorExplanation } from '../selector';
import { replicaColor } from '../theme';
import { ListPreview } from './ListPreview';
import { useCardField } from './cardFields';
import { ReplayCardLine } from '../import';
import { everChecks } from '../../sim/params';

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
  const f = useFormat();
  const id = useId();
  const store = useShardScopeStore();
  const theme = useShardScope((s) => s.view.theme);
  // Once a scheduled reshard has fired, the editor shows and edits the running layout.
  const text = useShardScope((s) => s.sim.draftSelectors?.[replica] ?? selectRunningLayout(s)?.texts[replica] ?? s.params.selectors[replica] ?? '');
  const serverCount = useShardScope((s) => s.params.apiServers.length);
  const server = stats?.apiServer ?? replica % serverCount;
  // The gate the server has now (a rollout restarts servers with it on or off), not
  // the one the run started with: the badge and this word must tell the same state.
  const gate = useShardScope((s) => s.sim.snapshot?.modes.server.apiServers[server]?.gate ?? s.params.apiServers[server]?.gate ?? true);
  const previewOwned = useShardScope((s) => s.sim.preview?.perReplica[replica]);
  const checks = useShardScope((s) => everChecks(s.params.client));
  const style = useShardScope((s) => s.sim.snapshot?.params.replicas.clientCache ?? 'owned');
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
  const owned = previewOwned ?? stats?.cacheObjects ?? 0;
  const share = previewOwned !== undefined ? null : stats?.ownedShare ?? null;
  const rates = stats?.rates;
  const bytesKept = rates ? Math.max(0, rates.bytesDecodedPerSec - rates.bytesDiscardedPerSec) : 0;
  // Right after a change rates cover less than a rate window: not steady-state figures. A
  // replica whose requests fail is exact at once (nothing arrives), so it is not greyed.
  const settling = settlingLeft !== null && stats?.status !== 'error';
  // Before the run has measured any time there is no rate to show (not 0 B/s); a
  // paused run keeps the last window's rates, and says so.
  const noRates = ratesState === 'none';
  const paused = ratesState === 'paused';
  const rate = (shown: string) => (noRates ? t('card.rateNone') : shown);
  // A story step on the stage shows only the parts it talks about.
  const has = useCardField();
  // Paused or settling: said once, on the first rate the card shows.
  const rateMarks = (
    <>
      {paused ? (
        <span className="badge badge--paused" data-testid="paused-badge" title={t('card.pausedTitle')}>
          {t('card.paused')}
        </span>
      ) : null}
      {settling ? (
        <span className="badge badge--settling" data-testid="settling-badge" title={t('card.settlingTitle', { seconds: settlingLeft })}>
          {t('card.settling', { seconds: settlingLeft })}
        </span>
      ) : null}
    </>
  );

  return (
    <article
      className="card"
      data-testid="replica-card"
      data-replica={replica}
      data-filtering={stats?.filtering ?? 'none'}
      aria-labelledby={`${id}-title`}
      style={{ ['--replica-color' as string]: replicaColor(replica, theme) }}
    >
      <header className="card__head">
        <span className="card__swatch" aria-hidden="true" />
        <h3 id={`${id}-title`} className="card__title">
          {t('card.title', { replica })}
        </h3>
        <ExportButtons target="replica" replica={replica} />
        <span className="card__server">
          {t('card.server', { server: `apiserver-${server}` })} ·{' '}
          <span className={gate ? 'gate-on' : 'gate-off'} data-testid="card-gate" data-gate={gate}>
            {gate ? t('flow.gateOn') : t('flow.gateOff')}
          </span>
        </span>
        <Badges stats={stats} />
      </header>

      {has('error') && stats?.status === 'error' && stats.error ? (
        <p className="card__rejected" data-testid="rejection-message" role="alert">
          {stats.error.httpStatus ? <strong>HTTP {stats.error.httpStatus} </strong> : null}
          {stats.error.message}
          {/* The message's jargon explained where it is read. */}
          {/expression kind \d/.test(stats.error.message) ? (
            <>
              {' '}
              <Explain topic="kind3" />
            </>
          ) : null}
          {stats.error.message.includes('CEL parse error') ? (
            <>
              {' '}
              <Explain topic="cel" />
            </>
          ) : null}
        </p>
      ) : null}
      {has('error') && stats?.status === 'error' && stats.error ? <ApiErrorExplanation message={stats.error.message} /> : null}

      {has('selector') ? <SelectorEditor value={text} onChange={onChange} label={t('card.selector', { replica })} ignoredBy={gate ? null : `apiserver-${server}`} /> : null}

      {has('selector') && overLimit ? (
        <p className="card__rejected" data-testid="range-limit" role="alert">
          {t('card.rangeLimit', { total: f.count(totalRanges), limit: f.count(MAX_TOTAL_RANGES) })}
        </p>
      ) : null}

      {has('selector') && stats && stats.status === 'ok' && stats.selectorSent !== null && (stats.filtering === 'local' || stats.filtering === 'trust') ? (
        <p className="card__note" data-testid="selector-ignored">
          {t('card.selectorIgnored', { server: stats.apiServer })}
        </p>
      ) : null}

      {has('selector') && stats && stats.status === 'ok' && stats.selectorSent === null ? (
        <p className="card__note" data-testid="no-selector-note">
          {t('card.noSelector')} {checks ? t('card.noSelectorFallback') : t('card.noSelectorTrust')}
        </p>
      ) : null}

      {has('canonical') && parsed.ok ? (
        <div className="card__row">
          <span className="card__label">{t('card.canonical')}</span>
          <code className="code code--inline" data-testid="selector-canonical">
            {canonical}
          </code>
        </div>
      ) : null}

      {has('url') ? (
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
      ) : null}

      {has('owned') || has('events') || has('bytes') || has('memory') ? (
      <dl className="card__stats">
        {has('owned') ? (
        <div className="stat stat--wide">
          <dt>{t('card.owned')}</dt>
          <dd>
            <strong className="stat__big" data-testid="owned-count">
              {f.digits(owned)}
            </strong>
            {share !== null ? <span className="stat__muted"> {f.percent(share)}</span> : null}
          </dd>
        </div>
        ) : null}
        {has('events') ? (
        <div className="stat">
          <dt>
            {t('card.events')}
            {rateMarks}
          </dt>
          <dd data-testid="events-rate" data-settling={settling} data-rates={ratesState} title={noRates ? t('card.noRatesTitle') : undefined} className={settling ? 'stat__settling' : undefined}>
            {rate(t('card.receivedVsKept', { received: f.compact(rates?.eventsReceivedPerSec ?? 0), kept: f.compact(rates?.eventsKeptPerSec ?? 0) }))}
          </dd>
        </div>
        ) : null}
        {has('bytes') ? (
        <div className="stat">
          <dt>
            {t('card.bytes')}
            {has('events') ? null : rateMarks}
          </dt>
          <dd data-testid="bytes-rate" data-settling={settling} data-rates={ratesState} title={noRates ? t('card.noRatesTitle') : undefined} className={settling ? 'stat__settling' : undefined}>
            {rate(t('card.receivedVsKept', { received: f.bytes(rates?.bytesReceivedPerSec ?? 0), kept: f.bytes(bytesKept) }))}
            {clientStats && !noRates ? (
              <span className="stat__muted stat__block">{t('card.clientSideReceives', { bytes: f.bytes(clientStats.rates.bytesReceivedPerSec) })}</span>
            ) : null}
          </dd>
        </div>
        ) : null}
        {has('memory') ? (
        <div className="stat stat--wide stat--memory">
          <dt>{t('card.memory')}</dt>
          <dd>
            <span data-testid="memory">{f.bytes(stats?.cacheBytes ?? 0)}</span>
            {stats && clientStats ? <MemoryTable server={stats} client={clientStats} style={style} rates={ratesState} /> : null}
          </dd>
        </div>
        ) : null}
      </dl>
      ) : null}
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

/**
 * This replica's memory in both modes: its informer cache under each client style (the one
 * in use marked), the peak of a full LIST under the style in use, and decode allocation.
 */
function MemoryTable({ server, client, style, rates }: { server: ReplicaStats; client: ReplicaStats; style: 'owned' | 'all'; rates: RatesState }) {
  const t = useT();
  const f = useFormat();
  const styleName = (s: 'owned' | 'all') => (s === 'all' ? t('memory.styleAllShort') : t('memory.styleOwnedShort'));
  const rows = [
    ...(['owned', 'all'] as const).map((s) => ({
      key: `cache-${s}`,
      label: s === style ? joinWords(t('card.memoryCache', { style: styleName(s) }), t('memory.inUse')) : t('card.memoryCache', { style: styleName(s) }),
      inUse: s === style,
      value: (r: ReplicaStats) => f.bytes(r.memory.byStyle[s].cacheBytes),
    })),
    { key: 'list-peak', label: t('card.memoryListPeak'), inUse: false, value: (r: ReplicaStats) => f.bytes(r.memory.byStyle[style].listPeakBytes) },
    {
      key: 'alloc',
      label: rates === 'paused' ? joinWords(t('card.memoryAlloc'), t('card.pausedMark')) : t('card.memoryAlloc'),
      inUse: false,
      value: (r: ReplicaStats) => (rates === 'none' ? t('card.rateNone') : t('unit.perSecond', { value: f.bytes(r.memory.decodeAllocBytesPerSec) })),
    },
  ];
  return (
    <table className="memtable" aria-label={t('card.memoryHelp')} data-testid="card-memory">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('memory.clientColumn')}</th>
          <th scope="col">{t('memory.serverColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={r.inUse ? 'memtable__row--in-use' : undefined}>
            <th scope="row">{r.label}</th>
            <td data-testid={`card-memory-${r.key}-client`}>{r.value(client)}</td>
            <td data-testid={`card-memory-${r.key}-server`}>{r.value(server)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The state badges of a replica (server-side mode). */
function Badges({ stats }: { stats: ReplicaStats | null }) {
  const t = useT();
  if (!stats) return null;
  if (stats.status === 'error') {
    // HTTP 500: the gate-on server rejected the selector. No status: the server ignored it
    // (gate off) but the replica cannot parse it for its own fallback filter.
    return stats.error?.httpStatus === 500 ? (
      <span className="badge badge--error" data-testid="badge-rejected" title={t('card.badgeRejectedTitle')}>
        {t('card.badgeRejected')}
      </span>
    ) : (
      <span className="badge badge--error" data-testid="badge-client-error" title={t('card.badgeClientErrorTitle')}>
        {t('card.badgeClientError')}
      </span>
    );
  }
  switch (stats.filtering) {
    case 'local':
      return (
        <span className="badge badge--warn" data-testid="badge-fallback" title={t('card.badgeFallbackTitle')}>
          {t('card.badgeFallback')}
        </span>
      );
    case 'trust':
      return (
        <span className="badge badge--error" data-testid="badge-trust" title={t('card.badgeNaiveTitle')}>
          {t('card.badgeNaive')}
        </span>
      );
    case 'server':
    case 'server+check':
      return (
        <span className="badge badge--ok" data-testid="badge-sharded">
          {t('card.badgeSharded')}
        </span>
      );
    default:
      return null;
  }
}
