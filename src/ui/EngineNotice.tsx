import { MAIN_THREAD_LIMITS, mainThreadExcess, useShardScope } from '../state';
import { useT } from './i18n';

const REASON = {
  blocked: 'engine.fallbackBlocked',
  failed: 'engine.fallbackFailed',
  unsupported: 'engine.fallbackUnsupported',
} as const;

/**
 * Says that the model runs on the page's own thread (its worker could not start) and with
 * which limits; and, when the run exceeds them, what does not run and how to make it fit.
 */
export function EngineNotice() {
  const t = useT();
  const fallback = useShardScope((s) => s.sim.fallback);
  const params = useShardScope((s) => s.params);
  const speed = useShardScope((s) => s.view.speed);
  const live = useShardScope((s) => s.sim.snapshot?.cluster.live ?? null);
  if (!fallback) return null;
  // The same verdict as the store's (budgetExcessOf), from the fields read above.
  const excess = mainThreadExcess(params, speed, live);
  return (
    <>
      <p className="banner banner--warn" role="status" data-testid="engine-fallback" data-reason={fallback}>
        {t(REASON[fallback])} {t('engine.fallbackLimits', { objects: MAIN_THREAD_LIMITS.objects, changes: MAIN_THREAD_LIMITS.changesPerSecond })}
      </p>
      {excess ? (
        <p id="engine-budget" className="banner banner--error" role="alert" data-testid="engine-budget" data-kind={excess.kind}>
          {excess.kind === 'objects'
            ? t('engine.budgetObjects', { objects: excess.objects, max: excess.max })
            : excess.kind === 'grown'
              ? t('engine.budgetGrown', { live: excess.live, max: excess.max })
              : [
                  t('engine.budgetChanges', { speed: excess.speed, churn: excess.churn, perSecond: excess.perSecond, max: excess.max }),
                  excess.fitSpeed !== null ? ' ' + t('engine.budgetChangesFit', { speed: excess.fitSpeed }) : '',
                ].join('')}
        </p>
      ) : null}
    </>
  );
}
