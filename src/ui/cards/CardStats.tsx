import type { RatesState, ReplicaStats } from '../../state';
import { joinWords, useFormat, useT } from '../i18n';
import { useCardField } from './cardFields';

/** Props of {@link CardStats}. */
interface CardStatsProps {
  readonly stats: ReplicaStats | null;
  readonly clientStats: ReplicaStats | null;
  /** Objects the replica holds (a preview's count while a change is previewed). */
  readonly owned: number;
  /** Its share of all objects; null while a change is previewed. */
  readonly share: number | null;
  /** The informer cache style in use. */
  readonly style: 'owned' | 'all';
  readonly settlingLeft: number | null;
  /** Whether the rates are measured yet, and whether the run is paused. */
  readonly ratesState: RatesState;
}

/** A card's figures: the objects it owns, the events and bytes it receives and keeps, its memory. */
export function CardStats({ stats, clientStats, owned, share, style, settlingLeft, ratesState }: CardStatsProps) {
  const t = useT();
  const f = useFormat();
  // A story step on the stage shows only the parts it talks about.
  const has = useCardField();
  const rates = stats?.rates;
  const bytesKept = rates ? Math.max(0, rates.bytesDecodedPerSec - rates.bytesDiscardedPerSec) : 0;
  // Right after a change rates cover less than a rate window: not steady-state figures. A
  // replica whose requests fail is exact at once (nothing arrives), so it is not greyed.
  const settling = settlingLeft !== null && stats?.status !== 'error';
  // Before the run has measured any time there is no rate to show (not 0 B/s); a
  // paused run keeps the last window's rates, and says so.
  const noRates = ratesState === 'none';
  const rate = (shown: string) => (noRates ? t('card.rateNone') : shown);
  const rateMarks = <RateMarks paused={ratesState === 'paused'} settlingLeft={settling ? settlingLeft : null} />;
  if (!(has('owned') || has('events') || has('bytes') || has('memory'))) return null;
  return (
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
  );
}

/** Paused or settling (`settlingLeft` seconds left; null: not settling): said once, on the first rate the card shows. */
function RateMarks({ paused, settlingLeft }: { paused: boolean; settlingLeft: number | null }) {
  const t = useT();
  return (
    <>
      {paused ? (
        <span className="badge badge--paused" data-testid="paused-badge" title={t('card.pausedTitle')}>
          {t('card.paused')}
        </span>
      ) : null}
      {settlingLeft !== null ? (
        <span className="badge badge--settling" data-testid="settling-badge" title={t('card.settlingTitle', { seconds: settlingLeft })}>
          {t('card.settling', { seconds: settlingLeft })}
        </span>
      ) : null}
    </>
  );
}

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
