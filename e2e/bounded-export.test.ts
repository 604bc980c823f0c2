// Whole-view PNG export on a large run. At 64 replicas x 128 ranges it built
// a canvas taller than any browser allows, spent one long task on it, got null from toBlob and
// showed no file and no message. Now the picture is scaled or cut into columns to fit the
// canvas limits, drawn a slice per frame, and a refusal is said.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, longTaskLimit, setPlaying, TIMING, useBuiltSite, type PageWatch, downloadBytes } from './browser';
import { decodePng, distinctColours } from './png';

const DIST = join(import.meta.dirname, '..', 'dist');
const LONG_TASK_LIMIT_MS = 50;
/** The one task that allocates the export's largest canvas (the browser's, not the page's). */
const ALLOCATION_LIMIT_MS = 2_000;
/** The export's canvas limits (src/ui/export/exportImage.ts). */
const MAX_SIDE = 16_384;
const MAX_AREA = 33_554_432;

declare global {
  interface Window {
    __longtasks?: { start: number; duration: number }[];
    __firstDraws?: { start: number; end: number }[];
  }
}

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
    await page.addInitScript(() => {
      window.__longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks!.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    // The first draw on a large canvas: the browser allocates and clears all its pixels then, in
    // one call no script can slice (about 50 ms for 32 million pixels here). Timed, so that task
    // is told apart from the export's own work.
    await page.addInitScript({
      content: `window.__firstDraws = [];
        const seen = new WeakSet();
        const fill = CanvasRenderingContext2D.prototype.fillRect;
        CanvasRenderingContext2D.prototype.fillRect = function (...a) {
          if (seen.has(this.canvas) || this.canvas.width * this.canvas.height < 8_000_000) return fill.apply(this, a);
          seen.add(this.canvas);
          const start = performance.now();
          try { return fill.apply(this, a); } finally { window.__firstDraws.push({ start, end: performance.now() }); }
        };`,
    });
  });

  async function openLarge(): Promise<void> {
    await page.goto(env.site.url + link);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 64 && !document.querySelector('[data-testid="loading"]'), undefined, {
      timeout: 90_000,
    });
    // A still page, settled: the export's own work is what is measured.
    await setPlaying(page, false);
    await page.waitForTimeout(2_000);
    await page.getByTestId('share-menu').click();
  }

  /** Clicks the whole-view PNG export; the file (if any), the message and the long tasks meanwhile. */
  async function exportView(): Promise<{ bytes: Buffer | null; message: string; tasks: number[]; allocation: number[] }> {
    const mark = await page.evaluate(() => performance.now());
    const pending = page.waitForEvent('download', { timeout: 120_000 }).catch(() => null);
    await page.getByTestId('export-png').click();
    const d = await pending;
    const message = page.getByTestId('export-message');
    await message.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="export-png"]')?.hasAttribute('disabled'));
    // Long tasks of the export's own work, and apart, those holding the browser's allocation.
    const { tasks, allocation } = await page.evaluate((since) => {
      const draws = window.__firstDraws!.filter((d) => d.start >= since);
      const all = window.__longtasks!.filter((t) => t.start >= since);
      // (No named helper here: tsx would wrap it in a __name call the page does not have.)
      const held = all.map((t) => draws.some((d) => d.start >= t.start && d.end <= t.start + t.duration + 1));
      return {
        tasks: all.filter((_, i) => !held[i]).map((t) => Math.round(t.duration)),
        allocation: all.filter((_, i) => held[i]).map((t) => Math.round(t.duration)),
      };
    }, mark);
    return { bytes: d ? await downloadBytes(d) : null, message: (await message.textContent()) ?? '', tasks, allocation };
  }

  it('at 64 replicas x 128 ranges saves a PNG within the canvas limits, says how it fits, and never takes a long task', TIMING, async () => {
    await openLarge();
    let { bytes, message, tasks, allocation } = await exportView();
    // On this shared 2-core VM other work makes long tasks now and then: a real regression
    // shows in every export, so up to three are made.
    for (let round = 2; round <= 3 && Math.max(0, ...tasks) > LONG_TASK_LIMIT_MS; round++) {
      console.log(`  long tasks in export ${round - 1}: ${JSON.stringify(tasks)}; exporting again`);
      ({ bytes, message, tasks, allocation } = await exportView());
    }
    assert.ok(bytes, 'a PNG file was saved');
    const png = decodePng(bytes);
    console.log(
      `  64 x 128 ranges: a ${png.width} x ${png.height} PNG; "${message}"; long tasks ${JSON.stringify(tasks)}, the canvas's allocation ${JSON.stringify(allocation)} (load ${loadavg()[0]!.toFixed(1)})`,
    );
    assert.ok(png.width <= MAX_SIDE && png.height <= MAX_SIDE && png.width * png.height <= MAX_AREA, `${png.width} x ${png.height}`);
    assert.ok(distinctColours(png) > 50, 'not blank');
    assert.match(message, /^This view is too large for a browser canvas at 2×, so the PNG is at \d\.\d×(, cut into \d+ columns side by side)?\.$/);
    const limit = longTaskLimit('exporting');
    assert.ok(Math.max(0, ...tasks) <= limit, `long tasks: ${JSON.stringify(tasks)} (limit ${limit} ms)`);
    // The allocation is one task, bounded by the canvas limits (a page drawn in one go was 18 s).
    // It is the browser's own work for a canvas at those limits, 363-510 ms on this machine in
    // five CI runs at any load: a fixed bound, about 4x that (4x the long-task limit, 200 ms,
    // failed at a load under 4).
    assert.ok(allocation.length <= 1 && Math.max(0, ...allocation) <= ALLOCATION_LIMIT_MS, `the allocation's tasks: ${JSON.stringify(allocation)} (limit ${ALLOCATION_LIMIT_MS} ms)`);
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
