import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { pauseAtSecond, useBuiltSite, watchPage } from './browser';
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
    // A hang guard: a worker step at 16,000,000 adds per second asked takes seconds.
    { timeout: 120_000 },
  );
}

/** Waits until the page has shown its first frame, mounted every panel, started playing and taken its first step. */
async function startedUp(page: Page): Promise<void> {
  await page.getByTestId('replica-card').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('event-flow').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'true');
  await clockPast(page, 0);
}

describe('heavy churn plays on the worker', () => {
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
    it(`plays ${name} on the worker`, async () => {
      context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const watch = watchPage(page, env.site.origin);
      await page.goto(env.site.url + link(p, w));
      await startedUp(page);
      // The model moves on (at 16,000,000 adds per second asked, a worker step takes seconds:
      // wait for the next one).
      await clockPast(page, await clockSeconds(page));
      assert.equal(await page.getByTestId('play-toggle').getAttribute('aria-pressed'), 'true');
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

  it('runs the default cluster on the page’s thread, says why, and plays it', async () => {
    const page = await open();
    await startedUp(page);
    assert.equal(await page.locator('.app').getAttribute('data-engine'), 'local');
    const notice = page.getByTestId('engine-fallback');
    assert.equal(await notice.getAttribute('data-reason'), 'blocked');
    assert.match((await notice.textContent()) ?? '', /worker could not start: this site’s Content-Security-Policy blocks web workers/);
    assert.match((await notice.textContent()) ?? '', /up to 20,000 objects and 20,000 changes per second of playback/);
    assert.equal(await page.getByTestId('engine-budget').count(), 0);
    // It plays: the clock moves on by 2 simulated seconds.
    await clockPast(page, (await clockSeconds(page)) + 2);
    assert.equal(await page.getByTestId('play-toggle').getAttribute('aria-pressed'), 'true');
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

  it('ten ArrowLeft presses while a step back is under way run at most two seeks and end ten steps back', async () => {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    // Every seek the page sends its worker is counted and, while the test holds them, kept
    // back: a step back then stays under way for as long as the test wants, as a slow one on
    // a large cluster does, whatever the machine's speed.
    await page.addInitScript(() => {
      const w = window as unknown as { __seeks: number[]; __holdSeeks: boolean; __held: (() => void)[] };
      w.__seeks = [];
      w.__holdSeeks = false;
      w.__held = [];
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, ...a: Parameters<Worker['postMessage']>) {
        const m = a[0] as { cmd?: unknown; args?: unknown[] } | null;
        if (m?.cmd === 'seek') {
          w.__seeks.push(Number(m.args?.[0]));
          if (w.__holdSeeks) {
            w.__held.push(() => post.apply(this, a));
            return;
          }
        }
        post.apply(this, a);
      } as Worker['postMessage'];
    });
    await page.goto(env.site.url);
    await startedUp(page);
    // Paused at 5 s, every step before it answered.
    await pauseAtSecond(page, 5);
    const t0 = await clockSeconds(page);
    // Every time the clock shows, from now on.
    await page.evaluate(() => {
      const w = window as unknown as { __clocks: string[]; __seeks: number[]; __holdSeeks: boolean };
      w.__clocks = [];
      w.__seeks = [];
      w.__holdSeeks = true;
      const el = document.querySelector('[data-testid="clock"]')!;
      new MutationObserver(() => w.__clocks.push(el.textContent ?? '')).observe(el, { subtree: true, characterData: true, childList: true });
    });
    // The keys go to the page, not to the timeline the pause left focused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    // The first step back is sent and held: every press came while it was under way.
    await page.waitForFunction(() => (window as unknown as { __held: unknown[] }).__held.length === 1);
    await page.evaluate(() => {
      const w = window as unknown as { __holdSeeks: boolean; __held: (() => void)[] };
      w.__holdSeeks = false;
      for (const send of w.__held.splice(0)) send();
    });
    const target = Math.round((t0 - 2.5) * 10) / 10;
    await page.waitForFunction(
      (want) => {
        const m = /(\d+):(\d+(?:\.\d+)?)/.exec(document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent ?? '');
        return m !== null && Math.abs(Number(m[1]) * 60 + Number(m[2]) - want) < 0.05;
      },
      target,
      { timeout: 60_000 },
    ).catch(async (e: unknown) => {
      const at = await page.evaluate(() => ({ clock: document.querySelector('[data-testid="clock"]')?.textContent, seeks: (window as unknown as { __seeks: number[] }).__seeks }));
      throw new Error(`the clock never showed ${target} s: ${JSON.stringify(at)}`, { cause: e });
    });
    // Ten steps back are all the presses asked for: no seek is left to come.
    const seeks = await page.evaluate(() => (window as unknown as { __seeks: number[] }).__seeks);
    assert.ok(seeks.length <= 2, `${seeks.length} seeks: ${seeks.join(', ')}`);
    assert.ok(Math.abs(seeks[seeks.length - 1]! - target) < 0.05, `the last seek went to ${seeks[seeks.length - 1]}, not ${target}`);
    const shown = [...new Set(await page.evaluate(() => (window as unknown as { __clocks: string[] }).__clocks))];
    assert.ok(shown.length <= 2, `the clock showed ${shown.length} times: ${shown.join(' | ')}`);
  });
});
