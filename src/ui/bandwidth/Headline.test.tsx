import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createSimulation } from '../../sim';
import type { SimParamsInput } from '../../sim';
import { runCli } from '../../sim/cli';
import { VERDICT_MESSAGES_EN, verdictOf, type VerdictMessageId } from '../../sim/report';
import { en } from '../../i18n/en';
import type { SimSnapshot } from '../../state';
import { Headline } from './BandwidthPanel';
import { VERDICT_IDS } from './headline';

afterEach(cleanup);

function snapshotOf(input: SimParamsInput, seconds = 5): SimSnapshot {
  const sim = createSimulation({ seed: 'headline', cluster: { pods: 3_000, namespaces: 8 }, ...input });
  sim.step(seconds);
  return sim.snapshot();
}

function shown(snapshot: SimSnapshot): HTMLElement {
  render(<Headline snapshot={snapshot} />);
  return screen.getByTestId('headline-ratio');
}

const GAP_RANGES = [
  [{ start: '0x0000000000000000', end: '0x4000000000000000' }],
  [{ start: '0x4000000000000000', end: '0x6000000000000000' }],
  [{ start: '0x8000000000000000', end: '0xc000000000000000' }],
  [{ start: '0xc000000000000000', end: '0x10000000000000000' }],
].map((ranges) => ({ kind: 'ranges' as const, ranges }));

const SCENARIOS: readonly (readonly [string, SimParamsInput])[] = [
  ['healthy', { replicas: { count: 4 } }],
  ['one replica', { replicas: { count: 1 } }],
  ['a gap left by the selectors', { replicas: { count: 4, selectors: GAP_RANGES } }],
  ['naive trust behind a gate-off server', { apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } }],
  ['fallback behind a gate-off server', { apiServers: { count: 3, gates: [true, false, true] }, replicas: { count: 6 } }],
  ['HTTP 500 for a malformed selector', { replicas: { count: 4, selectors: [null, { kind: 'text', text: "shardRange(object.metadata.uid, '0x0', '0x8')" }] } }],
  ['the namespace key over few namespaces', { cluster: { pods: 3_000, namespaces: 3 }, replicas: { count: 8, key: 'object.metadata.namespace' } }],
  ['client-side jump hash over a gap', { replicas: { count: 4, clientFilter: 'jump', selectors: GAP_RANGES } }],
];

describe('Headline', () => {
  it('has every part of the verdict sentence in the catalogue, worded exactly as the CLI words it', () => {
    for (const id of Object.keys(VERDICT_MESSAGES_EN) as VerdictMessageId[]) {
      expect(en[VERDICT_IDS[id]], id).toEqual(VERDICT_MESSAGES_EN[id]);
    }
  });

  it.each(SCENARIOS)('words %s exactly as the CLI does', (_, input) => {
    const snapshot = snapshotOf(input);
    expect(shown(snapshot).textContent).toBe(verdictOf(snapshot).sentence);
  });

  it('prints the same sentence as the CLI for the same run', () => {
    const argv = ['--pods', '3000', '--replicas', '4', '--api-servers', '2', '--gates', 'on,off', '--fallback', 'trust', '--seconds', '5', '--seed', 'headline-cli'];
    const cli = runCli(argv).stdout.trimEnd().split('\n').at(-1);
    const snapshot = snapshotOf({ seed: 'headline-cli', cluster: { pods: 3000 }, apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } });
    expect(shown(snapshot).textContent).toBe(cli);
    expect(cli).toContain('are on gate-off API servers and cache the whole collection, silently');
  });

  it('states a gap in the same large type, marked as a failure', () => {
    const snapshot = snapshotOf({ replicas: { count: 4, selectors: GAP_RANGES } });
    const headline = shown(snapshot);
    expect(headline).toHaveClass('headline', 'headline--failed');
    expect(headline.dataset.failures).toBe('gaps gaps');
    const failure = screen.getByTestId('headline-failure');
    expect(headline).toContainElement(failure);
    expect(failure.textContent).toMatch(/^ — but \d+(\.\d)?% of objects have no owner; client-side: \d+(\.\d)?% of objects have no owner$/);
  });

  it('names a replica receiving far more than its fair share', () => {
    const bounds = ['0x0000000000000000', '0xb333333333333333', '0xcccccccccccccccc', '0xe666666666666666', '0x10000000000000000'];
    const selectors = [0, 1, 2, 3].map((i) => ({ kind: 'ranges' as const, ranges: [{ start: bounds[i]!, end: bounds[i + 1]! }] }));
    const headline = shown(snapshotOf({ cluster: { pods: 20_000 }, replicas: { count: 4, selectors } }, 20));
    expect(headline.textContent).toMatch(/ — but replica-0 receives 2\.\d× its fair share$/);
  });

  it('says both modes send the same for a measured ratio that shows as 1.0 (1.04, just under 1.05), and 1.1× less from just over 1.05', () => {
    const s = snapshotOf({ replicas: { count: 4 } });
    const client = s.modes.client.totals.egressBytesPerSec;
    const measured = (ratio: number): SimSnapshot => ({
      ...s,
      settling: null,
      modes: { ...s.modes, server: { ...s.modes.server, totals: { ...s.modes.server.totals, egressBytesPerSec: client / ratio } } },
    });
    for (const ratio of [1.04, 1.0499]) {
      const headline = shown(measured(ratio));
      expect(headline.dataset.source).toBe('measured');
      expect(headline.textContent).toBe('4 replicas: both modes send the same');
      cleanup();
    }
    expect(shown(measured(1.0501)).textContent).toBe('4 replicas: server-side sends 1.1× less');
  });

  it('shows the closed-form prediction, labelled expected, while rates settle', () => {
    const s = snapshotOf({ replicas: { count: 4 } });
    const spiked: SimSnapshot = {
      ...s,
      settling: { since: s.time - 1, until: s.time + 9 },
      modes: { ...s.modes, server: { ...s.modes.server, totals: { ...s.modes.server.totals, egressBytesPerSec: s.modes.server.totals.egressBytesPerSec / 10 } } },
    };
    const headline = shown(spiked);
    const expected = s.closedForm.client.egressBytesPerSec / s.closedForm.server.egressBytesPerSec;
    expect(headline.textContent).toBe(`4 replicas: server-side should send ${expected.toFixed(1)}× less (expected; rates settle in 9 s)`);
    expect(headline.dataset.source).toBe('expected');
    expect(headline.dataset.settling).toBe('true');
    expect(headline).toHaveClass('headline--settling');
  });
});

describe('the compact audit beside the headline on the stage', () => {
  it('counts gaps and duplicates in a few words, the full sentences staying in the panel', async () => {
    const { Audit } = await import('./BandwidthPanel');
    const gaps = snapshotOf({ replicas: { count: 4, selectors: GAP_RANGES } });
    const trust = snapshotOf({ apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } });
    const count = (n: number) => n.toLocaleString('en-US');

    render(<Audit client={gaps.modes.client} server={gaps.modes.server} compact />);
    const g = gaps.modes.server.audit.gaps;
    expect(g).toBeGreaterThan(0);
    expect(screen.getByTestId('audit-server').textContent).toBe(`Server-side: ${count(g)} with no owner`);
    // The same selectors leave the same gap client-side.
    expect(screen.getByTestId('audit-client').textContent).toBe(`Client-side: ${count(gaps.modes.client.audit.gaps)} with no owner`);
    cleanup();

    render(<Audit client={trust.modes.client} server={trust.modes.server} compact />);
    const d = trust.modes.server.audit.duplicates;
    expect(d).toBeGreaterThan(0);
    expect(screen.getByTestId('audit-server').textContent).toBe(`Server-side: ${count(d)} with 2+ owners`);
    expect(screen.getByTestId('audit-client').textContent).toBe('Client-side: one owner each');
    cleanup();

    render(<Audit client={trust.modes.client} server={trust.modes.server} />);
    expect(screen.getByTestId('audit-server').textContent).toBe(`Server-side: ${count(d)} objects owned by more than one replica`);
  });
});

describe('the headline through a reshard hand-off', () => {
  it('says the hand-off, then when the ratio returns, never a transient ratio, in the same words as the CLI', () => {
    const input: SimParamsInput = {
      seed: 'handoff-headline',
      cluster: { pods: 4_000, namespaces: 8 },
      replicas: { count: 4, podRestartSeconds: 4 },
      schedule: [{ kind: 'reshard', at: 20, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 2 } }],
    };
    const during = snapshotOf(input, 23);
    let el = shown(during);
    expect(el.dataset['handoff']).toBe('active');
    expect(el.textContent).toBe(verdictOf(during).sentence);
    expect(el.textContent).toMatch(/hand-off in progress \(4 → 5 replicas\): [\d,]+ objects with no owner, [\d,]+ with two$/);
    expect(el).not.toHaveClass('headline--failed');
    cleanup();

    const done = snapshotOf(input, 36);
    el = shown(done);
    expect(el.dataset['handoff']).toBe('settling');
    expect(el.textContent).toMatch(/^5 replicas: hand-off 4 → 5 done; the ratio returns at 0:\d\d, a rate window later$/);
    cleanup();

    el = shown(snapshotOf(input, 50));
    expect(el.dataset['handoff']).toBe('none');
    expect(el.textContent).toMatch(/^5 replicas: server-side sends [\d.]+× less$/);
  });
});
