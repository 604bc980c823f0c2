import { useShardScopeShallow } from '../../state';
import { useFormat, useT } from '../i18n';

/**
 * What the API servers' lifecycle caused so far, server-side: watch resumes,
 * relists and their bytes, 410 Gone answers, and duplicate events kept or caught. Under the
 * lifecycle controls, and on the stage when a story step talks about it.
 */
export function LifecycleSummary({ className = 'lifecycle__help' }: { readonly className?: string }) {
  const t = useT();
  const f = useFormat();
  const stats = useShardScopeShallow((s) => {
    const lc = s.sim.snapshot?.modes.server.lifecycle;
    if (!lc) return { resumes: 0, relists: 0, bytes: 0, gone: 0, missed: 0, caught: 0 };
    const sum = (o: { readonly reshard: number; readonly restart: number; readonly gone: number; readonly error: number }) => o.reshard + o.restart + o.gone + o.error;
    return { resumes: lc.watchResumes, relists: sum(lc.relists), bytes: sum(lc.relistBytes), gone: lc.goneResponses, missed: lc.duplicatesMissed, caught: lc.duplicatesCaught };
  });
  return (
    <p className={className} data-testid="lifecycle-summary">
      {t('lifecycle.summary', { resumes: f.count(stats.resumes), relists: f.count(stats.relists), bytes: f.bytes(stats.bytes), gone: f.count(stats.gone), missed: f.count(stats.missed), caught: f.count(stats.caught) })}
    </p>
  );
}
