/**
 * What server-side sharding costs the API servers, next to what it saves: the send path of
 * the watch streams in both modes (shard checks, encoding once per event, each watcher's write
 * and TLS), a sync of every replica, API Priority and Fairness' seats for a sync beside the
 * objects it sends, and the egress and client decode CPU it saves. Expected figures (the
 * closed form, priced by the same model as the run), so a restart's or a relist's transient
 * never reads as a finding; the summary is worded from the figures in the table.
 */
import { memo } from 'react';
import type { SimSnapshot } from '../../state';
import { Explain } from '../explain';
import type { Formatters, Translate } from '../i18n';

/** `v` as the table shows it: rounded to `digits` significant digits, as the formatters round. */
function shown(v: number, digits: number): number {
  return v === 0 || !Number.isFinite(v) ? 0 : Number(v.toPrecision(digits));
}

interface Row {
  readonly key: string;
  readonly label: string;
  readonly values: readonly [number, number];
  readonly format: (v: number) => string;
}

export const ServerCost = memo(function ServerCost({ snapshot, t, f }: { snapshot: SimSnapshot; t: Translate; f: Formatters }) {
  const cf = snapshot.closedForm;
  const decode = (m: typeof cf.client) => m.replicaCpuCores.reduce((a, b) => a + b, 0);
  const mean = (v: readonly number[]) => (v.length > 0 ? v.reduce((a, b) => a + b, 0) / v.length : 0);
  const cpu = (v: number) => t('unit.cpu', { value: f.cores(v) });
  const pair = (g: (m: typeof cf.client) => number): readonly [number, number] => [g(cf.client), g(cf.server)];
  const rows: Row[] = [
    { key: 'cpu', label: t('cost.cpuRow'), values: pair((m) => m.apiServerCpuCores), format: cpu },
    { key: 'checks', label: t('cost.checksRow'), values: pair((m) => m.apiServerCpu.select), format: cpu },
    { key: 'encode', label: t('cost.encodeRow'), values: pair((m) => m.apiServerCpu.encode), format: cpu },
    { key: 'send', label: t('cost.sendRow'), values: pair((m) => m.apiServerCpu.send), format: cpu },
    { key: 'hashes', label: t('cost.hashesRow'), values: pair((m) => m.hashesPerSec), format: (v) => t('unit.perSecond', { value: f.count(Math.round(v)) }) },
    { key: 'egress', label: t('cost.egressRow'), values: pair((m) => m.egressBytesPerSec), format: (v) => t('unit.perSecond', { value: f.bytes(v) }) },
    { key: 'decode', label: t('cost.decodeRow'), values: pair(decode), format: cpu },
    { key: 'sync', label: t('cost.syncRow'), values: pair((m) => m.syncCpuSeconds), format: (v) => t('cost.cpuSeconds', { value: f.cores(v) }) },
    { key: 'apf', label: t('cost.apfRow', { objects: f.count(snapshot.cluster.live) }), values: [cf.syncSeats, cf.syncSeats], format: (v) => t('cost.seats', { value: f.count(v) }) },
    { key: 'sent', label: t('cost.sentRow'), values: pair((m) => mean(m.replicaSyncObjects)), format: (v) => t('cost.objects', { value: f.count(Math.round(v)) }) },
  ];
  const extra = cf.server.apiServerCpuCores - cf.client.apiServerCpuCores;
  // No server filters (every gate off): nothing is checked, nothing saved.
  const filtered = cf.server.hashesPerSec > 0;
  // The summary's figures are the differences of the figures the table shows (CPU at two
  // significant digits, bytes at three), so a reader who subtracts the rows finds the same.
  const shownExtra = shown(cf.server.apiServerCpuCores, 2) - shown(cf.client.apiServerCpuCores, 2);
  const summary = !filtered ? t('cost.summaryNone') : t(shownExtra >= 0 ? 'cost.summaryMore' : 'cost.summaryLess', {
    cpu: cpu(shown(Math.abs(shownExtra), 2)),
    egress: t('unit.perSecond', { value: f.bytes(shown(Math.max(0, shown(cf.client.egressBytesPerSec, 3) - shown(cf.server.egressBytesPerSec, 3)), 3)) }),
    decode: cpu(shown(Math.max(0, shown(decode(cf.client), 2) - shown(decode(cf.server), 2)), 2)),
  });
  return (
    <figure className="memfig" data-testid="server-cost" data-extra-cores={extra.toFixed(6)}>
      <figcaption className="memfig__legend">
        <strong data-testid="server-cost-summary">{summary}</strong> <Explain topic="serverCost" />
      </figcaption>
      <table className="memfig__table" aria-label={t('cost.title')}>
        <thead>
          <tr>
            <th scope="col">{t('cost.title')}</th>
            <th scope="col">{t('memory.clientColumn')}</th>
            <th scope="col">{t('memory.serverColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="memfig__row" data-testid={`cost-${r.key}`}>
              <th scope="row">{r.label}</th>
              <td data-testid={`cost-${r.key}-client`} data-value={r.values[0].toPrecision(6)}>
                {r.format(r.values[0])}
              </td>
              <td data-testid={`cost-${r.key}-server`} data-value={r.values[1].toPrecision(6)}>
                {r.format(r.values[1])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
});
