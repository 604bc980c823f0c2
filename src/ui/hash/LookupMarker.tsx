import { memo } from 'react';
import { useT } from '../i18n';
import { ringPoint, type HashLayout } from './geometry';
import { useLookupMarker } from './lookupMarker';

/**
 * The owner lookup's hash on the hash-space strip or ring: a line across the bands
 * and the dots, labelled with the hash. Drawn over the view, never catching the pointer.
 */
export const LookupMarker = memo(function LookupMarker({ layout }: { layout: HashLayout }) {
  const t = useT();
  const marker = useLookupMarker();
  if (!marker) return null;
  const label = t('yc.markerLabel', { hash: marker.hash });
  if (layout.kind === 'strip') {
    const x = layout.x(marker.position);
    const top = layout.bandTop - 4;
    const bottom = layout.dotsTop + layout.dotsHeight + 4;
    // The hash beside the line at the top of the dots, on the side with room.
    const right = x < layout.width * 0.75;
    return (
      <svg className="hashspace__overlay lookup-marker" width={layout.width} height={layout.height} data-testid="lookup-marker" data-position={marker.position} aria-label={label} role="img">
        <line className="lookup-marker__halo" x1={x} x2={x} y1={top} y2={bottom} />
        <line className="lookup-marker__line" x1={x} x2={x} y1={top} y2={bottom} />
        <path className="lookup-marker__head" d={`M${x - 6},${bottom + 8} L${x + 6},${bottom + 8} L${x},${bottom} Z`} />
        <text className="lookup-marker__text" x={right ? x + 8 : x - 8} y={layout.dotsTop + 16} textAnchor={right ? 'start' : 'end'}>
          {marker.hash}
        </text>
      </svg>
    );
  }
  const outer = ringPoint(layout, marker.position, layout.bandOuter + 6);
  const inner = ringPoint(layout, marker.position, Math.max(0, layout.dotsInner - 6));
  const text = ringPoint(layout, marker.position, layout.bandOuter + 18);
  return (
    <svg className="hashspace__overlay lookup-marker" width={layout.width} height={layout.height} data-testid="lookup-marker" data-position={marker.position} aria-label={label} role="img">
      <line className="lookup-marker__halo" x1={inner.x} x2={outer.x} y1={inner.y} y2={outer.y} />
      <line className="lookup-marker__line" x1={inner.x} x2={outer.x} y1={inner.y} y2={outer.y} />
      <text className="lookup-marker__text" x={text.x} y={text.y} textAnchor={text.x < layout.cx ? 'end' : 'start'}>
        {marker.hash}
      </text>
    </svg>
  );
});
