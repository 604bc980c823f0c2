/**
 * Says, when the replica count changes in free play, how many objects changed owner and
 * what share: measured by the model over the live objects' uid hashes, for
 * equal ranges (what the replicas field does) and for jump hash (kube-state-metrics). A
 * polite live region, so a screen reader hears it after the change.
 */
import { useEffect, useState } from 'react';
import { useShardScopeStore } from '../../state';
import type { ReshardReport } from '../../sim';
import { useFormat, useT } from '../i18n';

interface Change {
  readonly equal: ReshardReport;
  readonly jump: ReshardReport;
}

export function OwnerChangeNotice() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const [change, setChange] = useState<Change | null>(null);

  useEffect(() => {
    let seq = 0;
    return store.subscribe((s, prev) => {
      if (s.params.replicas === prev.params.replicas) return;
      // A story step sets its own count; only a change in free play is told.
      if (s.storyActive || prev.storyActive) {
        setChange(null);
        return;
      }
      const engine = store.data.engine;
      if (!engine) return;
      const from = prev.params.replicas;
      const to = s.params.replicas;
      const mine = ++seq;
      void Promise.all([engine.reshard('equal-ranges', from, to), engine.reshard('jump-hash', from, to)])
        .then(([equal, jump]) => {
          if (mine === seq) setChange({ equal, jump });
        })
        .catch(() => undefined);
    });
  }, [store]);

  return (
    <p className="owner-change" data-testid="owner-change-notice" role="status" aria-live="polite" data-moved={change?.equal.moved} data-live={change?.equal.live}>
      {change
        ? t('ownerChange.notice', {
            from: change.equal.from,
            to: change.equal.to,
            moved: f.count(change.equal.moved),
            live: f.count(change.equal.live),
            percent: f.percent(change.equal.movedFraction),
            jumpMoved: f.count(change.jump.moved),
            jumpPercent: f.percent(change.jump.movedFraction),
          })
        : null}
    </p>
  );
}
