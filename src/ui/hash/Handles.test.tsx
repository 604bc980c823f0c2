import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { boundaryHandles, createShardScopeStore, equalSplitSelectors, parseSelectorText, ShardScopeProvider } from '../../state';
import { ringLayout, stripLayout } from './geometry';
import { HANDLE_BIN_PX, Handles } from './Handles';

/** 64 replicas, each with every 64th of `per` x 64 equal pieces: 64 x per ranges, interleaved. */
function interleaved(per: number): string[] {
  const pieces = equalSplitSelectors(64 * per, 'object.metadata.uid');
  return Array.from({ length: 64 }, (_, k) => Array.from({ length: per }, (_, i) => pieces[i * 64 + k]!).join(' || '));
}

function renderHandles(texts: readonly string[], layout: ReturnType<typeof stripLayout> | ReturnType<typeof ringLayout>) {
  const parsed = texts.map(parseSelectorText);
  const handles = boundaryHandles(parsed).filter((h) => h.value !== 0n && h.hex !== '0x10000000000000000');
  render(
    <ShardScopeProvider store={createShardScopeStore()}>
      <Handles layout={layout} handles={handles} texts={texts} parsed={parsed} />
    </ShardScopeProvider>,
  );
  return handles;
}

describe('boundary handles', () => {
  it('stay bounded by the stage width with 64 replicas x 126 ranges: boundaries too close to drag share a marker', () => {
    const layout = stripLayout(1240);
    const handles = renderHandles(interleaved(126), layout);
    expect(handles).toHaveLength(8_063);
    const single = screen.queryAllByTestId('boundary-handle');
    const groups = screen.getAllByTestId('boundary-group');
    expect(single.length + groups.length).toBeLessThanOrEqual(Math.ceil(layout.width / HANDLE_BIN_PX) + 1);
    // Every boundary is accounted for, once.
    const grouped = groups.reduce((n, g) => n + Number(g.getAttribute('data-count')), 0);
    expect(single.length + grouped).toBe(8_063);
    expect(groups[0]).toHaveAccessibleName(/^\d+ boundaries from 0x[0-9a-f]{16} to 0x[0-9a-f]{16}, too close together to drag here: edit the selectors to move them$/);
  });

  it('on the ring too', () => {
    const layout = ringLayout(800);
    renderHandles(interleaved(126), layout);
    const count = screen.queryAllByTestId('boundary-handle').length + screen.getAllByTestId('boundary-group').length;
    expect(count).toBeLessThanOrEqual(Math.ceil((2 * Math.PI * (layout.bandOuter + 2)) / HANDLE_BIN_PX) + 1);
  });

  it('keeps one draggable handle per boundary when they are far enough apart (64 equal shares)', () => {
    renderHandles(equalSplitSelectors(64, 'object.metadata.uid'), stripLayout(1240));
    expect(screen.getAllByTestId('boundary-handle')).toHaveLength(63);
    expect(screen.queryAllByTestId('boundary-group')).toHaveLength(0);
  });
});

describe('range bands', () => {
  it('draw ranges too thin to tell apart as one path per replica: 64 x 126 ranges make at most 64 thin paths', async () => {
    const { Bands } = await import('./Bands');
    const texts = interleaved(126);
    const parsed = texts.map(parseSelectorText);
    render(
      <ShardScopeProvider store={createShardScopeStore()}>
        <Bands layout={stripLayout(1240)} parsed={parsed} segments={[]} />
      </ShardScopeProvider>,
    );
    const thin = screen.getAllByTestId('hash-band-thin');
    expect(thin).toHaveLength(64);
    expect(screen.queryAllByTestId('hash-band')).toHaveLength(0);
    expect(thin.reduce((n, p) => n + Number(p.getAttribute('data-count')), 0)).toBe(8_064);
    expect(thin[5]).toHaveTextContent('replica-5: 126 ranges too narrow to show apart at this width');
  });
});
