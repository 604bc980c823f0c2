// Export and share, and one file for a venue without network: PNG and SVG export,
// short links, the QR code, print, off-screen rendering, and the single file from file://.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, watchPage, type PageWatch, downloadBytes } from './browser';
import { decodePng, distinctColours } from './png';
import { encodeShortLink } from '../src/state/shortLink';
import { defaultSimParams, defaultViewParams } from '../src/state/defaults';
import { equalSplitSelectors } from '../src/state/selectors';
import { storyById } from '../src/stories';
import { en } from '../src/i18n/en';

const DIST = join(import.meta.dirname, '..', 'dist');
const SINGLE = join(import.meta.dirname, '..', 'dist-single', 'shardscope.html');
/** Scale and caption height of an export (src/ui/export/exportImage.ts). */
const SCALE = 2;
const CAPTION = 44;

/** A short link for these parameters (the rest default). */
const short = (p: Partial<ReturnType<typeof defaultSimParams>>) => {
  const params = { ...defaultSimParams(), ...p };
  return encodeShortLink({ ...params, selectors: p.selectors ?? equalSplitSelectors(params.replicas, params.shardKey) }, defaultViewParams());
};

describe('export and share', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(hash = ''): Promise<void> {
    await page.goto(env.site.url + hash);
    await page.getByTestId('replica-card').first().waitFor();
    await page.getByTestId('bandwidth-panel').waitFor();
    await page.getByTestId('event-flow').waitFor();
  }

  /** Clicks an export button and returns the downloaded file. */
  async function download(testId: string): Promise<{ name: string; bytes: Buffer }> {
    const pending = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId(testId).click();
    const d = await pending;
    return { name: d.suggestedFilename(), bytes: await downloadBytes(d) };
  }

  it('exports each panel as a PNG at twice its size, with the caption under it, and not blank', async () => {
    await open(short({ objects: 2000, namespaces: 8 }));
    const panels: [string, string][] = [
      ['export-png-hash', '[data-testid="hash-space"]'],
      ['export-png-comparison', '[data-testid="bandwidth-panel"]'],
      ['export-png-flow', '[data-testid="event-flow"]'],
      ['export-png-replica-1', '[data-testid="replica-card"][data-replica="1"]'],
    ];
    // A still page: a playing run changes the cards' heights from one moment to the next.
    await page.getByTestId('play-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'false');
    await page.waitForTimeout(1500);
    for (const [button, selector] of panels) {
      await page.locator(selector).scrollIntoViewIfNeeded();
      const box = (await page.locator(selector).boundingBox())!;
      const { name, bytes } = await download(button);
      assert.match(name, /^shardscope-.*-seed-42\.png$/);
      const png = decodePng(bytes);
      assert.equal(png.width, Math.ceil(box.width) * SCALE, `${button} width`);
      // A card's list preview may still be arriving: its height before or after the export.
      const after = (await page.locator(selector).boundingBox())!;
      const heights = [box.height, after.height].map((h) => (Math.ceil(h) + CAPTION) * SCALE);
      assert.ok(heights.includes(png.height), `${button} height: ${png.height}, expected ${heights.join(' or ')}`);
      const colours = distinctColours(png);
      assert.ok(colours > 20, `${button}: only ${colours} colours`);
    }
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
  });

  it('exports the whole simulation from the share menu in the header, as a PNG', async () => {
    await open(short({ objects: 2000, namespaces: 8 }));
    await page.getByTestId('share-menu').click();
    const main = (await page.locator('#main').boundingBox())!;
    const { name, bytes } = await download('export-png');
    assert.equal(name, 'shardscope-seed-42.png');
    const png = decodePng(bytes);
    assert.equal(png.width, Math.ceil(main.width) * SCALE);
    assert.ok(distinctColours(png) > 50);
    assert.deepEqual(watch.consoleErrors, []);
  });

  it('exports the hash space and the charts as SVG documents that parse and hold the chart paths', async () => {
    await open(short({ objects: 2000, namespaces: 8 }));
    // A few samples first, so every chart line has several points to export.
    await page.waitForFunction(() => /0:0[3-9]|0:[1-5]\d|\d+:\d\d:/.test(document.querySelector('[data-testid="clock"]')?.textContent ?? ''), null, { timeout: 30_000 });
    // The hash space: its replica bands (filled rects); the charts: their stroked lines.
    for (const [button, minPaths, minRects] of [
      ['export-svg-hash', 0, 4],
      ['export-svg-comparison', 8, 0],
    ] as const) {
      const { name, bytes } = await download(button);
      assert.match(name, /\.svg$/);
      const text = bytes.toString('utf8');
      const parsed = await page.evaluate((svg) => {
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        const paths = Array.from(doc.querySelectorAll('path')).filter((p) => (p.getAttribute('d') ?? '').length > 20 && p.getAttribute('stroke') && p.getAttribute('stroke') !== 'none');
        const bands = Array.from(doc.querySelectorAll('svg svg rect')).filter((r) => Number(r.getAttribute('width')) > 50 && (r.getAttribute('fill') ?? 'none') !== 'none');
        return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.nodeName, paths: paths.length, rects: bands.length, texts: doc.querySelectorAll('text').length };
      }, text);
      assert.equal(parsed.error, null);
      assert.equal(parsed.root, 'svg');
      assert.ok(parsed.paths >= minPaths, `${button}: ${parsed.paths} stroked paths`);
      assert.ok(parsed.rects >= minRects, `${button}: ${parsed.rects} filled rects`);
      assert.ok(parsed.texts > 5, `${button}: ${parsed.texts} texts`);
      assert.match(text, /#s=2\./, 'the caption carries the short link');
    }
    // The hash space's dots are in it too: at 2,000 objects as vector circles (above
    // 20,000 a labelled raster layer, see e2e/deck.test.ts).
    assert.match((await download('export-svg-hash')).bytes.toString('utf8'), /<g data-layer="dots"><title>[^<]*<\/title>(<g fill="[^"]+">(<circle [^>]+\/>)+<\/g>)+/);
    assert.deepEqual(watch.consoleErrors, []);
  });

  it('writes short links: a default run plus a story step fits in 120 characters, and a short link reopens the run', async () => {
    await open();
    const seed = page.getByTestId('field-seed');
    await seed.fill('43');
    await seed.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#s=2.'));
    await seed.fill('42');
    await seed.press('Enter');
    await page.waitForFunction(() => location.hash === '#s=2.q64FAA');
    const slide = `${env.site.url}#story=resharding&step=3&s=2.q64FAA`;
    assert.ok(slide.length < 120, `${slide.length} characters: ${slide}`);
    // Another run, reopened from its short link after a reload, with a foreign parameter beside it.
    const replicas = page.getByTestId('field-replicas');
    await replicas.fill('5');
    await replicas.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#s=2.') && location.hash !== '#s=2.q64FAA');
    const hash = await page.evaluate(() => location.hash);
    assert.ok(hash.length < 40, hash);
    await page.goto(`${env.site.url}#lang=en&${hash.slice(1)}`);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 5);
    assert.equal(await page.getByTestId('link-notice').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('still opens a version 1 link exactly, and names what a short link could not use', async () => {
    await open('#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 500, namespaces: 8, replicas: 3, seed: 9 } })));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 3);
    assert.equal(await page.getByTestId('field-seed').inputValue(), '9');
    const { deflateRawSync } = await import('node:zlib');
    const bad = '#s=2.' + deflateRawSync(Buffer.from(JSON.stringify({ p: { objects: 500, replicas: 2, seed: 'x' }, w: { theme: 'pink' } }))).toString('base64url');
    await page.goto(env.site.url + bad);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 2);
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /seed, theme were not valid/);
  });

  it('shows a QR code of the link on demand, drawn in the page, in an accessible dialog', async () => {
    await open(short({ objects: 2000, namespaces: 8, seed: 7 }));
    await page.getByTestId('share-menu').click();
    await page.getByTestId('qr-button').click();
    const dialog = page.getByTestId('qr-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('role'), 'dialog');
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'qr-close');
    const url = (await page.getByTestId('qr-url').textContent()) ?? '';
    assert.ok(url.startsWith(env.site.url + '#s=2.'), url);
    const code = await page.getByTestId('qr-code').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! < 128) dark++;
      return { modules: Number(c.dataset.modules), dark: dark / (d.length / 4), label: c.getAttribute('aria-label') };
    });
    assert.ok(code.modules >= 21, `${code.modules} modules`);
    assert.ok(code.dark > 0.2 && code.dark < 0.6, `dark share ${code.dark}`);
    assert.equal(code.label, url);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'qr-button');
  });

  it('prints panels whole and without interactive chrome', async () => {
    await open(short({ objects: 2000, namespaces: 8 }));
    await page.emulateMedia({ media: 'print' });
    // (No named helper inside evaluate: tsx would wrap it in a __name call the page lacks.)
    const styles = await page.evaluate(() => ({
      panel: getComputedStyle(document.querySelector('[data-testid="hash-space"]')!).breakInside,
      card: getComputedStyle(document.querySelector('[data-testid="replica-card"]')!).breakInside,
      charts: getComputedStyle(document.querySelector('[data-testid="bandwidth-panel"]')!).breakInside,
      visibility: getComputedStyle(document.querySelector('[data-testid="bandwidth-panel"]')!).contentVisibility,
      exportButton: getComputedStyle(document.querySelector('[data-testid="export-png-hash"]')!).display,
      play: getComputedStyle(document.querySelector('[data-testid="play-toggle"]')!).display,
      side: getComputedStyle(document.querySelector('.app__side')!).display,
    }));
    assert.deepEqual(styles, { panel: 'avoid', card: 'avoid', charts: 'avoid', visibility: 'visible', exportButton: 'none', play: 'none', side: 'none' });
  });

  it('renders the charts off-screen, so a full-page screenshot has no blank comparison panel', async () => {
    await open(short({ objects: 2000, namespaces: 8 }));
    await page.waitForFunction(() => document.documentElement.getAttribute('data-offscreen') === 'render');
    const box = (await page.getByTestId('bandwidth-panel').boundingBox())!;
    assert.ok(box.y > 720, 'the charts start below the first screen');
    const shot = decodePng(await page.screenshot({ fullPage: true, clip: { x: box.x, y: box.y + 150, width: box.width, height: 300 } }));
    const colours = distinctColours(shot, 3);
    assert.ok(colours > 30, `${colours} colours in the charts of a full-page screenshot`);
  });
});

describe('the single file from file://', () => {
  const env = useBuiltSite(DIST);
  it('runs the full model in its worker at 1,000,000 objects, with no request and no error', async () => {
    assert.ok(existsSync(SINGLE), 'dist-single/shardscope.html is built (npm run build:single)');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const watch = watchPage(page, 'file://');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url().slice(0, 80)));
    await page.goto(pathToFileURL(SINGLE).href + short({ objects: 1_000_000 }));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count')) > 990_000, null, { timeout: 180_000 });
    assert.equal(await page.locator('.app').getAttribute('data-engine'), 'worker');
    const clock = () => page.getByTestId('clock').locator('[aria-hidden="true"]').textContent();
    const before = await clock();
    await page.waitForFunction((t) => document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent !== t, before, { timeout: 60_000 });
    assert.equal(await page.getByTestId('engine-fallback').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    // Only the file itself and the worker's blob: are loaded.
    assert.deepEqual(
      requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:')),
      [],
    );
    await context.close();
  });

  it('opens #story=problem&step=2 from file:// on that step, and PageDown (a clicker) shows step 3', async () => {
    assert.ok(existsSync(SINGLE), 'dist-single/shardscope.html is built (npm run build:single)');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const watch = watchPage(page, 'file://');
    const title = (n: number) => en[storyById('problem')!.steps[n - 1]!.title] as string;
    await page.goto(pathToFileURL(SINGLE).href + '#story=problem&step=2');
    const caption = page.getByTestId('story-caption');
    await caption.waitFor();
    await page.waitForFunction((t) => document.querySelector('[data-testid="story-caption"]')?.textContent?.includes(t) ?? false, title(2), { timeout: 30_000 });
    assert.equal(await caption.getAttribute('data-step'), '2');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('PageDown');
    await page.waitForFunction((t) => document.querySelector('[data-testid="story-caption"]')?.textContent?.includes(t) ?? false, title(3), { timeout: 30_000 });
    assert.equal(await caption.getAttribute('data-step'), '3');
    assert.equal(await page.evaluate(() => location.hash), '#story=problem&step=3');
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    await context.close();
  });
});
