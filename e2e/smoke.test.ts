import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite, watchPage } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('the built site', () => {
  const env = useBuiltSite(DIST);

  it('loads from a sub-path with no console error and no request to another origin', async () => {
    const { site, browser } = env;
    const page = await browser.newPage();
    const watch = watchPage(page, site.origin);
    const res = await page.goto(site.url, { waitUntil: 'networkidle' });
    assert.equal(res?.status(), 200);
    await page.getByRole('heading', { name: /ShardScope/ }).first().waitFor();
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    assert.deepEqual(watch.foreignRequests, []);
    // Every asset came from under the prefix; nothing 404'd at the server root.
    assert.ok(site.requests.every((p) => p.startsWith('/demos/shardscope/')), site.requests.join(', '));
    await page.close();
  });

  it('declares its own favicon and it is served', async () => {
    const { site, browser } = env;
    const page = await browser.newPage();
    await page.goto(site.url);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.ok(href && !/^https?:/.test(href), `favicon href ${href}`);
    const icon = await page.request.get(new URL(href, site.url).toString());
    assert.equal(icon.status(), 200);
    await page.close();
  });
});
