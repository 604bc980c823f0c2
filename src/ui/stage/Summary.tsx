import { failurePhrase, useShardScope, verdictOf } from '../../state';
import { Audit, Headline, verdictWords } from '../bandwidth';
import { useFormat, useLocale, useT } from '../i18n';

/**
 * The answer and its check side by side, at the top of the page and of the stage:
 * the headline ratio (with any failure in the same type) and the ownership audit beside it,
 * rather than the audit 3,000 px further down under the charts. When the headline names only
 * some of the problems, the audit lists them all.
 */
export function Summary() {
  const snapshot = useShardScope((s) => s.sim.snapshot);
  const presentation = useShardScope((s) => s.view.presentation);
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  if (!snapshot) return null;
  const words = verdictWords(t, f, locale);
  const problems = verdictOf(snapshot).failures.map((x) => failurePhrase(x, words));
  return (
    <div className="summary" data-testid="summary">
      <Headline snapshot={snapshot} />
      <Audit client={snapshot.modes.client} server={snapshot.modes.server} compact={presentation} problems={presentation ? [] : problems} />
    </div>
  );
}
