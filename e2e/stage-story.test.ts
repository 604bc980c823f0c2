// A story's caption over the stage at 1280x720 at 150% zoom (853x480 CSS px), where space is
// short: the speaker unfolds the narration and the question by keyboard and the stage does not
// move. Every step's caption and stage, at every size, part by part at the steps with the most
// text: the story walker (e2e/storyWalk.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { setPlaying, useBuiltSite, waitStepReady } from './browser';
import { resolveStep, storyById, type StoryStep } from '../src/stories';
import { onStage, stageIds, stageSettled } from './stageItems';
import { en } from '../src/i18n/en';

const DIST = join(import.meta.dirname, '..', 'dist');

async function openStep(page: Page, url: string, hash: string, step: StoryStep): Promise<void> {
  await page.goto(url + hash);
  await page.getByTestId('story-caption').waitFor();
  // Presentation mode stays on from one step (or story) to the next, so only the first step of
  // a page turns it on.
  if ((await page.getByTestId('presentation-toggle').getAttribute('aria-pressed')) !== 'true') await page.keyboard.press('p');
  await page.getByTestId('stage').waitFor();
  // The step's run at the step's time, past the event it waits for (a hand-off report needs its reshard).
  const at = resolveStep(storyById(new URLSearchParams(hash.slice(1)).get('story')!)!, Number(new URLSearchParams(hash.slice(1)).get('step')) - 1)!.time;
  await waitStepReady(page, at);
  await settleStep(page, step);
}

/** Waits until the step's items are on the stage and the stage has settled (after it opens, or after a resize). */
async function settleStep(page: Page, step: StoryStep): Promise<void> {
  for (const id of stageIds(step)) await onStage(page, id).waitFor();
  // The stage takes its size after a layout pass or two (and the step scrolls its panel into view).
  await page.waitForFunction(() => document.documentElement.scrollHeight <= window.innerHeight, undefined, { timeout: 60_000 }).catch(() => undefined);
  await stageSettled(page);
}

describe('a story caption over the stage at 150% zoom', () => {
  const env = useBuiltSite(DIST);

  it('at 150% zoom the speaker can read all the narration and reveal the question by keyboard, without moving the stage', async () => {
    const context = await env.browser.newContext({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5, reducedMotion: 'no-preference' });
    try {
      const page = await context.newPage();
      const step = storyById('resharding')!.steps[2]!;
      await openStep(page, env.site.url, '#story=resharding&step=3', step);
      // Paused, so that only the caption can move the stage (a playing run redraws its charts:
      // SHARDSCOPE_CPU_THROTTLE=3 saw the hand-off chart 4 px taller meanwhile).
      await setPlaying(page, false);
      await stageSettled(page);
      const question = page.getByTestId('story-question');
      const more = page.getByTestId('story-more');
      const hashBefore = (await onStage(page, 'chart-handoff').boundingBox())!;
      // Collapsed: the question waits behind the button, which says so.
      assert.equal(await question.isVisible(), false);
      assert.equal(await more.getAttribute('aria-expanded'), 'false');
      await more.focus();
      await page.keyboard.press('Enter');
      assert.equal(await more.getAttribute('aria-expanded'), 'true');
      await question.waitFor();
      assert.ok(((await question.textContent()) ?? '').includes(en[step.question!] as string));
      // All the narration is readable: its box shows all its lines, inside the window.
      const narration = page.locator('.story-caption__narration');
      const shown = await narration.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
      assert.ok(shown, 'the narration is still cut when expanded');
      const nb = (await narration.boundingBox())!;
      const qb = (await question.boundingBox())!;
      assert.ok(nb.y >= 0 && qb.y + qb.height <= 480, `narration ${JSON.stringify(nb)}, question ${JSON.stringify(qb)}`);
      // The stage did not move: the caption opens over it.
      const hashAfter = (await onStage(page, 'chart-handoff').boundingBox())!;
      assert.ok(Math.abs(hashAfter.y - hashBefore.y) < 0.5 && Math.abs(hashAfter.height - hashBefore.height) < 0.5, `${JSON.stringify(hashBefore)} -> ${JSON.stringify(hashAfter)}`);
      // Escape folds it again and focus stays on the button; the story goes on.
      await page.keyboard.press('Escape');
      assert.equal(await more.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'story-more');
      assert.equal(await page.getByTestId('story-caption').count(), 1);
      // The next step starts folded.
      await more.click();
      await page.getByTestId('story-next').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === '4');
      assert.equal(await page.getByTestId('story-more').getAttribute('aria-expanded'), 'false');
    } finally {
      await context.close();
    }
  });
});
