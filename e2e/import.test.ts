/**
 * Importing a real cluster in the browser (a 50 MB file read in the worker:
 * e2e/import-smooth.test.ts). A long import can be cancelled
 * and the cluster shown stays; a malformed file gives a located message and keeps the state;
 * the share link after an import carries the count only, never a uid or a name.
 */
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch } from './browser';
import { readLink } from '../src/state/link';
import { dropFile, liveCount, openGenerated, SECRET_NS, smallList, uidOf, writeBigFile } from './importFiles';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('importing a real cluster', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    before = await openGenerated(page, env.site.url);
  });
  /** The live objects when the page was paused (the generated cluster, after some churn). */
  let before = 0;
  afterEach(() => {
    assert.deepEqual(watch.pageErrors, []);
  });

  it('cancels a long import: the previous cluster stays', async () => {
    await dropFile(page, writeBigFile(150).path);
    await page.getByTestId('import-progress').waitFor();
    await page.getByTestId('import-cancel').click();
    await page.getByTestId('import-cancelled').waitFor();
    assert.equal(await page.getByTestId('import-progress').count(), 0);
    assert.equal(await page.getByTestId('import-summary').count(), 0);
    assert.equal(await page.getByTestId('import-confirm').isDisabled(), true);
    await page.waitForTimeout(1500);
    assert.equal(await page.getByTestId('import-summary').count(), 0, 'a cancelled read never reports');
    assert.equal(await liveCount(page), before);
    assert.equal(await page.getByTestId('import-status').count(), 0);
  });

  it('a malformed file: line, column, what was expected, the text around it; the state is kept', async () => {
    const good = smallList(10).toString('utf8');
    const cut = good.slice(0, good.indexOf('"web-7"') + 3); // inside item 7's name
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-file').setInputFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(cut) });
    const error = page.getByTestId('import-error');
    await error.waitFor();
    const lines = cut.split('\n');
    const text = await error.textContent();
    assert.match(text ?? '', new RegExp(`line ${lines.length}, column ${lines[lines.length - 1]!.length + 1}`));
    assert.match(text ?? '', /expected a closing quote \("\), found the end of the file/);
    assert.match(text ?? '', /"name": "we/);
    // The items read before the cut are offered; nothing changed yet.
    assert.equal(await page.getByTestId('import-count').textContent(), '7');
    assert.equal(await liveCount(page), before);
    await page.getByRole('button', { name: 'Close' }).click();
    assert.equal(await liveCount(page), before);
    assert.equal(await page.getByTestId('import-status').count(), 0);
  });

  it('the share link after an import carries the count, no uid and no name; opened elsewhere it says so', async () => {
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: smallList(300) });
    await page.getByTestId('import-summary').waitFor();
    await page.screenshot({ path: join(tmpdir(), 'shardscope-import-dialog.png') });
    await page.getByTestId('import-confirm').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count') === '300');
    // The page writes the link after a pause.
    await page.waitForFunction(() => location.hash.length > 3, undefined, { timeout: 60_000 });
    let state: ReturnType<typeof readLink>['state'] = null;
    for (let i = 0; i < 60; i++) {
      state = readLink(await page.evaluate(() => location.hash)).state;
      if ((state?.params as { imported?: number } | undefined)?.imported === 300) break;
      await page.waitForTimeout(250);
    }
    assert.equal((state?.params as { imported?: number }).imported, 300);
    const carried = JSON.stringify(state);
    assert.ok(!carried.includes(SECRET_NS) && !carried.includes('web-1') && !carried.includes(uidOf(1)) && !carried.includes('5e2e'), carried.slice(0, 300));
    // Hidden names: no real namespace on the page.
    await page.getByTestId('import-status').getByRole('switch').check();
    await page.waitForFunction((ns) => !document.body.innerText.includes(ns) && document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count') === '300', SECRET_NS);
    // Opened in a fresh page: a generated cluster of 300 objects, and the page says why.
    const hash = await page.evaluate(() => location.hash);
    const other = await freshPage(env, undefined);
    await other.page.goto(env.site.url + hash);
    await other.page.getByTestId('import-link-notice').waitFor();
    assert.match((await other.page.getByTestId('import-link-notice').textContent()) ?? '', /imported cluster of 300 objects/);
    // The generated cluster starts with 300 objects (churn changes the count once it plays).
    assert.equal((await other.page.getByTestId('field-objects').inputValue()).replace(/\D/g, ''), '300');
    await other.context.close();
  });
});
