// Keys in a story always step the story, and presentation mode is the
// speaker's. PageDown, PageUp, Space, → and ← step the story wherever the focus is (the timeline,
// a chart, a card, a radio; in a selector box PageDown and PageUp only); presentation mode stays
// on across steps, stories, leaving and the language switch until `p` turns it off; a story link
// carries it (`&present=1`); Copy link and the QR code inside a story give the story link.
// Each of these failed once: the first PageDown in a story turned presentation mode off, the
// timeline, a radio and the selector box kept the keys for themselves, `&present=1` meant
// nothing, and Copy link gave a `#s=` link of the step's parameters (free play, no caption).
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('keys in a story step the story', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    // The clipboard of a headless browser may refuse: record what the page copies instead.
    // A string, not a function: tsx would name the inner arrow with a helper the page lacks.
    await page.addInitScript(
      "Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText(text) { window.copied = text; return Promise.resolve(); } } });",
    );
  });

  async function open(hash: string): Promise<void> {
    await page.goto(env.site.url + hash);
    await page.getByTestId('replica-card').first().waitFor();
    await page.getByTestId('story-caption').waitFor();
  }

  const stepShown = () => page.evaluate(() => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? null);
  const presenting = () => page.getByTestId('presentation-toggle').getAttribute('aria-pressed');

  /** Waits (up to 60 s: a loaded machine) for step n, then asserts it, naming what was pressed. */
  async function expectStep(n: number, what: string): Promise<void> {
    await page.waitForFunction((want) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === want, String(n), { timeout: 60_000 }).catch(() => undefined);
    assert.equal(await stepShown(), String(n), what);
  }

  it('presentation mode stays on through PageDown, another story, leaving and the language switch, until p', async () => {
    await open('#story=saving&step=1');
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('p');
    assert.equal(await presenting(), 'true');
    for (let n = 2; n <= 4; n++) {
      await page.keyboard.press('PageDown');
      await expectStep(n, `PageDown to step ${n}`);
      assert.equal(await presenting(), 'true', `presentation after PageDown to step ${n}`);
    }
    // Another story from the menu, then its steps.
    await page.getByTestId('stories-menu').click();
    await page.getByTestId('story-item-rollout').click();
    await expectStep(1, 'rollout from the menu');
    assert.equal(await presenting(), 'true', 'presentation after opening another story');
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('PageDown');
    await expectStep(2, 'PageDown in rollout');
    assert.equal(await presenting(), 'true', 'presentation after PageDown in the second story');
    // The language switch, in the story.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-zh-CN').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN' || document.querySelector('[data-testid="lang-switch"]')?.getAttribute('data-value') === 'zh-CN');
    assert.equal(await presenting(), 'true', 'presentation after switching to Chinese');
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('PageDown');
    await expectStep(3, 'PageDown after the language switch');
    assert.equal(await presenting(), 'true', 'presentation after PageDown in Chinese');
    // Leaving the story.
    await page.getByTestId('story-exit').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="story-caption"]'));
    assert.equal(await presenting(), 'true', 'presentation after leaving the story');
    // p turns it off, and a story opened then does not turn it on.
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('p');
    assert.equal(await presenting(), 'false');
    await page.getByTestId('stories-menu').click();
    await page.getByTestId('story-item-saving').click();
    await expectStep(1, 'saving again');
    assert.equal(await presenting(), 'false');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('PageDown, PageUp, Space and the side arrows step the story from the timeline, a radio, a card and a chart; PageDown and PageUp from the selector box', async () => {
    await open('#story=saving&step=1');
    /** Focuses `target` (a locator's first match), presses `key`, and expects step n. */
    const press = async (target: string, key: string, n: number, click = false) => {
      const loc = page.locator(target).first();
      if (click) await loc.click({ position: { x: 4, y: 4 } });
      else await loc.focus();
      await page.keyboard.press(key);
      await expectStep(n, `${key === ' ' ? 'Space' : key} on ${target}`);
    };
    const timeline = '[data-testid="timeline-track"]';
    await press(timeline, 'PageDown', 2);
    await press(timeline, 'ArrowRight', 3);
    await press(timeline, 'ArrowLeft', 2);
    await press(timeline, 'PageUp', 1);
    await press(timeline, ' ', 2);
    // A radio of the control panel (arrows would pick another option).
    const radio = '[data-testid="segmented-clientCache"] input:checked';
    await press(radio, 'ArrowRight', 3);
    await press(radio, 'ArrowLeft', 2);
    // The selector box: PageDown and PageUp step; Space and the arrows stay the box's.
    const box = '[data-testid="selector-input"]';
    await press(box, 'PageDown', 3);
    await press(box, 'PageUp', 2);
    await press(box, 'ArrowRight', 2);
    // A card and a chart, clicked (a speaker pointing at them).
    await press('[data-testid="replica-card"] [data-testid="owned-count"]', 'PageDown', 3, true);
    await press('[data-testid="chart-received"]', 'PageUp', 2, true);
    await press('[data-testid="chart-received"]', ' ', 3, true);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a link with &present=1 opens the story presenting; Copy link and the QR code give the story link, with &present=1 while presenting', async () => {
    await open('#story=saving&step=2&present=1');
    assert.equal(await presenting(), 'true', 'a &present=1 link opens in presentation mode');
    await page.getByTestId('stage').waitFor();
    assert.match(await page.evaluate(() => location.hash), /^#story=saving&step=2&present=1$/);
    await page.getByTestId('copy-link').click();
    const copied = await page.waitForFunction(() => (window as unknown as { copied?: string }).copied ?? '').then((h) => h.jsonValue() as Promise<string>);
    assert.equal(new URL(copied).hash, '#story=saving&step=2&present=1', 'Copy link inside a story while presenting');
    await page.getByTestId('share-menu').click();
    await page.getByTestId('qr-button').click();
    assert.equal(new URL((await page.getByTestId('qr-url').textContent()) ?? '').hash, '#story=saving&step=2&present=1', 'the QR code inside a story while presenting');
    await page.getByTestId('qr-close').click();
    // Presentation off: the story link without it, in the address bar and the copy.
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('p');
    assert.equal(await presenting(), 'false');
    await page.waitForFunction(() => location.hash === '#story=saving&step=2', undefined, { timeout: 60_000 }).catch(() => undefined);
    assert.equal(await page.evaluate(() => location.hash), '#story=saving&step=2');
    await page.evaluate(() => ((window as unknown as { copied?: string }).copied = ''));
    await page.getByTestId('copy-link').click();
    const plain = await page.waitForFunction(() => (window as unknown as { copied?: string }).copied ?? '').then((h) => h.jsonValue() as Promise<string>);
    assert.equal(new URL(plain).hash, '#story=saving&step=2');
    assert.deepEqual(watch.pageErrors, []);
  });
});
