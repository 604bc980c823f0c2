// Links that round-trip. The address bar always holds a link that
// reopens the run shown (or the last one that fit, with a message saying why), a link pasted
// into the same tab is opened, and every field a link cannot use is named.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch } from './browser';
import { equalSplitSelectors } from '../src/state/selectors';
import { readLink } from '../src/state/link';

const DIST = join(import.meta.dirname, '..', 'dist');
const UID = 'object.metadata.uid';

/** A `#state=` fragment for hand-made link JSON. */
const fragment = (raw: unknown) => '#state=' + encodeURIComponent(JSON.stringify(raw));
/** Small runs, so pages settle fast on a shared machine. */
const small = { objects: 500, namespaces: 8 };

/** The state the address bar holds now (the page writes the short `#s=` form; read as the page reads it). */
async function linkedState(page: Page): Promise<{ p: Record<string, unknown>; w: Record<string, unknown> }> {
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#s=2\./);
  const { state, issues } = readLink(hash);
  assert.deepEqual(issues, []);
  return { p: state!.params as unknown as Record<string, unknown>, w: state!.view as unknown as Record<string, unknown> };
}

/** Waits until the address bar's state has `expected` at `path` (the page writes it after a pause). */
async function waitForLink(page: Page, path: readonly (string | number)[], expected: unknown): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const hash = await page.evaluate(() => location.hash);
    const { state } = readLink(hash);
    if (state && /^#s=2\./.test(hash)) {
      let v: unknown = { p: state.params, w: state.view };
      for (const k of path) v = v === null || v === undefined ? undefined : (v as Record<string | number, unknown>)[k];
      if (JSON.stringify(v) === JSON.stringify(expected)) return;
    }
    if (Date.now() > deadline) throw new Error(`the address bar never had ${JSON.stringify(expected)} at ${path.join('.')}: ${hash.slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('links that round-trip in a browser', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(hash: string): Promise<void> {
    await page.goto(env.site.url + hash);
    await page.getByTestId('replica-card').first().waitFor();
  }
  const cards = (n: number) => page.waitForFunction((k) => document.querySelectorAll('[data-testid="replica-card"]').length === k, n);

  it('the skip link focuses the simulation and the link still reopens the run after a reload', async () => {
    const hash = fragment({ v: 2, p: { ...small, replicas: 3, seed: 5 } });
    await open(hash);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to the simulation');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    assert.equal(await page.evaluate(() => location.hash), hash);
    await page.reload();
    await cards(3);
    assert.equal(await page.getByTestId('field-seed').inputValue(), '5');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a link pasted into the same tab is opened, named, and the next change writes from it', async () => {
    await open(fragment({ v: 2, p: { ...small, replicas: 3, seed: 5 } }));
    await cards(3);
    // What the address bar does when a link is pasted: a same-document navigation.
    await page.goto(env.site.url + fragment({ v: 2, p: { ...small, replicas: 5, seed: 6, objects: 'lots' }, w: { view: 'ring' } }));
    await cards(5);
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /This link’s objects was not valid/);
    assert.equal(await page.getByTestId('field-seed').inputValue(), '6');
    // A control change writes the pasted run plus the change, never the old run back.
    const field = page.getByTestId('field-namespaces');
    await field.fill('9');
    await field.press('Enter');
    await waitForLink(page, ['p', 'namespaces'], 9);
    const { p, w } = await linkedState(page);
    assert.equal(p.replicas, 5);
    assert.equal(p.seed, 6);
    assert.equal(w.view, 'ring');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('Back to an earlier link reopens it, including a state the page wrote itself', async () => {
    await open(fragment({ v: 2, p: { ...small, replicas: 2 } }));
    await cards(2);
    const seed = page.getByTestId('field-seed');
    await seed.fill('31');
    await seed.press('Enter');
    await waitForLink(page, ['p', 'seed'], 31);
    await page.evaluate((h) => (location.hash = h), fragment({ v: 2, p: { ...small, replicas: 6 } }));
    await cards(6);
    await page.goBack();
    await cards(2);
    assert.equal(await seed.inputValue(), '31');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a 133-range selector typed in the page makes a link that reopens it exactly', async () => {
    await open(fragment({ v: 2, p: { ...small, replicas: 2 } }));
    await cards(2);
    const text = equalSplitSelectors(133, UID).join(' || ');
    assert.ok(text.length > 10_000, `${text.length} characters`);
    await page.getByTestId('selector-input').first().fill(text);
    await waitForLink(page, ['p', 'selectors', 0, 'length'], text.length);
    await page.reload();
    await cards(2);
    assert.equal(await page.getByTestId('selector-input').first().inputValue(), text);
    assert.equal(await page.getByTestId('link-notice').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a paste that makes the link too long leaves the last link that fits, and the page and Copy link say which selector is too long', async () => {
    // The editor takes at most 101,000 code points, so a link over 1,000,000
    // characters takes several long selectors: ten of 95,000 characters, then a paste of
    // 100,000 into replica-1.
    const selectors = Array.from({ length: 11 }, (_, i) => (i === 0 ? 'y'.repeat(95_000) : i === 1 ? 'short' : 'z'.repeat(95_000)));
    await open(fragment({ v: 2, p: { ...small, replicas: 11, seed: 77, selectors } }));
    await cards(11);
    const before = await page.evaluate(() => location.hash);
    await page.getByTestId('selector-input').nth(1).fill('x'.repeat(100_000));
    const banner = page.getByTestId('link-too-long');
    await banner.waitFor({ timeout: 60_000 });
    const message = (await banner.textContent()) ?? '';
    // x is one character in a link, and its JSON quotes are %22 each: 100,006.
    assert.match(message, /replica-1’s selector takes 100,006 of them/);
    assert.match(message, /over the 1,000,000 a link may have/);
    assert.equal(await page.evaluate(() => location.hash), before);
    assert.ok(before.length < 2 * 1024 * 1024);
    await page.getByTestId('copy-link').click();
    assert.equal(await page.getByTestId('copy-link-message').textContent(), message);
    // Shortening the selector brings the link back.
    await page.getByTestId('selector-input').nth(1).fill('short');
    await waitForLink(page, ['p', 'selectors', 1], 'short');
    assert.equal(await banner.count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('names a parameter block that is not an object and view fields of the wrong type', async () => {
    await open(fragment({ v: 2, p: [1, 2], w: { view: 7, theme: [] } }));
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /This link’s p, view, theme were not valid/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a feature gate given as the string "false" is named, not taken as on silently', async () => {
    await open(fragment({ v: 2, p: { ...small, apiServers: [{ gate: 'false' }], dotOwners: 1 }, w: { dotOwners: 'both' } }));
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    for (const field of ['apiServers[0].gate', 'dotOwners']) assert.ok(text.includes(field), text);
    assert.deepEqual(watch.pageErrors, []);
  });
});
