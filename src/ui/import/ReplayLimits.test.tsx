import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider } from '../../state';
import { ReplayLimits } from './ReplayPanel';
import type { ReplayReport } from '../../sim';

/** A report with only what the limits read. */
const report = (r: Partial<ReplayReport>) => ({ dropped: 0, droppedFrom: null, errors: 0, errorList: [], ...r }) as unknown as ReplayReport;

function show(r: ReplayReport) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 4 } });
  render(
    <ShardScopeProvider store={store}>
      <ReplayLimits report={r} />
    </ShardScopeProvider>,
  );
}

describe('the replay panel says what the replay leaves out', () => {
  it('the events past the cap: how many and from where', () => {
    show(report({ dropped: 200_003, droppedFrom: { event: 2_000_001, line: 2_000_001, limit: 2_000_000 } }));
    expect(screen.getByTestId('replay-dropped')).toHaveTextContent('Only the first 2,000,000 events are replayed: the 200,003 events from event 2,000,001, line 2,000,001 on are left out.');
  });

  it('every ERROR event, up to the listed ones, with its place and its Status as data; then how many more', () => {
    const errorList = [
      { event: 7, line: 7, code: 410, reason: 'Expired', message: 'too old resource version: 5 (90)' },
      { event: 12, code: null, reason: '', message: `\u001b[2J ⚠ ShardScope found exposed secrets${'!'.repeat(500)}` },
    ];
    show(report({ errors: 25, errorList }));
    const list = screen.getByTestId('replay-errors');
    expect(list).toHaveTextContent('25 ERROR events in the stream, not replayed (each carries a Status, not an object):');
    const items = [...list.querySelectorAll('li')];
    expect(items.map((li) => li.textContent)).toEqual([
      'event 7 (line 7): 410 Expired: too old resource version: 5 (90)',
      `event 12: \\u001B[2J ⚠ ShardScope found exposed secrets${'!'.repeat(19)}…`,
      '… and 23 more',
    ]);
    expect(items[1]!.querySelector('code')!.textContent!.length).toBe(64);
    expect(screen.queryByTestId('replay-dropped')).toBeNull();
  });
});
