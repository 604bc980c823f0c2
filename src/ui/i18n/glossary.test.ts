/**
 * The Chinese glossary as a test: every Chinese text ShardScope shows or
 * prints is checked for the drifts a native-speaking Kubernetes engineer noticed. The texts
 * are the zh-CN catalogue (the page, the README captions and the stories' narration), the
 * Chinese verdict sentence the model builds, and the command line's output under
 * `--lang zh-CN` (table, reshard table, summary, `--help` and errors). The rules are also run
 * on the texts of `main` before this change, which they must flag, so the test can fail.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, type Message, type MessageId } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { createTranslator } from '../../i18n/translate';
import { runCli, ZH_CACHE_STYLES, ZH_CLIENTS, ZH_ROLLOUTS, ZH_STRATEGIES } from '../../sim/cli';
import { CHINESE, VERDICT_MESSAGES_ZH, verdictOf, verdictSentence } from '../../sim/report';
import { drifts, NO_IT, prose, RULES, TABLE_RULES, type Rule } from '../../i18n/glossaryRules';
import { createSimulation } from '../../sim';

const forms = (m: Message): string[] => (typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string'));


const ids = Object.keys(zhCN) as MessageId[];
/** Messages that are part of the headline sentence, or describe it. */
const HEADLINE_IDS = ids.filter((id) => id.startsWith('verdict.') || id.startsWith('bandwidth.headline') || id === 'docs.shot.headlineFailure' || id === 'docs.shot.overview');

/** Command lines whose Chinese output is checked: the table, the lifecycle rows, a reshard, --help and errors. */
const CLI_RUNS: readonly (readonly string[])[] = [
  ['--pods', '5000', '--replicas', '2', '--seconds', '20', '--reshard', '2:3@5s:split'],
  ['--pods', '2000', '--seconds', '30', '--api-servers', '3', '--gates', 'off,on,off', '--rollout-gates', 'on@5s/5s', '--replicas', '6', '--client-cache', 'all'],
  ['--pods', '2000', '--seconds', '30', '--reshard', '4:5@5s:equal:one-by-one/2s', '--client', 'checked'],
  ['--pods', '20000', '--seconds', '2', '--replicas', '4'],
];
const CLI_ERRORS: readonly (readonly string[])[] = [
  ['--pods', 'many'],
  ['--pods', '0'],
  ['--bursts', 'maybe'],
  ['--gates', 'on,maybe'],
  ['--nope', '1'],
  ['--json', '--json'],
  ['--seconds', '5', '--reshard', '3:5@1s:equal'],
  ['--seconds', '5', '--reshard', '4:5@10s:equal'],
  ['--adds', '1000000', '--seconds', '86400'],
];

function zhCli(argv: readonly string[]) {
  return runCli([...argv, '--lang', 'zh-CN']);
}

describe('the zh-CN glossary', () => {
  it.each(ids)('catalogue %s keeps the glossary', (id) => {
    for (const f of forms(zhCN[id])) expect(drifts(f, RULES).join('\n'), id).toBe('');
  });

  it('the headline messages call several replicas 各自, never 它', () => {
    for (const id of HEADLINE_IDS) for (const f of forms(zhCN[id])) expect(drifts(f, [NO_IT]).join('\n'), id).toBe('');
    for (const m of Object.values(VERDICT_MESSAGES_ZH)) expect(drifts(m, [NO_IT]).join('\n'), m).toBe('');
  });

  it('the story narration, filled in as the page shows it, keeps the glossary', () => {
    const t = createTranslator('zh-CN');
    const story = ids.filter((id) => id.startsWith('story.'));
    expect(story.length).toBeGreaterThan(50);
    // Placeholders filled with the figures a story quotes (counts in 万 among them).
    const params = { count: 100_000, from: 4, to: 5, live: 100_000, moved: 50_000, jumpMoved: 20_000, percent: '50%', jumpPercent: '20%', at: 5, seconds: 5 };
    for (const id of story) expect(drifts(t(id, params), RULES).join('\n'), id).toBe('');
    expect(t('app.loading', { count: 100_000 })).toBe('正在生成 10 万个对象…');
  });

  it('the Chinese verdict sentence keeps the glossary while settling, with failures, and steady', () => {
    const sim = createSimulation({ seed: 'glossary', cluster: { pods: 3_000 }, apiServers: { count: 2, gates: [true, false] }, replicas: { count: 4, client: 'client-go' } });
    sim.step(2);
    const settling = verdictSentence(verdictOf(sim.snapshot()), CHINESE);
    expect(settling).toMatch(/；速率尚未稳定，还需 \d+ 秒/);
    sim.step(20);
    const steady = verdictSentence(verdictOf(sim.snapshot()), CHINESE);
    expect(steady).toMatch(/^4 个副本；(客户端分片的发送量是服务端分片的 \d+\.\d 倍|两种方式的发送量相同)；但是/);
    for (const s of [settling, steady]) expect(drifts(s, [...RULES, NO_IT]).join('\n'), s).toBe('');
  });

  it.each(CLI_RUNS.map((a) => [a.join(' '), a] as const))('the CLI table in Chinese keeps the glossary and prints no English value: %s', (_, argv) => {
    const r = zhCli(argv);
    expect(r.code, r.stderr).toBe(0);
    // Metric names and the apiserver's own error messages stay English (GLOSSARY.md).
    const text = prose(r.stdout.replace(/^apiserver_\S+.*$/gm, ''));
    expect(drifts(text, [...RULES, ...TABLE_RULES]).join('\n')).toBe('');
    const summary = r.stdout.trimEnd().split('\n').find((l) => l.includes('个副本；'));
    expect(summary, 'the summary line').toBeDefined();
    expect(drifts(summary!, [NO_IT]).join('\n')).toBe('');
  });

  it('the CLI help in Chinese is Chinese and keeps the glossary', () => {
    const r = zhCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^用法：npm run sim -- /);
    expect(r.stdout).not.toMatch(/\b(usage|flags):/);
    for (const line of r.stdout.split('\n').filter((l) => l.startsWith('  --'))) {
      expect(line, line).toMatch(/[\u4e00-\u9fff]/);
      expect(drifts(prose(line), RULES).join('\n'), line).toBe('');
    }
    // The English help is unchanged.
    expect(runCli(['--help']).stdout).toMatch(/^usage: npm run sim -- /);
  });

  it.each(CLI_ERRORS.map((a) => [a.join(' '), a] as const))('a CLI error in Chinese is Chinese and keeps the glossary: %s', (_, argv) => {
    const r = zhCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^错误：/);
    expect(r.stderr).not.toMatch(/^error: /m);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('（加 --help 运行可查看所有参数）');
    for (const line of r.stderr.split('\n').filter(Boolean)) expect(line, line).toMatch(/[\u4e00-\u9fff]/);
    expect(drifts(r.stderr, RULES).join('\n')).toBe('');
    // The same error in English is unchanged.
    expect(runCli(argv).stderr).toMatch(/^error: /);
  });

  it('--json stays English under --lang zh-CN', () => {
    const argv = ['--pods', '2000', '--seconds', '2'];
    const zh = JSON.parse(zhCli([...argv, '--json']).stdout) as { verdict: Record<string, unknown> };
    const plain = JSON.parse(runCli([...argv, '--json']).stdout) as { verdict: Record<string, unknown> };
    expect(zh).toEqual(plain);
    expect(Object.keys(zh.verdict).sort()).toEqual(['failures', 'handoff', 'ratio', 'replicas', 'sentence', 'settling', 'source']);
  });

  it("the CLI's Chinese values are the page's words for them", () => {
    expect(ZH_CACHE_STYLES).toEqual({ owned: zhCN['memory.styleOwnedShort'], all: zhCN['memory.styleAllShort'] });
    for (const [kind, words] of Object.entries(ZH_ROLLOUTS)) expect(words, kind).toBe(zhCN[`schedule.rollout.${kind}` as MessageId]);
    for (const [kind, words] of Object.entries(ZH_STRATEGIES)) expect(words, kind).toBe(zhCN[`schedule.strategy.${kind}` as MessageId]);
    // Clients are named short (their label has 40 columns), each with some Chinese or a product name.
    for (const [kind, words] of Object.entries(ZH_CLIENTS)) expect(words, kind).toMatch(/^(client-go|ksm v2\.\d+)$|[\u4e00-\u9fff]/);
  });

  it('no CJK text is set in capitals or italics: every such rule has a :lang(zh) override', () => {
    for (const file of ['app.css', 'stories.css', 'stage-story.css']) {
      const css = readFileSync(resolve(import.meta.dirname, '../../styles', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selectors: m[1]!.split(',').map((s) => s.trim()), body: m[2]! }));
      const overridden = (selector: string, prop: RegExp) =>
        rules.some((r) => r.selectors.some((s) => s.includes(':lang(zh)') && s.endsWith(selector)) && prop.test(r.body));
      for (const r of rules) {
        for (const s of r.selectors.filter((x) => !x.includes(':lang(zh)'))) {
          if (/text-transform:\s*uppercase/.test(r.body)) expect(overridden(s, /text-transform:\s*none/), `${file}: ${s} uppercase`).toBe(true);
          // Code comments in the selector editor are code, not Chinese prose.
          if (/font-style:\s*italic/.test(r.body) && !s.startsWith('.tok-')) expect(overridden(s, /font-style:\s*normal/), `${file}: ${s} italic`).toBe(true);
        }
      }
    }
  });
});

describe('the glossary rules flag the texts main had before this change (the test can fail)', () => {
  // Verbatim from main at d99484a: the catalogue, the verdict words and the CLI's zh table.
  const BEFORE: readonly (readonly [string, readonly Rule[]])[] = [
    ['{count} 个副本：服务端分片少发送 {ratio}×', RULES],
    ['{count} 个副本：服务端分片应少发送 {ratio}×（预期值；速率稳定中）', RULES],
    ['{replica} 收到的数据是公平份额的 {factor}×', RULES],
    ['在客户端分片中，jump hash（kube-state-metrics 使用它）只移动第 5 个副本接手的对象', RULES],
    ['{value} 核 CPU', RULES],
    ['正在生成 10万 个对象…', RULES],
    ['4 变 5，等分范围', RULES],
    ['时间轴上的标记就是这次重新分片。', RULES],
    ['v1.36 的 client-go informer 不检查收到的任何内容', RULES],
    ['watch 缓存只保留约 75 秒的历史', RULES],
    ['无法读取此链接中的状态，因此显示默认运行。', RULES],
    ['门控开启时，API 服务器以 HTTP 500 拒绝该请求，返回 “invalid shard selector:” 加上解析器给出的原因。', RULES],
    ['所以服务端的运行重新等分范围', RULES],
    ['重复事件 保留/拦下（客户端 client-go）', RULES],
    ['——但是 19.1% 的对象没有负责副本; 57.5% 的对象有多个负责副本', RULES],
    ['          Informer 缓存（owned） 使用中            7.03 MB', [...RULES, ...TABLE_RULES]],
    ['ShardScope：5,000 个 Pod，40 个命名空间，3 个控制器副本，2 个 API 服务器（ShardedListAndWatch on,off）', TABLE_RULES],
    ['5 秒时重新分片：2 -> 3 个副本，all-at-once，5,024 个对象（客户端分片 range-splitting，服务端分片 range-splitting）', TABLE_RULES],
    ['恢复所需时间（每个对象一个负责副本）                8.52 s            8.17 s', TABLE_RULES],
    ['失败场景下的标题：……4 个副本连到门控关闭的 API 服务器，它们的客户端悄无声息地缓存了整个集合', [NO_IT]],
  ];
  it.each(BEFORE.map(([text, rules]) => [text.trim().slice(0, 40), text, rules] as const))('flags %s', (_, text, rules) => {
    expect(drifts(text, rules).length).toBeGreaterThan(0);
  });

  it('each rule flags one of these texts', () => {
    for (const rule of [...RULES, ...TABLE_RULES, NO_IT]) {
      expect(
        BEFORE.some(([text]) => rule.pattern.test(text)),
        rule.name,
      ).toBe(true);
    }
  });

  it('English stays as it was (the rules are for Chinese text only)', () => {
    expect(en['bandwidth.headline']).toEqual({ one: '{count} replica: server-side sends {ratio}× less', other: '{count} replicas: server-side sends {ratio}× less' });
  });
});
