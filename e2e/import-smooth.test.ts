/**
 * A 50 MB file dropped on the page is handed to the worker and read there; the cluster shown
 * stays until the import is confirmed. Apart from e2e/import.test.ts for its size (a read of a
 * few seconds); how long the page's tasks take meanwhile is a benchmark (`npm run bench --
 * --only responsive`).
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch } from './browser';
import { dropFile, liveCount, openGenerated, writeBigFile } from './importFiles';

const DIST = join(import.meta.dirname, '..', 'dist');

declare global {
  interface Window {
    /** The size of every file the page handed a worker to import. */
    __importsToWorker?: number[];
  }
}

describe('importing a large file', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.addInitScript(() => {
      window.__importsToWorker = [];
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, ...a: Parameters<Worker['postMessage']>) {
        const m = a[0] as { import?: unknown; source?: unknown } | null;
        if (m?.import === 'start' && m.source instanceof Blob) window.__importsToWorker!.push(m.source.size);
        post.apply(this, a);
      } as Worker['postMessage'];
    });
    before = await openGenerated(page, env.site.url);
  });
  /** The live objects when the page was paused (the generated cluster, after some churn). */
  let before = 0;

  it('reads a 50 MB file dropped on the page in the worker, and keeps the cluster until confirmed', async () => {
    const { path, items: n } = writeBigFile(50);
    await dropFile(page, path);
    await page.getByTestId('import-dialog').waitFor();
    await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
    assert.equal(await page.locator('.app').getAttribute('data-engine'), 'worker');
    const handed = await page.evaluate(() => window.__importsToWorker!);
    assert.equal(handed.length, 1, `files handed to the worker: ${JSON.stringify(handed)}`);
    assert.ok(handed[0]! >= 50e6, `the worker was handed ${handed[0]} bytes`);
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
