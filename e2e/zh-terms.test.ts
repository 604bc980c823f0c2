/**
 * Issue 19, point 9: the Chinese page, read as the audience reads it. Every step of every story
 * in zh-CN at 1280x720 in presentation mode, reached by link at the step's time, with the
 * normal layout checked once per story too:
 * - no visible text breaks the glossary (src/i18n/glossaryRules.ts: 少发送, 稳定中, 公平份额,
 *   "jump hash", 核 CPU, 1 万, spaces around full-width punctuation, 等分, 时间轴, informer and
 *   watch in lower case, 运行 as a noun); code (selectors, URLs, JSON, the apiserver's English
 *   messages) is left out;
 * - the headline calls several replicas 各自 (never 它), joins its parts with "；", and states a
 *   ratio as "客户端分片的发送量是服务端分片的 N 倍";
 * - no Chinese text is set in italics or capitals;
 * - a long Chinese headline leaves every chart on the stage a plot area.
 * And the command line under --lang zh-CN: Chinese values in its table, its help and its errors.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshPage, useBuiltSite } from './browser';
import { STORIES, resolveStep } from '../src/stories';
import { drifts, NO_IT, prose, RULES, TABLE_RULES } from '../src/i18n/glossaryRules';
import { runCli } from '../src/sim/cli';

const DIST = join(import.meta.dirname, '..', 'dist');

/** What the page shows: visible texts outside code, the headline, Chinese set in italics or capitals, and the charts' plot heights. */
interface Read {
  readonly texts: string[];
  readonly headline: string;
  readonly styled: string[];
  readonly plots: number[];
}

/** Reads the page (plain JavaScript: a function from here would carry tsx's helpers). */
const READ = `(() => {
  const CODE = 'code, pre, .code, .selector-editor, .list-preview, [data-testid="request-url"], .api-error__message, .card__rejected, .metrics';
  const HAN = /[\\u3400-\\u9fff]/;
  const texts = [];
  const styled = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n;
    if (el.closest(CODE) || el.closest('[hidden],[aria-hidden="true"],.sr-only,.visually-hidden')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    let own = '';
    for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE) own += c.textContent;
    if (!own.trim()) continue;
    const b = el.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) continue;
    texts.push(el.textContent || '');
    if (HAN.test(own) && (style.fontStyle === 'italic' || style.textTransform === 'uppercase')) styled.push(el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' “' + own.trim().slice(0, 30) + '”: ' + style.fontStyle + ' ' + style.textTransform);
  }
  const stage = document.querySelector('[data-testid="stage"]');
  const plots = stage ? [...stage.querySelectorAll('.chart__plot')].map((p) => Math.round(p.getBoundingClientRect().height)) : [];
  return { texts, headline: document.querySelector('[data-testid="headline-ratio"]')?.textContent || '', styled, plots };
})()`;

/** The rules a page's texts break, each once, with where. */
function pageDrifts(where: string, read: Read, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const text of read.texts) {
    for (const d of drifts(prose(text), RULES)) {
      const key = d.split(' (write')[0]!;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(`${where}: ${d}`);
    }
  }
  return out;
}

/** What the headline must say in Chinese (the parts, the ratio, no 它). */
function headlineProblems(where: string, h: string): string[] {
  const out: string[] = [];
  for (const d of drifts(h, [...RULES, NO_IT])) out.push(`${where}: headline: ${d}`);
  if (/;|,(?!\d{3})/.test(h)) out.push(`${where}: headline joins its parts with ASCII punctuation: “${h}”`);
  if (/但是/.test(h) && !/；(——)?但是/.test(h)) out.push(`${where}: headline: “但是” not after “；”: “${h}”`);
  if (/倍/.test(h) && !/客户端分片的发送量是服务端分片的 [\d.]+ 倍/.test(h)) out.push(`${where}: headline states a ratio otherwise than “客户端分片的发送量是服务端分片的 N 倍”: “${h}”`);
  return out;
}

describe('the Chinese page keeps the glossary (issue 19, point 9)', () => {
  const env = useBuiltSite(DIST);

  it('every story step in zh-CN, presenting and in the normal layout: glossary, headline, no italics or capitals, charts with a plot area', async () => {
    const { context, page, watch } = await freshPage(env);
    const problems: string[] = [];
    const seen = new Set<string>();
    let steps = 0;
    try {
      for (const story of STORIES) {
        for (let n = 1; n <= story.steps.length; n++) {
          const r = resolveStep(story, n - 1)!;
          const where = `${story.id} step ${n}`;
          await page.goto(`${env.site.url}#story=${story.id}&step=${n}&present=1&lang=zh-CN`);
          // A cold page starts the model's worker first (it may take a while on a loaded machine).
          await page
            .waitForFunction((s) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === s, String(n), { timeout: 60_000 })
            .catch(async (e: unknown) => {
              throw new Error(`${where}: the step did not open (${await page.evaluate(() => location.hash)})`, { cause: e });
            });
          await page.waitForFunction((t) => Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')) >= t - 0.01, r.time, { timeout: 90_000 });
          await page.waitForFunction(() => !document.querySelector('[data-testid="story-countdown"]'), undefined, { timeout: 60_000 });
          await page.waitForFunction(() => [...document.querySelectorAll('[data-focus-item]')].every((el) => el.firstElementChild !== null));
          const read = (await page.evaluate(READ)) as Read;
          steps++;
          problems.push(...pageDrifts(where, read, seen), ...headlineProblems(where, read.headline));
          for (const s of read.styled.slice(0, 2)) problems.push(`${where}: Chinese in italics or capitals: ${s}`);
          // A long Chinese headline still leaves the step's charts room to draw (50 px: the line, its scale and its value).
          for (const h of read.plots) if (h < 50) problems.push(`${where}: a chart's plot area is ${h} px tall (headline “${read.headline}”)`);
        }
        // The story's last step in the normal layout: every panel, not only the stage.
        await page.keyboard.press('p');
        // (and the address bar has followed, so the next story's link is not overwritten by this one's).
        await page.waitForFunction(() => document.querySelector('[data-testid="presentation-toggle"]')?.getAttribute('aria-pressed') === 'false' && !location.hash.includes('present=1'));
        const full = (await page.evaluate(READ)) as Read;
        problems.push(...pageDrifts(`${story.id} (normal layout)`, full, seen));
        for (const s of full.styled.slice(0, 2)) problems.push(`${story.id} (normal layout): Chinese in italics or capitals: ${s}`);
      }
    } finally {
      await context.close();
    }
    console.log(`${steps} steps read in zh-CN`);
    assert.deepEqual(problems, []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('the command line under --lang zh-CN: Chinese values in the table, Chinese help and errors', () => {
    const run = runCli(['--pods', '2000', '--seconds', '20', '--reshard', '4:5@5s:equal:one-by-one/2s', '--api-servers', '2', '--gates', 'on,off', '--lang', 'zh-CN']);
    assert.equal(run.code, 0, run.stderr);
    const table = prose(run.stdout.replace(/^apiserver_\S+.*$/gm, ''));
    assert.deepEqual(drifts(table, [...RULES, ...TABLE_RULES]), []);
    assert.match(runCli(['--help', '--lang', 'zh-CN']).stdout, /^用法：/);
    const error = runCli(['--pods', 'many', '--lang', 'zh-CN']);
    assert.equal(error.code, 2);
    assert.match(error.stderr, /^错误：/);
  });
});
