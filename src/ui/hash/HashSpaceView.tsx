import { ExportButtons } from '../export';
import { memo, useId, useMemo } from 'react';
import { Explain } from '../explain';
import {
  analyzeCoverage,
  boundaryHandles,
  hexFraction,
  parseSelectorText,
  selectRunningLayout,
  useShardScope,
  useShardScopeShallow,
  useShardScopeStore,
  type ShardRequirementsList,
} from '../../state';
import { Segmented, useElementSize } from '../primitives';
import { useFormat, useT } from '../i18n';
import { Bands, type DrawSegment } from './Bands';
import { DotCanvas } from './DotCanvas';
import { ringLayout, stageStripLayout, stripLayout } from './geometry';
import { Handles } from './Handles';
import { Inspector } from './Inspector';
import { segmentsFromCoverage } from './paintDots';
import { ownersDiffering } from './owners';
import { LookupMarker } from './LookupMarker';

/**
 * The 64-bit hash space, as a strip or a ring: every live object as a dot at its FNV-1a
 * hash, the replicas' ranges as coloured bands (gaps red, overlaps hatched), draggable
 * boundaries, and hover/keyboard inspection of single objects.
 */
export const HashSpaceView = memo(function HashSpaceView() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const presentation = useShardScope((s) => s.view.presentation);
  // In presentation mode the stage box gets its height from the screen, and the
  // strip or ring is fitted to it; otherwise the height follows the width.
  const [stageRef, box] = useElementSize<HTMLDivElement>({ width: 960, height: 300 });
  const width = box.width;
  const { view, dotOwners, theme } = useShardScopeShallow((s) => ({ view: s.view.view, dotOwners: s.view.dotOwners, theme: s.view.theme }));
  const committed = useShardScope((s) => s.params.selectors);
  const draft = useShardScope((s) => s.sim.draftSelectors);
  const shardKey = useShardScope((s) => s.params.shardKey);
  const hashVersion = useShardScope((s) => s.sim.hashVersion);
  const live = useShardScope((s) => s.sim.snapshot?.cluster.live ?? 0);
  // Once a scheduled reshard has fired, the replicas run the layout it gave them.
  // Its boundaries are the ones dragging edits (the running layout, typed entries included).
  const running = useShardScopeShallow((s) => selectRunningLayout(s)?.texts ?? NO_TEXTS);
  const texts = draft ?? (running.length > 0 ? running : committed);
  const clientMode = useShardScope((s) => s.params.clientMode);
  // Client-side owners look the same as server-side ones unless something differs (jump
  // hash, a failing replica, naive trust): then say so, else disable the choice and say why.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- hashVersion says when store.data.hashSpace changed
  const differing = useMemo(() => ownersDiffering(store.data.hashSpace), [store, hashVersion]);
  const ownersNoteId = `${useId()}-owners`;
  const clientSame = differing === 0;

  const fitHeight = presentation ? box.height : 0;
  const layout = useMemo(
    () =>
      view === 'ring'
        ? fitHeight > 0
          ? ringLayout(width, Math.max(220, fitHeight))
          : ringLayout(width)
        : fitHeight > 0
          ? stageStripLayout(width, fitHeight)
          : stripLayout(width),
    [view, width, fitHeight],
  );
  const parsed = useMemo(() => texts.map(parseSelectorText), [texts]);
  // During a reshard's hand-off the bands show the ranges each replica holds
  // at this moment (old ones not yet let go, new ones not yet synced), so the stretches with no
  // owner or two are hatched as they happen, as for typed selectors. A drag shows the draft.
  const held = useShardScope((s) => s.sim.snapshot?.handoff.held.server ?? null);
  const coverage = useMemo(() => {
    const owners: ShardRequirementsList[] =
      held && !draft ? held.map((ranges) => ranges.map((r) => ({ key: shardKey, start: r.start, end: r.end }))) : parsed.map((p) => (p.ok ? p.selector.requirements : []));
    return analyzeCoverage(owners);
  }, [parsed, held, draft, shardKey]);
  const segments: DrawSegment[] = useMemo(
    () => coverage.segments.map((s) => ({ from: hexFraction(s.start), to: hexFraction(s.end), start: s.start, end: s.end, owners: s.owners })),
    [coverage],
  );
  // While a boundary moves, colour the dots by the ranges being dragged (the model has not
  // been told yet); otherwise by what the model's replicas actually hold.
  const rangeSegments = useMemo(() => segmentsFromCoverage(segments), [segments]);
  const paintSegments = draft ? rangeSegments : null;
  // Handles sit on the boundaries inside the space. The two ends (0 and 2^64, one point on
  // the ring) get none: dragging them would only open a gap at the edge, which typing does.
  const handles = useMemo(() => boundaryHandles(parsed).filter((h) => h.value !== 0n && h.hex !== '0x10000000000000000'), [parsed]);

  return (
    <section className="panel hashspace" aria-labelledby="hash-title" data-testid="hash-space" data-view={view} data-handoff={held && !draft ? 'true' : 'false'}>
      <div className="panel__head">
        <div>
          <h2 id="hash-title" className="panel__title">
            {t('hash.title')}
          </h2>
          <p className="explain-row">
            <Explain topic="fnv" chip />
            <Explain topic="hashSpace" chip />
            <Explain topic="range" chip />
            <Explain topic="key" chip />
          </p>
          <p className="panel__subtitle">
            {t('hash.subtitle', { key: shardKey })} ·{' '}
            <span data-testid="live-count" data-count={live}>
              {t('hash.objectsCount', { count: live, formatted: f.count(live) })}
            </span>
          </p>
        </div>
        <ExportButtons target="hash" svg />
        <div className="hashspace__legend">
          {/* On stage a key is shown only for what is drawn (room for the space itself). */}
          {presentation && coverage.gaps.length === 0 ? null : (
          <span className="legend-item">
            <span className="swatch swatch--gap" aria-hidden="true" />
            {t('hash.legendGap')}
            {coverage.gaps.length > 0 ? <strong className="text-gap"> {f.percent(coverage.gapFraction)}</strong> : null}
          </span>
          )}
          {presentation && coverage.overlaps.length === 0 ? null : (
          <span className="legend-item">
            <span className="swatch swatch--hatch" aria-hidden="true" />
            {t('hash.legendOverlap')}
            {coverage.overlaps.length > 0 ? <strong> {f.percent(coverage.overlapFraction)}</strong> : null}
          </span>
          )}
          <Segmented
            name="dotOwners"
            compact
            label={t('hash.dotOwners')}
            value={dotOwners}
            options={[
              { value: 'server', label: t('hash.dotOwnersServer') },
              { value: 'client', label: t('hash.dotOwnersClient'), disabled: clientSame && dotOwners !== 'client', describedBy: ownersNoteId },
            ]}
            onChange={(v) => store.getState().setDotOwners(v)}
          />
          {differing !== null ? (
            <span id={ownersNoteId} className="hashspace__owners-note" data-testid="dot-owners-note" data-differing={differing}>
              {clientSame
                ? t(clientMode === 'jump' ? 'hash.dotOwnersSameJump' : 'hash.dotOwnersSame')
                : t('hash.dotOwnersDiffer', { share: f.percent(differing / Math.max(1, live)), count: differing, formatted: f.count(differing) })}
            </span>
          ) : null}
        </div>
      </div>
      <div ref={stageRef} className="hashspace__stage" style={presentation ? undefined : { height: layout.height }}>
        <DotCanvas layout={layout} version={hashVersion} owners={dotOwners} segments={paintSegments} theme={theme} />
        <Bands layout={layout} parsed={parsed} segments={segments} />
        <Inspector layout={layout} parsed={parsed} shardKey={shardKey} hashVersion={hashVersion} />
        <Handles layout={layout} handles={handles} texts={texts} parsed={parsed} />
        <LookupMarker layout={layout} />
      </div>
    </section>
  );
});

const NO_TEXTS: readonly string[] = [];
