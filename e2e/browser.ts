import { existsSync } from 'node:fs';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { serveStatic, type StaticSite } from './server';
import { STEP_READY } from './stageItems';

/** Debian's Chromium; Playwright's own download is not reachable here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * A Chromium for a suite: the run's shared one when `e2e/run.mjs` started it
 * (SHARDSCOPE_CHROMIUM_WS, see ./browserServer.ts), else one of its own. Closing a shared one
 * only disconnects (its contexts close with it). A shared browser's downloads have no local
 * path: read them with {@link downloadBytes}.
 */
export async function launch(): Promise<Browser> {
  const shared = process.env.SHARDSCOPE_CHROMIUM_WS;
  if (shared) return throttled(await chromium.connect(shared));
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return throttled(
    await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Playwright gives every launch a fresh, empty profile of its own.
      args: CHROMIUM_ARGS,
    }),
  );
}

/**
 * `SHARDSCOPE_CPU_THROTTLE=N` (N > 1) slows every page's main thread N times (Chrome's CPU
 * throttling), as a loaded CI machine does: a stress run that shows which tests read a
 * transient too late. 1 when the pages run at full speed.
 */
export const CPU_THROTTLE = Math.max(1, Number(process.env.SHARDSCOPE_CPU_THROTTLE ?? 1) || 1);

function throttled(browser: Browser): Browser {
  const rate = CPU_THROTTLE;
  if (!(rate > 1)) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', (page) => {
      void context
        .newCDPSession(page)
        .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate }))
        .catch(() => undefined);
    });
    return context;
  };
  return browser;
}

/** What a page did that a test may want to fail on. */
export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  /** Requests to any origin other than the site's own. */
  foreignRequests: string[];
}

/** Records console errors, uncaught exceptions and requests leaving the site's origin. */
export function watchPage(page: Page, origin: string): PageWatch {
  const w: PageWatch = { consoleErrors: [], pageErrors: [], foreignRequests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') w.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => w.pageErrors.push(String(e)));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) w.foreignRequests.push(u);
  });
  return w;
}

/** The built site and a browser for one test suite, started before its tests and stopped after. */
export interface SuiteEnv {
  site: StaticSite;
  browser: Browser;
}

/**
 * Registers node:test hooks that serve `dist/` from a sub-path and launch Chromium for the
 * enclosing `describe`; the returned object is filled in once the hooks have run.
 */
export function useBuiltSite(dist: string): SuiteEnv {
  const env = {} as SuiteEnv;
  before(async () => {
    env.site = await serveStatic(dist);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/** A page of its own for one test: its context, the page and what the page reported. */
export interface FreshPage {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
}

/**
 * Closes the previous test's context (if any) and opens a new one at `viewport` (a projector's
 * 1280x720 by default), with a page whose errors and requests are watched.
 */
export async function freshPage(env: SuiteEnv, previous?: BrowserContext, viewport = { width: 1280, height: 720 }): Promise<FreshPage> {
  await previous?.close();
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page, watch: watchPage(page, env.site.origin) };
}

/**
 * Polls `check` every 100 ms until it holds; fails the test after `ms`: 30 s by default, as
 * Playwright's own waits (10 s was short for a page building its run on a loaded machine: the
 * lab's exercise at SHARDSCOPE_CPU_THROTTLE=3).
 */
export async function waitUntil(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

/**
 * Plays or pauses the run with the play toggle, and waits until the toggle says so and keeps
 * saying so for 300 ms. A story step shown later in its run is paused while its run is built
 * and then plays by itself: a toggle read as paused during that moment is not yet the reader's
 * to set (a re-entered story can start playing after a test has seen "paused").
 */
export async function setPlaying(page: Page, on: boolean): Promise<void> {
  const play = page.getByTestId('play-toggle');
  const want = String(on);
  for (let round = 0; ; round++) {
    if ((await play.getAttribute('aria-pressed')) !== want) await play.click();
    // The page may flip the toggle itself between the read and the click (its first start
    // plays), so the click lands the other way: read again rather than wait forever
    // (a loaded machine makes that race common).
    const reached = await page
      .waitForFunction((v) => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === v, want, { timeout: 5_000 })
      .then(() => true, () => false);
    if (reached) {
      await page.waitForTimeout(300);
      if ((await play.getAttribute('aria-pressed')) === want) return;
    }
    if (round === 9) throw new Error(`the play toggle does not stay ${on ? 'playing' : 'paused'}`);
  }
}

/** Waits until the story step shown is ready at `time` (see {@link STEP_READY}); says where the page is if it never is. */
export async function waitStepReady(page: Page, time: number, timeoutMs = 90_000): Promise<void> {
  await page.waitForFunction(STEP_READY, time, { timeout: timeoutMs }).catch(async (e: unknown) => {
    const at = await page.evaluate(
      () =>
        `step ${document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? 'none'}, ready=${document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-ready') ?? 'none'}, ` +
        `time ${document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time') ?? 'none'}, countdown ${document.querySelector('[data-testid="story-countdown"]')?.textContent ?? 'none'}`,
    );
    throw new Error(`the step is not ready at ${time} s (${at})`, { cause: e });
  });
}

/**
 * Pauses the run and takes it to whole second `t` with the timeline's keys (Home, then
 * ArrowRight `t` times, each waited for): a page read at a known time, however long a loaded
 * machine took to get there (a run stepped back to a time shows what it showed there).
 */
export async function pauseAtSecond(page: Page, t: number): Promise<void> {
  await setPlaying(page, false);
  await page.getByTestId('timeline-track').focus();
  await page.keyboard.press('Home');
  await waitTime(page, 0, 0);
  for (let s = 1; s <= t; s++) {
    await page.keyboard.press('ArrowRight');
    await waitTime(page, s, s);
  }
}

/** Waits until the run's simulated time (the timeline's `data-time`) is within [lo, hi] seconds. */
export async function waitTime(page: Page, lo: number, hi: number): Promise<void> {
  await page.waitForFunction(
    ([a, b]) => {
      const t = Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time'));
      return t >= a! && t <= b!;
    },
    [lo, hi],
  );
}

/** The bytes of a finished download (a shared browser's downloads are streamed, they have no local path). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Pastes `size` characters (a `||` chain of shard ranges) into replica 1's selector editor, as a
 * paste does: the value, then an input event.
 */
export async function pasteSelector(page: Page, size: number): Promise<void> {
  await page.evaluate((n) => {
    const term = "shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000')";
    const text = Array.from({ length: Math.ceil(n / (term.length + 4)) }, () => term).join(' || ').slice(0, n);
    const box = document.querySelectorAll<HTMLTextAreaElement>('[data-testid="selector-input"]')[1]!;
    box.focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, size);
}
