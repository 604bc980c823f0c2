// A step is a state, not a moment in a run. Opening a story (menu, link,
// PageDown) shows the story's own run at the step's time whatever ran before; a step back on
// the timeline replays the story's run; PageDown after scrubbing moves the story; leaving brings
// back the run from before; re-entering restarts the story's run.
//
// What this guards against: a step that reconfigured the run shown. From another run 20 s in,
// step 3 of *saving* showed t = 20 s with the other run's history; Home on the timeline replayed
// the other run (3 replicas' owned counts under the story's 4 cards); PageDown on the timeline
// scrubbed time back 10 s; leaving kept the story's parameters; re-entering went on from where
// it was.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { storyById } from '../src/stories';
import { freshPage, setPlaying, useBuiltSite, waitTime, type PageWatch } from './browser';
import { defaultSimParams, defaultViewParams } from '../src/state/defaults';
import { linkFor, readLink } from '../src/state/link';
import { equalSplitSelectors } from '../src/state/selectors';

const DIST = join(import.meta.dirname, '..', 'dist');

/** Another run of the same seed and cluster: 3 replicas. The model takes it without a rebuild. */
const OTHER = (() => {
  const d = defaultSimParams();
  return { ...d, replicas: 3, selectors: equalSplitSelectors(3, d.shardKey) };
})();

/** What a paused moment of a run shows: its time, its cards, each card's owned count, the memory table. */
interface Print {
  time: string | null;
  cards: number;
  owned: string[];
  memory: string;
}

describe('a story step is a state', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  const print = (): Promise<Print> =>
    page.evaluate(() => ({
      time: document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time') ?? null,
      cards: document.querySelectorAll('[data-testid="replica-card"]').length,
      owned: [...document.querySelectorAll('[data-testid="owned-count"]')].map((e) => e.textContent ?? ''),
      memory: document.querySelector('[data-testid="memory-figures"]')?.textContent ?? '',
    }));

  /** The step shown (the caption's `data-step`), or null outside a story. */
  const stepShown = () => page.evaluate(() => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? null);

  async function waitStep(n: number): Promise<void> {
    await page.waitForFunction((want) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === want, String(n), { timeout: 60_000 });
  }

  /** Waits (up to 10 s) until the page shows `want`, then compares; the assertion says what differs. */
  async function expectPrint(want: Print, what: string): Promise<void> {
    await page
      .waitForFunction((w) => {
        const time = document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time');
        const owned = [...document.querySelectorAll('[data-testid="owned-count"]')].map((e) => e.textContent ?? '');
        return time === w.time && owned.join('|') === w.owned.join('|') && (document.querySelector('[data-testid="memory-figures"]')?.textContent ?? '') === w.memory;
      }, want, { timeout: 60_000 })
      .catch(() => undefined);
    assert.deepEqual(await print(), want, what);
  }

  /** Step 3 of *saving* (paused) as a page opened on its link shows it: the reference. */
  async function reference(hash: string): Promise<Print> {
    await page.goto(env.site.url + hash);
    await page.getByTestId('replica-card').first().waitFor();
    // The step opens at its own time, not always at 0:00.
    await page.waitForFunction(() => document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time') !== null && document.querySelectorAll('[data-testid="owned-count"]').length > 0);
    // The first frame may still be settling into the page: wait for two equal prints.
    let last = await print();
    for (;;) {
      await page.waitForTimeout(300);
      const now = await print();
      if (JSON.stringify(now) === JSON.stringify(last)) return now;
      last = now;
    }
  }

  /** Free play on the other run, playing until it is 20 s in. */
  async function otherRun(): Promise<void> {
    const link = linkFor({ params: OTHER, view: { ...defaultViewParams(), speed: 4 } });
    assert.ok(link.ok);
    // A load of its own (a goto that changes only the fragment would be a hashchange).
    await page.goto('about:blank');
    await page.goto(env.site.url + link.hash);
    await page.getByTestId('replica-card').first().waitFor();
    await setPlaying(page, true);
    await waitTime(page, 20, 1e9);
  }

  it('opens a step by menu, PageDown or link on the story’s own run at the step’s time, whatever ran before', async () => {
    const want = await reference('#story=saving&step=3');
    assert.equal(want.cards, 4);

    // By the menu and PageDown, from another run 20 s in.
    await otherRun();
    await page.getByTestId('stories-menu').click();
    await page.getByTestId('story-item-saving').click();
    await waitStep(1);
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('PageDown');
    await waitStep(2);
    await page.keyboard.press('PageDown');
    await waitStep(3);
    await expectPrint(want, 'step 3 reached by menu and PageDown');

    // By a link navigated to in the tab, from the other run again.
    await otherRun();
    await page.evaluate(() => (location.hash = '#story=saving&step=3'));
    await waitStep(3);
    await expectPrint(want, 'step 3 reached by a link');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a step back on the timeline replays the story’s run, PageDown then moves the story, leaving brings back the run from before, re-entering restarts', async () => {
    // Step 2 of saving at its start, as a page opened on it shows it.
    await page.goto(env.site.url + '#story=saving&step=2');
    await page.getByTestId('replica-card').first().waitFor();
    await setPlaying(page, false);
    await page.getByTestId('timeline-track').focus();
    await page.keyboard.press('Home');
    const want = await (async () => {
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time') === '0.00');
      await page.waitForTimeout(500);
      return print();
    })();
    assert.equal(want.owned.length, 4);

    await otherRun();
    await page.getByTestId('stories-menu').click();
    await page.getByTestId('story-item-saving').click();
    await waitStep(1);
    await page.getByTestId('story-next').click();
    await waitStep(2);
    await waitTime(page, 3, 1e9);
    await setPlaying(page, false);
    // Back to the start on the timeline: a replay, which must be this story's run.
    await page.getByTestId('timeline-track').focus();
    await page.keyboard.press('Home');
    await expectPrint(want, 'step 2 rewound to 0:00 on the timeline');

    // PageDown with the timeline focused moves the story on, and scrubs nothing.
    await page.getByTestId('timeline-track').focus();
    await page.keyboard.press('PageDown');
    await waitStep(3).catch(() => undefined);
    assert.equal(await stepShown(), '3', 'PageDown on the timeline after scrubbing');

    // Leaving: the run from before the story, 3 replicas, in the address bar too.
    await page.getByTestId('story-exit').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="story-caption"]'));
    await page.waitForFunction(() => location.hash.startsWith('#s='), undefined, { timeout: 60_000 }).catch(() => undefined);
    assert.equal((await print()).cards, 3, 'replica cards after leaving');
    assert.deepEqual(readLink(await page.evaluate(() => location.hash)).state?.params, OTHER);

    // Re-entering: the story's run starts again (not on from where it was).
    await page.getByTestId('stories-menu').click();
    await page.getByTestId('story-item-saving').click();
    await waitStep(1);
    // The step opens at its own time; the run then goes on from there.
    const at = storyById('saving')!.steps[0]!.at ?? 0;
    await waitTime(page, at + 6, 1e9);
    await page.getByTestId('story-exit').click();
    await page.getByTestId('stories-menu').click();
    await page.getByTestId('story-item-saving').click();
    await waitStep(1);
    // The restarted run passes through the step's time and plays on from there; a run that went
    // on from where it was (16 s and more) never shows it. Watched as it plays, not read after a
    // pause: pausing can take seconds on a busy machine (15 s were read for 10 s that way).
    const again = await page
      .waitForFunction((t) => {
        const now = Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time'));
        return now >= t - 0.01 && now < t + 4 ? now : null;
      }, at, { timeout: 30_000 })
      .then((h) => h.jsonValue() as Promise<number>)
      .catch(async () => Number(await page.getByTestId('timeline').getAttribute('data-time')));
    await setPlaying(page, false);
    assert.ok(again >= at - 0.01 && again < at + 4, `re-entered at t = ${again} s, not at the step's own time ${at} s`);
    assert.deepEqual(watch.pageErrors, []);
  });
});
