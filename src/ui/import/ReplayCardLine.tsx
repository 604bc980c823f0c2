import { useShardScope, useShardScopeStore } from '../../state';
import { useFormat, useT } from '../i18n';
import { useReplayShown } from './replayBus';

/**
 * One replica's figures in the replay of an imported watch stream, on its card, at
 * the replay's current time: measured bytes and events server-side and client-side.
 */
export function ReplayCardLine({ replica }: { replica: number }) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const shown = useReplayShown(store);
  const locale = useShardScope((s) => s.view.locale);
  if (!shown || replica >= shown.report.replicas) return null;
  const { report, sample: k } = shown;
  const tl = report.timeline;
  const n = report.replicas;
  const server = { bytes: tl.serverBytes[k * n + replica]!, events: tl.serverEvents[k * n + replica]! };
  const client = { bytes: tl.streamBytes[k]!, events: tl.streamEvents[k]! };
  const ratio = client.bytes > 0 ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(server.bytes / client.bytes) : '—';
  return (
    <p className="card__note replay-card" data-testid="card-replay" data-server-bytes={server.bytes} data-client-bytes={client.bytes}>
      <strong>{t('replay.cardTitle')}</strong>{' '}
      {t('replay.cardLine', { server: f.bytes(server.bytes), serverEvents: f.digits(server.events), client: f.bytes(client.bytes), clientEvents: f.digits(client.events), ratio: `${ratio}×` })}
    </p>
  );
}
