import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { useBuiltSite, watchPage, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

/** Integer in a text like "10,000 pods sent". */
const num = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

describe('server artefacts in a browser', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    await context?.close();
    // Reduced motion: the page starts paused, so every figure holds still while it is read.
    context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    watch = watchPage(page, env.site.origin);
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
  });

  /** Two API servers, the gate off on apiserver-1: replica-1 is served by it. */
  async function gateOffOnSecondServer(): Promise<void> {
    const field = page.getByTestId('field-apiServers');
    await field.fill('2');
    await field.press('Enter');
    await page.getByTestId('toggle-gate-1').waitFor();
    await page.getByTestId('toggle-gate-1').click();
    // The checked client: its own check filters what the gate-off server sends.
    await page.getByTestId('client-checked').check();
    await page.locator('[data-testid="replica-card"][data-replica="1"] [data-testid="badge-fallback"]').waitFor();
  }

  it('a replica on a gate-off API server previews the whole collection as sent, what it keeps, a closing ] and no clipping at 1280x720', async () => {
    await gateOffOnSecondServer();
    const card = page.locator('[data-testid="replica-card"][data-replica="1"]');
    const preview = card.getByTestId('list-preview');
    await preview.scrollIntoViewIfNeeded();
    const sent = preview.getByTestId('list-sent');
    await sent.waitFor();
    const live = Number(await page.getByTestId('live-count').getAttribute('data-count'));
    assert.ok(live > 1_000, `live count ${live}`);
    // The server sent everything: the count in the text and in the data equal the cluster's live count.
    assert.equal(Number(await sent.getAttribute('data-count')), live);
    assert.equal(num((await sent.textContent())!.split(' pods')[0]!), live);
    assert.match((await sent.textContent()) ?? '', /the whole collection/);
    const kept = preview.getByTestId('list-kept');
    assert.equal(await kept.getAttribute('data-filtering'), 'local');
    const keptCount = Number(await kept.getAttribute('data-count'));
    assert.ok(keptCount > 0 && keptCount < live / 2, `kept ${keptCount} of ${live}`);
    assert.match((await kept.textContent()) ?? '', new RegExp(`keeps ${keptCount.toLocaleString('en')} pods`));
    // The owned count on the card agrees with what the preview says is kept (the run is paused).
    assert.equal(num(await card.getByTestId('owned-count').textContent()), keptCount);
    // The closing bracket of "items" is on its own line and visible.
    const close = preview.getByTestId('list-items-close');
    assert.equal(await close.textContent(), '  ]');
    await close.scrollIntoViewIfNeeded();
    assert.ok(await close.isVisible());
    // Long lines wrap: nothing is clipped sideways.
    const { scrollWidth, clientWidth } = await preview.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    assert.ok(scrollWidth <= clientWidth, `preview scrolls sideways: ${scrollWidth} > ${clientWidth}`);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a sharded replica\'s preview wraps its shardInfo selector line instead of clipping it', async () => {
    const preview = page.getByTestId('list-preview').first();
    await preview.scrollIntoViewIfNeeded();
    await preview.getByTestId('shardinfo-preview').waitFor();
    const { scrollWidth, clientWidth } = await preview.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    assert.ok(scrollWidth <= clientWidth, `preview scrolls sideways: ${scrollWidth} > ${clientWidth}`);
  });

  it('the metrics panel prints no series for a gate-off server and says why', async () => {
    await gateOffOnSecondServer();
    const metrics = page.getByTestId('apiserver-metrics');
    await page.waitForFunction(() => (document.querySelector('[data-testid="apiserver-metrics"]')?.textContent ?? '').includes('# apiserver-1'));
    const text = (await metrics.textContent()) ?? '';
    const off = text.slice(text.indexOf('# apiserver-1'));
    assert.match(off, /^# apiserver-1 \(ShardedListAndWatch=false\)\n# nothing to print: with the gate off this server registers neither sharding metric/);
    assert.doesNotMatch(off, /apiserver_watch_shards_total\{/);
    assert.match(text, /# HELP apiserver_watch_shards_total \[ALPHA\] Number of active sharded watch connections broken by resource type\.\n# TYPE apiserver_watch_shards_total gauge\n/);
  });
});
