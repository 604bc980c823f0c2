/**
 * Playing stays smooth with the flow on screen, no task
 * over 50 ms. Apart from e2e/flow.test.ts because it measures the page's long tasks: e2e/run.mjs
 * runs it alone, with no other browser suite beside it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshPage, longTaskLimit, setPlaying, TIMING, useBuiltSite } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
const LONG_TASK_LIMIT_MS = 50;

declare global {
  interface Window {
    __longtasks?: { start: number; duration: number }[];
  }
}

describe('the event flow plays smoothly', () => {
  const env = useBuiltSite(DIST);

  it('no task over 50 ms while playing at the defaults with the flow on screen', TIMING, async () => {
    const { context, page, watch } = await freshPage(env);
    try {
      await page.addInitScript(() => {
        window.__longtasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longtasks!.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(env.site.url);
      const flow = page.getByTestId('event-flow');
      await flow.waitFor({ timeout: 30_000 });
      await page.getByTestId('flow-box').first().waitFor();
      await flow.scrollIntoViewIfNeeded();
      await setPlaying(page, true);
      await page.waitForTimeout(1_500);
      const measure = async () => {
        const mark = await page.evaluate(() => performance.now());
        await page.waitForTimeout(5_000);
        return page.evaluate((since) => window.__longtasks!.filter((t) => t.start >= since).map((t) => Math.round(t.duration)), mark);
      };
      let tasks = await measure();
      // On this shared 2-core VM other work (or a lone GC pause) makes long tasks now and then:
      // a real regression shows in every window, so up to three windows are measured.
      for (let window = 2; window <= 3 && Math.max(0, ...tasks) > LONG_TASK_LIMIT_MS; window++) {
        console.log(`  long tasks in window ${window - 1}: ${JSON.stringify(tasks)}; measuring another`);
        tasks = await measure();
      }
      const limit = longTaskLimit('event flow playing');
      console.log(`  event flow playing: long tasks ${JSON.stringify(tasks)}`);
      assert.ok(Number(await flow.getAttribute('data-flow-marks')) > 0);
      assert.ok(Math.max(0, ...tasks) <= limit, `long tasks: ${JSON.stringify(tasks)}`);
      assert.deepEqual(watch.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
