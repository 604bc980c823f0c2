/**
 * A 50 MB file dropped on the page is read in the worker with no long task
 * on the page. Apart from e2e/import.test.ts because it measures the page's long tasks:
 * e2e/run.mjs runs it alone, with no other browser suite beside it.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, longTaskLimit, TIMING, useBuiltSite, type PageWatch } from './browser';
import { dropFile, liveCount, openGenerated, recordLongTasks, writeBigFile } from './importFiles';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('importing a large file keeps the page responsive', () => {
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

  it('reads a 50 MB file dropped on the page in the worker: no long task over 50 ms on the page', TIMING, async () => {
    const { path, items: n } = writeBigFile(50);
    // On this shared 2-core VM (load often over 10) a lone style or GC pause can pass 50 ms
    // whatever the page does; a real regression shows in every read. So a read with long tasks
    // is reported and made once more, and the test fails only when the second has them too.
    const reads: number[][] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) {
        await page.getByRole('button', { name: 'Close' }).click();
        await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
      }
      await dropFile(page, path, () => recordLongTasks(page));
      await page.getByTestId('import-dialog').waitFor();
      await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
      reads.push(tasks.filter((d) => d > 50));
      if (reads[attempt]!.length === 0) break;
      console.log(`read ${attempt + 1}: long tasks of ${tasks.join(', ')} ms; reading once more`);
    }
    const limit = longTaskLimit('reading a 50 MB file');
    assert.ok(Math.max(0, ...reads[reads.length - 1]!) <= limit, `long tasks in every read: ${JSON.stringify(reads)} ms`);
    assert.equal(await page.getByTestId('import-count').textContent(), n.toLocaleString('en-US'));
    assert.equal(await page.getByTestId('import-format').getAttribute('data-format'), 'json-list');
    // Not confirmed yet: the cluster shown is the one before.
    assert.equal(await liveCount(page), before);
    await page.getByTestId('import-confirm').click();
    await page.waitForFunction((k) => document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count') === String(k), n, { timeout: 60_000 });
    await page.getByTestId('import-status').waitFor();
    assert.deepEqual(watch.pageErrors, []);
  });
});
