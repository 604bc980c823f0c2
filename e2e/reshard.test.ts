import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch, setPlaying, waitTime } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_DOCS=1 npm run test:e2e` refreshes the screenshots in docs/; a plain run leaves the tree untouched. */
const DOCS = process.env.SHARDSCOPE_DOCS ? join(import.meta.dirname, '..', 'docs') : null;

describe('a reshard scheduled from the page', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  const time = async () => Number(await page.getByTestId('timeline').getAttribute('data-time'));

  async function scheduleReshard(to: number, at: number, rollout = 'all-at-once'): Promise<void> {
    const toField = page.getByTestId('field-schedule-to');
    await toField.fill(String(to));
    await toField.press('Enter');
    const atField = page.getByTestId('field-schedule-at');
    await atField.fill(String(at));
    await atField.press('Enter');
    await page.getByTestId('schedule-rollout').selectOption(rollout);
    await page.getByTestId('schedule-add-reshard').click();
    await page.getByTestId('schedule-item').first().waitFor();
  }

  it('says where the strategy is chosen that jump hash and mod N are client-side only, and why', async () => {
    const note = page.getByTestId('schedule-client-only');
    assert.match((await note.textContent()) ?? '', /client-side only: their buckets are not hash ranges, so a shardRange\(\) selector cannot express them/);
    assert.equal(await page.getByTestId('schedule-strategy').getAttribute('aria-describedby'), await note.getAttribute('id'));
  });

  it('plays past a scheduled 4 -> 5 reshard: the hand-off shows in the audit and the series; the timeline scrubs back', async () => {
    await scheduleReshard(5, 2);
    assert.match((await page.getByTestId('schedule-item').textContent()) ?? '', /At 2 s: 4 → 5 replicas, Equal ranges, All at once/);
    const mark = page.locator('[data-testid="timeline-mark"][data-kind="reshard"]');
    await mark.waitFor();

    // Play past it (the page plays from the start; make sure).
    for (let i = 0; i < 3; i++) await page.getByTestId('faster').click();
    await setPlaying(page, true);
    await waitTime(page, 5, 1e9);
    await setPlaying(page, false);
    await page.getByTestId('handoff-item').waitFor();
    const item = page.getByTestId('handoff-item');
    const moved = Number(await item.getAttribute('data-moved'));
    assert.ok(Math.abs(moved - 0.5) < 0.03, `equal ranges 4 -> 5 moved ${moved}`);
    const clientBytes = Number(await item.getAttribute('data-client-relist-bytes'));
    const serverBytes = Number(await item.getAttribute('data-server-relist-bytes'));
    assert.ok(Math.abs(clientBytes / serverBytes - 5) < 0.05, `client-side relists ${clientBytes} B, server-side ${serverBytes} B`);
    // The page follows the model: five replica cards, five bands.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 5);
    assert.equal(await page.getByTestId('hash-band').count(), 5);
    await page.getByTestId('chart-relists').waitFor();
    await page.getByTestId('chart-handoff').waitFor();

    if (DOCS) {
      // The hand-off in the charts (relists, objects between owners), the audit and its report.
      mkdirSync(DOCS, { recursive: true });
      await page.getByTestId('handoff-report').evaluate((e) => e.scrollIntoView({ block: 'end' }));
      // Let the scroll settle (sticky header, deferred chart layout) before the capture.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(DOCS, 'reshard-handoff.png') });
    }

    // Click the mark: back to 2 s, just before the reshard fires.
    await mark.click();
    await waitTime(page, 1.99, 2.01);
    // The clock can show the seek's time a frame before the panels under it re-render.
    await page.getByTestId('handoff-item').waitFor({ state: 'detached' });
    // One step on: every object is between owners client-side (one whole LIST takes about 1 s).
    await page.getByTestId('step').click();
    await waitTime(page, 2.24, 2.26);
    const audit = page.getByTestId('audit-client');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="audit-client"]')?.getAttribute('data-gaps')) > 0);
    assert.ok(Number(await audit.getAttribute('data-gaps')) > 5_000);
    await page.getByTestId('handoff-item').waitFor();
    // Scrub back through the track, near its start.
    const track = page.getByTestId('timeline-track');
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    await page.mouse.click(box.x + 3, box.y + box.height / 2);
    await waitTime(page, 0, 1.99);
    // As above, the panels re-render a frame or more after the clock (SHARDSCOPE_CPU_THROTTLE=3).
    await page.getByTestId('handoff-item').waitFor({ state: 'detached' });
    assert.ok((await time()) < 2);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('removes a scheduled reshard, and refuses one that keeps the count', async () => {
    await scheduleReshard(5, 30);
    assert.equal(await page.getByTestId('schedule-item').count(), 1);
    // From 5 to 5 at 40 s changes nothing: refused with the model's reason.
    const toField = page.getByTestId('field-schedule-to');
    await toField.fill('5');
    await toField.press('Enter');
    const atField = page.getByTestId('field-schedule-at');
    await atField.fill('40');
    await atField.press('Enter');
    await page.getByTestId('schedule-add-reshard').click();
    await page.getByTestId('schedule-refused').waitFor();
    assert.equal(await page.getByTestId('schedule-item').count(), 1);
    await page.getByTestId('schedule-remove').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="schedule-item"]').length === 0);
    assert.equal(await page.locator('[data-testid="timeline-mark"][data-kind="reshard"]').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });
});
