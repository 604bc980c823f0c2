import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { fits, HEADER_ROWS, type Rows } from './headerRows';
import { freshPage, useBuiltSite, watchPage, type PageWatch, setPlaying, waitTime } from './browser';
import { STEP_SECONDS } from '../src/state/defaults';


const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_DOCS=1 npm run test:e2e` refreshes the screenshots in docs/; a plain run leaves the tree untouched. */
const DOCS = process.env.SHARDSCOPE_DOCS ? join(import.meta.dirname, '..', 'docs') : null;

/** Elements whose text must fit its box: labels, buttons, badges, headings, legends. */
const BOXED = 'button, label, .badge, .card__label, legend, .segmented__option, .header__tagline, h1, h2, h3, dt, select, .stat__label, .headline';

/** Every boxed element whose text is wider than its box (scrollWidth over clientWidth). */
function overflowing(page: Page) {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      // Screen-reader-only text (a 1 px box: .sr-only, or the seed's label on stage) is not laid out to be read.
      if (el.closest('.sr-only') || el.classList.contains('sr-only') || el.clientWidth <= 1) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
    }
    return out;
  }, BOXED);
}

/** Picks a language in the header's globe menu. */
async function chooseLanguage(page: Page, lang: 'en' | 'zh-CN'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-option-${lang}`).click();
}

describe('ShardScope in Simplified Chinese', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(path = '?lang=zh-CN'): Promise<void> {
    await page.goto(env.site.url + path);
    await page.getByTestId('replica-card').first().waitFor();
  }

  it('?lang=zh-CN opens the page in Chinese with <html lang="zh-CN">', async () => {
    await open();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.equal(await page.getByTestId('lang-switch').getAttribute('data-value'), 'zh-CN');
    assert.match((await page.getByTestId('header').textContent()) ?? '', /服务端分片/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('an invalid selector shows the apiserver message in English with one Chinese line under it', async () => {
    await open();
    await page.getByTestId('step').click().catch(() => undefined);
    const input = page.getByTestId('selector-input').first();
    await input.fill("shardRange(object.metadata.uid, '0xFF', '0x8000000000000000')");
    const error = page.getByTestId('selector-error').first();
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /^hexStart: invalid hex character "F" in "0xFF"$/);
    const card = page.getByTestId('replica-card').first();
    await card.getByTestId('rejection-message').waitFor();
    assert.match((await card.getByTestId('rejection-message').textContent()) ?? '', /invalid shard selector: hexStart: invalid hex character "F"/);
    const lines = card.getByTestId('api-error-explain');
    assert.equal(await lines.count(), 2);
    for (const text of await lines.allTextContents()) assert.equal(text, '只允许小写十六进制数字 0-9 和 a-f；大写字母会被拒绝。');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('switching the language keeps the whole run: time, figures and link state; the link gains lang=', async () => {
    await open('');
    // Paused for good (a bare click can race the page's first start, and the run plays on).
    await setPlaying(page, false);
    // Each step runs in the engine after its click: wait until all four have landed (a
    // clock read after three is moved by the fourth, from 0:02.5 to 0:02.8, during the switch).
    const t0 = Number(await page.getByTestId('timeline').getAttribute('data-time'));
    for (let i = 0; i < 4; i++) await page.getByTestId('step').click();
    await waitTime(page, t0 + 4 * STEP_SECONDS - 1e-9, t0 + 4 * STEP_SECONDS + 1e-9);
    await page.waitForFunction(() => !document.querySelector('[data-testid="loading"]'));
    const clock = await page.getByTestId('clock').getAttribute('title');
    const owned = await page.getByTestId('owned-count').allTextContents();
    const hashBefore = await page.evaluate(() => location.hash.replace(/&lang=.*$/, ''));
    await chooseLanguage(page, 'zh-CN');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.equal((await page.getByTestId('clock').getAttribute('title'))?.replace('模拟时间 ', ''), clock?.replace('Simulated time ', ''));
    assert.deepEqual(await page.getByTestId('owned-count').allTextContents(), owned);
    assert.equal(await page.getByTestId('play-toggle').textContent(), ' 播放');
    await page.waitForFunction(() => location.hash.endsWith('&lang=zh-CN'));
    if (hashBefore) assert.equal(await page.evaluate(() => location.hash.replace(/&lang=.*$/, '')), hashBefore);
    await chooseLanguage(page, 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && !location.hash.includes('lang='));
    assert.deepEqual(watch.pageErrors, []);
  });

  it('Copy link carries the language in the fragment, not in the query', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.origin });
    await open();
    await page.getByTestId('copy-link').click();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(url, /#(?:state|s)=[^&]+&lang=zh-CN$/);
    assert.doesNotMatch(url, /\?lang=/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a first visit follows navigator.language; #lang= beside #state= wins', async () => {
    await context.close();
    context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
    page = await context.newPage();
    watch = watchPage(page, env.site.origin);
    await open('');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    const state = encodeURIComponent(JSON.stringify({ v: 2, p: { replicas: 3 } }));
    await page.goto(`${env.site.url}#state=${state}&lang=en`);
    await page.getByTestId('replica-card').nth(2).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByTestId('replica-card').count(), 3);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a story step link in Chinese shows the Chinese caption, and PageDown moves to the next step', async () => {
    await page.goto(`${env.site.url}#story=problem&step=2&lang=zh-CN`);
    const caption = page.getByTestId('story-caption');
    await caption.waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.equal(await caption.locator('h2').textContent(), '负责不等于收到');
    assert.match((await page.getByTestId('story-step-of').textContent()) ?? '', /^第 2 步，共 3 步$/);
    await page.locator('body').focus();
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('[data-testid="story-caption"] h2')?.textContent === '副本越多，浪费越多');
    assert.match((await page.getByTestId('story-step-of').textContent()) ?? '', /^第 3 步，共 3 步$/);
    assert.match(await page.evaluate(() => location.hash), /step=3.*lang=zh-CN/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('?lang=zh-CN then switching to English: a reload stays English (the query is rewritten away)', async () => {
    await open('?lang=zh-CN');
    await chooseLanguage(page, 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && !location.search.includes('lang='));
    await page.reload();
    await page.getByTestId('replica-card').first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByTestId('lang-switch').getAttribute('data-value'), 'en');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('the globe menu names both languages in themselves, says which is on, and Escape closes it', async () => {
    await open('');
    const button = page.getByTestId('lang-switch');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByTestId('lang-option-zh-CN').textContent(), '简体中文');
    assert.equal(await page.getByTestId('lang-option-zh-CN').getAttribute('lang'), 'zh-CN');
    assert.equal(await page.getByTestId('lang-option-en').getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('lang-option-en').isVisible(), false);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('the header is one row at 1280x720 in both languages, on the normal page and in presentation mode', async () => {
    for (const lang of ['en', 'zh-CN']) {
      await open(`?lang=${lang}`);
      const normal = await page.evaluate<Rows>(HEADER_ROWS);
      assert.ok(fits(normal), `${lang}: ${JSON.stringify(normal)}`);
      await page.keyboard.press('p');
      await page.getByTestId('stage').waitFor();
      const presenting = await page.evaluate<Rows>(HEADER_ROWS);
      assert.ok(fits(presenting), `${lang}, presenting: ${JSON.stringify(presenting)}`);
      await page.keyboard.press('p');
      await page.getByTestId('stage').waitFor({ state: 'detached' });
    }
  });

  it('in presentation mode in Chinese no label, button or badge overflows its box at 1280x720', async () => {
    await open('?lang=zh-CN');
    await page.keyboard.press('p');
    await page.getByTestId('stage').waitFor();
    await page.getByTestId('headline-ratio').first().waitFor();
    assert.deepEqual(await overflowing(page), []);
    assert.deepEqual(watch.pageErrors, []);
  });

  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    it(`no label, button or badge overflows its box at ${width}x${height}, in Chinese and in English`, async () => {
      ({ context, page, watch } = await freshPage(env, context, { width, height }));
      for (const lang of ['zh-CN', 'en']) {
        await open(`?lang=${lang}`);
        await page.getByTestId('headline-ratio').first().waitFor();
        assert.deepEqual(await overflowing(page), [], `${lang} at ${width}x${height}`);
      }
    });
  }

  it('has no serious or critical accessibility violation in Chinese (axe-core)', async () => {
    await open();
    await page.getByTestId('headline-ratio').first().waitFor();
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad.map((v) => `${theme}: ${v.id}: ${v.nodes.length} node(s): ${v.nodes[0]?.target}`), []);
    }
    if (DOCS) {
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
      await page.screenshot({ path: join(DOCS, 'zh-CN-1280x720.png') });
    }
  });
});
