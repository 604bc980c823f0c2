// Issue 23, "Bounded, round two": links. Point 2: a link that cannot be read, opened in the same
// tab, keeps the run shown and its progress; point 5: the notice never echoes attacker text;
// point 6: the messages say what really happened.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { deflateSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitUntil, type PageWatch } from './browser';
import { encodeShortLink, toBase64Url } from '../src/state/shortLink';
import { defaultSimParams, defaultViewParams } from '../src/state/defaults';
import { equalSplitSelectors } from '../src/state/selectors';

const DIST = join(import.meta.dirname, '..', 'dist');

/** A short link for these parameters (the rest default). */
const short = (p: Partial<ReturnType<typeof defaultSimParams>>) => {
  const params = { ...defaultSimParams(), ...p };
  return encodeShortLink({ ...params, selectors: p.selectors ?? equalSplitSelectors(params.replicas, params.shardKey) }, defaultViewParams());
};
const simTime = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')));

describe('links that cannot be read keep the run (issue 23, point 2)', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  const fields = async () => Promise.all(['replicas', 'seed', 'objects'].map((n) => page.getByTestId(`field-${n}`).inputValue()));

  it('an unreadable, truncated, bomb, other-version or garbage link in the same tab only shows the notice', async () => {
    const good = short({ replicas: 7, seed: 123, objects: 5_000 });
    await page.goto(env.site.url + good);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 7);
    assert.deepEqual(await fields(), ['7', '123', '5,000']);
    await waitUntil(async () => (await simTime(page)) >= 2, 30_000);
    const bomb = `#s=1.${toBase64Url(deflateSync(new Uint8Array(8_000_000).fill(32), { level: 9 }))}`;
    const links: [string, RegExp][] = [
      ['#s=1.@@@@', /could not be read/],
      [good.slice(0, good.length - 6), /could not be read/],
      [bomb, /not read/],
      ['#s=7.q64FAA', /another version/],
      ['#state=%7Bnot%20json', /could not be read/],
      ['#state=' + encodeURIComponent(JSON.stringify({ v: 9, p: { replicas: 2 } })), /another version/],
    ];
    for (const [hash, why] of links) {
      const before = await simTime(page);
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      const notice = page.getByTestId('link-notice');
      await notice.waitFor();
      // The run, its fields and its progress are as they were, and it plays on.
      assert.deepEqual(await fields(), ['7', '123', '5,000'], hash.slice(0, 40));
      const text = (await notice.textContent()) ?? '';
      assert.match(text, why, hash.slice(0, 40));
      assert.match(text, /the run shown is kept/, hash.slice(0, 40));
      assert.equal(await page.getByTestId('replica-card').count(), 7);
      const after = await simTime(page);
      assert.ok(after >= before, `${hash.slice(0, 40)}: time went from ${before} to ${after}`);
      await waitUntil(async () => (await simTime(page)) > after + 0.5, 20_000);
      // The address bar holds the run shown again, so a reload or a copy reopens it.
      await waitUntil(async () => (await page.evaluate(() => location.hash)) === good);
      await notice.getByRole('button').click();
    }
    assert.deepEqual(watch.pageErrors, []);
  });
});
