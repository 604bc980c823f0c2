import { useMemo, useState } from 'react';
import { requirementToString, shardKeyOf, type ShardKeyId } from '../../core/sharding';
import { parseSelectorText, useShardScope, useShardScopeStore } from '../../state';
import type { BalanceReport } from '../../sim';
import type { BalanceMeasure } from '../../sim/time';
import { Segmented } from '../primitives';
import { useFormat, useT, type MessageId } from '../i18n';
import { replicaColor } from '../theme';
import { usePanelLayout } from './layout';

const MEASURES: readonly BalanceMeasure[] = ['objects', 'bytes', 'events'];
const MEASURE_LABELS = { objects: 'yc.measureObjects', bytes: 'yc.measureBytes', events: 'yc.measureEvents' } as const;
/** What balancing means under each key. */
const BALANCE_HELP = { uid: 'yc.balanceHelpUid', namespace: 'yc.balanceHelpNamespace' } as const satisfies { readonly [I in ShardKeyId]: MessageId };

/**
 * Balanced ranges: one button computes N contiguous ranges that even out
 * objects, bytes or events across the replicas (a namespace is one point of the space, never
 * split), shows max/mean next to equal ranges', and applies them as plain `shardRange`
 * selectors that the parser accepts.
 */
export function BalancedRanges() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const layout = usePanelLayout();
  const locale = useShardScope((s) => s.view.locale);
  const theme = useShardScope((s) => s.view.theme);
  const [measure, setMeasure] = useState<BalanceMeasure>('objects');
  const [report, setReport] = useState<BalanceReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState(false);
  const n = layout.texts.length;
  const two = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [locale]);
  const oneDecimal = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);

  const compute = async () => {
    const engine = store.data.engine;
    if (!engine) return setError(t('yc.noEngine'));
    setBusy(true);
    setError(null);
    setApplied(false);
    try {
      setReport(await engine.balance(measure, n));
    } catch (e) {
      setReport(null);
      setError(t('yc.balanceFailed', { message: String((e as Error)?.message ?? e) }));
    } finally {
      setBusy(false);
    }
  };

  const selectors = useMemo(() => report?.balanced.ranges.map((r) => requirementToString({ key: report.key, start: r.start, end: r.end })) ?? [], [report]);
  const stale = report !== null && (report.key !== layout.key || report.balanced.ranges.length !== n || report.measure !== measure);
  const apply = () => {
    // The parser is the judge: nothing is applied unless every selector parses.
    const bad = selectors.findIndex((s) => !parseSelectorText(s).ok);
    if (bad >= 0) return setError(t('yc.applyRefused', { replica: `replica-${bad}` }));
    store.getState().setSelectors(selectors);
    setApplied(true);
  };
  const load = (x: number) => (report?.measure === 'bytes' ? f.bytes(x) : report?.measure === 'events' ? t('yc.perSecond', { value: oneDecimal.format(x) }) : f.digits(x));

  return (
    <div className="yc-balance">
      <p className="yc-help">{t(BALANCE_HELP[shardKeyOf(layout.key).id])}</p>
      <div className="yc-balance__controls">
        <Segmented<BalanceMeasure> name="balance-measure" compact label={t('yc.measure')} value={measure} options={MEASURES.map((m) => ({ value: m, label: t(MEASURE_LABELS[m]) }))} onChange={setMeasure} />
        <button type="button" className="button button--primary" data-testid="balance-ranges" disabled={busy || n < 1} onClick={() => void compute()}>
          {t('yc.balanceButton', { count: n })}
        </button>
      </div>
      {measure === 'events' ? <p className="yc-muted">{t('yc.eventsNote')}</p> : null}
      {error ? (
        <p className="field__error" role="alert" data-testid="balance-error">
          {error}
        </p>
      ) : null}
      {report ? (
        <div className="yc-balance__result" data-testid="balance-result" data-stale={stale}>
          <p className="yc-imbalance">
            <span>{t('yc.imbalance')}</span>{' '}
            <span className="yc-imbalance__equal" data-testid="balance-imbalance-equal" data-value={report.equal.imbalance}>
              {t('yc.imbalanceEqual', { value: two.format(report.equal.imbalance) })}
            </span>
            <span aria-hidden="true"> → </span>
            <strong className="yc-imbalance__balanced" data-testid="balance-imbalance-balanced" data-value={report.balanced.imbalance}>
              {t('yc.imbalanceBalanced', { value: two.format(report.balanced.imbalance) })}
            </strong>
            <span className="yc-muted"> {t('yc.imbalanceOf', { groups: f.count(report.groups), count: report.groups, total: load(report.total), measure: t(MEASURE_LABELS[report.measure]) })}</span>
          </p>
          {stale ? <p className="banner banner--warn">{t('yc.stale')}</p> : null}
          <table className="yc-table">
            <thead>
              <tr>
                <th scope="col">{t('yc.colReplica')}</th>
                <th scope="col">{t('yc.colEqual')}</th>
                <th scope="col">{t('yc.colBalanced')}</th>
                <th scope="col">{t('yc.colRange')}</th>
              </tr>
            </thead>
            <tbody>
              {report.balanced.ranges.map((r, i) => (
                <tr key={i} style={{ ['--replica-color' as string]: replicaColor(i, theme) }}>
                  <th scope="row">
                    <span className="card__swatch" aria-hidden="true" /> replica-{i}
                  </th>
                  <td>{load(report.equal.loads[i] ?? 0)}</td>
                  <td>
                    <strong>{load(report.balanced.loads[i] ?? 0)}</strong>
                  </td>
                  <td>
                    <code className="yc-code-inline">
                      [{r.start}, {r.end})
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <pre className="code yc-selectors" data-testid="balance-selectors" tabIndex={0} aria-label={t('yc.selectors')}>
            {selectors.join('\n')}
          </pre>
          <div className="yc-balance__apply">
            <button type="button" className="button" data-testid="balance-apply" disabled={stale} onClick={apply}>
              {t('yc.apply', { count: n })}
            </button>
            {applied ? (
              <span role="status" data-testid="balance-applied">
                {t('yc.applied')}
              </span>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
