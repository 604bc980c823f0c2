import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, pauseAtSecond, setPlaying, useBuiltSite, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_DOCS=1 npm run test:e2e` refreshes the screenshots in docs/; a plain run leaves the tree untouched. */
const DOCS = process.env.SHARDSCOPE_DOCS ? join(import.meta.dirname, '..', 'docs') : null;

describe('the headline states failures', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  /** Font size and weight of an element, as rendered. */
  const typeOf = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const s = getComputedStyle(el);
      return `${s.fontSize} ${s.fontWeight}`;
    });

  it('says, in the same large type, that client-go replicas on a gate-off API server cache the whole collection', async () => {
    // client-go as shipped (the default), then the only API server's gate off: every replica caches everything.
    assert.equal(await page.getByTestId('client-client-go').isChecked(), true);
    await page.getByTestId('toggle-gate-0').first().click();
    const headline = page.getByTestId('headline-ratio');
    const failure = page.getByTestId('headline-failure');
    await failure.waitFor();
    const text = (await headline.textContent()) ?? '';
    assert.match(text, /^4 replicas: .* — but 100% of objects have more than one owner; .+ are on gate-off API servers and cache the whole collection, silently(; and \d+ more problems?)?$/);
    assert.equal(await headline.getAttribute('data-failures'), 'duplicates trust');
    // Same large type as the ratio, and visible without scrolling the panel.
    assert.equal(await typeOf('[data-testid="headline-failure"]'), await typeOf('[data-testid="headline-ratio"]'));
    assert.ok(Number.parseFloat(await typeOf('[data-testid="headline-ratio"]')) >= 28);
    // Once the rate window has passed the reconnect, both modes send the whole stream alike.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="headline-ratio"]')?.textContent?.startsWith('4 replicas: both modes send the same — but '),
      undefined,
      { timeout: 30_000 },
    );
    await headline.scrollIntoViewIfNeeded();
    assert.ok(await failure.isVisible());
    if (DOCS) await page.screenshot({ path: join(DOCS, 'headline-failure.png') });
    assert.deepEqual(watch.pageErrors, []);
  });

  it('says what share of objects has no owner when a selector leaves a gap', async () => {
    // Replica 0 stops at 0x2000... instead of 0x4000...: an eighth of the space is nobody's.
    const input = page.getByTestId('selector-input').first();
    await input.fill("shardRange(object.metadata.uid, '0x0000000000000000', '0x2000000000000000')");
    const failure = page.getByTestId('headline-failure');
    await failure.waitFor();
    const text = (await failure.textContent()) ?? '';
    const m = /^ — but (\d+(?:\.\d)?)% of objects have no owner/.exec(text);
    assert.ok(m, text);
    // An eighth of uniformly hashed uids: about 12.5%.
    const share = Number(m[1]);
    assert.ok(share > 10 && share < 15, `gap share ${share}%`);
    // The audit agrees with the headline.
    const audit = page.getByTestId('ownership-audit');
    const gaps = Number(await audit.getAttribute('data-gaps'));
    assert.ok(gaps > 0);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('says nothing more for a healthy run, first as expected while rates settle, then as measured', async () => {
    const ratio = page.getByTestId('headline-ratio');
    // 2 s into the run, paused with the timeline's keys, however long this machine took to get
    // here: 3 s of the page's 5 s rate window are left (a run stepped back to a time shows the
    // rates it showed there when it played).
    await pauseAtSecond(page, 2);
    await page.waitForFunction(() => /\(expected; rates settle in 3 s\)$/.test(document.querySelector('[data-testid="headline-ratio"]')?.textContent ?? ''));
    assert.match((await ratio.textContent()) ?? '', /^4 replicas: server-side should send \d+\.\d× less \(expected; rates settle in 3 s\)$/);
    // Played on, measured once a whole rate window has passed since the start.
    const toggle = page.getByTestId('play-toggle');
    await setPlaying(page, true);
    await page.getByTestId('settling-badge').first().waitFor({ state: 'detached', timeout: 60_000 });
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.equal(await page.getByTestId('headline-failure').count(), 0);
    assert.match((await ratio.textContent()) ?? '', /^4 replicas: server-side sends \d+\.\d× less$/);
  });
});
