// The Firefox smoke suite. Debian's firefox-esr driven by puppeteer-core over
// WebDriver BiDi (no browser download): the site from a sub-path, the single file from
// file://, and PageDown. One Firefox for the whole suite; e2e/run.mjs runs it after Chromium.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { serveStatic, type StaticSite } from './server';
import { resolveStep, storyById } from '../src/stories';
import { figuresNotShown, SHOWN_TEXTS, wantedFigures } from './captionFigures';
import { en } from '../src/i18n/en';
import { fits, HEADER_ROWS, type Rows } from './headerRows';
import { STEP_READY } from './stageItems';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DIST = join(import.meta.dirname, '..', 'dist');
const SINGLE = join(import.meta.dirname, '..', 'dist-single', 'shardscope.html');

interface Watched {
  page: Page;
  errors: string[];
}

describe('Firefox smoke suite', () => {
  let browser: Browser;
  let site: StaticSite;

  before(async () => {
    if (!existsSync(FIREFOX)) throw new Error(`Firefox not found at ${FIREFOX}: apt-get install -y firefox-esr`);
    site = await serveStatic(DIST);
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A new page at 1280x720 whose uncaught errors and console errors are recorded. */
  async function openPage(url: string): Promise<Watched> {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(url);
    await page.waitForSelector('[data-testid="replica-card"]', { timeout: 60_000 });
    return { page, errors };
  }

  const cardCount = (page: Page) => page.evaluate(() => document.querySelectorAll('[data-testid="replica-card"]').length);
  const clockText = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent ?? '');

  it('loads the site from a sub-path and runs the model in its worker', async () => {
    assert.match(site.url, /\/demos\/shardscope\/$/);
    const { page, errors } = await openPage(site.url);
    assert.equal(await cardCount(page), 4);
    await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-engine') === 'worker', { timeout: 30_000 });
    // Every file came from under the sub-path.
    assert.deepEqual(
      site.requests.filter((p) => !p.startsWith('/demos/shardscope/')),
      [],
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens the single file from file:// with its worker', async () => {
    assert.ok(existsSync(SINGLE), 'dist-single/shardscope.html is built (npm run build:single)');
    const { page, errors } = await openPage(pathToFileURL(SINGLE).href);
    await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-engine') === 'worker', { timeout: 30_000 });
    const before = await clockText(page);
    await page.waitForFunction((t) => document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent !== t, { timeout: 30_000 }, before);
    assert.equal(await page.$('[data-testid="engine-fallback"]'), null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('answers PageDown (a clicker\u2019s key) by moving what the audience sees', async () => {
    const { page, errors } = await openPage(site.url);
    // Paused, so only the key moves anything.
    await page.click('[data-testid="play-toggle"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'false');
    const before = { clock: await clockText(page), scroll: await page.evaluate(() => window.scrollY) };
    await page.keyboard.press('PageDown');
    await page.waitForFunction(
      (b) => document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent !== b.clock || window.scrollY > b.scroll,
      { timeout: 60_000 },
      before,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  // A story step from a link, then the clicker's PageDown to the next step.
  const problemTitle = (n: number) => en[storyById('problem')!.steps[n - 1]!.title] as string;
  const caption = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="story-caption"]')?.textContent ?? '');

  async function storyStepThenPageDown(url: string): Promise<void> {
    const { page, errors } = await openPage(`${url}#story=problem&step=2`);
    await page.waitForFunction((t) => document.querySelector('[data-testid="story-caption"]')?.textContent?.includes(t) ?? false, { timeout: 30_000 }, problemTitle(2));
    assert.equal(await page.$eval('[data-testid="story-caption"]', (e) => e.getAttribute('data-step')), '2');
    assert.ok(!(await caption(page)).includes(problemTitle(3)));
    // What a clicker types goes to the page, not to a focused control.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('PageDown');
    await page.waitForFunction((t) => document.querySelector('[data-testid="story-caption"]')?.textContent?.includes(t) ?? false, { timeout: 30_000 }, problemTitle(3));
    assert.equal(await page.$eval('[data-testid="story-caption"]', (e) => e.getAttribute('data-step')), '3');
    assert.equal(await page.evaluate(() => location.hash), '#story=problem&step=3');
    assert.deepEqual(errors, []);
    await page.close();
  }

  // A speaker's walk in Firefox, over the story whose steps exercise the most: resharding has the
  // most steps (6), the most figures its captions quote (14 of the 33 the stories check), a
  // reshard the worker fires in every step (all at once, one by one, new pods first), every step
  // playing, up to 120 s into its run, and the hash strip, the timeline, the hand-off report and
  // two charts on its stage. Presentation mode, turned on once, stays on while PageDown walks
  // its steps; at every step the run reaches the step's time and every figure the caption
  // quotes is on screen (e2e/captionFigures.ts). All eight stories in Chromium: e2e/storyWalk.ts.
  it('walks every step of the resharding story with PageDown in presentation mode, which stays on, each caption’s figures on screen', async () => {
    const story = storyById('resharding')!;
    const { page, errors } = await openPage(`${site.url}#story=${story.id}&step=1`);
    const problems: string[] = [];
    await page.waitForSelector('[data-testid="story-caption"]');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('p');
    await page.waitForSelector('[data-testid="stage"]');
    const state = () =>
      page.evaluate(() => ({
        step: document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? null,
        presenting: document.querySelector('[data-testid="presentation-toggle"]')?.getAttribute('aria-pressed') ?? null,
      }));
    for (let n = 1; n <= story.steps.length; n++) {
      if (n > 1) {
        await page.keyboard.press('PageDown');
        await page.waitForFunction((want) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === want, { timeout: 60_000 }, String(n)).catch(() => undefined);
        assert.deepEqual(await state(), { step: String(n), presenting: 'true' }, `${story.id}: PageDown to step ${n}`);
      }
      // The step's run at the step's time, and every figure its caption quotes on screen.
      const r = resolveStep(story, n - 1)!;
      await page.waitForFunction(STEP_READY, { timeout: 90_000 }, r.time);
      const wanted = wantedFigures(story.id, n, `${String(en[r.step.title])} ${String(en[r.step.narration])}`);
      const missing = await figuresNotShown(() => page.evaluate(SHOWN_TEXTS) as Promise<string[]>, wanted, r.playing);
      for (const f of missing) problems.push(`${story.id} step ${n}: “${f.text}” is not on screen`);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  // Video out in Firefox (in this suite, to share its Firefox).
  it('records a story to video (frames go by, Cancel stops it) or says plainly that it cannot', async () => {
    const { page, errors } = await openPage(`${site.url}#story=problem&step=1`);
    await page.waitForSelector('[data-testid="story-caption"]', { timeout: 60_000 });
    await page.click('[data-testid="share-menu"]');
    await page.click('[data-testid="export-video"]');
    await page.waitForSelector('[data-testid="video-progress"], [data-testid="video-unsupported"]', { timeout: 30_000 });
    const how = await page.evaluate(() => (typeof VideoEncoder === 'function' ? 'WebCodecs' : typeof MediaRecorder === 'function' ? 'MediaRecorder' : 'nothing'));
    console.log(`Firefox records with: ${how}`);
    if (await page.$('[data-testid="video-unsupported"]')) {
      assert.match(await page.$eval('[data-testid="video-unsupported"]', (e) => e.textContent ?? ''), /cannot record video/);
    } else {
      // Firefox records slowly on a loaded machine: minutes, not seconds, for the first frame.
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="video-progress"]')?.getAttribute('value')) > 0, { timeout: 180_000 });
      await page.click('[data-testid="video-cancel"]');
      await page.waitForSelector('[data-testid="video-cancelled"]', { timeout: 180_000 });
      await page.waitForFunction(() => document.querySelector('.video-stage') === null);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  // The header in Firefox (in this suite, to share its Firefox; Chromium: e2e/presentation.test.ts and e2e/zh.test.ts).
  it('keeps the header on one row at 1280x720 in English and in Chinese, on the normal page and in presentation mode', async () => {
    for (const lang of ['en', 'zh-CN']) {
      const { page, errors } = await openPage(`${site.url}?lang=${lang}`);
      const normal = (await page.evaluate(HEADER_ROWS)) as Rows;
      assert.ok(fits(normal), `${lang}: ${JSON.stringify(normal)}`);
      await page.keyboard.press('p');
      await page.waitForSelector('[data-testid="stage"]');
      const presenting = (await page.evaluate(HEADER_ROWS)) as Rows;
      assert.ok(fits(presenting), `${lang}, presenting: ${JSON.stringify(presenting)}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('opens #story=problem&step=2 from the sub-path on that step, and PageDown shows step 3', async () => {
    await storyStepThenPageDown(site.url);
  });

  it('opens #story=problem&step=2 in the single file from file:// on that step, and PageDown shows step 3', async () => {
    assert.ok(existsSync(SINGLE), 'dist-single/shardscope.html is built (npm run build:single)');
    await storyStepThenPageDown(pathToFileURL(SINGLE).href);
  });
});
