// The README's embedding screenshot: a blog post on another origin with
// the hash space embedded by the snippet that "Copy embed code" gives, at 1280x720.
// Run after a build: `node --import tsx e2e/shoot-embed.ts [outdir]` (default docs/).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'docs');
const site = await serveStatic(process.env.DIST ?? join(root, 'dist'));
const browser = await launch();
let snippet = '';
const blog = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
    `<!doctype html><html lang="en"><head><title>A blog</title><style>
      body { font: 18px/1.5 system-ui, sans-serif; color: #1f2328; max-width: 860px; margin: 24px auto; }
      h1 { font-size: 28px; margin: 0 0 8px; } p { margin: 0 0 16px; color: #3d444d; }
    </style></head><body>
      <h1>Sharding a controller's watch on the server</h1>
      <p>Each replica asks the API server for its own range of the uid hash space. The strip below is live: it runs in the page, from ShardScope's embed.</p>
      ${snippet}
    </body></html>`,
  );
});
await new Promise<void>((r) => blog.listen(0, '127.0.0.1', r));
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(site.url);
  await page.getByTestId('share-menu').click();
  await page.getByTestId('embed-code-toggle').click();
  snippet = await page.getByTestId('embed-code').inputValue();
  await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/post.html`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.getByTestId('hash-space').waitFor();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: join(out, 'embed-1280x720.png') });
  await context.close();
} finally {
  await browser.close();
  await site.close();
  blog.close();
}
