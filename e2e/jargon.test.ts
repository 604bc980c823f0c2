// The jargon a newcomer meets is explained where it is read, in the same
// (?) popovers as the other explanations, with a source for what it says about Kubernetes;
// and "and N more problems" in the headline leads to where they all are. (The hatched
// timeline's (?) needs minutes at a million objects to appear: src/ui/App.test.tsx opens it.)
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, waitTime, type PageWatch } from './browser';

const DIST = process.env.LAYOUT_DIST ?? join(import.meta.dirname, '..', 'dist');

describe('jargon explained', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(path = ''): Promise<void> {
    await page.goto(env.site.url + path);
    await page.getByTestId('replica-card').first().waitFor();
  }

  /** Opens the (?) of `topic` inside `scope` and returns its popover's text. */
  async function explain(scope: Locator | Page, topic: string): Promise<string> {
    const button = scope.getByTestId(`explain-${topic}`).first();
    await button.waitFor({ timeout: 60_000 });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const pop = page.getByTestId(`explain-${topic}-popover`).first();
    await pop.waitFor();
    const text = (await pop.textContent()) ?? '';
    await page.keyboard.press('Escape');
    return text;
  }

  async function setSelector(replica: number, text: string): Promise<void> {
    await page.locator(`[data-testid="replica-card"][data-replica="${replica}"]`).getByTestId('selector-input').fill(text);
  }

  it('CEL: beside the cards, in the editor and in the server’s message for a syntax error, with the parser as source', async () => {
    await open();
    const cards = page.getByTestId('replica-cards');
    const text = await explain(cards.locator('.panel__head'), 'cel');
    assert.match(text, /Common Expression Language/);
    assert.match(text, /pkg\/sharding\/parser\.go \(v1\.36\.3\)/);
    await setSelector(0, 'shardRange(object.metadata.uid,');
    const card = page.locator('[data-testid="replica-card"][data-replica="0"]');
    await card.getByTestId('rejection-message').waitFor();
    assert.match((await card.getByTestId('rejection-message').textContent()) ?? '', /CEL parse error/);
    assert.match(await explain(card.getByTestId('rejection-message'), 'cel'), /cel-go parser/);
    assert.match(await explain(card.locator('.selector-editor__error'), 'cel'), /cel-go parser/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('"expression kind 3": explained in the card’s HTTP 500 message, where the server’s text is read', async () => {
    await open();
    await setSelector(0, "shardRange(object.metadata.uid, start, '0x8000000000000000')");
    const card = page.locator('[data-testid="replica-card"][data-replica="0"]');
    const rejection = card.getByTestId('rejection-message');
    await rejection.waitFor();
    assert.match((await rejection.textContent()) ?? '', /expression kind 3/);
    assert.match(await explain(rejection, 'kind3'), /Kind 3 means an identifier/);
  });

  it('object-seconds: explained on the hand-off report that counts them', async () => {
    await open();
    const to = page.getByTestId('field-schedule-to');
    await to.fill('5');
    await to.press('Enter');
    const at = page.getByTestId('field-schedule-at');
    await at.fill('2');
    await at.press('Enter');
    await page.getByTestId('schedule-add-reshard').click();
    await page.getByTestId('schedule-item').first().waitFor();
    for (let i = 0; i < 3; i++) await page.getByTestId('faster').click();
    await setPlaying(page, true);
    await waitTime(page, 5, 1e9);
    await setPlaying(page, false);
    const report = page.getByTestId('handoff-report');
    await report.waitFor();
    assert.match((await report.textContent()) ?? '', /object-seconds/);
    assert.match(await explain(report, 'objectSeconds'), /6 object-seconds/);
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    it(`chart bands named after a namespace, and the metrics block: explained (${lang})`, async () => {
      await open(`?lang=${lang}`);
      const band = await explain(page.getByTestId('bandwidth-panel'), 'burstBand');
      assert.match(band, lang === 'en' ? /rolling update, namespace support-prod/ : /滚动更新，命名空间 support-prod/);
      const metrics = page.locator('.metrics');
      const text = await explain(metrics, 'metrics');
      assert.match(text, /apiserver_watch_shards_total/);
      assert.match(text, lang === 'en' ? /a gauge/ : /gauge/);
      assert.match(text, /pkg\/storage\/cacher\/metrics\/metrics\.go/);
    });
  }

  it('"and N more problems" is a link to the list of every problem, under the ownership audit', async () => {
    await open();
    // Three problems and more: an HTTP 500, the gap it leaves, and an overlap (duplicates).
    await setSelector(0, "shardRange(object.metadata.uid, start, '0x4000000000000000')");
    await setSelector(1, "shardRange(object.metadata.uid, '0x4000000000000000', '0xc000000000000000')");
    await setPlaying(page, true);
    const more = page.getByTestId('headline-more');
    await more.waitFor({ timeout: 60_000 });
    await setPlaying(page, false);
    const words = (await more.textContent()) ?? '';
    const n = Number(/and (\d+) more problems?/.exec(words)?.[1]);
    assert.ok(n >= 1, words);
    await more.click();
    const list = page.getByTestId('problem-list');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'problem-list');
    assert.ok(await list.isVisible());
    const items = await list.locator('li').count();
    assert.equal(items, n + 2, 'the two problems the headline names and the N more');
    assert.deepEqual(watch.pageErrors, []);
  });
});
