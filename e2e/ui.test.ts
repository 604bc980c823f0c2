import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, watchPage, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

/** Integer in a text like "25,082 objects". */
const num = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

describe('the simulator in a browser', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  async function setReplicas(n: number): Promise<void> {
    const field = page.getByTestId('field-replicas');
    await field.fill(String(n));
    await field.press('Enter');
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid="replica-card"]').length === k, n);
  }

  it('shows 3 cards and 3 bands for 3 replicas', async () => {
    await setReplicas(3);
    assert.equal(await page.getByTestId('replica-card').count(), 3);
    assert.equal(await page.getByTestId('hash-band').count(), 3);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('shows the apiserver\'s exact message for an invalid selector, and clears it once fixed', async () => {
    const input = page.getByTestId('selector-input').first();
    await input.fill("shardRange(object.metadata.uid, '0xFF', '0x8000000000000000')");
    const error = page.getByTestId('selector-error').first();
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /hexStart: invalid hex character "F" in "0xFF"/);
    assert.equal(await page.getByTestId('selector-error-span').first().textContent(), "'0xFF'");
    // The server rejects it too: HTTP 500 with the prefix the apiserver adds.
    const rejection = page.getByTestId('rejection-message').first();
    await rejection.waitFor();
    assert.match((await rejection.textContent()) ?? '', /invalid shard selector: hexStart: invalid hex character "F" in "0xFF"/);
    await input.fill("shardRange(object.metadata.uid, '0xff', '0x8000000000000000')");
    await page.getByTestId('selector-quickfix').first().click();
    assert.equal(await input.inputValue(), "shardRange(object.metadata.uid, '0x00000000000000ff', '0x8000000000000000')");
    await page.getByTestId('selector-valid').first().waitFor();
    assert.equal(await page.getByTestId('selector-error').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('shows client-go caching everything, then the checked client filtering, and no shardInfo when the feature gate is off', async () => {
    assert.ok(await page.getByTestId('shardinfo-preview').first().isVisible());
    await page.getByTestId('toggle-gate-0').first().click();
    await page.getByTestId('badge-trust').first().waitFor();
    await page.getByTestId('selector-ignored').first().waitFor();
    await page.getByTestId('client-checked').check();
    await page.getByTestId('badge-fallback').first().waitFor();
    await page.getByTestId('shardinfo-missing').first().waitFor();
    assert.equal(await page.getByTestId('shardinfo-preview').count(), 0);
  });

  it('moves ownership when a boundary is dragged', async () => {
    // Paused, so that churn cannot move the count while the boundary is dragged.
    const play = page.getByTestId('play-toggle');
    if ((await play.getAttribute('aria-pressed')) === 'true') await play.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'false');
    const owned = page.getByTestId('owned-count').first();
    // The cards render a snapshot a frame after the others: read the count once it is still.
    let before = num(await owned.textContent());
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(100);
      const now = num(await owned.textContent());
      if (now === before) break;
      before = now;
    }
    const handle = page.getByTestId('boundary-handle').first();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="owned-count"]')?.textContent?.replace(/[^0-9.]/g, '')) !== b,
      before,
    );
    const afterDrag = num(await owned.textContent());
    assert.ok(afterDrag < before, `replica 0 owned ${before}, then ${afterDrag}`);
  });

  it('reads about 4x for 4 replicas with equal ranges', async () => {
    await setReplicas(4);
    await setPlaying(page, true);
    // Read once the rates have settled (no settling badge) and the headline states a ratio.
    await page.getByTestId('settling-badge').first().waitFor({ state: 'detached' });
    await page.waitForFunction(() => /[0-9]+(?:\.[0-9]+)?\s*[x×]/.test(document.querySelector('[data-testid="headline-ratio"]')?.textContent ?? ''));
    const text = (await page.getByTestId('headline-ratio').textContent()) ?? '';
    const m = /([0-9]+(?:\.[0-9]+)?)\s*[x×]/.exec(text);
    assert.ok(m, `headline: ${text}`);
    const ratio = Number(m[1]);
    assert.ok(ratio > 3.5 && ratio < 4.5, `headline ratio ${ratio} in "${text}"`);
    assert.match(text, /4/);
  });

  it('can be driven from the keyboard alone', async () => {
    // Paused for good first (the page's first start plays by itself).
    await setPlaying(page, false);
    const toggled = (want: string, what: string) =>
      page.waitForFunction((w) => document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === w, want, { timeout: 60_000 }).catch(() => assert.fail(what));
    await page.locator('body').press('.');
    await toggled('true', '. toggles play');
    await page.locator('body').press('Space');
    await toggled('false', 'Space toggles play back');
    await page.keyboard.press('?');
    await page.getByTestId('keys-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('keys-dialog').waitFor({ state: 'hidden' });
    // Tab reaches the replica count; typing and Enter commits it.
    let found = false;
    for (let i = 0; i < 80 && !found; i++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'field-replicas');
    }
    assert.ok(found, 'Tab reaches the replica count');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 2);
    // A boundary handle takes focus and moves with the arrow keys.
    const owned = page.getByTestId('owned-count').first();
    const before = num(await owned.textContent());
    await page.getByTestId('boundary-handle').first().focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="owned-count"]')?.textContent?.replace(/[^0-9.]/g, '')) !== b,
      before,
    );
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad.map((v) => `${theme}: ${v.id}: ${v.nodes.length} node(s): ${v.nodes[0]?.target}`), []);
    }
  });

  it('survives a paste over the limit into a selector with the apiserver\'s size-limit message', async () => {
    const input = page.getByTestId('selector-input').first();
    // The editor takes a little over the API server's 100,000 code points (a longer
    // paste is refused before it is laid out, see bounded-inputs.test.ts).
    await input.fill('x'.repeat(100_500));
    const error = page.getByTestId('selector-error').first();
    await error.waitFor();
    assert.equal(await error.textContent(), 'CEL parse error: expression code point size exceeds limit: size: 100500, limit 100000');
    // The editor scrolls instead of stretching the card; the page still answers.
    const box = (await page.locator('.selector-editor__box').first().boundingBox())!;
    assert.ok(box.height < 400, `editor height ${box.height}`);
    await input.fill("shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000')");
    await page.getByTestId('selector-valid').first().waitFor();
    assert.deepEqual(watch.pageErrors, []);
  });

  it('keeps running after bad input in a number field', async () => {
    const field = page.getByTestId('field-replicas');
    await field.fill('0');
    await field.press('Enter');
    await page.getByTestId('field-error-replicas').waitFor();
    assert.match((await page.getByTestId('field-error-replicas').textContent()) ?? '', /1.*64/);
    assert.ok((await page.getByTestId('replica-card').count()) >= 1);
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
  });
});

describe('a shared link in a browser', () => {
  const env = useBuiltSite(DIST);

  it('restores a run and says which tampered fields it could not use', async () => {
    const { site, browser } = env;
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const watch = watchPage(page, site.origin);
    const state = { v: 2, p: { replicas: 3, objects: 'lots', namespaces: 7 }, w: { view: 'ring' } };
    await page.goto(site.url + '#state=' + encodeURIComponent(JSON.stringify(state)));
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /objects/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 3);
    assert.equal(await page.getByTestId('field-namespaces').inputValue(), '7');
    assert.deepEqual(watch.pageErrors, []);
    await page.close();
  });

  it('opens the default run with a clear message when the link is garbage', async () => {
    const { site, browser } = env;
    const page = await browser.newPage();
    const watch = watchPage(page, site.origin);
    await page.goto(site.url + '#state=%7B%7B%7Bnot-json');
    await page.getByTestId('link-notice').waitFor();
    await page.getByTestId('replica-card').first().waitFor();
    assert.deepEqual(watch.pageErrors, []);
    await page.close();
  });
});
