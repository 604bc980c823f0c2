import { memo, useEffect, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import {
  NUDGE_LARGE,
  NUDGE_SMALL,
  fractionToBound,
  moveBoundary,
  parseSelectorText,
  useShardScopeStore,
  type BoundaryHandle,
  type ParsedSelector,
} from '../../state';
import { useT } from '../i18n';
import { fractionAt, ringPoint, type HashLayout } from './geometry';

/** Props of {@link Handles}. */
export interface HandlesProps {
  readonly layout: HashLayout;
  readonly handles: readonly BoundaryHandle[];
  /** The texts the handles were computed from (draft while dragging). */
  readonly texts: readonly string[];
  readonly parsed: readonly ParsedSelector[];
}

/** Keyboard moves are applied to the model after this much quiet (counts follow at once). */
const KEY_COMMIT_MS = 600;

/**
 * Boundaries closer than this on screen share one marker instead of a handle each: a
 * draggable handle is 24 px wide, so closer ones cannot be told apart anyway, and thousands
 * of ranges would otherwise mean thousands of handles (tens of thousands of DOM nodes).
 * The stage is cut into bins this wide; a bin holding one boundary gets its handle, a bin
 * holding several gets one marker. So at most one element per bin, whatever the ranges.
 */
export const HANDLE_BIN_PX = 6;

/** What {@link placeHandles} puts on the stage: a handle, or a marker for several boundaries. */
export type PlacedHandle =
  | { readonly kind: 'handle'; readonly handle: BoundaryHandle }
  | { readonly kind: 'group'; readonly handles: readonly BoundaryHandle[] };

/** Position of a hash fraction along the strip, or along the ring's circumference, in pixels. */
function axisPosition(layout: HashLayout, fraction: number): number {
  return layout.kind === 'strip' ? layout.x(fraction) : fraction * 2 * Math.PI * (layout.bandOuter + 2);
}

/** The handles in screen bins of {@link HANDLE_BIN_PX}: one element per occupied bin. */
export function placeHandles(layout: HashLayout, handles: readonly BoundaryHandle[]): PlacedHandle[] {
  const out: PlacedHandle[] = [];
  let bin = NaN;
  let members: BoundaryHandle[] = [];
  const flush = () => {
    if (members.length === 1) out.push({ kind: 'handle', handle: members[0]! });
    else if (members.length > 1) out.push({ kind: 'group', handles: members });
    members = [];
  };
  for (const h of handles) {
    const b = Math.floor(axisPosition(layout, Number(h.value) / 18446744073709551616) / HANDLE_BIN_PX);
    if (b !== bin) {
      flush();
      bin = b;
    }
    members.push(h);
  }
  flush();
  return out;
}

/** A handle keeps its identity (and keyboard focus) while its value changes. */
function handleKey(h: BoundaryHandle): string {
  return h.refs.map((r) => `${r.replica}.${r.range}.${r.side}`).join('|');
}

/**
 * The draggable boundaries. Pointer: press, drag, release (pointer capture keeps the drag
 * alive outside the element). Keyboard: each handle is a focusable slider; arrows nudge by
 * 1/1024 of the space, PageUp/PageDown by 1/64, Home/End go to the limits.
 *
 * While moving, only a preview is set in the store (counts follow from a fast recount);
 * the model is reconfigured when the pointer is released or the keys go quiet, because a
 * new selector means a new LIST for the replicas involved.
 */
export const Handles = memo(function Handles({ layout, handles, texts, parsed }: HandlesProps) {
  const t = useT();
  const store = useShardScopeStore();
  const drag = useRef<{ handle: BoundaryHandle; texts: readonly string[]; parsed: readonly ParsedSelector[]; pending: number | null } | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);

  useEffect(
    () => () => {
      if (keyTimer.current) clearTimeout(keyTimer.current);
    },
    [],
  );

  const moveTo = (handle: BoundaryHandle, base: readonly string[], baseParsed: readonly ParsedSelector[], to: bigint) => {
    store.getState().previewSelectors(moveBoundary(base, baseParsed, handle, to));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>, handle: BoundaryHandle) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.focus();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { handle, texts, parsed, pending: null };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const stage = stageRef.current;
    if (!d || !stage) return;
    const rect = stage.getBoundingClientRect();
    const fraction = fractionAt(layout, e.clientX - rect.left, e.clientY - rect.top);
    moveTo(d.handle, d.texts, d.parsed, fractionToBound(fraction));
  };
  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    store.getState().commitPreview();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, handle: BoundaryHandle) => {
    let to: bigint | null = null;
    const forward = layout.kind === 'ring' ? ['ArrowRight', 'ArrowDown'] : ['ArrowRight', 'ArrowUp'];
    const back = layout.kind === 'ring' ? ['ArrowLeft', 'ArrowUp'] : ['ArrowLeft', 'ArrowDown'];
    if (forward.includes(e.key)) to = handle.value + NUDGE_SMALL;
    else if (back.includes(e.key)) to = handle.value - NUDGE_SMALL;
    else if (e.key === 'PageUp') to = handle.value + NUDGE_LARGE;
    else if (e.key === 'PageDown') to = handle.value - NUDGE_LARGE;
    else if (e.key === 'Home') to = handle.min;
    else if (e.key === 'End') to = handle.max;
    else if (e.key === 'Enter') {
      store.getState().commitPreview();
      return;
    } else if (e.key === 'Escape') {
      store.getState().cancelPreview();
      return;
    }
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    moveTo(handle, texts, texts.map(parseSelectorText), to);
    if (keyTimer.current) clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => store.getState().commitPreview(), KEY_COMMIT_MS);
  };

  const placed = useMemo(() => placeHandles(layout, handles), [layout, handles]);

  return (
    <div ref={stageRef} className="hashspace__handles" style={{ width: layout.width, height: layout.height }}>
      {placed.map((item) => {
        if (item.kind === 'group') return <HandleGroup key={`g${item.handles[0]!.hex}`} layout={layout} handles={item.handles} />;
        const h = item.handle;
        const fraction = Number(h.value) / 18446744073709551616;
        const owners = [...new Set(h.refs.map((r) => `replica-${r.replica}`))].join(', ');
        const style =
          layout.kind === 'strip'
            ? { left: layout.x(fraction), top: layout.bandTop - 4, height: layout.dotsTop + layout.dotsHeight - layout.bandTop + 8 }
            : (() => {
                const p = ringPoint(layout, fraction, layout.bandOuter + 2);
                return { left: p.x, top: p.y };
              })();
        return (
          <div
            key={handleKey(h)}
            className={`handle handle--${layout.kind}`}
            style={style}
            role="slider"
            tabIndex={0}
            data-testid="boundary-handle"
            data-hex={h.hex}
            aria-label={t('hash.handleOf', { hex: h.hex, replicas: owners })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(fraction * 10000) / 100}
            aria-valuetext={h.hex}
            aria-orientation="horizontal"
            onPointerDown={(e) => onPointerDown(e, h)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onLostPointerCapture={endDrag}
            onKeyDown={(e) => onKeyDown(e, h)}
            onBlur={() => {
              if (keyTimer.current) {
                clearTimeout(keyTimer.current);
                keyTimer.current = null;
                store.getState().commitPreview();
              }
            }}
          >
            <span className="handle__grip" aria-hidden="true" />
          </div>
        );
      })}
    </div>
  );
});

/**
 * Several boundaries too close together to drag apart on screen: one marker over them that
 * says how many there are and where (they move by editing the selectors).
 */
function HandleGroup({ layout, handles }: { layout: HashLayout; handles: readonly BoundaryHandle[] }) {
  const t = useT();
  const first = handles[0]!;
  const last = handles[handles.length - 1]!;
  const from = Number(first.value) / 18446744073709551616;
  const to = Number(last.value) / 18446744073709551616;
  const label = t('hash.handleGroup', { count: handles.length, from: first.hex, to: last.hex });
  const style =
    layout.kind === 'strip'
      ? { left: layout.x(from), width: Math.max(2, layout.x(to) - layout.x(from)), top: layout.bandTop - 4, height: layout.dotsTop + layout.dotsHeight - layout.bandTop + 8 }
      : (() => {
          const p = ringPoint(layout, (from + to) / 2, layout.bandOuter + 2);
          return { left: p.x, top: p.y };
        })();
  return (
    <div
      className={`handle-group handle-group--${layout.kind}`}
      style={style}
      role="img"
      data-testid="boundary-group"
      data-count={handles.length}
      aria-label={label}
      title={label}
    />
  );
}
