import { memo, type ReactNode } from 'react';
import { arc } from 'd3-shape';
import { useShardScope, type ParsedSelector } from '../../state';
import { useT, type Translate } from '../i18n';
import { GAP_COLOR, replicaColor, textOn, type Theme } from '../theme';
import { hexTicks, ringPoint, type HashLayout, type RingLayout, type StripLayout } from './geometry';

/** A stretch of the space with its owners, as fractions for drawing. */
export interface DrawSegment {
  readonly from: number;
  readonly to: number;
  readonly start: string;
  readonly end: string;
  readonly owners: readonly number[];
}

/** Props of {@link Bands}. */
export interface BandsProps {
  readonly layout: HashLayout;
  readonly parsed: readonly ParsedSelector[];
  readonly segments: readonly DrawSegment[];
}

/** Ranges narrower than this on screen are drawn together, one path per replica. */
export const THIN_BAND_PX = 3;

/** Text colour that stays readable on each replica colour (black or white, whichever contrasts more). */
function labelColor(i: number, theme: Theme): string {
  return textOn(replicaColor(i, theme));
}

const ringArc = arc<{ inner: number; outer: number; from: number; to: number }>()
  .innerRadius((d) => d.inner)
  .outerRadius((d) => d.outer)
  .startAngle((d) => d.from * 2 * Math.PI)
  .endAngle((d) => d.to * 2 * Math.PI);

/** One range of one replica's selector, with its place as fractions of the space. */
interface BandRange {
  readonly replica: number;
  /** Its index in the replica's selector. */
  readonly k: number;
  readonly start: string;
  readonly end: string;
  readonly from: number;
  readonly to: number;
}

/** What both drawings of the bands share. */
interface BandsDrawing<L> {
  readonly layout: L;
  readonly segments: readonly DrawSegment[];
  readonly ranges: readonly BandRange[];
  readonly wide: readonly BandRange[];
  /** One path per replica, of its ranges too thin to point at, each range drawn by `d`. */
  readonly thinBands: (d: (r: BandRange) => string) => ReactNode;
  readonly ticks: ReturnType<typeof hexTicks>;
  readonly theme: Theme;
  readonly t: Translate;
}

/**
 * The replica ranges as coloured bands, gaps in red, overlaps hatched, and the hex axis:
 * SVG owned by React (d3 only computes the scale and the arc paths).
 */
export const Bands = memo(function Bands({ layout, parsed, segments }: BandsProps) {
  const theme = useShardScope((s) => s.view.theme);
  const t = useT();
  const ranges = parsed.flatMap((p, replica) =>
    p.ok ? p.selector.requirements.map((r, k) => ({ replica, k, start: r.start, end: r.end, from: hexFrac(r.start), to: hexFrac(r.end) })) : [],
  );
  // Ranges too thin to point at are drawn as one path per replica (one element, one title):
  // thousands of ranges would otherwise be thousands of SVG groups.
  const bandLength = layout.kind === 'strip' ? layout.x(1) - layout.x(0) : 2 * Math.PI * layout.bandOuter;
  const thin = (r: { from: number; to: number }) => (r.to - r.from) * bandLength < THIN_BAND_PX;
  const wide = ranges.filter((r) => !thin(r));
  const thinByReplica = new Map<number, BandRange[]>();
  for (const r of ranges) {
    if (!thin(r)) continue;
    let list = thinByReplica.get(r.replica);
    if (!list) thinByReplica.set(r.replica, (list = []));
    list.push(r);
  }
  const thinBands = (d: (r: BandRange) => string) =>
    [...thinByReplica].map(([replica, list]) => (
      <path key={`thin${replica}`} data-testid="hash-band-thin" data-replica={replica} data-count={list.length} d={list.map(d).join('')} fill={replicaColor(replica, theme)}>
        <title>{t('hash.bandsThin', { replica, count: list.length })}</title>
      </path>
    ));
  const ticks = hexTicks(layout.kind === 'strip' ? layout.width - 40 : 2 * Math.PI * layout.bandOuter, layout.kind === 'strip' ? (layout.tickSpacing ?? 96) : 120);
  const drawing = { segments, ranges, wide, thinBands, ticks, theme, t };
  return layout.kind === 'strip' ? <StripBands {...drawing} layout={layout} /> : <RingBands {...drawing} layout={layout} />;
});

/** The bands on a strip, left to right, with the hex axis under the dots. */
function StripBands({ layout, segments, wide, thinBands, ticks, theme, t }: BandsDrawing<StripLayout>) {
  const { x, bandTop: y, bandHeight: h } = layout;
  const dotsBottom = layout.dotsTop + layout.dotsHeight;
  return (
    <svg className="hashspace__svg" width={layout.width} height={layout.height} role="img" aria-label={t('hash.title')}>
      <HatchPattern />
      <rect className="hashspace__track" x={x(0)} y={y} width={x(1) - x(0)} height={h} />
      <rect className="hashspace__dots-bg" x={x(0)} y={layout.dotsTop} width={x(1) - x(0)} height={layout.dotsHeight} />
      {thinBands((r) => `M${x(r.from)},${y}h${Math.max(1, x(r.to) - x(r.from))}v${h}h${-Math.max(1, x(r.to) - x(r.from))}z`)}
      {wide.map((r) => {
        const x0 = x(r.from);
        const w = Math.max(1, x(r.to) - x0);
        return (
          <g key={`${r.replica}-${r.k}`} data-testid="hash-band" data-replica={r.replica} data-start={r.start} data-end={r.end}>
            <title>{t('hash.band', { replica: r.replica, start: r.start, end: r.end })}</title>
            <rect x={x0} y={y} width={w} height={h} fill={replicaColor(r.replica, theme)} />
            {w > 34 ? (
              <text x={x0 + w / 2} y={y + h / 2} className="hashspace__band-label" fill={labelColor(r.replica, theme)}>
                {w > (layout.large ? 112 : 90) ? t('hash.replicaName', { replica: r.replica }) : `r${r.replica}`}
              </text>
            ) : null}
          </g>
        );
      })}
      <StripSegments layout={layout} segments={segments} theme={theme} t={t} />
      {layout.noAxis ? null : (
        <g className="hashspace__axis" transform={`translate(0, ${layout.axisTop})`}>
          <line x1={x(0)} x2={x(1)} y1={0} y2={0} />
          {ticks.map((tick) => (
            <g key={tick.fraction} transform={`translate(${x(tick.fraction)}, 0)`}>
              <line y1={-(layout.axisTop - dotsBottom) - 2} y2={6} />
              <text y={24} textAnchor={tick.fraction === 0 ? 'start' : tick.fraction === 1 ? 'end' : 'middle'}>
                {tick.label}
              </text>
            </g>
          ))}
        </g>
      )}
    </svg>
  );
}

/** On a strip: overlaps as every owner's colour in stripes, hatched over; gaps hatched red. */
function StripSegments({ layout, segments, theme, t }: { layout: StripLayout; segments: readonly DrawSegment[]; theme: Theme; t: Translate }) {
  const { x, bandTop: y, bandHeight: h } = layout;
  return (
    <>
      {segments.filter((s) => s.owners.length > 1).map((s) => {
        // Every owner's colour in a horizontal stripe, hatched over: "owned twice" at a glance.
        const x0 = x(s.from);
        const w = Math.max(2, x(s.to) - x0);
        const stripe = h / s.owners.length;
        return (
          <g key={`o${s.start}`} data-testid="hash-overlap" className="hashspace__overlap">
            <title>{t('hash.overlap', { owners: s.owners.map((o) => `replica-${o}`).join(', '), start: s.start, end: s.end })}</title>
            {s.owners.map((o, k) => (
              <rect key={o} x={x0} y={y + k * stripe} width={w} height={stripe} fill={replicaColor(o, theme)} />
            ))}
            <rect x={x0} y={y} width={w} height={h} fill="url(#hatch)" />
          </g>
        );
      })}
      {segments.filter((s) => s.owners.length === 0).map((s) => (
        <g key={`g${s.start}`} data-testid="hash-gap">
          <title>{t('hash.gap', { start: s.start, end: s.end })}</title>
          <rect x={x(s.from)} y={y} width={Math.max(2, x(s.to) - x(s.from))} height={h} fill="url(#gap-hatch)" />
          <rect x={x(s.from)} y={layout.dotsTop} width={Math.max(2, x(s.to) - x(s.from))} height={layout.dotsHeight} fill={GAP_COLOR} opacity={0.14} />
          {x(s.to) - x(s.from) > 60 ? (
            <text x={(x(s.from) + x(s.to)) / 2} y={y + h / 2} className="hashspace__band-label hashspace__gap-label">
              {t('hash.gapLabel')}
            </text>
          ) : null}
        </g>
      ))}
    </>
  );
}

/** The bands on a ring, clockwise from the top, with the hex axis round it and short labels on the wide ranges. */
function RingBands({ layout, segments, ranges, wide, thinBands, ticks, theme, t }: BandsDrawing<RingLayout>) {
  const { cx, cy, bandInner, bandOuter } = layout;
  return (
    <svg className="hashspace__svg" width={layout.width} height={layout.height} role="img" aria-label={t('hash.title')}>
      <HatchPattern />
      <g transform={`translate(${cx}, ${cy})`}>
        <path className="hashspace__track" d={ringArc({ inner: bandInner, outer: bandOuter, from: 0, to: 1 }) ?? ''} />
        <path className="hashspace__dots-bg" d={ringArc({ inner: layout.dotsInner, outer: layout.dotsOuter, from: 0, to: 1 }) ?? ''} />
        {thinBands((r) => ringArc({ inner: bandInner, outer: bandOuter, from: r.from, to: r.to }) ?? '')}
        {wide.map((r) => (
          <path
            key={`${r.replica}-${r.k}`}
            data-testid="hash-band"
            data-replica={r.replica}
            data-start={r.start}
            data-end={r.end}
            d={ringArc({ inner: bandInner, outer: bandOuter, from: r.from, to: r.to }) ?? ''}
            fill={replicaColor(r.replica, theme)}
          >
            <title>{t('hash.band', { replica: r.replica, start: r.start, end: r.end })}</title>
          </path>
        ))}
        <RingSegments layout={layout} segments={segments} theme={theme} t={t} />
      </g>
      <g className="hashspace__axis">
        {ticks.slice(0, -1).map((tick) => {
          const p0 = ringPoint(layout, tick.fraction, bandOuter + 2);
          const p1 = ringPoint(layout, tick.fraction, bandOuter + 8);
          const pl = ringPoint(layout, tick.fraction, bandOuter + 24);
          return (
            <g key={tick.fraction}>
              <line x1={p0.x} y1={p0.y} x2={p1.x} y2={p1.y} />
              <text x={pl.x} y={pl.y + 5} textAnchor={Math.abs(pl.x - cx) < 8 ? 'middle' : pl.x > cx ? 'start' : 'end'}>
                {tick.label}
              </text>
            </g>
          );
        })}
        {ranges.map((r) =>
          r.to - r.from > 0.04 ? (
            <text
              key={`l${r.replica}-${r.k}`}
              className="hashspace__band-label"
              fill={labelColor(r.replica, theme)}
              {...pointAttrs(ringPoint(layout, (r.from + r.to) / 2, (bandInner + bandOuter) / 2))}
            >
              {`r${r.replica}`}
            </text>
          ) : null,
        )}
      </g>
    </svg>
  );
}

/** On a ring: overlaps as every owner's colour in concentric rings, hatched over; gaps hatched red. */
function RingSegments({ layout, segments, theme, t }: { layout: RingLayout; segments: readonly DrawSegment[]; theme: Theme; t: Translate }) {
  const { bandInner, bandOuter } = layout;
  return (
    <>
      {segments.filter((s) => s.owners.length > 1).map((s) => {
        const to = Math.max(s.to, s.from + 0.002);
        const ring = (bandOuter - bandInner) / s.owners.length;
        return (
          <g key={`o${s.start}`} data-testid="hash-overlap" className="hashspace__overlap">
            <title>{t('hash.overlap', { owners: s.owners.map((o) => `replica-${o}`).join(', '), start: s.start, end: s.end })}</title>
            {s.owners.map((o, k) => (
              <path
                key={o}
                d={ringArc({ inner: bandOuter - (k + 1) * ring, outer: bandOuter - k * ring, from: s.from, to }) ?? ''}
                fill={replicaColor(o, theme)}
              />
            ))}
            <path d={ringArc({ inner: bandInner, outer: bandOuter, from: s.from, to }) ?? ''} fill="url(#hatch)" />
          </g>
        );
      })}
      {segments.filter((s) => s.owners.length === 0).map((s) => (
        <g key={`g${s.start}`} data-testid="hash-gap">
          <title>{t('hash.gap', { start: s.start, end: s.end })}</title>
          <path d={ringArc({ inner: bandInner, outer: bandOuter, from: s.from, to: Math.max(s.to, s.from + 0.002) }) ?? ''} fill="url(#gap-hatch)" />
          <path
            d={ringArc({ inner: layout.dotsInner, outer: layout.dotsOuter, from: s.from, to: Math.max(s.to, s.from + 0.002) }) ?? ''}
            fill={GAP_COLOR}
            opacity={0.14}
          />
        </g>
      ))}
    </>
  );
}

function pointAttrs(p: { x: number; y: number }): { x: number; y: number } {
  return { x: p.x, y: p.y };
}

function hexFrac(hex: string): number {
  // Number(BigInt) loses bits below 2^-53 of the space: invisible at any screen size.
  return Number(BigInt(hex)) / 18446744073709551616;
}

/** Diagonal stripes for overlaps: dark on light, light on dark, readable without colour. */
function HatchPattern() {
  return (
    <defs>
      <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" className="hatch__bg" />
        <line x1="0" y1="0" x2="0" y2="8" className="hatch__line" strokeWidth="4" />
      </pattern>
      {/* Gaps: vermillion crossed with light lines, so a gap never reads as an orange band. */}
      <pattern id="gap-hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="10" height="10" fill={GAP_COLOR} />
        <line x1="0" y1="0" x2="0" y2="10" stroke="#ffffff" strokeWidth="2.5" />
        <line x1="0" y1="0" x2="10" y2="0" stroke="#ffffff" strokeWidth="2.5" />
      </pattern>
    </defs>
  );
}
