import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitUntil, type PageWatch } from './browser';
import { readLink } from '../src/state/link';

const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_DOCS=1 npm run test:e2e` refreshes the screenshots in docs/; a plain run leaves the tree untouched. */
const DOCS = process.env.SHARDSCOPE_DOCS ? join(import.meta.dirname, '..', 'docs') : null;

/** Bytes in a text like "59.9 MB" (decimal units, as the page formats them). */
function bytesOf(text: string): number {
  const m = /([\d.,]+)\s*(B|kB|MB|GB|TB)\b/.exec(text);
  assert.ok(m, `no byte figure in ${JSON.stringify(text)}`);
  const scale = { B: 1, kB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 }[m[2] as 'B'];
  return Number(m[1]!.replace(/,/g, '')) * scale;
}

describe('memory under the two client styles', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('memory-figures').waitFor();
    // The cards render after the first snapshot, which may come after the memory figures on a
    // loaded machine (0 cards were read right after the figures appeared).
    await page.getByTestId('replica-card').first().waitFor();
  });

  const value = async (testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'));

  it("switching the informer cache to 'all' makes the client-side memory figure N times the server-side one", async () => {
    const n = await page.getByTestId('replica-card').count();
    assert.equal(n, 4);
    // Paused, so that figures read one after the other come from the same snapshot.
    const play = page.getByTestId('play-toggle');
    if ((await play.getAttribute('aria-pressed')) === 'true') await play.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'false');
    // Filter before the cache (the default): both modes cache the same shards.
    const owned = [await value('memory-cache-owned-client'), await value('memory-cache-owned-server')];
    assert.ok(Math.abs(owned[0]! - owned[1]!) <= 1, `owned caches differ: ${owned.join(' vs ')}`);

    await page.getByRole('radio', { name: /All it receives/ }).check();
    await page.locator('[data-testid="memory-figures"][data-style="all"]').waitFor();
    // The chart's header: the figures a presenter reads out, rounded to three digits (0.5% each).
    const head = page.getByTestId('chart-memory');
    const client = bytesOf((await head.locator('.chart__value--client strong').textContent()) ?? '');
    const server = bytesOf((await head.locator('.chart__value--server strong').textContent()) ?? '');
    assert.ok(Math.abs(client / server - n) <= n * 0.011, `client ${client} vs server ${server}: ratio ${client / server}, expected ${n}`);
    // Exactly N before rounding: every client-side replica holds the whole collection,
    // the server-side shards partition it.
    const all = [await value('memory-cache-all-client'), await value('memory-cache-all-server')];
    assert.ok(Math.abs(all[0]! / all[1]! - n) < 1e-3, `all: ${all.join(' vs ')}`);
    // The cards say the same per replica.
    const card = page.getByTestId('replica-card').first();
    const cardClient = bytesOf((await card.getByTestId('card-memory-cache-all-client').textContent()) ?? '');
    const cardServer = bytesOf((await card.getByTestId('card-memory-cache-all-server').textContent()) ?? '');
    assert.ok(cardClient / cardServer > 2, `card: ${cardClient} vs ${cardServer}`);
    // The choice travels in the link (the short link as much as the older format).
    await waitUntil(async () => readLink(await page.evaluate(() => location.hash)).state?.params.clientCache === 'all');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('shows both client styles on the memory chart (screenshot for docs/)', async () => {
    // Two rolling updates' worth of history, at 4x speed.
    for (let i = 0; i < 2; i++) await page.locator('body').press('+');
    const play = page.getByTestId('play-toggle');
    if ((await play.getAttribute('aria-pressed')) !== 'true') await play.click();
    await page.waitForFunction(() => {
      const t = document.querySelectorAll('[data-testid="chart-memory"] .chart__axis text')[1]?.textContent ?? '';
      return Number.parseFloat(t) >= 40;
    }, undefined, { timeout: 60_000 });
    await play.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'false');
    const block = page.getByTestId('chart-memory');
    await block.scrollIntoViewIfNeeded();
    const chart = (await block.boundingBox())!;
    const figures = (await page.getByTestId('memory-figures').boundingBox())!;
    // The chart and its figures together, as they sit on the page at 1280x720.
    const x = Math.min(chart.x, figures.x) - 8;
    const y = chart.y - 8;
    const clip = { x, y, width: Math.max(chart.x + chart.width, figures.x + figures.width) - x + 8, height: figures.y + figures.height - y + 8 };
    if (DOCS) {
      mkdirSync(DOCS, { recursive: true });
      await page.screenshot({ path: join(DOCS, 'memory-client-styles.png'), clip });
    }
    assert.ok(clip.height < 720 && clip.width <= 1280);
    assert.deepEqual(watch.pageErrors, []);
  });
});
