import { useShardScope } from '../../state';
import { Audit, Headline } from '../bandwidth/BandwidthPanel';

/**
 * The answer and its check side by side, at the top of the page and of the stage (issue 10):
 * the headline ratio (with any failure in the same type) and the ownership audit beside it,
 * rather than the audit 3,000 px further down under the charts.
 */
export function Summary() {
  const snapshot = useShardScope((s) => s.sim.snapshot);
  const presentation = useShardScope((s) => s.view.presentation);
  if (!snapshot) return null;
  return (
    <div className="summary" data-testid="summary">
      <Headline snapshot={snapshot} />
      <Audit client={snapshot.modes.client} server={snapshot.modes.server} compact={presentation} />
    </div>
  );
}
