import { memo } from 'react';
import { METRIC_FILTERED_EVENTS, metricsExposition, type ApiServerStats, type ModeSnapshot } from '../../state';
import { Explain } from '../explain';
import { useT, type Translate } from '../i18n';

/**
 * The two apiserver metrics per API server (server-side run), in the exposition format
 * exactly as `/metrics` prints them: a series appears only once used, and a metric with no
 * series prints nothing. Where nothing (or only one metric) is printed, a `#` comment says
 * plainly that no series exists yet and why.
 */
export const Metrics = memo(function Metrics({ server }: { server: ModeSnapshot }) {
  const t = useT();
  return (
    <div className="metrics">
      <h3 className="audit__title">
        {t('bandwidth.metrics')} <Explain topic="metrics" />
      </h3>
      <pre className="code metrics__code" data-testid="apiserver-metrics" tabIndex={0} aria-label={t('bandwidth.metrics')}>
        {server.apiServers.map((s) => metricsBlock(s, t)).join('\n')}
      </pre>
    </div>
  );
});

/** One API server's block: a header comment, its exposition, and why a series is missing. */
export function metricsBlock(s: ApiServerStats, t: Translate): string {
  const lines = [t('bandwidth.metricsServer', { index: s.index, gate: String(s.gate) })];
  const text = metricsExposition(s.metrics);
  if (text) lines.push(text.replace(/\n$/, ''));
  if (!s.metrics.watchShardsSeries && !s.metrics.watchFilteredEventsSeries) {
    lines.push(t(s.gate ? 'bandwidth.metricsNoneYet' : 'bandwidth.metricsNoneGateOff'));
  } else if (!s.metrics.watchFilteredEventsSeries) {
    lines.push(t('bandwidth.metricsNoFilteredYet', { metric: METRIC_FILTERED_EVENTS }));
  }
  return lines.join('\n');
}
