import { memo, useMemo } from 'react';
import { extent, max } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { MODE_COLORS } from '../theme/palette';

/** One line of a chart. */
export interface ChartLine {
  readonly mode: 'client' | 'server';
  readonly values: readonly number[];
  /** Emphasised (the total or mean) or a thin per-replica line. */
  readonly strong: boolean;
}

/** Props of {@link SeriesChart}. */
export interface SeriesChartProps {
  readonly title: string;
  /** Sample times (simulated seconds), shared by every line. */
  readonly t: readonly number[];
  readonly lines: readonly ChartLine[];
  readonly format: (v: number) => string;
  /** Current values shown in the chart header. */
  readonly clientValue: string;
  readonly serverValue: string;
  readonly clientLabel: string;
  readonly serverLabel: string;
  /** A sentence for screen readers. */
  readonly description: string;
  readonly testId: string;
  readonly width: number;
  readonly height?: number;
}

const MARGIN = { top: 8, right: 10, bottom: 22, left: 64 };

/**
 * A small time-series chart: d3 computes the scales and the line paths, React renders the
 * SVG (a `<path d>` per line, visx style). Client-side is orange and dashed, server-side
 * blue and solid, so the two stay apart in greyscale too.
 */
export const SeriesChart = memo(function SeriesChart(props: SeriesChartProps) {
  const { title, t, lines, format, width, testId } = props;
  const height = props.height ?? 132;
  const innerW = Math.max(40, width - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;

  const { y, paths, yTicks, xDomain } = useMemo(() => {
    const [t0 = 0, t1 = 1] = extent(t) as [number | undefined, number | undefined];
    const x = scaleLinear().domain([t0, t1 > t0 ? t1 : t0 + 1]).range([0, innerW]);
    const top = max(lines, (l) => max(l.values)) ?? 0;
    const y = scaleLinear().domain([0, top > 0 ? top * 1.08 : 1]).range([innerH, 0]).nice(3);
    const gen = line<number>()
      .x((_, i) => x(t[i] ?? 0))
      .y((v) => y(v))
      .defined((v) => Number.isFinite(v));
    const paths = lines.map((l) => ({ ...l, d: gen(l.values as number[]) ?? '' }));
    return { y, paths, yTicks: y.ticks(3), xDomain: x.domain() as [number, number] };
  }, [t, lines, innerW, innerH]);

  return (
    <figure className="chart" data-testid={testId}>
      <figcaption className="chart__head">
        <span className="chart__title">{title}</span>
        <span className="chart__values">
          <span className="chart__value chart__value--client">
            <span className="chart__key chart__key--client" aria-hidden="true" />
            {props.clientLabel} <strong>{props.clientValue}</strong>
          </span>
          <span className="chart__value chart__value--server">
            <span className="chart__key chart__key--server" aria-hidden="true" />
            {props.serverLabel} <strong>{props.serverValue}</strong>
          </span>
        </span>
      </figcaption>
      <svg width={width} height={height} role="img" aria-label={props.description}>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {yTicks.map((v) => (
            <g key={v} className="chart__grid" transform={`translate(0,${y(v)})`}>
              <line x2={innerW} />
              <text x={-8} dy="0.32em" textAnchor="end">
                {format(v)}
              </text>
            </g>
          ))}
          {paths.map((p, i) => (
            <path
              key={i}
              d={p.d}
              fill="none"
              stroke={MODE_COLORS[p.mode]}
              strokeWidth={p.strong ? 3 : 1.25}
              strokeOpacity={p.strong ? 1 : 0.55}
              strokeDasharray={p.mode === 'client' ? (p.strong ? '7 4' : '4 3') : undefined}
              strokeLinejoin="round"
            />
          ))}
          <g className="chart__axis" transform={`translate(0,${innerH})`}>
            <line x2={innerW} />
            <text x={0} y={16} textAnchor="start">
              {`${xDomain[0].toFixed(0)} s`}
            </text>
            <text x={innerW} y={16} textAnchor="end">
              {`${xDomain[1].toFixed(0)} s`}
            </text>
          </g>
        </g>
      </svg>
    </figure>
  );
});
