import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider } from '../../state';
import { modeColor } from '../theme';
import { BandwidthPanel } from './BandwidthPanel';
import { minMaxSeries, SeriesChart, type ChartLine } from './SeriesChart';

afterEach(cleanup);
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const T = [0, 10, 20, 30, 40];
const ROWS = [
  [1, 2, 3, 4, 5],
  [5, 4, 3, 2, 1],
  [2, 2, 9, 2, 2],
];

function chart(extra: Partial<Parameters<typeof SeriesChart>[0]> = {}) {
  const lines: ChartLine[] = ROWS.map((values) => ({ mode: 'server', values, strong: false }));
  render(
    <SeriesChart
      title="Received per replica"
      t={T}
      lines={lines}
      format={(v) => `${v}`}
      clientValue="1"
      serverValue="2"
      clientLabel="Client-side"
      serverLabel="Server-side"
      description="d"
      testId="chart-test"
      width={400}
      {...extra}
    />,
  );
  return screen.getByTestId('chart-test');
}

describe('minMaxSeries', () => {
  it('gives the lowest and highest replica at each sample', () => {
    expect(minMaxSeries(ROWS, 5)).toEqual({ min: [1, 2, 3, 2, 1], max: [5, 4, 9, 4, 5] });
  });

  it('is flat zero with no replicas', () => {
    expect(minMaxSeries([], 3)).toEqual({ min: [0, 0, 0], max: [0, 0, 0] });
  });
});

describe('SeriesChart', () => {
  it('draws the min-max band of the per-replica lines, from the lowest to the highest value at each sample', () => {
    const { min, max } = minMaxSeries(ROWS, 5);
    const fig = chart({ bands: [{ mode: 'server', min, max }] });
    const band = within(fig).getByTestId('chart-test-band-server');
    expect(band.getAttribute('fill')).toBe(modeColor('server', 'light'));
    // An area path: along the max (5 points) then back along the min (5 points).
    const points = (band.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?,-?\d+(\.\d+)?/g) ?? [];
    expect(points).toHaveLength(10);
    const ys = points.map((p) => Number(p.split(',')[1]));
    // The y scale is linear: the highest sample (9 at t = 20) is the band's top.
    expect(Math.min(...ys)).toBe(ys[2]);
    // Along the max then back along the min: at every sample the band's height is
    // proportional to max - min (6 units at t = 20, none where they meet).
    const top = ys.slice(0, 5);
    const bottom = ys.slice(5).reverse();
    const heights = top.map((y, i) => bottom[i]! - y);
    const perUnit = heights[0]! / (max[0]! - min[0]!);
    heights.forEach((h, i) => expect(h).toBeCloseTo(perUnit * (max[i]! - min[i]!), 6));
  });

  it('with no data yet labels only the zero line, never a rate nobody measured', () => {
    const fig = chart({ lines: [{ mode: 'server', values: [0, 0, 0, 0, 0], strong: true }], format: (v) => `${Math.round(v)} B/s` });
    const labels = [...fig.querySelectorAll('.chart__grid text')].map((e) => e.textContent);
    expect(labels).toEqual(['0 B/s']);
  });

  it('says a tick label once when two ticks format alike', () => {
    const fig = chart({ lines: [{ mode: 'server', values: [0, 1, 2, 1, 0], strong: true }], format: (v) => `${Math.round(v / 2) * 2} B/s` });
    const labels = [...fig.querySelectorAll('.chart__grid text')].map((e) => e.textContent);
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('names the hottest replica in the legend', () => {
    const fig = chart({ serverHottest: 'hottest: replica-2 9 B/s', clientHottest: 'hottest: replica-0 5 B/s' });
    expect(within(fig).getByTestId('chart-test-hottest-server')).toHaveTextContent('hottest: replica-2 9 B/s');
    expect(within(fig).getByTestId('chart-test-hottest-client')).toHaveTextContent('hottest: replica-0 5 B/s');
  });

  it('marks each rolling update on the time axis with its namespace, and only those within the time span', () => {
    const fig = chart({
      marks: [
        { start: -30, end: -20, label: 'rolling update, namespace old', short: 'old' },
        { start: 5, end: 15, label: 'rolling update, namespace shop', short: 'shop' },
        { start: 35, end: null, label: 'rolling update, namespace web', short: 'web' },
      ],
    });
    const marks = within(fig).getAllByTestId('burst-mark');
    expect(marks.map((m) => m.dataset.label)).toEqual(['rolling update, namespace shop', 'rolling update, namespace web']);
    expect(marks[0]!.querySelector('title')?.textContent).toBe('rolling update, namespace shop');
    expect(within(marks[0]!).getByText('shop')).toBeInTheDocument();
    // 5 s to 15 s of a 0-40 s axis over 400 - 74 = 326 px: x from 40.75 to 122.25.
    const span = marks[0]!.querySelector('rect')!;
    expect(Number(span.getAttribute('x'))).toBeCloseTo((5 / 40) * 326, 6);
    expect(Number(span.getAttribute('width'))).toBeCloseTo((10 / 40) * 326, 6);
    // A running one reaches the last sample.
    const running = marks[1]!.querySelector('rect')!;
    expect(Number(running.getAttribute('x')) + Number(running.getAttribute('width'))).toBeCloseTo(326, 6);
  });

  it('draws lines in the dark theme colours when asked', () => {
    const fig = chart({ theme: 'dark' });
    const strokes = [...fig.querySelectorAll('path')].map((p) => p.getAttribute('stroke'));
    expect(strokes.every((s) => s === modeColor('server', 'dark'))).toBe(true);
  });
});

describe('BandwidthPanel charts', () => {
  it('give the per-replica chart a band per mode, name the hottest replica and mark the rolling updates of the run', async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 2_000, namespaces: 6 } });
    render(
      <ShardScopeProvider store={store}>
        <BandwidthPanel />
      </ShardScopeProvider>,
    );
    await act(() => store.getState().start());
    // Run past the first rolling update (bursts start 15 s in by default).
    await act(async () => {
      for (let i = 0; i < 80; i++) {
        store.getState().step();
        await store.getState().idle();
      }
    });
    const snapshot = store.getState().sim.snapshot!;
    const received = screen.getByTestId('chart-received');
    expect(within(received).getByTestId('chart-received-band-client')).toBeInTheDocument();
    expect(within(received).getByTestId('chart-received-band-server')).toBeInTheDocument();
    const hottest = [...snapshot.modes.server.replicas].sort((a, b) => b.rates.bytesReceivedPerSec - a.rates.bytesReceivedPerSec)[0]!;
    const mean = snapshot.modes.server.replicas.reduce((a, r) => a + r.rates.bytesReceivedPerSec, 0) / snapshot.modes.server.replicas.length;
    const factor = (hottest.rates.bytesReceivedPerSec / mean).toFixed(1);
    // Named with how far above the mean it is, so an even spread never reads as a hot replica.
    expect(within(received).getByTestId('chart-received-hottest-server').textContent).toMatch(new RegExp(`^hottest: replica-${hottest.index} .+ \\(${factor.replace('.', '\\.')}× the mean\\)$`));
    expect(snapshot.churn.bursts.length).toBeGreaterThan(0);
    const labels = within(received).getAllByTestId('burst-mark').map((m) => m.dataset.label);
    expect(labels).toEqual(snapshot.churn.bursts.map((b) => `rolling update, namespace ${b.namespace}`));
  });
});
