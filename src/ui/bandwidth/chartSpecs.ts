/**
 * What the comparison's charts show, as data: each chart's lines and current values, the
 * spans marked on their shared time axis, and the spread of the per-replica lines.
 */
import type { ModeSnapshot, SimSnapshot } from '../../state';
import type { StoryChart } from '../../stories';
import type { Formatters, Translate } from '../i18n';
import { minMaxSeries, type ChartBand, type ChartLine, type ChartMark } from './SeriesChart';

/** One chart of the comparison: its lines and both modes' current value. */
export interface ChartSpec {
  readonly key: StoryChart;
  readonly title: string;
  readonly lines: readonly ChartLine[];
  /** The per-replica chart: it shows the spread and names the hottest replica. */
  readonly spread?: true;
  readonly client: number;
  readonly server: number;
  readonly format: (v: number) => string;
}

/** What {@link chartSpecs} reads besides the two modes. */
export interface ChartSpecInput {
  readonly client: ModeSnapshot;
  readonly server: ModeSnapshot;
  /** Samples per series. */
  readonly n: number;
  /** The client cache style not in use. */
  readonly otherStyle: 'owned' | 'all';
  readonly hasSchedule: boolean;
  readonly only: readonly StoryChart[] | undefined;
  readonly t: Translate;
  readonly f: Formatters;
}

/** The charts in page order: four always, then relists and the hand-off when they have something to show. */
export function chartSpecs(input: ChartSpecInput): ChartSpec[] {
  return [...steadyCharts(input), ...lifecycleCharts(input)];
}

/** Received bytes per replica, API-server egress, decode CPU and memory. */
function steadyCharts({ client, server, n, otherStyle, t, f }: ChartSpecInput): ChartSpec[] {
  const perReplica = (m: ModeSnapshot, mode: 'client' | 'server'): ChartLine[] => {
    const rows = m.series.replicaBytesPerSec;
    // Sixteen thin lines are readable; beyond that the mean says it better.
    const thin = rows.length <= 16 ? rows.map((values) => ({ mode, values, strong: false })) : [];
    return [...thin, { mode, values: meanSeries(rows, n), strong: true }];
  };
  return [
    {
      key: 'received',
      title: t('bandwidth.perReplicaBytes'),
      lines: [...perReplica(client, 'client'), ...perReplica(server, 'server')],
      spread: true,
      client: mean(client.replicas.map((r) => r.rates.bytesReceivedPerSec)),
      server: mean(server.replicas.map((r) => r.rates.bytesReceivedPerSec)),
      format: (v: number) => t('unit.perSecond', { value: f.bytes(v) }),
    },
    {
      key: 'egress',
      title: t('bandwidth.egress'),
      lines: [
        { mode: 'client', values: client.series.egressBytesPerSec, strong: true },
        { mode: 'server', values: server.series.egressBytesPerSec, strong: true },
      ],
      client: client.totals.egressBytesPerSec,
      server: server.totals.egressBytesPerSec,
      format: (v: number) => t('unit.perSecond', { value: f.bytes(v) }),
    },
    {
      key: 'cpu',
      title: t('bandwidth.decodeCpu'),
      lines: [
        { mode: 'client', values: sumSeries(client.series.replicaCpuCores, n), strong: true },
        { mode: 'server', values: sumSeries(server.series.replicaCpuCores, n), strong: true },
      ],
      client: client.totals.decodeCpuCores,
      server: server.totals.decodeCpuCores,
      format: (v: number) => t('unit.cpu', { value: f.cores(v) }),
    },
    {
      key: 'memory',
      title: t('bandwidth.memory'),
      lines: [
        // The client style not in use, thin: both styles compare without flipping the switch.
        { mode: 'client', values: sumSeries(client.series.replicaCacheBytesByStyle[otherStyle], n), strong: false },
        { mode: 'server', values: sumSeries(server.series.replicaCacheBytesByStyle[otherStyle], n), strong: false },
        { mode: 'client', values: sumSeries(client.series.replicaCacheBytes, n), strong: true },
        { mode: 'server', values: sumSeries(server.series.replicaCacheBytes, n), strong: true },
      ],
      client: client.totals.cacheBytes,
      server: server.totals.cacheBytes,
      format: (v: number) => f.bytes(v),
    },
  ];
}

/**
 * Relist bytes per second, whatever the cause (a reshard's informer restarts, API-server
 * restarts, 410 Gone, error retries: the model counts each at its restart), once a relist
 * happened or a reshard is scheduled; and with a schedule, the hand-off window.
 */
function lifecycleCharts({ client, server, hasSchedule, only, t, f }: ChartSpecInput): ChartSpec[] {
  const out: ChartSpec[] = [];
  if (hasSchedule || relistTotal(client) + relistTotal(server) > 0 || only?.includes('relists')) {
    out.push({
      key: 'relists',
      title: t('lifecycle.relistChart'),
      lines: [
        { mode: 'client', values: client.series.relistBytesPerSec, strong: true },
        { mode: 'server', values: server.series.relistBytesPerSec, strong: true },
      ],
      client: client.series.relistBytesPerSec.reduce((a, v) => Math.max(a, v), 0),
      server: server.series.relistBytesPerSec.reduce((a, v) => Math.max(a, v), 0),
      format: (v: number) => t('unit.perSecond', { value: f.bytes(v) }),
    });
  }
  if (hasSchedule || only?.includes('handoff')) {
    out.push({
      key: 'handoff',
      title: t('bandwidth.handoff'),
      lines: [
        { mode: 'client', values: client.series.gaps, strong: true },
        { mode: 'server', values: server.series.gaps, strong: true },
        { mode: 'client', values: client.series.duplicates, strong: false },
        { mode: 'server', values: server.series.duplicates, strong: false },
      ],
      client: client.audit.gaps + client.audit.duplicates,
      server: server.audit.gaps + server.audit.duplicates,
      format: (v: number) => f.count(v),
    });
  }
  return out;
}

/** The spans marked on every chart's time axis: rolling updates, reshards' hand-offs, API-server restarts. */
export function chartMarks(
  bursts: SimSnapshot['churn']['bursts'],
  reshards: SimSnapshot['handoff']['reshards'],
  rollout: SimSnapshot['params']['apiServers']['rollout'],
  servers: number,
  t: Translate,
): ChartMark[] {
  const out: ChartMark[] = bursts.map((b) => ({ start: b.start, end: b.end, label: t('bandwidth.burstMark', { namespace: b.namespace }), short: b.namespace }));
  // Each reshard's hand-off window (the client-side summary: one per event).
  for (const h of reshards) {
    if (h.mode === 'client') out.push({ start: h.at, end: h.at + h.settleSeconds, label: t('bandwidth.reshardMark', { from: String(h.from), to: String(h.to) }), short: `${h.from}→${h.to}` });
  }
  if (rollout) {
    for (let i = 0; i < servers; i++) {
      const at = rollout.at + i * rollout.everySeconds;
      out.push({ start: at, end: at, label: t('lifecycle.restartMark', { name: `apiserver-${i}` }), short: `apiserver-${i}` });
    }
  }
  return out;
}

/** Per mode, the min-max band of the per-replica lines and the hottest replica now. */
export function chartSpread(client: ModeSnapshot, server: ModeSnapshot, n: number, t: Translate, f: Formatters): { bands: ChartBand[]; clientHottest: string | undefined; serverHottest: string | undefined } {
  const hottest = (m: ModeSnapshot): string | undefined => {
    if (m.replicas.length < 2) return undefined;
    const top = m.replicas.reduce((a, r) => (r.rates.bytesReceivedPerSec > a.rates.bytesReceivedPerSec ? r : a));
    const mean = m.replicas.reduce((a, r) => a + r.rates.bytesReceivedPerSec, 0) / m.replicas.length;
    // Always say how far above the mean it is: "hottest" alone would make noise read as a finding.
    return t('bandwidth.hottest', {
      replica: t('hash.replicaName', { replica: String(top.index) }),
      value: t('unit.perSecond', { value: f.bytes(top.rates.bytesReceivedPerSec) }),
      factor: f.ratio(mean > 0 ? top.rates.bytesReceivedPerSec / mean : 1),
    });
  };
  const band = (m: ModeSnapshot, mode: 'client' | 'server'): ChartBand => ({ mode, ...minMaxSeries(m.series.replicaBytesPerSec, n) });
  return { bands: [band(client, 'client'), band(server, 'server')], clientHottest: hottest(client), serverHottest: hottest(server) };
}

function sumSeries(rows: readonly (readonly number[])[], length: number): number[] {
  const out = new Array<number>(length).fill(0);
  for (const row of rows) for (let i = 0; i < length; i++) out[i]! += row[i] ?? 0;
  return out;
}

function meanSeries(rows: readonly (readonly number[])[], length: number): number[] {
  const n = Math.max(1, rows.length);
  return sumSeries(rows, length).map((v) => v / n);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Every relist's bytes so far in one mode, whatever the cause. */
function relistTotal(m: ModeSnapshot): number {
  const b = m.lifecycle.relistBytes;
  return b.restart + b.gone + b.error + b.reshard;
}
