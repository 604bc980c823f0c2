// Slides out. A story exported as a deck (a zip of one 1920x1080 PNG per
// step, with no UI chrome in any of them), its print view printed to PDF (one 16:9 page per
// step), an SVG that parses with whole text lines and vector dots, and the public address for
// links and QR codes (the file:// warning, a tampered ?base=).
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { setPlaying, useBuiltSite, watchPage, type PageWatch, downloadBytes } from './browser';
import { decodePng, distinctColours } from './png';
import { storyById } from '../src/stories';
import { encodeShortLink } from '../src/state/shortLink';
import { defaultSimParams, defaultViewParams } from '../src/state/defaults';
import { equalSplitSelectors } from '../src/state/selectors';
import { en } from '../src/i18n/en';

/** jsdom's DOMParser (jsdom ships no types): the SVG is parsed as XML outside the browser that made it. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

const DIST = join(import.meta.dirname, '..', 'dist');
const SINGLE = join(import.meta.dirname, '..', 'dist-single', 'shardscope.html');

/** A colour nothing on the page has: every piece of UI chrome is painted in it before exporting. */
const CHROME = [0, 255, 1] as const;
const CHROME_CSS = `rgb(${CHROME.join(', ')})`;
/** The chrome a slide must leave out: buttons ((?) chips, Copy, the caption's step buttons), switches, toggles. */
const CHROME_STYLE = `button, .toggle, .segmented, .explain__button, input[type="checkbox"], input[type="range"] {
  background: ${CHROME_CSS} !important; color: ${CHROME_CSS} !important; border-color: ${CHROME_CSS} !important; }
  button *, .explain__button * { color: ${CHROME_CSS} !important; }`;

const short = (p: Partial<ReturnType<typeof defaultSimParams>>) => {
  const params = { ...defaultSimParams(), ...p };
  return encodeShortLink({ ...params, selectors: p.selectors ?? equalSplitSelectors(params.replicas, params.shardKey) }, defaultViewParams());
};

/** Pixels of exactly the chrome colour in an RGBA picture. */
function chromePixels(pixels: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] === CHROME[0] && pixels[i + 1] === CHROME[1] && pixels[i + 2] === CHROME[2]) n++;
  return n;
}

/** Page count and page sizes (points) of a PDF written by Chromium. */
function pdfPages(pdf: Buffer): { count: number; boxes: string[] } {
  const text = pdf.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.\s-]+)\]/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number).join(' '));
  return { count, boxes };
}

/**
 * Waits until the live count has stayed the same for a second: a step the worker was running
 * when the run was paused lands after the pause (on a loaded machine, long after it).
 */
async function liveCountStill(page: Page): Promise<void> {
  let last = '';
  let same = 0;
  for (const end = Date.now() + 60_000; Date.now() < end && same < 4; ) {
    const now = (await page.getByTestId('live-count').getAttribute('data-count')) ?? '';
    same = now === last ? same + 1 : 0;
    last = now;
    await page.waitForTimeout(250);
  }
}

describe('slides out', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function open(hash: string, search = ''): Promise<{ page: Page; watch: PageWatch }> {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    const watch = watchPage(page, env.site.origin);
    await page.goto(env.site.url + search + hash);
    return { page, watch };
  }

  async function download(page: Page, testId: string, timeout = 30_000): Promise<{ name: string; bytes: Buffer }> {
    const pending = page.waitForEvent('download', { timeout });
    await page.getByTestId(testId).click();
    const d = await pending;
    return { name: d.suggestedFilename(), bytes: await downloadBytes(d) };
  }

  it('exports a story as a deck: one 1920x1080 PNG per step, named <story>-<nn>.png, with no UI chrome', async () => {
    const story = storyById('problem')!;
    const { page, watch } = await open(`#story=${story.id}&step=1&present=1`);
    await page.getByTestId('story-caption').waitFor();
    await page.locator('[data-testid="stage"] [data-focus-item]').first().waitFor();
    await page.addStyleTag({ content: CHROME_STYLE });
    // The control: the chrome is on screen, in its colour (the caption's step buttons at least),
    // shown as a mouse move shows it on the stage.
    await page.mouse.move(640, 400);
    await page.mouse.move(650, 410);
    await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-chrome') === 'shown');
    const shot = decodePng(await page.screenshot());
    assert.ok(chromePixels(shot.pixels) > 500, `the chrome colour is on screen (${chromePixels(shot.pixels)} pixels)`);

    await page.getByTestId('share-menu').click();
    const { name, bytes } = await download(page, 'export-deck', 300_000);
    assert.equal(name, 'shardscope-problem-deck.zip');
    const files = unzipSync(new Uint8Array(bytes));
    const names = Object.keys(files).sort();
    assert.deepEqual(
      names,
      story.steps.map((_, i) => `problem-${String(i + 1).padStart(2, '0')}.png`),
    );
    for (const file of names) {
      const png = decodePng(Buffer.from(files[file]!));
      assert.equal(`${png.width}x${png.height}`, '1920x1080', `${file}: IHDR`);
      assert.equal(chromePixels(png.pixels), 0, `${file}: UI chrome in the slide`);
      assert.ok(distinctColours(png) > 20, `${file}: only ${distinctColours(png)} colours`);
    }
    // Each step at its own state: the slides differ.
    assert.equal(new Set(names.map((n) => Buffer.from(files[n]!).toString('base64'))).size, names.length);
    // The reader is back on the step they were on.
    await page.waitForFunction(() => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === '1');
    assert.match((await page.getByTestId('export-deck-status').textContent()) ?? '', /Saved shardscope-problem-deck\.zip: 3 slides/);
    // The step alone, as a slide: full HD and 4K, named after the story and the step.
    for (const [button, file, size] of [
      ['export-slide', 'problem-01.png', '1920x1080'],
      ['export-slide-4k', 'problem-01-3840x2160.png', '3840x2160'],
    ] as const) {
      const one = await download(page, button, 120_000);
      assert.equal(one.name, file);
      const png = decodePng(one.bytes);
      assert.equal(`${png.width}x${png.height}`, size, `${button}: IHDR`);
      assert.equal(chromePixels(png.pixels), 0, `${button}: UI chrome in the slide`);
    }
    assert.deepEqual(watch.pageErrors, []);
  });

  it('prints a story to PDF from its print view: one 16:9 landscape page per step, the step titles as text', async () => {
    const story = storyById('problem')!;
    const { page, watch } = await open(`#story=${story.id}&step=2&present=1`);
    await page.getByTestId('story-caption').waitFor();
    await page.getByTestId('share-menu').click();
    await page.getByTestId('print-deck').click();
    await page.waitForFunction((n) => document.querySelector('[data-testid="print-deck-view"]')?.getAttribute('data-slides') === String(n), story.steps.length, { timeout: 300_000 });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const { count, boxes } = pdfPages(pdf);
    assert.equal(count, story.steps.length, 'one page per step');
    assert.ok(boxes.length >= count);
    // 16 in x 9 in at 72 points an inch.
    assert.deepEqual([...new Set(boxes)], ['0 0 1152 648']);
    for (const box of boxes) {
      const [x0, y0, x1, y1] = box.split(' ').map(Number) as [number, number, number, number];
      assert.ok(Math.abs((x1 - x0) / (y1 - y0) - 16 / 9) < 0.01, `page ${box} is 16:9`);
      assert.ok(x1 - x0 > y1 - y0, 'landscape');
    }
    // The caption's title is each slide's title.
    const titles = await page.locator('.print-slide__title').allTextContents();
    assert.deepEqual(titles, story.steps.map((s) => en[s.title] as string));
    await page.getByTestId('print-deck-close').click();
    await page.getByTestId('print-deck-view').waitFor({ state: 'detached' });
    assert.deepEqual(watch.pageErrors, []);
  });

  it('prints the normal page with no sticky caption over the cards', async () => {
    const { page } = await open('#story=problem&step=2');
    await page.getByTestId('story-caption').waitFor();
    await page.getByTestId('replica-card').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    const position = await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="story-caption"]')!).position);
    assert.equal(position, 'static');
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="story-caption"]')!).position), 'sticky');
  });

  it('exports an SVG that parses, with whole lines of text and the dots as vector circles; above 20,000 objects a labelled raster layer', async () => {
    const { page, watch } = await open(short({ objects: 2000, namespaces: 8 }));
    await page.getByTestId('hash-space').waitFor();
    // Paused, so that the live count read here is the one the export draws.
    await setPlaying(page, false);
    await liveCountStill(page);
    // A wrapped paragraph in the panel: the page breaks it over lines; the SVG keeps each line whole.
    const lines = (await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="hash-space"]')!.closest('section.panel')!;
      const p = document.createElement('p');
      p.id = 'wrap-probe';
      p.style.width = '260px';
      p.textContent = 'Each replica receives only the objects whose hash falls inside its own range of the space';
      panel.appendChild(p);
      // The lines as the page lays them out: words grouped by their top.
      const text = p.firstChild as Text;
      const out: { top: number; words: string[] }[] = [];
      const range = document.createRange();
      const re = /\S+/g;
      for (let m = re.exec(text.data); m; m = re.exec(text.data)) {
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const top = Math.round(range.getBoundingClientRect().top);
        const last = out[out.length - 1];
        if (last && last.top === top) last.words.push(m[0]);
        else out.push({ top, words: [m[0]] });
      }
      return out.map((l) => l.words.join(' '));
    })) as string[];
    assert.ok(lines.length >= 3, `the probe wraps (${lines.length} lines)`);
    const { bytes } = await download(page, 'export-svg-hash');
    const svg = bytes.toString('utf8');
    const doc = new new JSDOM('').window.DOMParser().parseFromString(svg, 'image/svg+xml');
    assert.equal(doc.getElementsByTagName('parsererror').length, 0, 'parses as XML');
    assert.equal(doc.documentElement.nodeName, 'svg');
    const texts = Array.from(doc.getElementsByTagName('text')).map((el) => el.textContent ?? '');
    for (const line of lines) assert.ok(texts.includes(line), `a <text> holds the whole line “${line}” (texts: ${texts.filter((x) => lines.join(' ').includes(x)).join(' | ')})`);
    // The dots: one circle per live object (the run paused), in a layer of their own; no picture of them.
    const live = Number(await page.getByTestId('live-count').getAttribute('data-count'));
    assert.ok(live > 1900 && live < 2100, `${live} live objects`);
    assert.equal(doc.getElementsByTagName('circle').length, live);
    assert.equal(doc.querySelectorAll('g[data-layer="dots"] circle').length, live);
    assert.equal(doc.querySelectorAll('g[data-layer="raster"]').length, 0);
    // No UI chrome: none of the panel's buttons' labels.
    const buttons = (await page.evaluate(() => Array.from(document.querySelectorAll('[data-testid="hash-space"] button, section.panel:has([data-testid="hash-space"]) button')).map((b) => (b.textContent ?? '').trim()).filter((s) => s.length > 1))) as string[];
    assert.ok(buttons.length > 0, 'the panel has buttons');
    for (const b of buttons) assert.ok(!texts.includes(b), `the button “${b}” is not in the SVG`);
    assert.deepEqual(watch.pageErrors, []);

    // Above 20,000 objects: no circles, one raster layer, labelled.
    await page.goto(env.site.url + short({ objects: 30_000, namespaces: 8 }));
    await page.getByTestId('hash-space').waitFor();
    // Paused for good (a click that only toggles can race the page's first start, and the run adds objects before the export).
    await setPlaying(page, false);
    await liveCountStill(page);
    const bigLive = Number(await page.getByTestId('live-count').getAttribute('data-count'));
    const big = (await download(page, 'export-svg-hash')).bytes.toString('utf8');
    const bigDoc = new new JSDOM('').window.DOMParser().parseFromString(big, 'image/svg+xml');
    assert.equal(bigDoc.getElementsByTagName('parsererror').length, 0);
    assert.equal(bigDoc.getElementsByTagName('circle').length, 0);
    const raster = bigDoc.querySelector('g[data-layer="raster"]');
    assert.ok(raster, 'a raster layer');
    assert.ok(bigLive > 20_000);
    assert.match(raster!.querySelector('title')?.textContent ?? '', new RegExp(`the dots of ${bigLive.toLocaleString('en-US')} objects`));
    assert.ok(raster!.querySelector('image')?.getAttribute('href')?.startsWith('data:image/png;base64,'));
  });

  it('says a tampered ?base= plainly and keeps the page; the QR code then uses the page address', async () => {
    const { page, watch } = await open('', `?base=${encodeURIComponent('javascript:alert(1)')}`);
    await page.getByTestId('replica-card').first().waitFor();
    const notice = page.getByTestId('base-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /\?base= \(javascript:alert\(1\)\) is not an http:\/\/ or https:\/\/ address/);
    await page.getByTestId('share-menu').click();
    await page.getByTestId('qr-button').click();
    assert.ok(((await page.getByTestId('qr-url').textContent()) ?? '').startsWith(env.site.url.split('?')[0]!.split('#')[0]!));
    assert.deepEqual(watch.pageErrors, []);
  });
});

describe('the QR code from file://', () => {
  const env = useBuiltSite(DIST);
  it('says the link only works on this machine, and takes the public address (kept for the next visit)', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      const watch = watchPage(page, 'file://');
      await page.goto(pathToFileURL(SINGLE).href);
      await page.getByTestId('replica-card').first().waitFor({ timeout: 60_000 });
      await page.getByTestId('share-menu').click();
      await page.getByTestId('qr-button').click();
      const warning = page.getByTestId('qr-local');
      assert.match((await warning.textContent()) ?? '', /only works on this machine/);
      assert.match((await page.getByTestId('qr-url').textContent()) ?? '', /^file:\/\//);
      // A bad address is refused with its reason; a good one is used at once.
      await page.getByTestId('qr-base').fill('ftp://example.org/');
      await page.getByTestId('qr-base-save').click();
      assert.match((await page.getByTestId('qr-base-error').textContent()) ?? '', /not an http:\/\/ or https:\/\/ address/);
      await page.getByTestId('qr-base').fill('https://example.github.io/shardscope/');
      await page.getByTestId('qr-base-save').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="qr-url"]')?.textContent?.startsWith('https://example.github.io/shardscope/#'));
      assert.equal(await page.getByTestId('qr-local').count(), 0);
      assert.equal(await page.getByTestId('qr-base-error').count(), 0);
      assert.deepEqual(watch.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
