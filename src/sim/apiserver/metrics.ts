/**
 * The two KEP-5866 metrics in the Prometheus text exposition format, exactly as
 * kube-apiserver's registry (client_golang) prints them. Pure: no model code, so the page can
 * import it to print a snapshot's figures.
 *
 * client_golang prints a labelled series only once it has been used (`WithLabelValues`), and
 * a family with no series prints nothing at all, not even its `# HELP` and `# TYPE` lines.
 */
import type { ApiServerMetrics } from './types';

/** The metric names, exactly. */
export const METRIC_WATCH_SHARDS = 'apiserver_watch_shards_total';
export const METRIC_FILTERED_EVENTS = 'apiserver_watch_filtered_events_total';

/** The `# HELP` text of each, exactly (stability level included). */
export const METRIC_WATCH_SHARDS_HELP = '[ALPHA] Number of active sharded watch connections broken by resource type.';
export const METRIC_FILTERED_EVENTS_HELP =
  '[ALPHA] Counter of events filtered out by shard selector during watch dispatch, broken by resource type.';

/** The labels of every series here: the core group's pods. */
export const METRIC_LABELS = '{group="",resource="pods"}';

/** The exposition text of one API server's two metrics ('' when neither has a series yet). */
export function metricsExposition(m: ApiServerMetrics): string {
  const lines: string[] = [];
  if (m.watchShardsSeries) {
    lines.push(`# HELP ${METRIC_WATCH_SHARDS} ${METRIC_WATCH_SHARDS_HELP}`, `# TYPE ${METRIC_WATCH_SHARDS} gauge`, `${METRIC_WATCH_SHARDS}${METRIC_LABELS} ${m.watchShardsTotal}`);
  }
  if (m.watchFilteredEventsSeries) {
    lines.push(
      `# HELP ${METRIC_FILTERED_EVENTS} ${METRIC_FILTERED_EVENTS_HELP}`,
      `# TYPE ${METRIC_FILTERED_EVENTS} counter`,
      `${METRIC_FILTERED_EVENTS}${METRIC_LABELS} ${m.watchFilteredEventsTotal}`,
    );
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
