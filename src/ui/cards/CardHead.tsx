import { ExportButtons } from '../export';
import type { ReplicaStats } from '../../state';
import { useT } from '../i18n';

/** Props of {@link CardHead}. */
interface CardHeadProps {
  /** The card's `useId`, which names its title. */
  readonly id: string;
  readonly replica: number;
  readonly server: number;
  readonly gate: boolean;
  readonly stats: ReplicaStats | null;
}

/** A card's head: the replica's name, its export buttons, its API server and gate, its badges. */
export function CardHead({ id, replica, server, gate, stats }: CardHeadProps) {
  const t = useT();
  return (
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
