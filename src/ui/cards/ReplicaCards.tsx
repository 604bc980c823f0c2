import { memo } from 'react';
import { useShardScope } from '../../state';
import { useT } from '../i18n';
import { ReplicaCard } from './ReplicaCard';

/** One card per replica, in a responsive grid. */
export const ReplicaCards = memo(function ReplicaCards() {
  const t = useT();
  const count = useShardScope((s) => s.params.replicas);
  return (
    <section className="panel cards" aria-labelledby="cards-title" data-testid="replica-cards">
      <div className="panel__head">
        <h2 id="cards-title" className="panel__title">
          {t('cards.title')} <span className="panel__count">{count}</span>
        </h2>
      </div>
      <div className="cards__grid">
        {Array.from({ length: count }, (_, i) => (
          <ReplicaCard key={i} replica={i} />
        ))}
      </div>
    </section>
  );
});
