// Whole-view PNG export on a large run (64 replicas x 128 ranges): a view taller than any
// browser canvas allows is scaled or cut into columns to fit the canvas limits, and the page says
// how; a browser that refuses the image is said too. How long the export's tasks take is a
// benchmark (`npm run bench -- --only responsive`).
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, type PageWatch, downloadBytes } from './browser';
import { decodePng, distinctColours } from './png';

const DIST = join(import.meta.dirname, '..', 'dist');
/** The export's canvas limits (src/ui/export/exportImage.ts). */
const MAX_SIDE = 16_384;
const MAX_AREA = 33_554_432;

/** Replica k of 64 gets every 64th of 64 x `per` equal pieces, as canonical text. */
function interleaved(per: number): string[] {
  const n = 64 * per;
  const hex = (i: number) => (i === n ? '0x10000000000000000' : '0x' + ((BigInt(i) << 64n) / BigInt(n)).toString(16).padStart(16, '0'));
  return Array.from({ length: 64 }, (_, k) => Array.from({ length: per }, (_, i) => `shardRange(object.metadata.uid, '${hex(i * 64 + k)}', '${hex(i * 64 + k + 1)}')`).join(' || '));
}

const link = '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 10_000, replicas: 64, selectors: interleaved(128) }, w: { speed: 1 } }));

describe('whole-view PNG export of a large run', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function openLarge(): Promise<void> {
    await page.goto(env.site.url + link);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 64 && !document.querySelector('[data-testid="loading"]'), undefined, {
      timeout: 90_000,
    });
    await setPlaying(page, false);
    await page.getByTestId('share-menu').click();
  }

  /** Clicks the whole-view PNG export; the file (if any) and the message, once the button is back. */
  async function exportView(): Promise<{ bytes: Buffer | null; message: string }> {
    const pending = page.waitForEvent('download', { timeout: 120_000 }).catch(() => null);
    await page.getByTestId('export-png').click();
    const d = await pending;
    const message = page.getByTestId('export-message');
    await message.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="export-png"]')?.hasAttribute('disabled'));
    return { bytes: d ? await downloadBytes(d) : null, message: (await message.textContent()) ?? '' };
  }

  it('at 64 replicas x 128 ranges saves a PNG within the canvas limits, says how it fits, and leaves the run paused', async () => {
    await openLarge();
    const { bytes, message } = await exportView();
    assert.ok(bytes, 'a PNG file was saved');
    const png = decodePng(bytes);
    console.log(`  64 x 128 ranges: a ${png.width} x ${png.height} PNG; "${message}"`);
    assert.ok(png.width <= MAX_SIDE && png.height <= MAX_SIDE && png.width * png.height <= MAX_AREA, `${png.width} x ${png.height}`);
    assert.ok(distinctColours(png) > 50, 'not blank');
    assert.match(message, /^This view is too large for a browser canvas at 2×, so the PNG is at \d\.\d×(, cut into \d+ columns side by side)?\.$/);
    // The run was paused before the export and stays paused.
    assert.equal(await page.getByTestId('play-toggle').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('says so when the browser refuses the image (toBlob gives null), and saves nothing', async () => {
    await page.addInitScript(() => {
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
        setTimeout(() => callback(null), 0);
      };
    });
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
    await page.getByTestId('share-menu').click();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByTestId('export-png').click();
    const message = page.getByTestId('export-message');
    await message.waitFor({ timeout: 30_000 });
    assert.equal(await message.getAttribute('role'), 'alert');
    assert.match((await message.textContent()) ?? '', /^The browser refused to make this [\d,]+ × [\d,]+ pixel PNG, so no file was saved\./);
    assert.equal(downloaded, false);
    assert.ok(await page.getByTestId('header').isVisible());
    assert.deepEqual(watch.pageErrors, []);
  });
});
