// Number fields read by the locale's marks, and a page that runs
// under a Content-Security-Policy without 'unsafe-inline' styles, data:/blob: images or blob:
// workers, with no violation reported while it is used.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, waitTime, watchPage, type PageWatch } from './browser';

/** Plays the run for `seconds` of simulated time (however long the machine takes), then pauses it. */
async function playFor(page: Page, seconds: number): Promise<void> {
  const t0 = Number(await page.getByTestId('timeline').getAttribute('data-time'));
  await setPlaying(page, true);
  await waitTime(page, t0 + seconds, 1e9);
  await setPlaying(page, false);
}

const DIST = join(import.meta.dirname, '..', 'dist');

/** Records every `securitypolicyviolation` event of the page (and its frames) from the start. */
const RECORD_VIOLATIONS = `
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' (' + (e.sample || '') + ')');
  });
`;

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** The page's policy, directive name -> sources. */
async function policy(page: Page): Promise<Map<string, string[]>> {
  const content = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.ok(content, 'the built page carries a CSP');
  return new Map(
    content
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0]!, d.slice(1)]),
  );
}

async function typeInto(page: Page, name: string, text: string): Promise<string> {
  const field = page.getByTestId(`field-${name}`);
  await field.fill(text);
  await field.press('Enter');
  const error = page.getByTestId(`field-error-${name}`);
  await error.waitFor();
  return (await error.textContent()) ?? '';
}

describe('number fields in a browser', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  it('refuses 0,5 and 1,5 and says what each reads as, keeping the running value', async () => {
    const before = await page.getByTestId('field-addedPerSec').inputValue();
    assert.match(await typeInto(page, 'addedPerSec', '0,5'), /“0,5” is unclear: .* reads as 5\. Type 5 for that, or 0\.5 for a fraction\./);
    assert.match(await typeInto(page, 'replicas', '1,5'), /“1,5” is unclear: .* reads as 15\. Type 15 for that, or 1\.5 for a fraction\./);
    await page.getByTestId('field-addedPerSec').press('Escape');
    assert.equal(await page.getByTestId('field-addedPerSec').inputValue(), before);
    assert.equal(await page.getByTestId('replica-card').count(), 4);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('says 1e300 and Infinity are out of range, with grouped bounds', async () => {
    assert.match(await typeInto(page, 'objects', '1e300'), /^Must be between 1 and 1,000,000\./);
    assert.match(await typeInto(page, 'deletedPerSec', 'Infinity'), /^Must be between 0 and 1,000,000\./);
    assert.match(await typeInto(page, 'seed', '1e300'), /^Must be between 0 and 4,294,967,295\./);
  });

  it('refuses 1e-10 for the seed instead of running seed 0', async () => {
    const seed = await page.getByTestId('field-seed').inputValue();
    assert.match(await typeInto(page, 'seed', '1e-10'), /^Enter a whole number\./);
    await page.getByTestId('field-seed').press('Escape');
    assert.equal(await page.getByTestId('field-seed').inputValue(), seed);
  });

  it('accepts grouped digits and a decimal point, and shows rates grouped', async () => {
    const field = page.getByTestId('field-addedPerSec');
    await field.fill('12,500.5');
    await field.press('Enter');
    assert.equal(await page.getByTestId('field-error-addedPerSec').count(), 0);
    assert.equal(await field.inputValue(), '12,500.5');
  });
});

describe('the Content-Security-Policy', () => {
  const env = useBuiltSite(DIST);

  it('allows no inline styles, no data: or blob: images and no blob: workers', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.site.url);
    const csp = await policy(page);
    assert.deepEqual(csp.get('style-src'), ["'self'"]);
    assert.deepEqual(csp.get('img-src'), ["'self'"]);
    assert.deepEqual(csp.get('worker-src'), ["'self'"]);
    // 'wasm-unsafe-eval' compiles WebAssembly only (the uid hasher); no eval of JavaScript.
    assert.deepEqual(csp.get('script-src'), ["'self'", "'wasm-unsafe-eval'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.deepEqual(csp.get('form-action'), ["'none'"]);
    await page.close();
  });

  it('reports no violation while the page is used, on the main thread and in the worker', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript(RECORD_VIOLATIONS);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.origin });
    const page = await context.newPage();
    const watch = watchPage(page, env.site.origin);
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();

    // Styles apply: the stylesheet (a file) and React style props (CSSOM) both work.
    const header = await page.getByTestId('header').evaluate((h) => getComputedStyle(h).display);
    assert.equal(header, 'flex');
    const colour = await page.getByTestId('replica-card').first().evaluate((c) => getComputedStyle(c).getPropertyValue('--replica-color').trim());
    assert.ok(colour !== '', 'the replica colour set through a style prop applies');

    // Use the page: play, keys dialog, views, theme, a bad and a good number, copy a URL.
    await playFor(page, 1.5);
    await page.keyboard.press('?');
    await page.getByTestId('keys-dialog').waitFor();
    await page.keyboard.press('Escape');
    for (const testId of ['view-ring', 'view-strip']) {
      const button = page.getByTestId(testId);
      if ((await button.count()) > 0) await button.first().click();
    }
    await page.getByTestId('toggle-gate-0').first().click();
    await typeInto(page, 'replicas', '0,5');
    await page.getByTestId('field-replicas').fill('3');
    await page.getByTestId('field-replicas').press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 3);
    await page.getByTestId('copy-url').first().click();
    await page.getByTestId('step').click();
    await page.getByTestId('step-back').click();

    const onMainThread = await violations(page);

    // A large cluster runs in the Web Worker, loaded from the site itself.
    const state = { v: 2, p: { objects: 20_000, replicas: 2 } };
    await page.goto(env.site.url + '#state=' + encodeURIComponent(JSON.stringify(state)));
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 2, undefined, { timeout: 90_000 });
    // The worker's run moves (a second and a half of it), with no engine error.
    await playFor(page, 1.5);
    assert.equal(await page.getByTestId('engine-error').count(), 0);
    assert.ok(page.workers().some((w) => w.url().startsWith(env.site.origin)), 'the model runs in a same-origin worker');

    assert.deepEqual(onMainThread, []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors.filter((m) => /Content Security Policy|Refused to/i.test(m)), []);
    assert.deepEqual(watch.foreignRequests, []);

    // The recorder is live: an inline <style> is refused and reported.
    await page.evaluate(() => document.head.append(Object.assign(document.createElement('style'), { textContent: 'body { color: red }' })));
    await page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0);
    assert.match((await violations(page))[0]!, /^style-src/);
    await context.close();
  });
});
