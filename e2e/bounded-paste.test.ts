// A 10 MB selector paste is refused with a message and the editor stays usable; a paste at the
// limit is taken, and the editor's highlight layer holds it once. How long the page takes over
// either is a benchmark (`npm run bench -- --only responsive`).
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, pasteSelector, useBuiltSite, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('a 10 MB selector paste', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  const paste = (size: number) => pasteSelector(page, size);

  /** The longest text a selector editor's highlight layer mirrors. */
  const mirrored = () => page.evaluate(() => Math.max(...Array.from(document.querySelectorAll('.selector-editor__highlight'), (p) => p.textContent!.length)));

  it('is refused with a message, keeps the selector, mirrors nothing over the editor\'s 101,000 code points, and the editor takes the next key', async () => {
    const box = page.getByTestId('selector-input').nth(1);
    const before = await box.inputValue();
    await paste(10 * 1024 * 1024);
    const message = page.getByTestId('selector-too-long');
    await message.waitFor({ timeout: 30_000 });
    assert.match((await message.textContent()) ?? '', /^That paste has 10,485,760 characters; a selector holds at most 100,000 \(the API server’s limit\), so it was not applied\./);
    assert.equal(await box.inputValue(), before);
    const most = await mirrored();
    assert.ok(most <= 101_001, `the highlight layer mirrors ${most} characters`);
    // The editor is usable after it: a key typed at the end lands there.
    await box.press('End');
    await box.press('x');
    await page.waitForFunction(
      (want) => document.querySelectorAll<HTMLTextAreaElement>('[data-testid="selector-input"]')[1]?.value === want,
      before + 'x',
      { timeout: 30_000 },
    );
    assert.ok(await page.getByTestId('header').isVisible());
    assert.deepEqual(watch.pageErrors, []);
  });

  it('at the limit is taken, and no copy of it is laid out under the text box', async () => {
    await paste(99_990);
    await page.waitForFunction(() => document.querySelectorAll<HTMLTextAreaElement>('[data-testid="selector-input"]')[1]?.value.length === 99_990, undefined, { timeout: 30_000 });
    assert.equal(await page.getByTestId('selector-too-long').count(), 0);
    // A text over 5,000 characters is never highlighted: the text box shows it alone.
    const held = await page.evaluate(() => document.querySelectorAll('.selector-editor__highlight')[1]?.textContent?.length ?? 0);
    assert.ok(held < 5_000, `the highlight layer mirrors ${held} characters`);
    assert.deepEqual(watch.pageErrors, []);
  });
});
