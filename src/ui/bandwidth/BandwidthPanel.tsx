import { ExportButtons } from '../export';
import { memo, useDeferredValue, useId, useMemo } from 'react';
import { pendingProps, useElementWidth } from '../primitives';
import { Explain } from '../explain';
import { FAILURES_SHOWN_MAX, selectRatesState, useShardScope, verdictOf, verdictSentence, type ModeSnapshot, type SimSnapshot } from '../../state';
import { joinWords, useFormat, useLocale, useT, type Formatters, type Translate } from '../i18n';
import { verdictWords } from './headline';
import { Metrics } from './Metrics';
import type { Theme } from '../theme';
import { SeriesChart } from './SeriesChart';
import { chartMarks, chartSpecs, chartSpread } from './chartSpecs';
import { HandoffReport } from './Handoff';
import { ServerCost } from './ServerCost';
import type { StoryChart } from '../../stories';
import { ReplayPanel } from '../import';

/**
 * Client-side vs server-side sharding on the same cluster and the same event stream: the
 * headline ratio in large type, four time series (per-replica received bytes, API-server
 * egress, decode CPU, memory), the ownership audit and the API servers' two metrics.
 */
export const BandwidthPanel = memo(function BandwidthPanel({ only }: { readonly only?: readonly StoryChart[] } = {}) {
  const t = useT();
  const f = useFormat();
  // Charts follow in a background render: they may lag a frame, never block one.
  const live = useShardScope((s) => s.sim.snapshot);
  const snapshot = useDeferredValue(live);
  const clientMode = useShardScope((s) => s.params.clientMode);
  const theme = useShardScope((s) => s.view.theme);
  const presentation = useShardScope((s) => s.view.presentation);
  const [ref, width] = useElementWidth<HTMLDivElement>(900);
  // One chart per row, the panel's full width (a few pixels spare so rounding never
  // overflows). In presentation mode the four sit in one row and fill their boxes instead.
  const chartWidth = width - 4;

  return (
    <section className="panel bandwidth" aria-labelledby="bandwidth-title" data-testid="bandwidth-panel">
      <div className="panel__head">
        <div>
          <h2 id="bandwidth-title" className="panel__title">
            {t('bandwidth.title')}
          </h2>
          <p className="panel__subtitle">{t('bandwidth.subtitle')}</p>
          <p className="explain-row">
            <Explain topic="modes" chip />
            <Explain topic="decode" chip />
            <Explain topic="memory" chip />
            <Explain topic="settling" chip />
            <Explain topic="burstBand" chip />
          </p>
        </div>
        <ExportButtons target="comparison" svg />
        {presentation ? <SharedLegend clientMode={clientMode} /> : null}
      </div>
      {/* The headline and the audit sit together at the top (Summary), not here */}
      {/* The replay of an imported watch stream, measured, above the model's charts */}
      {!presentation ? <ReplayPanel /> : null}
      <div ref={ref} className="bandwidth__charts" {...pendingProps(live, snapshot)}>
        {snapshot ? <Charts snapshot={snapshot} width={chartWidth} clientMode={clientMode} theme={theme} t={t} f={f} fit={presentation} only={only} /> : null}
      </div>
      {snapshot && !presentation ? <HandoffReport snapshot={snapshot} /> : null}
      {snapshot && !presentation ? <Metrics server={snapshot.modes.server} /> : null}
    </section>
  );
});

/** From this many characters the headline is set smaller in presentation mode. */
const LONG_HEADLINE_CHARS = 160;

/**
 * The ratio in large type, and in the same type every failure that qualifies it (gaps,
 * duplicates, HTTP 500, fallback, naive trust, a hot replica). While rates settle after a
 * change it shows the closed form's prediction, labelled as expected.
 */
export function Headline({ snapshot }: { snapshot: SimSnapshot }) {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const v = verdictOf(snapshot);
  const words = verdictWords(t, f, locale);
  const head = verdictSentence({ ...v, failures: [] }, words);
  const full = verdictSentence(v, words);
  const failed = v.failures.length > 0;
  const rest = v.failures.length - FAILURES_SHOWN_MAX;
  const more = rest > 0 ? words.message('more', { count: rest }) : null;
  // A sentence that names several failures is set a size smaller on the stage (app.css), so it
  // keeps to six lines beside the audit at 1280x720.
  const long = [...full].length > LONG_HEADLINE_CHARS;
  return (
    <p
      className={['headline', failed ? 'headline--failed' : '', v.settling || v.handoff ? 'headline--settling' : '', long ? 'headline--long' : '']
        .filter(Boolean)
        .join(' ')}
      data-testid="headline-ratio"
      data-ratio={v.ratio.toFixed(3)}
      data-source={v.source}
      data-settling={v.settling ? 'true' : 'false'}
      data-handoff={v.handoff?.phase ?? 'none'}
      data-failures={v.failures.map((x) => x.kind).join(' ')}
      aria-live="polite"
    >
      {head}
      {failed ? (
        <strong className="headline__failure" data-testid="headline-failure">
          <FailureText text={full.slice(head.length)} more={more} />
        </strong>
      ) : null}
    </p>
  );
}

/**
 * The failures' text, its "and N more problems" a link to where they all are:
 * the problem list under the ownership audit, focused and scrolled to.
 */
function FailureText({ text, more }: { text: string; more: string | null }) {
  const t = useT();
  const at = more === null ? -1 : text.lastIndexOf(more);
  if (more === null || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <button type="button" className="headline__more" data-testid="headline-more" title={t('verdict.moreWhere')} onClick={showProblems}>
        {more}
      </button>
      {text.slice(at + more.length)}
    </>
  );
}

/** Scrolls to the list of every problem (or, in presentation mode, the audit) and focuses it. */
function showProblems(): void {
  const target = document.querySelector<HTMLElement>('[data-testid="problem-list"]') ?? document.querySelector<HTMLElement>('[data-testid="ownership-audit"]');
  if (!target) return;
  target.scrollIntoView({ block: 'nearest' });
  target.focus({ preventScroll: true });
}

/** Presentation mode: the two modes' line styles named once for the four charts. */
function SharedLegend({ clientMode }: { clientMode: 'ranges' | 'jump' }) {
  const t = useT();
  return (
    <p className="bandwidth__legend" data-testid="comparison-legend">
      <span className="chart__value">
        <span className="chart__key chart__key--client" aria-hidden="true" />
        {t('bandwidth.clientSide', { mode: clientMode === 'jump' ? t('bandwidth.modeJump') : t('bandwidth.modeRanges') })}
      </span>
      <span className="chart__value">
        <span className="chart__key chart__key--server" aria-hidden="true" />
        {t('bandwidth.serverSide')}
      </span>
    </p>
  );
}

interface ChartsProps {
  readonly fit?: boolean;
  /** A story step's charts only, in this order (the stage's focus view). */
  readonly only?: readonly StoryChart[] | undefined;
  readonly snapshot: SimSnapshot;
  readonly width: number;
  readonly clientMode: 'ranges' | 'jump';
  readonly theme: Theme;
  readonly t: Translate;
  readonly f: Formatters;
}

const Charts = memo(function Charts({ snapshot, width, clientMode, theme, t, f, fit, only }: ChartsProps) {
  const client = snapshot.modes.client;
  const server = snapshot.modes.server;
  const clientLabel = t('bandwidth.clientSide', { mode: clientMode === 'jump' ? t('bandwidth.modeJump') : t('bandwidth.modeRanges') });
  const serverLabel = t('bandwidth.serverSide');
  const time = server.series.t;
  const n = time.length;
  const otherStyle = snapshot.params.replicas.clientCache === 'all' ? 'owned' : 'all';
  const hasSchedule = snapshot.params.schedule.length > 0;

  // Rolling updates, reshards and restarts on the time axis of every chart (they share it).
  const bursts = snapshot.churn.bursts;
  const reshards = snapshot.handoff.reshards;
  const rollout = snapshot.params.apiServers.rollout;
  const servers = snapshot.params.apiServers.count;
  const marks = useMemo(() => chartMarks(bursts, reshards, rollout, servers, t), [bursts, reshards, rollout, servers, t]);
  // The spread of the per-replica lines and the hottest replica now, per mode.
  const spread = useMemo(() => chartSpread(client, server, n, t, f), [client, server, n, t, f]);
  const charts = useMemo(() => chartSpecs({ client, server, n, otherStyle, hasSchedule, only, t, f }), [client, server, n, otherStyle, hasSchedule, only, t, f]);

  const shown = only ? only.flatMap((key) => charts.filter((c) => c.key === key)) : charts;
  return (
    <>
      {shown.map((c) => (
        <SeriesChart
          key={c.key}
          testId={`chart-${c.key}`}
          title={c.title}
          t={time}
          lines={c.lines}
          format={c.format}
          width={width}
          clientLabel={clientLabel}
          serverLabel={serverLabel}
          clientValue={c.format(c.client)}
          serverValue={c.format(c.server)}
          description={t('bandwidth.chartLabel', { metric: c.title, client: c.format(c.client), server: c.format(c.server) })}
          theme={theme}
          marks={marks}
          fit={fit}
          {...(c.spread ? spread : {})}
        />
      ))}
      {fit ? null : <MemoryFigures snapshot={snapshot} t={t} f={f} />}
      {fit ? null : <ServerCost snapshot={snapshot} t={t} f={f} />}
    </>
  );
});

/**
 * The memory chart's figures under both client styles (filter before the cache, cache
 * everything), the largest LIST peak and the decode allocation rate, client- and server-side.
 */
export function MemoryFigures({ snapshot, t, f }: { snapshot: SimSnapshot; t: Translate; f: Formatters }) {
  // No rate before the run has measured any time; a paused run's rate is marked.
  const rates = useShardScope(selectRatesState);
  const style = snapshot.params.replicas.clientCache;
  const other = style === 'all' ? 'owned' : 'all';
  const styleName = (s: 'owned' | 'all') => (s === 'all' ? t('memory.styleAll') : t('memory.styleOwned'));
  const modes = [snapshot.modes.client, snapshot.modes.server];
  const peak = (m: ModeSnapshot) => m.replicas.reduce((a, r) => Math.max(a, r.memory.byStyle[style].listPeakBytes), 0);
  const rows = [
    ...(['owned', 'all'] as const).map((s) => ({
      key: `cache-${s}`,
      label: s === style ? joinWords(t('memory.cacheRow', { style: styleName(s) }), t('memory.inUse')) : t('memory.cacheRow', { style: styleName(s) }),
      inUse: s === style,
      values: modes.map((m) => m.totals.cacheBytesByStyle[s]),
      format: (v: number) => f.bytes(v),
    })),
    { key: 'list-peak', label: t('memory.listPeakRow'), inUse: false, values: modes.map(peak), format: (v: number) => f.bytes(v) },
    {
      key: 'alloc',
      label: rates === 'paused' ? joinWords(t('memory.allocRow'), t('card.pausedMark')) : t('memory.allocRow'),
      inUse: false,
      values: modes.map((m) => m.totals.decodeAllocBytesPerSec),
      format: (v: number) => (rates === 'none' ? t('card.rateNone') : t('unit.perSecond', { value: f.bytes(v) })),
    },
  ];
  return (
    <figure className="memfig" data-testid="memory-figures" data-style={style}>
      <figcaption className="memfig__legend">{t('memory.legend', { inUse: joinWords(styleName(style), t('memory.inUse')), other: styleName(other) })}</figcaption>
      <table className="memfig__table" aria-label={t('memory.figuresLabel')}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('memory.clientColumn')}</th>
            <th scope="col">{t('memory.serverColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.inUse ? 'memfig__row memfig__row--in-use' : 'memfig__row'} data-testid={`memory-${r.key}`}>
              <th scope="row">{r.label}</th>
              <td data-testid={`memory-${r.key}-client`} data-value={r.values[0]!.toFixed(0)}>
                {r.format(r.values[0]!)}
              </td>
              <td data-testid={`memory-${r.key}-server`} data-value={r.values[1]!.toFixed(0)}>
                {r.format(r.values[1]!)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * Gaps and duplicates of live objects, per mode; red when any. `compact` (presentation mode)
 * says "one owner each", "N with no owner" and "N with 2+ owners" instead of full sentences, so it fits beside the headline.
 */
export function Audit({ client, server, compact, problems = [] }: { client: ModeSnapshot; server: ModeSnapshot; compact?: boolean; problems?: readonly string[] }) {
  const t = useT();
  const f = useFormat();
  const id = useId();
  // A full-width colon carries its own space; after an ASCII colon, one is added.
  const afterMode = useLocale() === 'zh-CN' ? null : ' ';
  const row = (label: string, m: ModeSnapshot, testId: string) => {
    const bad = m.audit.gaps > 0 || m.audit.duplicates > 0;
    return (
      <li className={bad ? 'audit__row audit__row--bad' : 'audit__row'} data-testid={testId} data-gaps={m.audit.gaps} data-duplicates={m.audit.duplicates}>
        <span className="audit__mode">{t('bandwidth.auditMode', { mode: label })}</span>
        {afterMode}
        {bad ? (
          <>
            {m.audit.gaps > 0 ? <strong>{t(compact ? 'bandwidth.auditGapsShort' : 'bandwidth.auditGaps', { count: m.audit.gaps, formatted: f.count(m.audit.gaps) })}</strong> : null}
            {m.audit.gaps > 0 && m.audit.duplicates > 0 ? ' · ' : null}
            {m.audit.duplicates > 0 ? (
              <strong>{t(compact ? 'bandwidth.auditDuplicatesShort' : 'bandwidth.auditDuplicates', { count: m.audit.duplicates, formatted: f.count(m.audit.duplicates) })}</strong>
            ) : null}
          </>
        ) : (
          <span>{t(compact ? 'bandwidth.auditOkShort' : 'bandwidth.auditOk')}</span>
        )}
      </li>
    );
  };
  return (
    <div className={compact ? 'audit audit--compact' : 'audit'} data-testid="ownership-audit" data-gaps={server.audit.gaps} data-duplicates={server.audit.duplicates}>
      <h3 className="audit__title">
        {t('bandwidth.audit')} <Explain topic="audit" />
      </h3>
      <ul>
        {row(t('flow.clientSide'), client, 'audit-client')}
        {row(t('flow.serverSide'), server, 'audit-server')}
      </ul>
      {/* Every problem the headline counts, where its "and N more" leads. */}
      {problems.length > FAILURES_SHOWN_MAX ? (
        <div className="audit__problems" data-testid="problem-list" tabIndex={-1} aria-labelledby={`${id}-problems`}>
          <h4 id={`${id}-problems`} className="audit__problems-title">
            {t('verdict.problemsTitle', { count: problems.length })}
          </h4>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
