// A card never contradicts itself. A replica on a gate-off server says its
// selector is valid but not applied, and names the server; the gate word beside the badge is
// the gate the server has now; a paused run keeps its last rates, marked as paused, and a run
// that has not measured any time shows no rate rather than 0 B/s.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, waitStepReady, waitUntil, type PageWatch } from './browser';

const DIST = process.env.LAYOUT_DIST ?? join(import.meta.dirname, '..', 'dist');

describe('cards never contradict themselves', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(path: string): Promise<void> {
    await page.goto(env.site.url + path);
    await page.getByTestId('replica-card').first().waitFor();
  }

  for (const [lang, words] of [
    ['en', /Valid, but not applied: apiserver-0 has the ShardedListAndWatch gate off/],
    ['zh-CN', /选择器有效，但未生效：apiserver-0/],
  ] as const) {
    it(`a replica on a gate-off server says its selector is valid but not applied, and names the server (${lang})`, async () => {
      await open(`?lang=${lang}#story=rollout&step=1`);
      const card = page.locator('[data-testid="replica-card"][data-replica="0"]');
      await card.getByTestId('badge-trust').waitFor();
      const valid = card.getByTestId('selector-valid');
      assert.match((await valid.textContent()) ?? '', words);
      assert.doesNotMatch((await valid.textContent()) ?? '', /Accepted by the apiserver parser|解析器接受/);
      assert.deepEqual(watch.pageErrors, []);
    });
  }

  it('the gate word beside a badge is the gate its server has now, through a rolling upgrade', async () => {
    // Rolling the gate out, step 2: every server starts with the gate off and restarts with it on.
    await open('#story=rollout&step=2');
    await waitUntil(async () => (await page.getByTestId('badge-sharded').count()) > 0, 45_000);
    const cards = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="replica-card"]')].map((c) => ({
        replica: (c as HTMLElement).dataset.replica,
        sharded: c.querySelector('[data-testid="badge-sharded"]') !== null,
        unfiltered: c.querySelector('[data-testid="badge-trust"], [data-testid="badge-fallback"]') !== null,
        gateOn: c.querySelector('.card__server .gate-on') !== null,
        gateOff: c.querySelector('.card__server .gate-off') !== null,
      })),
    );
    const contradictions = cards.filter((c) => (c.sharded && !c.gateOn) || (c.unfiltered && !c.gateOff)).map((c) => `replica-${c.replica}`);
    assert.deepEqual(contradictions, []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a paused run keeps its last rates, marked as paused', async () => {
    await open('');
    await setPlaying(page, true);
    await waitUntil(async () => Number(await page.getByTestId('timeline').getAttribute('data-time')) > 3);
    await setPlaying(page, false);
    const card = page.getByTestId('replica-card').first();
    await card.getByTestId('paused-badge').waitFor();
    for (const id of ['card-memory-alloc-client', 'card-memory-alloc-server']) {
      assert.doesNotMatch((await card.getByTestId(id).textContent()) ?? '', /^0 B\/s$/, id);
    }
    assert.match((await card.getByTestId('card-memory').textContent()) ?? '', /decode allocation \(paused\)/);
    assert.match((await page.getByTestId('memory-alloc').textContent()) ?? '', /Decode allocation \(paused\)/);
    assert.doesNotMatch((await page.getByTestId('memory-alloc-client').textContent()) ?? '', /^0 B\/s$/);
  });

  it('a run that has not measured any time shows no rate, not "0 B/s" in both modes', async () => {
    await open('#story=saving&step=3');
    await page.getByTestId('story-caption').waitFor();
    // The step's run, moved to its time (10 s) without measuring any.
    await waitStepReady(page, 10);
    const texts = await page.evaluate(() =>
      ['card-memory-alloc-client', 'card-memory-alloc-server', 'memory-alloc-client', 'memory-alloc-server'].map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
    );
    for (const text of texts) assert.doesNotMatch(text, /^0 B\/s$/);
    assert.deepEqual(watch.pageErrors, []);
  });
});
