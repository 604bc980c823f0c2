import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createSimulation, type SimParamsInput } from '../../sim';
import { runCli } from '../../sim/cli';
import { displayWidth } from '../../sim/cli';
import { VERDICT_MESSAGES_EN, verdictOf, verdictSentence, type VerdictMessageId } from '../../sim/report';
import { CHINESE, VERDICT_MESSAGES_ZH } from '../../sim/report';
import type { SimSnapshot } from '../../state';
import { Headline } from './BandwidthPanel';
import { VERDICT_IDS } from './headline';
import { I18nProvider } from '../i18n';
import { zhCN } from '../../i18n/zh-CN';

afterEach(cleanup);

function snapshotOf(input: SimParamsInput, seconds = 5): SimSnapshot {
  const sim = createSimulation({ seed: 'headline', cluster: { pods: 3_000, namespaces: 8 }, ...input });
  sim.step(seconds);
  return sim.snapshot();
}

const GAP_RANGES = [
  [{ start: '0x0000000000000000', end: '0x4000000000000000' }],
  [{ start: '0x8000000000000000', end: '0x10000000000000000' }],
].map((ranges) => ({ kind: 'ranges' as const, ranges }));

describe('the verdict sentence in zh-CN', () => {
  it('the page catalogue words every part of it exactly as the sim-side Chinese words do', () => {
    for (const id of Object.keys(VERDICT_MESSAGES_EN) as VerdictMessageId[]) {
      const m = zhCN[VERDICT_IDS[id]];
      expect(typeof m === 'string' ? m : m.other, id).toBe(VERDICT_MESSAGES_ZH[id]);
    }
  });

  it.each([
    ['healthy', { replicas: { count: 4 } }],
    ['a gap', { replicas: { count: 2, selectors: GAP_RANGES } }],
    ['naive trust behind a gate-off server', { apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } }],
  ] as const)('the page shows the same Chinese sentence as the CLI builds (%s)', (_, input) => {
    const snapshot = snapshotOf(input as SimParamsInput);
    render(
      <I18nProvider locale="zh-CN">
        <Headline snapshot={snapshot} />
      </I18nProvider>,
    );
    const text = screen.getByTestId('headline-ratio').textContent;
    expect(text).toBe(verdictSentence(verdictOf(snapshot), CHINESE));
    expect(text).toMatch(/个副本/);
  });
});

describe('an even ratio in zh-CN', () => {
  it('the page says both modes send the same for a measured ratio that shows as 1.0 (1.04, just under 1.05), and 1.1× less from just over 1.05', () => {
    const s = snapshotOf({ replicas: { count: 4 } });
    const client = s.modes.client.totals.egressBytesPerSec;
    const shownAt = (ratio: number) => {
      const snapshot: SimSnapshot = {
        ...s,
        settling: null,
        modes: { ...s.modes, server: { ...s.modes.server, totals: { ...s.modes.server.totals, egressBytesPerSec: client / ratio } } },
      };
      render(
        <I18nProvider locale="zh-CN">
          <Headline snapshot={snapshot} />
        </I18nProvider>,
      );
      const text = screen.getByTestId('headline-ratio').textContent;
      cleanup();
      return text;
    };
    expect(shownAt(1.04)).toBe('4 个副本；两种方式的发送量相同');
    expect(shownAt(1.0499)).toBe('4 个副本；两种方式的发送量相同');
    expect(shownAt(1.0501)).toBe('4 个副本；客户端分片的发送量是服务端分片的 1.1 倍');
  });
});

describe('CLI --lang zh-CN', () => {
  const argv = ['--pods', '3000', '--replicas', '4', '--api-servers', '2', '--gates', 'on,off', '--fallback', 'trust', '--seconds', '5', '--seed', 'headline-cli'];

  it('prints Chinese headings and the Chinese summary sentence the page shows', () => {
    const r = runCli([...argv, '--lang', 'zh-CN']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ShardScope：3,000 个 Pod/);
    expect(r.stdout).toContain('客户端分片');
    expect(r.stdout).toContain('归属审计：空缺');
    // Metric names stay English.
    expect(r.stdout).toContain('apiserver_watch_filtered_events_total');
    const snapshot = snapshotOf({ seed: 'headline-cli', cluster: { pods: 3000 }, apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, serverFallback: 'trust' } });
    expect(lines.at(-1)).toBe(verdictSentence(verdictOf(snapshot), CHINESE));
    expect(lines.at(-1)).toContain('连到门控关闭的 API 服务器');
  });

  it('lines the table up in terminal columns (a CJK character takes two)', () => {
    const lines = runCli([...argv, '--lang=zh-CN']).stdout.split('\n');
    const table = lines.filter((l) => /\d(\.\d+)?x$/.test(l));
    expect(table.length).toBeGreaterThan(5);
    const widths = new Set(table.map(displayWidth));
    expect([...widths]).toEqual([40 + 18 * 3]);
  });

  it('keeps JSON keys English and refuses an unknown language', () => {
    const en = JSON.parse(runCli([...argv, '--json']).stdout) as Record<string, unknown>;
    const zh = JSON.parse(runCli([...argv, '--json', '--lang', 'zh-CN']).stdout) as Record<string, unknown>;
    expect(Object.keys(zh)).toEqual(Object.keys(en));
    const bad = runCli([...argv, '--lang', 'fr']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--lang must be en or zh-CN');
    expect(runCli(['--help']).stdout).toContain('--lang');
  });
});
