import { memo, useMemo } from 'react';
import { extent, max } from 'd3-array';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { modeColor, type Theme } from '../theme';
import { useElementSize } from '../primitives';
import { spaceBetween } from '../i18n';

/** One line of a chart. */
export interface ChartLine {
  readonly mode: 'client' | 'server';
  readonly values: readonly number[];
  /** Emphasised (the total or mean) or a thin per-replica line. */
  readonly strong: boolean;
}

/** The min-max envelope of one mode's per-replica lines. */
export interface ChartBand {
  readonly mode: 'client' | 'server';
  /** Per sample, the lowest replica's value. */
  readonly min: readonly number[];
  /** Per sample, the highest replica's value. */
  readonly max: readonly number[];
}

/** A span of the time axis to mark (a rolling update). */
export interface ChartMark {
  /** Simulated seconds. */
  readonly start: number;
  /** Simulated seconds; null while it runs (drawn to the last sample). */
  readonly end: number | null;
  /** What it was, e.g. "rolling update, namespace shop". */
  readonly label: string;
  /** A short name drawn at its start when there is room (e.g. the namespace). */
  readonly short: string;
}

/** Per sample, the lowest and highest of `rows` (each row one replica's series). */
export function minMaxSeries(rows: readonly (readonly number[])[], length: number): { min: number[]; max: number[] } {
  const min = new Array<number>(length).fill(rows.length > 0 ? Infinity : 0);
  const max = new Array<number>(length).fill(rows.length > 0 ? -Infinity : 0);
  for (const row of rows) {
    for (let i = 0; i < length; i++) {
      const v = row[i] ?? 0;
      if (v < min[i]!) min[i] = v;
      if (v > max[i]!) max[i] = v;
    }
  }
  return { min, max };
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
  /** Min-max envelopes of the per-replica lines, drawn under them. */
  readonly bands?: readonly ChartBand[];
  /** The hottest replica per mode, named in the legend (e.g. "hottest: replica-2 1.2 MB/s"). */
  readonly clientHottest?: string;
  readonly serverHottest?: string;
  /** Spans marked on the time axis (rolling updates). */
  readonly marks?: readonly ChartMark[];
  /** Colours follow the theme, so lines keep their contrast against the background. */
  readonly theme?: Theme;
  /**
   * Presentation mode: fill the parent's box (width and height) instead of
   * `width` x `height`, with large type: tick labels sit inside the plot, the mode names are
   * left to a legend shared by all charts, and the hottest replica is not named.
   */
  readonly fit?: boolean;
}

const MARGIN = { top: 8, right: 10, bottom: 22, left: 64 };
/** Presentation mode: labels inside the plot (above their grid line), 18 px type below it. */
const FIT_MARGIN = { top: 24, right: 8, bottom: 28, left: 4 };
/** A short stage plot (six charts under a story's caption): no time labels under it, rather than cut ones. */
const FIT_MARGIN_SHORT = { top: 20, right: 8, bottom: 4, left: 4 };
/** The smallest inner height of a stage plot with its time labels, and without. */
const FIT_INNER = 24;
const FIT_INNER_SHORT = 14;
/** Rough width of one character of the 18 px chart labels, to keep the axis labels apart. */
const FIT_CHAR = 10.5;

/** Height of the strip under the plot where rolling updates are marked. */
const MARK_STRIP = 5;

/** A mark's span in plot pixels, and whether its short name is drawn. */
interface MarkRect {
  readonly label: string;
  readonly short: string;
  readonly x0: number;
  readonly x1: number;
  /** It starts inside the plot (its left edge is drawn). */
  readonly startsInside: boolean;
  showShort: boolean;
}

/** What d3 computes for one chart: its y scale, its paths, its marks, its ticks and its time domain. */
interface ChartGeometry {
  readonly y: ScaleLinear<number, number>;
  readonly paths: readonly (ChartLine & { readonly d: string })[];
  readonly bandPaths: readonly { readonly mode: 'client' | 'server'; readonly d: string }[];
  readonly markRects: readonly MarkRect[];
  readonly yTicks: readonly number[];
  readonly xDomain: readonly [number, number];
}

/** The scales, paths, marks and ticks of a chart `innerW` x `innerH` inside its margins. */
function chartGeometry(t: readonly number[], lines: readonly ChartLine[], bands: readonly ChartBand[] | undefined, marks: readonly ChartMark[] | undefined, innerW: number, innerH: number, fit: boolean, format: (v: number) => string): ChartGeometry {
  const [t0 = 0, t1 = 1] = extent(t) as [number | undefined, number | undefined];
  const x = scaleLinear().domain([t0, t1 > t0 ? t1 : t0 + 1]).range([0, innerW]);
  const top = Math.max(max(lines, (l) => max(l.values)) ?? 0, max(bands ?? [], (b) => max(b.max)) ?? 0);
  const y = scaleLinear().domain([0, top > 0 ? top * 1.08 : 1]).range([innerH, 0]).nice(3);
  const gen = line<number>()
    .x((_, i) => x(t[i] ?? 0))
    .y((v) => y(v))
    .defined((v) => Number.isFinite(v));
  const paths = lines.map((l) => ({ ...l, d: gen(l.values as number[]) ?? '' }));
  const bandPaths = (bands ?? []).map((b) => {
    const envelope = area<number>()
      .x((i) => x(t[i] ?? 0))
      .y0((i) => y(b.min[i] ?? 0))
      .y1((i) => y(b.max[i] ?? 0))
      .defined((i) => Number.isFinite(b.min[i]) && Number.isFinite(b.max[i]));
    return { mode: b.mode, d: envelope(t.map((_, i) => i)) ?? '' };
  });
  const [d0, d1] = x.domain() as [number, number];
  const markRects = markRectsOf(marks ?? [], x, d0, d1, innerW, fit);
  return { y, paths, bandPaths, markRects, yTicks: yTicksOf(y, top, format, fit), xDomain: [d0, d1] };
}

/** The marks inside the time domain `[d0, d1]`, in plot pixels, with the short names that fit. */
function markRectsOf(marks: readonly ChartMark[], x: ScaleLinear<number, number>, d0: number, d1: number, innerW: number, fit: boolean): MarkRect[] {
  const markRects = marks
    .map((m) => {
      const from = Math.max(d0, m.start);
      const to = Math.min(d1, m.end ?? d1);
      return { ...m, from, to };
    })
    .filter((m) => m.to >= m.from && m.start <= d1)
    .map((m) => ({ label: m.label, short: m.short, x0: x(m.from), x1: x(m.to), startsInside: m.start >= d0, showShort: false }));
  // Short names at the marks' starts, left to right, skipping one that would overlap.
  let free = fit ? Infinity : -Infinity;
  for (const m of markRects) {
    const w = m.short.length * 6.5 + 6;
    if (m.x0 >= free && m.x0 + w <= innerW) {
      m.showShort = true;
      free = m.x0 + w;
    }
  }
  return markRects;
}

/** The y ticks to label: each text once, and on stage only ticks far enough apart. */
function yTicksOf(y: ScaleLinear<number, number>, top: number, format: (v: number) => string, fit: boolean): number[] {
  // On stage the labels are 18 px and sit above their lines: keep only ticks 44 px apart.
  // No data yet: the [0, 1] domain is only a frame, and a tick at 0.5 or 1 would state a
  // rate nobody measured. Ticks that format alike ("1 B/s" for 0.5 and 1) are said once.
  let yTicks = top > 0 ? y.ticks(3) : [0];
  const said = new Set<string>();
  yTicks = yTicks.filter((v) => {
    const text = format(v);
    if (said.has(text)) return false;
    said.add(text);
    return true;
  });
  if (fit) {
    let last = Infinity;
    yTicks = yTicks.filter((v) => {
      const py = y(v);
      if (last - py < 44) return false;
      last = py;
      return true;
    });
  }
  return yTicks;
}

/**
 * A small time-series chart: d3 computes the scales and the line paths, React renders the
 * SVG (a `<path d>` per line, visx style). Client-side is orange and dashed, server-side
 * blue and solid, so the two stay apart in greyscale too. The min-max band of the
 * per-replica lines shows the spread (a hot replica stands out even when only the mean is
 * drawn), and rolling updates are marked on the time axis.
 */
export const SeriesChart = memo(function SeriesChart(props: SeriesChartProps) {
  const { t, lines, format, testId } = props;
  const fit = props.fit === true;
  const [plotRef, plot] = useElementSize<HTMLDivElement>({ width: props.width, height: props.height ?? 132 }, fit);
  const width = fit ? plot.width : props.width;
  // Too short for the time labels under it: the plot keeps its lines and drops those labels.
  const short = fit && plot.height < FIT_MARGIN.top + FIT_MARGIN.bottom + FIT_INNER;
  const M = fit ? (short ? FIT_MARGIN_SHORT : FIT_MARGIN) : MARGIN;
  const theme = props.theme ?? 'light';
  const bands = props.bands;
  const marks = props.marks;
  const height = fit ? Math.max(M.top + M.bottom + (short ? FIT_INNER_SHORT : FIT_INNER), plot.height) : (props.height ?? 132);
  const innerW = Math.max(40, width - M.left - M.right);
  const innerH = height - M.top - M.bottom;

  const g = useMemo(() => chartGeometry(t, lines, bands, marks, innerW, innerH, fit, format), [t, lines, bands, marks, innerW, innerH, fit, format]);
  const { y, yTicks, markRects, xDomain } = g;

  return (
    // As wide as its SVG: a long legend wraps instead of pushing the next chart to a new row.
    <figure className={fit ? 'chart chart--fit' : 'chart'} data-testid={testId} data-until={xDomain[1].toFixed(2)} style={fit ? undefined : { width }}>
      <ChartHead {...props} fit={fit} />
      <div ref={plotRef} className="chart__plot">
        <svg width={width} height={height} role="img" aria-label={props.description}>
          <g transform={`translate(${M.left},${M.top})`}>
            {yTicks.map((v) => (
              <g key={v} className="chart__grid" transform={`translate(0,${y(v)})`}>
                <line x2={innerW} />
                {fit ? null : (
                  <text x={-8} dy="0.32em" textAnchor="end">
                    {format(v)}
                  </text>
                )}
              </g>
            ))}
            <MarkSpans markRects={markRects} innerH={innerH} />
            <ChartPaths geometry={g} testId={testId} theme={theme} />
            {fit ? (
              // On stage the tick labels sit inside the plot, just above their lines, drawn over
              // the lines with a halo: the plot keeps the chart's whole width.
              <g className="chart__grid chart__labels">
                {yTicks.map((v) => (
                  <text key={v} x={0} y={y(v) - 5} textAnchor="start">
                    {format(v)}
                  </text>
                ))}
              </g>
            ) : null}
            <TimeAxis xDomain={xDomain} markRects={markRects} innerW={innerW} innerH={innerH} fit={fit} short={short} />
          </g>
        </svg>
      </div>
    </figure>
  );
});

/** The chart's title, both modes' current values, and (off stage) the hottest replica per mode. */
function ChartHead({ title, testId, fit, clientLabel, clientValue, serverLabel, serverValue, clientHottest, serverHottest }: SeriesChartProps & { fit: boolean }) {
  return (
    <figcaption className="chart__head">
      <span className="chart__title">{title}</span>
      <span className="chart__values">
        <span className="chart__value chart__value--client">
          <span className="chart__key chart__key--client" aria-hidden="true" />
          {fit ? <span className="sr-only">{clientLabel}</span> : clientLabel}
          {spaceBetween(clientLabel, clientValue)}
          <strong>{clientValue}</strong>
        </span>
        <span className="chart__value chart__value--server">
          <span className="chart__key chart__key--server" aria-hidden="true" />
          {fit ? <span className="sr-only">{serverLabel}</span> : serverLabel}
          {spaceBetween(serverLabel, serverValue)}
          <strong>{serverValue}</strong>
        </span>
      </span>
      {!fit && (clientHottest || serverHottest) ? (
        // The hottest replica per mode, on a line of its own under the values.
        <span className="chart__hottest">
          {clientHottest ? (
            <span className="chart__hottest-item" data-testid={`${testId}-hottest-client`}>
              <span className="chart__key chart__key--client" aria-hidden="true" />
              {clientHottest}
            </span>
          ) : null}
          {serverHottest ? (
            <span className="chart__hottest-item" data-testid={`${testId}-hottest-server`}>
              <span className="chart__key chart__key--server" aria-hidden="true" />
              {serverHottest}
            </span>
          ) : null}
        </span>
      ) : null}
    </figcaption>
  );
}

/** The marked spans (rolling updates, reshards, restarts) over the plot, with a strip on its time axis. */
function MarkSpans({ markRects, innerH }: { markRects: readonly MarkRect[]; innerH: number }) {
  return (
    <>
      {markRects.map((m, i) => (
        <g key={`mark-${i}`} className="chart__mark" data-testid="burst-mark" data-label={m.label}>
          <title>{m.label}</title>
          <rect x={m.x0} y={0} width={Math.max(1, m.x1 - m.x0)} height={innerH} className="chart__mark-span" />
          <rect x={m.x0} y={innerH - MARK_STRIP} width={Math.max(2, m.x1 - m.x0)} height={MARK_STRIP} className="chart__mark-strip" />
          {m.startsInside ? <line x1={m.x0} x2={m.x0} y1={0} y2={innerH} className="chart__mark-edge" /> : null}
          {m.showShort ? (
            <text x={m.x0 + 3} y={10} className="chart__mark-name">
              {m.short}
            </text>
          ) : null}
        </g>
      ))}
    </>
  );
}

/** The min-max bands, then the lines over them. */
function ChartPaths({ geometry, testId, theme }: { geometry: ChartGeometry; testId: string; theme: Theme }) {
  return (
    <>
      {geometry.bandPaths.map((b) => (
        <path
          key={`band-${b.mode}`}
          data-testid={`${testId}-band-${b.mode}`}
          d={b.d}
          fill={modeColor(b.mode, theme)}
          fillOpacity={0.16}
          stroke="none"
        />
      ))}
      {geometry.paths.map((p, i) => (
        <path
          key={i}
          d={p.d}
          fill="none"
          stroke={modeColor(p.mode, theme)}
          strokeWidth={p.strong ? 3 : 1.25}
          strokeOpacity={p.strong ? 1 : 0.55}
          strokeDasharray={p.mode === 'client' ? (p.strong ? '7 4' : '4 3') : undefined}
          strokeLinejoin="round"
        />
      ))}
    </>
  );
}

/** Props of {@link TimeAxis}. */
interface TimeAxisProps {
  readonly xDomain: readonly [number, number];
  readonly markRects: readonly MarkRect[];
  readonly innerW: number;
  readonly innerH: number;
  readonly fit: boolean;
  /** Too short a plot for the time labels: the axis line alone. */
  readonly short: boolean;
}

/** The time axis: its first and last second, and the newest mark's name between them. */
function TimeAxis({ xDomain, markRects, innerW, innerH, fit, short }: TimeAxisProps) {
  return (
    <g className="chart__axis" transform={`translate(0,${innerH})`}>
      <line x2={innerW} />
      {short ? null : (
        <>
          <text x={0} y={fit ? 22 : 16} textAnchor="start">
            {`${xDomain[0].toFixed(0)} s`}
          </text>
          <text x={innerW} y={fit ? 22 : 16} textAnchor="end">
            {`${xDomain[1].toFixed(0)} s`}
          </text>
          {markRects.length > 0 && (!fit || (markRects[markRects.length - 1]!.label.length + 12) * FIT_CHAR < innerW) ? (
            // The newest mark's name, centred between the two time labels.
            <text x={innerW / 2} y={fit ? 22 : 16} textAnchor="middle" className="chart__mark-label">
              {markRects[markRects.length - 1]!.label}
            </text>
          ) : null}
        </>
      )}
    </g>
  );
}
