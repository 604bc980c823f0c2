/**
 * What server-side sharding costs the API servers, next to what it saves:
 * API-server CPU for shard checks and serialisation in both modes, the share of it that is
 * hashing, and the egress and client decode CPU it saves. Expected figures (the closed form),
 * so a restart's or a relist's transient never reads as a finding.
 */
import { memo } from 'react';
import type { SimSnapshot } from '../../state';
import { Explain } from '../explain';
import type { Formatters, Translate } from '../i18n';

interface Row {
  readonly key: string;
  readonly label: string;
  readonly values: readonly [number, number];
  readonly format: (v: number) => string;
}

export const ServerCost = memo(function ServerCost({ snapshot, t, f }: { snapshot: SimSnapshot; t: Translate; f: Formatters }) {
  const cf = snapshot.closedForm;
  const costs = snapshot.params.costs;
  const checkCores = (hashes: number) => hashes * costs.serverShardCheckNs * 1e-9;
  const decode = (m: typeof cf.client) => m.replicaCpuCores.reduce((a, b) => a + b, 0);
  const cpu = (v: number) => t('unit.cpu', { value: f.cores(v) });
  const rows: Row[] = [
    { key: 'cpu', label: t('cost.cpuRow'), values: [cf.client.apiServerCpuCores, cf.server.apiServerCpuCores], format: cpu },
    {
      key: 'checks',
      label: t('cost.checksRow'),
      values: [checkCores(cf.client.hashesPerSec), checkCores(cf.server.hashesPerSec)],
      format: cpu,
    },
    { key: 'hashes', label: t('cost.hashesRow'), values: [cf.client.hashesPerSec, cf.server.hashesPerSec], format: (v) => t('unit.perSecond', { value: f.count(Math.round(v)) }) },
    { key: 'egress', label: t('cost.egressRow'), values: [cf.client.egressBytesPerSec, cf.server.egressBytesPerSec], format: (v) => t('unit.perSecond', { value: f.bytes(v) }) },
    { key: 'decode', label: t('cost.decodeRow'), values: [decode(cf.client), decode(cf.server)], format: cpu },
  ];
  const extra = cf.server.apiServerCpuCores - cf.client.apiServerCpuCores;
  // No server filters (every gate off): nothing is checked, nothing saved.
  const filtered = cf.server.hashesPerSec > 0;
  const summary = !filtered ? t('cost.summaryNone') : t(extra >= 0 ? 'cost.summaryMore' : 'cost.summaryLess', {
    cpu: cpu(Math.abs(extra)),
    egress: t('unit.perSecond', { value: f.bytes(Math.max(0, cf.client.egressBytesPerSec - cf.server.egressBytesPerSec)) }),
    decode: cpu(Math.max(0, decode(cf.client) - decode(cf.server))),
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
