import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitUntil, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

/** A blog on another origin (another port): serves one page holding `body`. */
async function serveHost(body: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>A blog</title></head><body><h1>A post</h1>${body()}</body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/post.html`, close: () => new Promise((r) => server.close(() => r())) };
}

async function embedFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  const frame = (await handle.contentFrame())!;
  await frame.waitForSelector('[data-testid="embed-root"]');
  return frame;
}

describe('embedding one panel in an iframe on another origin', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  it('copies an <iframe> snippet that shows the hash space alone, read-only, sized to the iframe', async () => {
    await page.goto(env.site.url);
    await page.getByTestId('share-menu').click();
    await page.getByTestId('embed-code-toggle').click();
    const snippet = await page.getByTestId('embed-code').inputValue();
    assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/demos\/shardscope\/#embed=hash&amp;s=2\.[^"]+" width="800" height="450"/);
    const host = await serveHost(() => snippet);
    try {
      await page.goto(host.url);
      const frame = await embedFrame(page);
      assert.notEqual(new URL(frame.url()).origin, new URL(page.url()).origin);
      assert.equal(await frame.locator('[data-testid="header"]').count(), 0);
      assert.equal(await frame.locator('.app__side').count(), 0);
      await frame.getByTestId('hash-space').waitFor();
      const size = await frame.evaluate(() => {
        const r = document.querySelector('[data-testid="embed-root"]')!.getBoundingClientRect();
        return { w: r.width, h: r.height, iw: innerWidth, ih: innerHeight };
      });
      assert.deepEqual([size.w, size.h], [size.iw, size.ih]);
      assert.deepEqual([size.iw, size.ih], [800, 450]);
      // Read-only: the panel is inert, so its boundary handles take no focus and no drag.
      assert.equal(await frame.locator('.embed__panel').getAttribute('inert'), '');
      assert.equal(await frame.getByTestId('embed-root').getAttribute('data-interactive'), 'false');
      if (process.env.EMBED_SHOT) await page.screenshot({ path: process.env.EMBED_SHOT });
    } finally {
      await host.close();
    }
    assert.deepEqual(watch.pageErrors, []);
  });

  it('lets readers change an embed with &interactive=1, shows a replica card alone, and names a panel that does not exist', async () => {
    let src = `${env.site.url}#embed=hash&interactive=1`;
    const host = await serveHost(() => `<iframe src="${src}" width="640" height="400" style="border:0" title="ShardScope"></iframe>`);
    try {
      await page.goto(host.url);
      let frame = await embedFrame(page);
      assert.equal(await frame.locator('.embed__panel').getAttribute('inert'), null);
      await frame.getByTestId('boundary-handle').first().focus();
      assert.equal(await frame.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'boundary-handle');
      src = `${env.site.url}#embed=card:1`;
      await page.goto(host.url);
      frame = await embedFrame(page);
      await waitUntil(async () => (await frame.getByTestId('replica-card').count()) === 1);
      assert.equal(await frame.getByTestId('replica-card').getAttribute('data-replica'), '1');
      src = `${env.site.url}#embed=nope`;
      await page.goto(host.url);
      frame = await embedFrame(page);
      assert.match(await frame.getByTestId('embed-error').innerText(), /nope/);
    } finally {
      await host.close();
    }
    assert.deepEqual(watch.pageErrors, []);
  });
});
