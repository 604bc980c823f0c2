import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { longTaskLimit, TIMING, useBuiltSite, watchPage } from './browser';
import { serveStatic, type StaticSite } from './server';

const DIST = join(import.meta.dirname, '..', 'dist');

/** A `#state=` link with these parameters and view fields (the rest take their defaults). */
const link = (p: Record<string, unknown>, w: Record<string, unknown> = {}) =>
  '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p, w }));

/** Simulated seconds shown by the header clock ("t = 1:02.5"). */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('clock').locator('[aria-hidden="true"]').textContent()) ?? '';
  const m = /(\d+):(\d+(?:\.\d+)?)/.exec(text);
  assert.ok(m, `no time in ${JSON.stringify(text)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Waits until the header clock shows more than `t` simulated seconds. */
async function clockPast(page: Page, t: number): Promise<void> {
  await page.waitForFunction(
    (after) => {
      const m = /(\d+):(\d+(?:\.\d+)?)/.exec(document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent ?? '');
      return m !== null && Number(m[1]) * 60 + Number(m[2]) > after;
    },
    t,
    { timeout: 60_000 },
  );
}

/** Starts recording the page's long tasks (over 50 ms, by the Long Tasks API's definition). */
async function recordLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration * 10) / 10);
    }).observe({ type: 'longtask' });
  });
}

const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

/**
 * The long tasks of a 5 s window of playing. On this shared 2-core VM a lone layout or GC pause
 * can reach 51–56 ms once in a while whatever the page does; a real regression shows in every
 * window. So a window with long tasks is reported and measured once more, and the test fails
 * only when the second window has long tasks too.
 */
async function playingWindowTasks(page: Page): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    const t0 = await clockSeconds(page);
    await recordLongTasks(page);
    await page.waitForTimeout(5_000);
    // The model is moving (at 16,000,000 adds per second asked, a worker step takes seconds:
    // wait for the next one).
    await clockPast(page, t0);
    const tasks = await longTasks(page);
    if (tasks.length === 0 || attempt === 1) return tasks;
    console.log(`  long tasks in a first 5 s window (ms): ${tasks.join(', ')}; measuring another window`);
  }
}

/** Waits until the page has shown its first frame, mounted every panel and started playing. */
async function startedUp(page: Page): Promise<void> {
  await page.getByTestId('replica-card').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('event-flow').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'true');
  // The first steps: the series and the dots get their first real data.
  await page.waitForTimeout(1_000);
}

describe('heavy churn never blocks the page', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  const heavyLinks: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['1,000 objects with 1,000,000 adds/s at speed 16', { objects: 1000, addedPerSec: 1_000_000, modifiedPerSec: 0, deletedPerSec: 0 }, { speed: 16 }],
    ['2,000 objects with 20,000 adds/s and 20,000 deletes/s', { objects: 2000, addedPerSec: 20_000, modifiedPerSec: 0, deletedPerSec: 20_000 }, {}],
  ];
  for (const [name, p, w] of heavyLinks) {
    it(`plays ${name} for 5 s with no task over 50 ms`, TIMING, async () => {
      context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const watch = watchPage(page, env.site.origin);
      await page.goto(env.site.url + link(p, w));
      await startedUp(page);
      const tasks = await playingWindowTasks(page);
      assert.equal(await page.getByTestId('play-toggle').getAttribute('aria-pressed'), 'true');
      assert.ok(Math.max(0, ...tasks) <= longTaskLimit('playing'), `long tasks while playing (ms): ${tasks.join(', ')}`);
      assert.equal(await page.locator('.app').getAttribute('data-engine'), 'worker');
      assert.equal(await page.getByTestId('engine-fallback').count(), 0);
      assert.deepEqual(watch.pageErrors, []);
    });
  }
});

describe('a host whose CSP blocks workers', () => {
  let site: StaticSite | undefined;
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
    await site?.close();
    site = undefined;
  });

  async function open(hash = ''): Promise<Page> {
    site = await serveStatic(DIST, '/demos/shardscope/', { 'content-security-policy': "worker-src 'none'" });
    context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(site.url + hash);
    return page;
  }

  it('runs the default cluster on the page’s thread, says why, and never blocks it', TIMING, async () => {
    const page = await open();
    await startedUp(page);
    assert.equal(await page.locator('.app').getAttribute('data-engine'), 'local');
    const notice = page.getByTestId('engine-fallback');
    assert.equal(await notice.getAttribute('data-reason'), 'blocked');
    assert.match((await notice.textContent()) ?? '', /worker could not start: this site’s Content-Security-Policy blocks web workers/);
    assert.match((await notice.textContent()) ?? '', /up to 20,000 objects and 20,000 changes per second of playback/);
    assert.equal(await page.getByTestId('engine-budget').count(), 0);
    const tasks = await playingWindowTasks(page);
    assert.ok(Math.max(0, ...tasks) <= longTaskLimit('playing'), `long tasks while playing (ms): ${tasks.join(', ')}`);
  });

  it('says what it cannot run on the page’s thread and keeps the rest of the link', async () => {
    const page = await open(link({ objects: 1000, addedPerSec: 1_000_000, modifiedPerSec: 0, deletedPerSec: 0, replicas: 3 }, { speed: 16, view: 'ring' }));
    const refusal = page.getByTestId('engine-budget');
    await refusal.waitFor({ timeout: 30_000 });
    const text = (await refusal.textContent()) ?? '';
    // Names the limit and what exceeds it.
    assert.match(text, /1,000,000/);
    assert.match(text, /changes per second/);
    // The rest of the link is kept: three replicas, the ring view, the churn as asked.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 3);
    assert.equal(await page.getByTestId('field-addedPerSec').inputValue(), '1,000,000');
    assert.equal(await page.getByTestId('play-toggle').getAttribute('aria-pressed'), 'false');
    assert.ok(await page.getByTestId('play-toggle').isDisabled());
    assert.ok(await page.getByTestId('step').isDisabled());
    // Lowering the churn within the budget lets it play.
    const field = page.getByTestId('field-addedPerSec');
    await field.fill('50');
    await field.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="engine-budget"]') === null);
    await page.getByTestId('play-toggle').click();
    await clockPast(page, await clockSeconds(page));
  });
});

describe('step-back presses', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  // A timing test: it counts on a seek taking longer than ten key presses.
  it('ten ArrowLeft presses during a slow seek run at most two seeks and end ten steps back', TIMING, async () => {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    // A large cluster: every seek rebuilds it, so a seek takes far longer than ten key presses.
    await page.goto(env.site.url + link({ objects: 300_000 }));
    await startedUp(page);
    await page.waitForFunction(() => {
      const m = /(\d+):(\d+(?:\.\d+)?)/.exec(document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent ?? '');
      return m !== null && Number(m[1]) * 60 + Number(m[2]) >= 5;
    }, undefined, { timeout: 60_000 });
    await page.getByTestId('play-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'false');
    await page.waitForTimeout(500);
    const t0 = await clockSeconds(page);
    // Every time the clock shows, from now on.
    await page.evaluate(() => {
      const w = window as unknown as { __clocks: string[] };
      w.__clocks = [];
      const el = document.querySelector('[data-testid="clock"]')!;
      new MutationObserver(() => w.__clocks.push(el.textContent ?? '')).observe(el, { subtree: true, characterData: true, childList: true });
    });
    await page.locator('body').focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    const target = Math.round((t0 - 2.5) * 10) / 10;
    await page.waitForFunction(
      (want) => {
        const m = /(\d+):(\d+(?:\.\d+)?)/.exec(document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent ?? '');
        return m !== null && Math.abs(Number(m[1]) * 60 + Number(m[2]) - want) < 0.05;
      },
      target,
      { timeout: 60_000 },
    );
    // Give a queued seek, if any, the time to show up.
    await page.waitForTimeout(1_000);
    assert.ok(Math.abs((await clockSeconds(page)) - target) < 0.05);
    const shown = [...new Set(await page.evaluate(() => (window as unknown as { __clocks: string[] }).__clocks))];
    assert.ok(shown.length <= 2, `the clock showed ${shown.length} times: ${shown.join(' | ')}`);
  });
});
