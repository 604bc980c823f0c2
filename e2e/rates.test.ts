import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, pauseAtSecond, useBuiltSite, type PageWatch, setPlaying, waitTime } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
const SHOTS = process.env.SHARDSCOPE_SHOTS;

/** The first number in a text like "153 received · 153 kept". */
const firstNumber = (text: string | null) => Number(/([0-9][0-9.,]*)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);

describe('rates on the replica cards', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  /** Plays until the cards' rates are steady (no settling badge), then pauses. */
  async function playUntilSteady(): Promise<void> {
    await setPlaying(page, true);
    await page.getByTestId('settling-badge').first().waitFor({ state: 'detached', timeout: 60_000 });
    await setPlaying(page, false);
  }

  it('after a change the cards say "settling" and grey their rates until the rate window has filled', async () => {
    // The start is a change too: every replica has just done its initial LIST (read 1 s in,
    // however long a loaded machine took to get here; the rate window is 5 s).
    await pauseAtSecond(page, 1);
    const badge = page.getByTestId('settling-badge').first();
    await badge.waitFor();
    assert.match((await badge.textContent()) ?? '', /^settling, \d+ s$/);
    await playUntilSteady();
    const card = page.getByTestId('replica-card').nth(1);
    assert.equal(await card.getByTestId('events-rate').getAttribute('data-settling'), 'false');
    // Add an API server: every card settles again.
    await page.getByTestId('field-apiServers').fill('2');
    await page.getByTestId('field-apiServers').press('Enter');
    await card.getByTestId('settling-badge').waitFor();
    assert.equal(await card.getByTestId('events-rate').getAttribute('data-settling'), 'true');
    assert.equal(await page.getByTestId('settling-badge').count(), await page.getByTestId('replica-card').count());
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'card-settling.png') });
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a rejected selector reads 0 events/s with its HTTP 500; fixed, the rates return; emptied, the card says no selector is sent', async () => {
    await playUntilSteady();
    const card = page.getByTestId('replica-card').first();
    const input = card.getByTestId('selector-input');
    const good = await input.inputValue();
    const events = card.getByTestId('events-rate');
    assert.ok(firstNumber(await events.textContent()) > 0, `steady: ${await events.textContent()}`);

    await input.fill("shardRange(object.metadata.uid, '0xFF', '0x4000000000000000')");
    await card.getByTestId('badge-rejected').waitFor();
    assert.match((await card.getByTestId('rejection-message').textContent()) ?? '', /^HTTP 500 invalid shard selector: hexStart: invalid hex character "F" in "0xFF"$/);
    assert.equal((await events.textContent())?.trim(), '0 received · 0 kept');
    assert.equal(await events.getAttribute('data-settling'), 'false');
    // Still nothing while it plays on for a second and a half of the run (the server keeps refusing the retries).
    const t0 = Number(await page.getByTestId('timeline').getAttribute('data-time'));
    await setPlaying(page, true);
    await waitTime(page, t0 + 1.5, 1e9);
    await setPlaying(page, false);
    assert.equal((await events.textContent())?.trim(), '0 received · 0 kept');
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'card-rejected.png') });

    await input.fill(good);
    await card.getByTestId('badge-sharded').waitFor();
    await setPlaying(page, true);
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="replica-card"] [data-testid="events-rate"]')?.textContent ?? '';
      return /^[1-9]/.test(text.trim());
    });
    await setPlaying(page, false);

    await input.fill('');
    const note = card.getByTestId('no-selector-note');
    await note.waitFor();
    const text = (await note.textContent()) ?? '';
    assert.match((await card.textContent()) ?? '', /Empty: no shardSelector parameter is sent/);
    assert.match(text, /^No selector, so the API server returns the whole collection, without shardInfo \(client-go leaves out an empty parameter\)\./);
    assert.match(text, /client-go checks nothing: this replica keeps every object it is sent\.$/);
    assert.doesNotMatch((await card.getByTestId('request-url').textContent()) ?? '', /shardSelector/);
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'card-no-selector.png') });
    assert.deepEqual(watch.pageErrors, []);
  });
});
