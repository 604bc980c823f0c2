import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch, setPlaying } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

/** A `#state=` link with these parameters and view fields (the rest take their defaults). */
const link = (p: Record<string, unknown>, w: Record<string, unknown> = {}) => '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p, w }));

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
    for (const id of ['rollout-gates', 'initial-list', 'watch-timeouts', 'routing', 'client-choice']) {
      const text = (await page.getByTestId(id).textContent()) ?? '';
      assert.ok(text.length > 40, `${id} has an explanation: ${text}`);
    }
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a gate rollback set from the page: watches resume on gate-off servers and client-go caches what they send', async () => {
    await setPlaying(page, false);
    const at = Math.ceil(await clockSeconds(page)) + 3;
    await page.getByTestId('toggle-rollout').click();
    await page.getByTestId('rolloutGate-off').click();
    await commit(page, 'field-rolloutAt', String(at));
    await commit(page, 'field-rolloutEvery', '5');
    assert.equal(await page.getByTestId('client-client-go').isChecked(), true);
    // Before the first restart: no resume, no relist, no duplicate.
    assert.match((await page.getByTestId('lifecycle-summary').textContent()) ?? '', /^watch resumes 0 · relists 0 /);
    await setPlaying(page, true);
    // A restart ends the watches on that server; client-go resumes them on another one,
    // from its resourceVersion, and caches every event a gate-off server sends.
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="audit-server"]')?.getAttribute('data-duplicates') ?? 0) > 0,
      undefined,
      { timeout: 90_000 },
    );
    const summary = (await page.getByTestId('lifecycle-summary').textContent()) ?? '';
    const m = /^watch resumes (\d+) · relists (\d+) .*duplicate events kept ([\d,]+)/.exec(summary);
    assert.ok(m, summary);
    assert.ok(Number(m[1]) > 0, summary);
    assert.ok(Number(m[3].replace(/,/g, '')) > 0, summary);
    // The headline names the silent full cache: "replica-0 … caches", or, when the rollout has
    // reached more servers by the time this is read (a loaded machine), "replica-0, replica-1,
    // and replica-3 … cache".
    assert.match((await page.getByTestId('headline-ratio').getAttribute('data-failures')) ?? '', /trust/);
    assert.match((await page.getByTestId('headline-ratio').textContent()) ?? '', /\bcaches? the whole collection, silently/);
    await page.screenshot({ path: '/tmp/e2e-apiservers.png' });
    assert.deepEqual(watch.pageErrors, []);
  });
});
