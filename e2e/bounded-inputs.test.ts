// Inputs that blanked or froze the page: a pasted million-character number and a render error in
// one panel; the number fields' wrong or missing messages. A 10 MB selector paste, timed:
// e2e/bounded-paste.test.ts.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitUntil, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

/** The run's simulated time (the timeline's `data-time`). */
const simTime = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')));

/** Whether the page still shows the simulator: the header, the controls and the replica cards. */
async function pageAlive(page: Page): Promise<boolean> {
  return page.evaluate(
    () => !!document.querySelector('[data-testid="header"]') && !!document.querySelector('[data-testid="field-objects"]') && document.querySelectorAll('[data-testid="replica-card"]').length > 0,
  );
}

/** Waits until the run has advanced by a simulated second (it keeps playing). */
async function stillPlaying(page: Page): Promise<void> {
  const t0 = await simTime(page);
  await waitUntil(async () => (await simTime(page)) > t0 + 1, 20_000);
}

describe('number fields and render errors never blank the page', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(query = ''): Promise<void> {
    await page.goto(env.site.url + query);
    await page.getByTestId('replica-card').first().waitFor();
  }

  it('a 1,000,001-character paste into Objects or Added/s is refused with a message, and the run keeps playing', async () => {
    await open();
    const paste = '1 ' + '1'.repeat(999_999);
    for (const name of ['objects', 'addedPerSec']) {
      const field = page.getByTestId(`field-${name}`);
      const before = await field.inputValue();
      await field.fill(paste);
      const error = page.getByTestId(`field-error-${name}`);
      // Filling a megabyte is slow in itself on a loaded machine (over 10 s at SHARDSCOPE_CPU_THROTTLE=3);
      // how long a paste holds the page is measured for the selector, below.
      await error.waitFor({ timeout: 30_000 });
      assert.match((await error.textContent()) ?? '', /^That is 1,000,001 characters; a number here has at most 64\./);
      await field.press('Enter');
      await field.press('Escape');
      assert.equal(await field.inputValue(), before);
    }
    assert.ok(await pageAlive(page), 'the page still shows the simulator');
    await stillPlaying(page);
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
  });

  for (const [lang, message] of [
    ['en', /This part of the page stopped working/],
    ['zh-CN', /页面的这一部分出错了/],
  ] as const) {
    it(`a render error in one panel shows a message in that panel (${lang}) and the rest keeps running`, async () => {
      // Intl throws for one number, as ICU did for an unbounded BigInt: every panel that
      // formats it fails to render.
      await context.addInitScript(() => {
        const desc = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
        Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
          configurable: true,
          get(this: Intl.NumberFormat) {
            const format = desc.get!.call(this) as (n: number | bigint) => string;
            return (n: number | bigint) => {
              if (Number(n) === 4242) throw new TypeError('Internal error. Icu error.');
              return format(n);
            };
          },
        });
      });
      await open(lang === 'en' ? '' : '?lang=zh-CN');
      const field = page.getByTestId('field-objects');
      await field.fill('4242');
      await field.press('Enter');
      const errors = page.getByTestId('panel-error');
      await errors.first().waitFor({ timeout: 60_000 });
      const texts = await errors.allTextContents();
      assert.ok(texts.length >= 1);
      for (const text of texts) assert.match(text, message);
      // The message sits where the failed panel was: the control panel, beside the main area.
      assert.equal(await page.locator('aside [data-testid="panel-error"]').count(), 1);
      // The rest of the page is there and the run plays on.
      assert.ok(await page.getByTestId('header').isVisible());
      assert.ok((await page.getByTestId('replica-card').count()) > 0);
      await stillPlaying(page);
      // The planted error, when it first throws in a concurrent render, makes React retry the
      // root synchronously and report that it recovered (its error #520, through reportError);
      // whether a render was concurrent is a matter of timing. Any other page error fails.
      assert.deepEqual(watch.pageErrors.filter((e) => !/Minified React error #520\b/.test(e)), []);
    });
  }
});

describe('number fields say what really happened', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  async function typeInto(name: string, text: string): Promise<string> {
    const field = page.getByTestId(`field-${name}`);
    await field.fill(text);
    await field.press('Enter');
    const error = page.getByTestId(`field-error-${name}`);
    await error.waitFor({ timeout: 60_000 });
    return (await error.textContent()) ?? '';
  }

  it('"1 1 1 …" too large to be a value is out of range, not a reading to type', async () => {
    const text = await typeInto('objects', '1 '.repeat(32).trim());
    assert.match(text, /^Must be between 1 and 1,000,000\./);
    assert.doesNotMatch(text, /Type|∞/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('1e-400 is refused as too close to 0, not run as 0', async () => {
    const before = await page.getByTestId('field-addedPerSec').inputValue();
    const text = await typeInto('addedPerSec', '1e-400');
    assert.match(text, /^“1e-400” is too close to 0 to tell apart from it; type 0 if you meant that\./);
    await page.getByTestId('field-addedPerSec').press('Escape');
    assert.equal(await page.getByTestId('field-addedPerSec').inputValue(), before);
  });
});
