import { memo } from 'react';
import { Explain } from '../explain';
import type { HandoffSummary, SimSnapshot } from '../../state';
import { useFormat, useT } from '../i18n';

/**
 * Each fired reshard's hand-off, both modes side by side: the share of objects
 * that changed owner, object-seconds without an owner and with two, the peak count of both,
 * the time until every
 * object has one owner again, and the relist bytes with the server-side saving.
 */
export const HandoffReport = memo(function HandoffReport({ snapshot }: { snapshot: SimSnapshot }) {
  const t = useT();
  const f = useFormat();
  const list = snapshot.handoff.reshards;
  if (list.length === 0) return null;
  const pairs: [HandoffSummary, HandoffSummary][] = [];
  for (let i = 0; i + 1 < list.length; i += 2) pairs.push([list[i]!, list[i + 1]!]);
  const seconds = (s: number) => f.clock(s);
  return (
    <div className="audit handoff" data-testid="handoff-report">
      <h3 className="audit__title">
        {t('handoff.title')} <Explain topic="objectSeconds" />
      </h3>
      <ul>
        {pairs.map(([c, s], i) => (
          <li
            key={i}
            className="audit__row"
            data-testid="handoff-item"
            data-moved={c.movedFraction.toFixed(4)}
            data-server-moved={s.movedFraction.toFixed(4)}
            data-client-orphan-seconds={Math.round(c.orphanObjectSeconds)}
            data-server-orphan-seconds={Math.round(s.orphanObjectSeconds)}
            data-client-relist-bytes={c.relistBytes}
            data-server-relist-bytes={s.relistBytes}
          >
            <span>
              {t('handoff.line', {
                at: String(c.at),
                from: String(c.from),
                to: String(c.to),
                // Client-side jump hash moves a fifth while the server-side equal split moves half: say both.
                moved: f.percent(c.movedFraction) === f.percent(s.movedFraction) ? f.percent(c.movedFraction) : t('handoff.movedBoth', { client: f.percent(c.movedFraction), server: f.percent(s.movedFraction) }),
                clientOrphans: f.count(Math.round(c.orphanObjectSeconds)),
                serverOrphans: f.count(Math.round(s.orphanObjectSeconds)),
                clientDuplicates: f.count(Math.round(c.duplicateObjectSeconds)),
                serverDuplicates: f.count(Math.round(s.duplicateObjectSeconds)),
                clientSettle: seconds(c.settleSeconds),
                serverSettle: seconds(s.settleSeconds),
              })}
            </span>{' '}
            <span>
              {t('handoff.peaks', {
                // Counts, not shares: objects created during the hand-off count too, so a share of the
                // collection at the reshard could pass 100%.
                clientOrphans: f.count(c.peakOrphans),
                clientDuplicates: f.count(c.peakDuplicates),
                serverOrphans: f.count(s.peakOrphans),
                serverDuplicates: f.count(s.peakDuplicates),
              })}
            </span>{' '}
            <span>
              {t('handoff.relist', {
                clientBytes: f.bytes(c.relistBytes),
                serverBytes: f.bytes(s.relistBytes),
                ratio: f.ratio(s.relistBytes > 0 ? c.relistBytes / s.relistBytes : 1),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
});
