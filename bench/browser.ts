/**
 * Browser benchmarks of the built site (dist/) in headless Chromium: animation frame rate at
 * 100,000 objects, and at 1,000,000 objects the latency from a boundary drag to the updated
 * counts plus the longest main-thread tasks (PerformanceObserver 'longtask'). Each figure is
 * set against the same measurement on a small cluster in the same run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launch } from '../e2e/browser';
import { serveStatic, type StaticSite } from '../e2e/server';
import type { BenchResult } from './types';

const DIST = join(import.meta.dirname, '..', 'dist');

declare global {
  interface Window {
    __longtasks?: { start: number; duration: number }[];
  }
}

function linkFor(objects: number): string {
  return '#state=' + encodeURIComponent(JSON.stringify({ v: 1, p: { objects } }));
}

async function open(browser: Browser, site: StaticSite, objects: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  // tsx (esbuild keepNames) wraps named inner functions in __name(); give the page one.
  await page.addInitScript('window.__name = (f) => f;');
  await page.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks!.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(site.url + linkFor(objects));
  // Ready when the cards' counts add up to the cluster (the model has generated everything).
  await page.waitForFunction(
    (n) => {
      const counts = [...document.querySelectorAll('[data-testid="owned-count"]')].map((e) => Number(e.textContent?.replace(/[^0-9]/g, '')));
      const sum = counts.reduce((a, b) => a + b, 0);
      return counts.length > 0 && sum > n * 0.98 && !document.querySelector('[data-testid="loading"]');
    },
    objects,
    { timeout: 120_000, polling: 100 },
  );
  return page;
}

/** Frames per second over `ms` of playing, from requestAnimationFrame timestamps. */
async function measureFps(page: Page, ms: number): Promise<{ fps: number; p95: number }> {
  const pressed = await page.getByTestId('play-toggle').getAttribute('aria-pressed');
  if (pressed !== 'true') await page.getByTestId('play-toggle').click();
  await page.waitForTimeout(1000);
  return page.evaluate(
    (duration) =>
      new Promise<{ fps: number; p95: number }>((resolve) => {
        const stamps: number[] = [];
        const frame = (t: number) => {
          stamps.push(t);
          if (t - stamps[0]! < duration) requestAnimationFrame(frame);
          else {
            const gaps = stamps.slice(1).map((s, i) => s - stamps[i]!).sort((a, b) => a - b);
            resolve({ fps: (1000 * (stamps.length - 1)) / (t - stamps[0]!), p95: gaps[Math.floor(gaps.length * 0.95)] ?? 0 });
          }
        };
        requestAnimationFrame(frame);
      }),
    ms,
  );
}

/** Median and max ms from a pointer move on a boundary handle to the next change of a count. */
async function measureDrag(page: Page, moves: number): Promise<{ median: number; max: number; longest: number }> {
  const pressed = await page.getByTestId('play-toggle').getAttribute('aria-pressed');
  if (pressed === 'true') await page.getByTestId('play-toggle').click();
  const handle = page.getByTestId('boundary-handle').first();
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  let x = box.x + box.width / 2;
  const mark = await page.evaluate(() => performance.now());
  await page.mouse.move(x, y);
  await page.mouse.down();
  const latencies: number[] = [];
  for (let i = 0; i < moves; i++) {
    x += i % 2 === 0 ? -23 : 17;
    const wait = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const target = document.querySelector('[data-testid="replica-cards"]') ?? document.body;
          let start = 0;
          const onMove = () => {
            start = performance.now();
          };
          window.addEventListener('pointermove', onMove, { capture: true, once: true });
          const obs = new MutationObserver(() => {
            if (start === 0) return;
            obs.disconnect();
            // Count the time until the changed numbers are on screen: the next frame.
            requestAnimationFrame(() => resolve(performance.now() - start));
          });
          obs.observe(target, { subtree: true, characterData: true, childList: true });
        }),
    );
    await page.waitForTimeout(30);
    await page.mouse.move(x, y);
    latencies.push(await wait);
  }
  await page.mouse.up();
  await page.waitForTimeout(1500);
  const longest = await page.evaluate((since) => Math.max(0, ...window.__longtasks!.filter((t) => t.start >= since).map((t) => t.duration)), mark);
  latencies.sort((a, b) => a - b);
  return { median: latencies[Math.floor(latencies.length / 2)]!, max: latencies[latencies.length - 1]!, longest };
}

/** The longest task between two moments, and the longest before the app's first paint. */
async function longTasks(page: Page): Promise<{ all: number; afterLoad: number }> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const loaded = nav?.loadEventEnd ?? 0;
    const tasks = window.__longtasks!;
    return {
      all: Math.max(0, ...tasks.map((t) => t.duration)),
      afterLoad: Math.max(0, ...tasks.filter((t) => t.start > loaded).map((t) => t.duration)),
    };
  });
}

/**
 * Generation as a user meets it: the page runs with 10,000 objects, the Objects field is set to
 * 1,000,000, and the worker builds the new cluster. Returns the longest task from the edit
 * until the counts add up (plus 1.5 s), and how long generation took.
 */
async function measureFieldGeneration(browser: Browser, site: StaticSite): Promise<{ longest: number; seconds: number }> {
  const page = await open(browser, site, 10_000);
  await page.waitForTimeout(1500);
  const mark = await page.evaluate(() => performance.now());
  const field = page.getByTestId('field-objects');
  await field.fill('1000000');
  await field.press('Enter');
  await page.waitForFunction(
    () => {
      const sum = [...document.querySelectorAll('[data-testid="owned-count"]')]
        .map((e) => Number(e.textContent?.replace(/[^0-9]/g, '')))
        .reduce((a, b) => a + b, 0);
      return sum > 980_000 && !document.querySelector('[data-testid="loading"]');
    },
    null,
    { timeout: 120_000, polling: 100 },
  );
  const ready = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1500);
  const longest = await page.evaluate((since) => Math.max(0, ...window.__longtasks!.filter((t) => t.start >= since).map((t) => t.duration)), mark);
  await page.close();
  return { longest, seconds: (ready - mark) / 1000 };
}

export async function runBrowserBenchmarks(): Promise<BenchResult[]> {
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(CHROMIUM)) {
    console.warn('browser benchmarks skipped: need dist/ (npm run build) and Chromium at ' + CHROMIUM);
    return [];
  }
  const site = await serveStatic(DIST);
  const browser = await launch();
  try {
    const small = await open(browser, site, 1_000);
    const smallFps = await measureFps(small, 4000);
    const smallDrag = await measureDrag(small, 12);
    await small.close();

    const mid = await open(browser, site, 100_000);
    const midFps = await measureFps(mid, 5000);
    await mid.close();

    const fieldGen = await measureFieldGeneration(browser, site);

    const t0 = Date.now();
    const big = await open(browser, site, 1_000_000);
    const genSeconds = (Date.now() - t0) / 1000;
    const genTasks = await longTasks(big);
    const bigDrag = await measureDrag(big, 12);
    await big.close();

    return [
      {
        name: '100,000 objects animating (requestAnimationFrame, headless Chromium)',
        value: midFps.fps,
        unit: `fps (p95 frame ${midFps.p95.toFixed(1)} ms)`,
        reference: { name: 'the same page with 1,000 objects', value: smallFps.fps, unit: 'fps' },
        ratio: midFps.fps / smallFps.fps,
        target: '>= 30 fps',
        pass: midFps.fps >= 30,
      },
      {
        name: '1,000,000 objects: boundary drag -> counts on screen (median of 12 moves)',
        value: bigDrag.median,
        unit: `ms (max ${bigDrag.max.toFixed(0)} ms)`,
        reference: { name: 'the same drag with 1,000 objects', value: smallDrag.median, unit: 'ms' },
        ratio: bigDrag.median / Math.max(smallDrag.median, 0.1),
        target: '< 100 ms',
        pass: bigDrag.max < 100,
      },
      {
        name: '1,000,000 objects: longest main-thread task while dragging',
        value: bigDrag.longest,
        unit: 'ms',
        reference: { name: 'with 1,000 objects', value: smallDrag.longest, unit: 'ms' },
        target: '<= 50 ms',
        pass: bigDrag.longest <= 50,
      },
      {
        name: `1,000,000 objects typed into the Objects field: longest main-thread task during generation (${fieldGen.seconds.toFixed(1)} s)`,
        value: fieldGen.longest,
        unit: 'ms',
        target: '<= 50 ms',
        pass: fieldGen.longest <= 50,
      },
      {
        name: `1,000,000 objects from a link: longest main-thread task after the load event (${genSeconds.toFixed(1)} s to ready; page start-up included)`,
        value: genTasks.afterLoad,
        unit: `ms (${genTasks.all.toFixed(0)} ms including page load)`,
        target: 'informational: start-up layout, see docs/performance.md',
      },
    ];
  } finally {
    await browser.close();
    await site.close();
  }
}
