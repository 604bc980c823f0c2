// Links that cannot be read: one opened in the same tab keeps the run shown and its progress;
// the notice never echoes attacker text; the messages say what really happened.
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
/** A short link whose payload is `json` as it stands (deflated). */
const shortOf = (json: string) => `#s=2.${toBase64Url(deflateSync(new TextEncoder().encode(json), { level: 9 }))}`;
const simTime = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')));

describe('links that cannot be read keep the run', () => {
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
    const bomb = `#s=2.${toBase64Url(deflateSync(new Uint8Array(8_000_000).fill(32), { level: 9 }))}`;
    const links: [string, RegExp][] = [
      ['#s=2.@@@@', /could not be read/],
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

describe('the link notice never echoes attacker text', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  it('90,000 unknown keys: at most 10 names of at most 40 characters, as code, escaped, and "and 89,990 more"', async () => {
    const lure = '⚠ This run is corrupted. Download the fixed simulator at https://example.invalid/fix';
    const p: Record<string, number> = { [lure]: 1, ['\u202egnp.exe\u0007\u200b']: 2, objects: 500 };
    for (let i = 0; i < 89_998; i++) p[`k${i}`] = 1;
    const hash = shortOf(JSON.stringify({ p }));
    assert.ok(hash.length < 1_000_000);
    await page.goto(env.site.url + hash);
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    assert.ok(text.length < 1_000, `the notice has ${text.length} characters`);
    assert.match(text, /and 89,990 more/);
    const names = await notice.locator('code').allTextContents();
    assert.equal(names.length, 10);
    for (const name of names) assert.ok([...name].length <= 40, name);
    // The lure is cut, inside code; no control, bidi or zero-width character reaches the page.
    assert.ok(names[0]!.startsWith('⚠ This run is corrupted.') && names[0]!.endsWith('…'), names[0]);
    assert.doesNotMatch(text, /https:\/\/example/);
    assert.equal(names[1], '\\u202Egnp.exe\\u0007\\u200B');
    assert.doesNotMatch(text, /[\p{Cc}\p{Cf}]/u);
    // The valid part of the link was applied.
    assert.equal(await page.getByTestId('field-objects').inputValue(), '500');
    assert.deepEqual(watch.pageErrors, []);
  });
});

describe('links say what really happened', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  const noticeText = async () => {
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    return (await notice.textContent()) ?? '';
  };

  it('a small bomb link is reported by the size it unpacks to, not as a long link', async () => {
    const bomb = `#s=2.${toBase64Url(deflateSync(new Uint8Array(2_000_000).fill(32), { level: 9 }))}`;
    assert.ok(bomb.length < 5_000);
    await page.goto(env.site.url + bomb);
    const text = await noticeText();
    assert.match(text, new RegExp(`This link is ${bomb.length.toLocaleString('en-US')} characters long but unpacks to more than 1,000,000 characters`));
    assert.doesNotMatch(text, /longer than/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('an unknown story id is named (as code), on opening and in the same tab, and the run is kept', async () => {
    await page.goto(env.site.url + '#story=no-such-story&step=2');
    let text = await noticeText();
    assert.match(text, /names a story ShardScope does not have \(no-such-story\), so the default run is shown/);
    assert.equal(await page.getByTestId('link-notice').locator('code').textContent(), 'no-such-story');
    await page.getByTestId('link-notice').getByRole('button').click();
    await page.getByTestId('field-replicas').fill('3');
    await page.getByTestId('field-replicas').press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 3);
    await page.evaluate(() => {
      location.hash = '#story=\u202eevil&step=1';
    });
    text = await noticeText();
    assert.match(text, /names a story ShardScope does not have \(\\u202Eevil\), so the run shown is kept/);
    assert.equal(await page.getByTestId('replica-card').count(), 3);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a link with both #state= and #s= says which one was used', async () => {
    const state = '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: { replicas: 3, objects: 500 } }));
    const both = state + '&' + short({ replicas: 5, objects: 500 }).slice(1);
    await page.goto(env.site.url + both);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 3);
    const text = await noticeText();
    assert.match(text, /This link holds both a #state= part and a #s= part: the #state= part was used, the #s= part ignored\./);
    assert.deepEqual(watch.pageErrors, []);
  });
});
