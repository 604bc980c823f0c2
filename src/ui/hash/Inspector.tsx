import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { OWNER_MANY, objectHash, useShardScopeStore, viewGroupsByNamespace, type HashSpaceNamespace, type ObjectInfo, type ParsedSelector, type ShardKey, type ShardScopeStore } from '../../state';
import { useT } from '../i18n';
import { fractionAt, jitter, ringPoint, type HashLayout } from './geometry';

/** Props of {@link Inspector}. */
export interface InspectorProps {
  readonly layout: HashLayout;
  readonly parsed: readonly ParsedSelector[];
  readonly shardKey: ShardKey;
  /** Changes when the positions change, to re-find the inspected object. */
  readonly hashVersion: number;
}

interface Target {
  readonly index: number;
  readonly position: number;
}

/** Index of the position nearest to `p` in an ascending array. */
export function nearestIndex(positions: Float64Array, count: number, p: number): number {
  if (count <= 0) return -1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! < p) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(positions[lo - 1]! - p) <= Math.abs(positions[lo]! - p)) return lo - 1;
  return lo;
}

/**
 * Hover or keyboard inspection of single objects. A transparent layer over the dots: the
 * pointer picks the object nearest in hash order; as a focusable slider, arrows move object
 * by object. Details (name, namespace, uid, FNV-1a, range, owner) come from the model.
 */
export const Inspector = memo(function Inspector({ layout, parsed, shardKey, hashVersion }: InspectorProps) {
  const t = useT();
  const store = useShardScopeStore();
  const ref = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<Target | null>(null);
  // With the namespace shard key the model's view groups objects by namespace: namespaces
  // are inspected instead of objects.
  const namespaces = useMemo<readonly HashSpaceNamespace[] | null>(() => {
    const view = store.data.hashSpace;
    return view && viewGroupsByNamespace(view.key) ? view.namespaces : null;
    // hashVersion: store.data.hashSpace was replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, hashVersion]);
  const nsPositions = useMemo(() => (namespaces ? Float64Array.from(namespaces, (n) => n.position) : null), [namespaces]);

  // The positions being inspected: namespaces, or every live object from the model.
  const axis = (): { positions: Float64Array; count: number } | null => {
    if (nsPositions) return { positions: nsPositions, count: nsPositions.length };
    const view = store.data.hashSpace;
    return view ? { positions: view.positions, count: view.count } : null;
  };

  const [info, setInfo] = useObjectInfo(store, target, hashVersion, namespaces);

  const pick = (p: number): Target | null => {
    const view = axis();
    if (!view || view.count === 0) return null;
    const index = nearestIndex(view.positions, view.count, p);
    return { index, position: view.positions[index]! };
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const next = pick(fractionAt(layout, e.clientX - rect.left, e.clientY - rect.top));
    if (next && next.index !== target?.index) setTarget(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const view = axis();
    if (!view || view.count === 0) return;
    if (e.key === 'Escape') {
      setTarget(null);
      setInfo(null);
      return;
    }
    const current = target ? nearestIndex(view.positions, view.count, target.position) : 0;
    const index = steppedIndex(e.key, current, view.count);
    if (index === null) return;
    e.preventDefault();
    e.stopPropagation();
    setTarget({ index, position: view.positions[index]! });
  };

  const onFocus = () => {
    if (!target) setTarget(pick(0.5));
  };

  const count = axis()?.count ?? 0;
  const marker = target ? markerPoint(layout, target.position) : null;
  const ns = namespaces && target ? (namespaces[target.index] ?? null) : null;
  const hash = ns ? ns.hash : info ? objectHash(info, shardKey) : null;
  const ranges = hash ? rangesContaining(parsed, hash) : [];
  const owners = ns ? namespaceOwnersFrom(store.data.hashSpace, ns, ranges) : (info?.owners.server ?? []);
  const valueText = ns
    ? `${ns.name || t('hash.tipClusterScoped')} ${ns.hash}`
    : info
      ? `${info.namespace ? `${info.namespace}/` : ''}${info.name} ${hash}`
      : t('hash.none');

  return (
    <>
      <div
        ref={ref}
        className="hashspace__inspector"
        style={{ width: layout.width, height: layout.height }}
        role="slider"
        tabIndex={0}
        data-testid="object-inspector"
        aria-label={t('hash.inspect')}
        aria-description={t('hash.inspectHint')}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, count - 1)}
        aria-valuenow={target?.index ?? 0}
        aria-valuetext={valueText}
        onPointerMove={onPointerMove}
        onPointerLeave={() => {
          if (document.activeElement !== ref.current) {
            setTarget(null);
            setInfo(null);
          }
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      />
      <div className="hashspace__overlay" style={{ width: layout.width, height: layout.height }} aria-hidden={ns || info ? undefined : true}>
        {marker ? <span className="hashspace__marker" style={{ left: marker.x, top: marker.y }} aria-hidden="true" /> : null}
        {marker && (ns || info) ? (
          <div className="tooltip" data-testid="object-tooltip" style={tooltipStyle(layout, marker)} role="status">
            <TooltipFacts ns={ns} info={info} hash={hash} ranges={ranges} owners={owners} />
          </div>
        ) : null}
      </div>
    </>
  );
});

/** Details of the object at `target`, from the model (the latest request wins); none asked while namespaces are inspected. */
function useObjectInfo(store: ShardScopeStore, target: Target | null, hashVersion: number, namespaces: readonly HashSpaceNamespace[] | null): [ObjectInfo | null, (info: ObjectInfo | null) => void] {
  const [info, setInfo] = useState<ObjectInfo | null>(null);
  const request = useRef(0);
  useEffect(() => {
    if (!target || namespaces) return;
    const engine = store.data.engine;
    if (!engine) return;
    const id = ++request.current;
    engine
      .objectsNear(target.position, 1)
      .then((list) => {
        if (id === request.current) setInfo(list[0] ?? null);
      })
      .catch(() => undefined);
  }, [store, target, hashVersion, namespaces]);
  return [info, setInfo];
}

/**
 * The index a key moves the inspection to from `current`, within `count` positions: arrows
 * one by one, Page Up and Down a hundredth of them, Home and End the ends. Null: not a key it moves by.
 */
function steppedIndex(key: string, current: number, count: number): number | null {
  const page = Math.max(1, Math.round(count / 100));
  let index: number | null = null;
  if (key === 'ArrowRight' || key === 'ArrowUp') index = current + 1;
  else if (key === 'ArrowLeft' || key === 'ArrowDown') index = current - 1;
  else if (key === 'PageUp') index = current + page;
  else if (key === 'PageDown') index = current - page;
  else if (key === 'Home') index = 0;
  else if (key === 'End') index = count - 1;
  return index === null ? null : Math.max(0, Math.min(count - 1, index));
}

/** Props of {@link TooltipFacts}. */
interface TooltipFactsProps {
  /** The namespace inspected (namespace shard key), or null. */
  readonly ns: HashSpaceNamespace | null;
  /** The object inspected (uid shard key), or null. */
  readonly info: ObjectInfo | null;
  readonly hash: string | null;
  readonly ranges: readonly { start: string; end: string }[];
  readonly owners: readonly number[];
}

/** What the tooltip says of the namespace or object inspected: its names, hash, ranges and owners. */
function TooltipFacts({ ns, info, hash, ranges, owners }: TooltipFactsProps) {
  const t = useT();
  return (
    <dl>
      {ns ? (
        <>
          <dt>{t('hash.tipNamespace')}</dt>
          <dd>{ns.name === '' ? t('hash.tipClusterScoped') : ns.name}</dd>
          <dt>{t('hash.tipObjects')}</dt>
          <dd>{ns.count}</dd>
        </>
      ) : info ? (
        <>
          <dt>{t('hash.tipName')}</dt>
          <dd>{info.name}</dd>
          <dt>{t('hash.tipNamespace')}</dt>
          <dd>{info.namespace === '' ? t('hash.tipClusterScoped') : info.namespace}</dd>
          <dt>{t('hash.tipUid')}</dt>
          <dd className="mono">{info.uid}</dd>
        </>
      ) : null}
      <dt>{t('hash.tipHash')}</dt>
      <dd className="mono" data-testid="tooltip-hash">
        {hash}
      </dd>
      <dt>{t('hash.tipRange')}</dt>
      <dd className="mono">{ranges.length === 0 ? '—' : ranges.map((r, i) => <div key={i}>{`[${r.start}, ${r.end})`}</div>)}</dd>
      <dt>{t('hash.tipOwner')}</dt>
      <dd>
        {owners.length === 0 ? (
          <span className="text-gap">{t('hash.tipOwnerNone')}</span>
        ) : (
          owners.map((o) => t('hash.replicaName', { replica: o })).join(', ')
        )}
      </dd>
    </dl>
  );
}

function markerPoint(layout: HashLayout, position: number): { x: number; y: number } {
  if (layout.kind === 'strip') return { x: layout.x(position), y: layout.dotsTop + jitter(position) * layout.dotsHeight };
  return ringPoint(layout, position, layout.dotsInner + jitter(position) * (layout.dotsOuter - layout.dotsInner));
}

function tooltipStyle(layout: HashLayout, p: { x: number; y: number }): { left: number; top: number; transform: string } {
  const right = p.x > layout.width * 0.55;
  const below = p.y < layout.height * 0.35;
  return {
    left: p.x,
    top: p.y,
    transform: `translate(${right ? 'calc(-100% - 14px)' : '14px'}, ${below ? '10px' : 'calc(-100% - 10px)'})`,
  };
}

/**
 * Who holds a namespace's objects in server-side mode, from the model's owner codes (a
 * replica that fell back to trusting an unfiltered stream holds more than its range). For
 * objects with several owners the ranges name them.
 */
function namespaceOwnersFrom(view: { readonly ownerServer: Int8Array } | null, ns: HashSpaceNamespace, ranges: readonly { replica: number }[]): number[] {
  if (!view || ns.count === 0) return ranges.map((r) => r.replica);
  const codes = new Set(view.ownerServer.subarray(ns.start, ns.start + ns.count));
  if (codes.has(OWNER_MANY)) return ranges.map((r) => r.replica);
  return [...codes].filter((c) => c >= 0).sort((a, b) => a - b);
}

/** The ranges (of valid selectors) that contain `hash` (`0x` + 16 digits), with their replica. */
function rangesContaining(parsed: readonly ParsedSelector[], hash: string): { replica: number; start: string; end: string }[] {
  const h = BigInt(hash);
  const out: { replica: number; start: string; end: string }[] = [];
  parsed.forEach((p, replica) => {
    if (!p.ok) return;
    for (const r of p.selector.requirements) if (BigInt(r.start) <= h && h < BigInt(r.end)) out.push({ replica, start: r.start, end: r.end });
  });
  return out;
}
