import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite, watchPage } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('live objects are capped in a browser', () => {
  const env = useBuiltSite(DIST);

  it('a link asking for adds far beyond the 1,000,000-object cap plays and says how many adds were refused', async () => {
    const { site, browser } = env;
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const watch = watchPage(page, site.origin);
    // A full cluster and 100,000 adds per second with no deletes: every add must be refused.
    const state = { v: 2, p: { objects: 1_000_000, addedPerSec: 100_000, modifiedPerSec: 0, deletedPerSec: 0 } };
    await page.goto(site.url + '#state=' + encodeURIComponent(JSON.stringify(state)));
    await page.getByTestId('replica-card').first().waitFor({ timeout: 120_000 });
    const play = page.getByTestId('play-toggle');
    if ((await play.getAttribute('aria-pressed')) !== 'true') await play.click();
    const notice = page.getByTestId('refused-adds');
    await notice.waitFor({ timeout: 60_000 });
    const text = (await notice.textContent()) ?? '';
    assert.match(text, /^[\d,]+ adds refused: the cluster holds at most 1,000,000 live objects/);
    assert.ok(Number(text.replace(/ adds.*$/s, '').replace(/,/g, '')) > 0);
    // The notice sits with the churn controls it explains.
    assert.equal(await page.locator('fieldset', { has: page.getByTestId('field-addedPerSec') }).getByTestId('refused-adds').count(), 1);
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    await context.close();
  });
});
