import { memo, useContext, useDeferredValue } from 'react';
import { pendingProps } from '../primitives';
import { CardColumnsContext, CardReplicasContext } from './cardFields';
import { Explain } from '../explain';
import { selectRunningLayout, useShardScope } from '../../state';
import { useT } from '../i18n';
import { ReplicaCard } from './ReplicaCard';

/** One card per replica, in a responsive grid. */
export const ReplicaCards = memo(function ReplicaCards() {
  const t = useT();
  // Once a scheduled reshard has fired, the model runs its layout, and the cards edit it.
  const reshardAt = useShardScope((s) => selectRunningLayout(s)?.reshardAt ?? null);
  const runningCount = useShardScope((s) => selectRunningLayout(s)?.texts.length ?? null);
  const start = useShardScope((s) => s.params.replicas);
  const count = runningCount ?? start;
  // Cards appear with the first snapshot, so every figure and badge on them is real from the start.
  // Deferred: mounting every card (editors, previews) happens in an interruptible background
  // render, not in the task that delivers the first snapshot.
  const only = useContext(CardReplicasContext);
  const columns = useContext(CardColumnsContext);
  const shown = only ? only.filter((i) => i < count) : Array.from({ length: count }, (_, i) => i);
  const liveLoading = useShardScope((s) => s.sim.status === 'loading');
  const loading = useDeferredValue(liveLoading, true);
  return (
    <section className="panel cards" aria-labelledby="cards-title" data-testid="replica-cards" {...pendingProps(liveLoading, loading)}>
      <div className="panel__head">
        <h2 id="cards-title" className="panel__title">
          {t('cards.title')} <span className="panel__count">{count}</span>
        </h2>
        <p className="explain-row">
          <Explain topic="shardInfo" chip />
          <Explain topic="fallback" chip />
          <Explain topic="trust" chip />
          <Explain topic="http500" chip />
          <Explain topic="cel" chip />
        </p>
      </div>
      {reshardAt !== null ? (
        <p className="card__note" data-testid="running-layout-note">
          {t('running.note', { at: String(reshardAt), count, start })}
        </p>
      ) : null}
      {loading ? null : (
        <div className="cards__grid" data-columns={columns ?? undefined} data-count={shown.length}>
          {shown.map((i) => (
            <ReplicaCard key={i} replica={i} />
          ))}
        </div>
      )}
    </section>
  );
});
