import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch, setPlaying } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

/** A `#state=` link with these parameters and view fields (the rest take their defaults). */
const link = (p: Record<string, unknown>, w: Record<string, unknown> = {}) => '#state=' + encodeURIComponent(JSON.stringify({ v: 1, p, w }));

async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('clock').locator('[aria-hidden="true"]').textContent()) ?? '';
  const m = /(\d+):(\d+(?:\.\d+)?)/.exec(text);
  assert.ok(m, `no time in ${JSON.stringify(text)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

async function commit(page: Page, testId: string, value: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.fill(value);
  await field.press('Enter');
}

describe('API servers over time on the page', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url + link({ apiServers: [{ gate: true }, { gate: true }, { gate: true }] }, { speed: 4 }));
    await page.getByTestId('replica-card').first().waitFor();
  });

  it('explains each lifecycle control in one line', async () => {
    for (const id of ['rollout-gates', 'watch-policy', 'initial-list', 'watch-timeouts']) {
      const text = (await page.getByTestId(id).textContent()) ?? '';
      assert.ok(text.length > 40, `${id} has an explanation: ${text}`);
    }
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a rolling upgrade set from the page shows the relist storm and, under trust, the duplicates', async () => {
    await setPlaying(page, false);
    const at = Math.ceil(await clockSeconds(page)) + 3;
    await page.getByTestId('toggle-rollout').click();
    await page.getByTestId('rolloutGate-off').click();
    await commit(page, 'field-rolloutAt', String(at));
    await commit(page, 'field-rolloutEvery', '5');
    await page.getByTestId('watchPolicy-trust-stream').check();
    // Before the first restart: no relist, no duplicate.
    assert.match((await page.getByTestId('lifecycle-summary').textContent()) ?? '', /relists 0 /);
    await setPlaying(page, true);
    // Server 1 restarts at at + 5 s; its clients LIST and WATCH through the load balancer.
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="audit-server"]')?.getAttribute('data-duplicates') ?? 0) > 0,
      undefined,
      { timeout: 90_000 },
    );
    const summary = (await page.getByTestId('lifecycle-summary').textContent()) ?? '';
    const m = /relists (\d+) .*duplicate events kept ([\d,]+)/.exec(summary);
    assert.ok(m, summary);
    assert.ok(Number(m[1]) > 0, summary);
    assert.ok(Number(m[2].replace(/,/g, '')) > 0, summary);
    // The relist storm is charted.
    await page.getByTestId('chart-relists').waitFor();
    // The headline names the duplicates kept under trust.
    assert.match((await page.getByTestId('headline-ratio').getAttribute('data-failures')) ?? '', /skewTrust/);
    await page.screenshot({ path: '/tmp/e2e-apiservers.png' });
    assert.deepEqual(watch.pageErrors, []);
  });
});
