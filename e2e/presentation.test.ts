// Presentation mode (a projector layout), the normal page's layout fixes, the
// header on one row in Chromium and Firefox, and the clicker keys in free play.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { HEADER_ROWS } from './headerRows';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, waitUntil, type PageWatch } from './browser';
import { readLink } from '../src/state/link';


const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_DOCS=1 npm run test:e2e` refreshes the screenshots in docs/; a plain run leaves the tree untouched. */
const DOCS = process.env.SHARDSCOPE_DOCS ? join(import.meta.dirname, '..', 'docs') : null;

/** What must be on screen together in presentation mode. */
const STAGE_IDS = ['hash-space', 'headline-ratio', 'bandwidth-panel', 'chart-received', 'chart-egress', 'chart-cpu', 'chart-memory'];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding box of a test id, or null. */
const boxOf = (page: Page, id: string): Promise<Box | null> => page.getByTestId(id).first().boundingBox();

/** The header clock's text ("t = 0:00.0"). */
const clock = (page: Page) => page.getByTestId('clock').locator('[aria-hidden="true"]').textContent();

/**
 * Lets the model run 4 simulated seconds or more, so the charts have lines, then pauses. Read
 * from the header's clock (the stage has no timeline), however slow the page plays.
 */
async function playAWhile(page: Page): Promise<void> {
  await setPlaying(page, true);
  await page.waitForFunction(
    () => {
      const m = /(\d+):(\d+(?:\.\d+)?)/.exec(document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent ?? '');
      return !!m && Number(m[1]) * 60 + Number(m[2]) >= 4;
    },
    undefined,
    { timeout: 60_000 },
  );
  // Paused, so the clock moves only when a key steps it.
  await setPlaying(page, false);
}

/**
 * The smallest font size of any visible text on the stage, and where: every element with a
 * text node of its own (HTML and SVG), skipping screen-reader-only text (1 px boxes).
 */
const MIN_FONT = `(() => {
  const stage = document.querySelector('[data-testid="stage"]');
  let min = Infinity, where = '';
  for (const el of stage.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < min) { min = size; where = el.tagName + '.' + (el.getAttribute('class') || '') + ': ' + el.textContent.trim().slice(0, 40); }
  }
  return { min, where };
})()`;

describe('presentation mode', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  let cdp: CDPSession;

  // One page in presentation mode, played 4 simulated seconds and paused, read at every size
  // (the window resized as a zoom resizes it): the stage is laid out from the window's size, not
  // from how the page got there.
  before(async () => {
    ({ context, page, watch } = await freshPage(env));
    cdp = await context.newCDPSession(page);
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
    await page.keyboard.press('p');
    await page.getByTestId('stage').waitFor();
    for (const id of STAGE_IDS) await page.getByTestId(id).first().waitFor();
    await playAWhile(page);
  });
  after(() => context?.close());

  /** Resizes the window (and its device pixel ratio, as a zoom does) and waits until the page has the new size. */
  async function resize(viewport: { width: number; height: number }, scale: number): Promise<void> {
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: scale, mobile: false });
    await page.waitForFunction(([w, h, r]) => innerWidth === w && innerHeight === h && devicePixelRatio === r, [viewport.width, viewport.height, scale] as const);
  }

  for (const [name, viewport, scale, doc] of [
    ['1280x720', { width: 1280, height: 720 }, 1, 'presentation-1280x720.png'],
    ['1920x1080', { width: 1920, height: 1080 }, 1, 'presentation-1920x1080.png'],
    ['1280x720 at 150% zoom', { width: 853, height: 480 }, 1.5, null],
  ] as const) {
    it(`at ${name}, the hash space, the headline and the comparison are all on screen, with no scrolling`, async () => {
      await resize(viewport, scale);
      const p = page;
      // The stage takes its size from the window after a layout pass or two: wait for it to settle.
      await p.waitForFunction(() => document.documentElement.scrollHeight <= window.innerHeight, undefined, { timeout: 60_000 }).catch(() => undefined);
      const scroll = await p.evaluate(() => ({ height: document.documentElement.scrollHeight, y: window.scrollY, inner: window.innerHeight }));
      assert.equal(scroll.y, 0);
      assert.ok(scroll.height <= scroll.inner, `the document scrolls: ${scroll.height} > ${scroll.inner}`);
      for (const id of STAGE_IDS) {
        const b = await boxOf(p, id);
        assert.ok(b, `${id} has no box`);
        assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width + 0.5 && b.y + b.height <= viewport.height + 0.5, `${id} at ${JSON.stringify(b)} leaves ${viewport.width}x${viewport.height}`);
        // The headline is text: one line of its type is enough (once rates have settled it is one
        // line, "4 replicas: server-side sends 4.0× less"; a slow machine may pause after that).
        // The panels and charts need room for their content.
        const minHeight = id === 'headline-ratio' ? await p.getByTestId(id).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize)) : 60;
        assert.ok(b.width > 100 && b.height >= minHeight, `${id} is too small to read: ${JSON.stringify(b)}, under ${minHeight} px high`);
      }
      // The parameters are hidden; the header is one row.
      assert.equal(await p.locator('.app__side').isVisible(), false);
      assert.equal((await p.evaluate<{ oneRow: boolean }>(HEADER_ROWS)).oneRow, true);
      if (DOCS && doc) {
        // No focus ring on the play button in the picture.
        await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await p.screenshot({ path: join(DOCS, doc) });
      }
      assert.deepEqual(watch.pageErrors, []);
    });
  }

  it('at 1280x720 every text on the stage is at least 18 px', async () => {
    await resize({ width: 1280, height: 720 }, 1);
    const { min, where } = await page.evaluate<{ min: number; where: string }>(MIN_FONT);
    assert.ok(min >= 18, `${min} px: ${where}`);
  });

  it('has no serious or critical accessibility violation in presentation mode', async () => {
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.length} node(s): ${v.nodes[0]?.target}`), []);
  });

  it('in presentation mode PageDown (a clicker) steps the simulation', async () => {
    await setPlaying(page, false);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const before = await clock(page);
    await page.keyboard.press('PageDown');
    await page.waitForFunction((b) => document.querySelector('[data-testid="clock"] [aria-hidden="true"]')?.textContent !== b, before);
  });

  it('p and the header button switch it, the button says whether it is on, and a reload keeps it', async () => {
    const toggle = page.getByTestId('presentation-toggle');
    await page.keyboard.press('p');
    await page.getByTestId('stage').waitFor({ state: 'detached' });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.ok(await page.locator('.app__side').isVisible());
    await page.keyboard.press('p');
    await page.getByTestId('stage').waitFor();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('.app__side').isVisible(), false);
    // The link carries it (w.presentation, in the short link too), so a reload opens the projector layout again.
    await waitUntil(async () => readLink(await page.evaluate(() => location.hash)).state?.view.presentation === true);
    await page.reload();
    await page.getByTestId('stage').waitFor();
    assert.equal(await page.getByTestId('presentation-toggle').getAttribute('aria-pressed'), 'true');
    await page.getByTestId('presentation-toggle').click();
    await page.getByTestId('stage').waitFor({ state: 'detached' });
    assert.ok(await page.locator('.app__side').isVisible());
    assert.deepEqual(watch.pageErrors, []);
  });
});

describe('the normal page and its keys', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  // One page for the layout reads; the keys' test, which scrolls it, comes last.
  before(async () => {
    ({ context, page, watch } = await freshPage(env));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });
  after(() => context?.close());

  it('the header is one row at 1280x720, the presentation toggle included', async () => {
    const rows = await page.evaluate<{ oneRow: boolean; height: number; right: number; width: number }>(HEADER_ROWS);
    assert.ok(rows.oneRow && rows.height < 80, JSON.stringify(rows));
    assert.ok(rows.right <= rows.width, JSON.stringify(rows));
    assert.ok(await page.getByTestId('presentation-toggle').isVisible());
  });

  it('each chart takes at least 90% of its panel\'s width', async () => {
    const panel = page.getByTestId('bandwidth-panel');
    await panel.scrollIntoViewIfNeeded();
    const p = (await panel.boundingBox())!;
    for (const id of ['chart-received', 'chart-egress', 'chart-cpu', 'chart-memory']) {
      const b = (await boxOf(page, id))!;
      assert.ok(b.width >= 0.9 * p.width, `${id}: ${b.width} of ${p.width}`);
    }
  });

  it('the ownership audit sits next to the headline, at the top of the page', async () => {
    const headline = (await boxOf(page, 'headline-ratio'))!;
    const audit = (await boxOf(page, 'ownership-audit'))!;
    assert.ok(audit.x >= headline.x + headline.width - 1, `audit at x ${audit.x}, headline ends at ${headline.x + headline.width}`);
    // Side by side: their vertical spans overlap, and both are on the first screen.
    assert.ok(audit.y < headline.y + headline.height && headline.y < audit.y + audit.height, `${JSON.stringify(headline)} / ${JSON.stringify(audit)}`);
    assert.ok(audit.y + audit.height <= 720 && headline.y + headline.height <= 720);
  });

  it('in free play PageDown scrolls the page and does not step the simulation', async () => {
    await setPlaying(page, false);
    const before = await clock(page);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => window.scrollY > 0);
    // Give a step every chance to show.
    await page.waitForTimeout(300);
    assert.equal(await clock(page), before);
    assert.deepEqual(watch.pageErrors, []);
  });
});
